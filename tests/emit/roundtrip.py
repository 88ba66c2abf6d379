#!/usr/bin/env python3
"""--emit round trip (docs/emit.md): the emitted deployment is the advice, and check agrees.

Usage:
    python3 tests/emit/roundtrip.py list           print the case ids
    python3 tests/emit/roundtrip.py BINARY CASE    run one case

arm_<workload>: `recommend --emit arm` parses as JSON, indented by two spaces; `check` of it finds nothing and
suggests the very size; its VMs, priority and region are recommend's #1; the template
carries what the advice says (image URN, Gen2 SKU, spot eviction and max price,
accelerated networking, one placement group for InfiniBand training, the aivm-* tags).

terraform_<workload>: `recommend --emit terraform` parsed by @cdktf/hcl2json (npm; the
HCL parser of CDK for Terraform), turned into a Terraform plan JSON by tf_plan() below
(`terraform show -json` shape: resource_changes[].change.after, references to other
resources unknown until apply, variables set to test inputs), then the same
assertions through `check`.

hcl_hostile / arm_hostile: a catalog whose image and size name carry quotes, ${...},
%{...}, $(...), backslashes and a leading "[": the HCL parses and every value reads
back byte for byte (HCL escapes, "$${" for a literal "${"); the ARM template reads
back with "[[" for a literal "[", and check reads the size back.

hcl2json is installed with npm into the build tree (tests/emit/npm) on first use; when
npm is missing or cannot install it (offline), the terraform cases exit 77 (skipped;
CI=true makes that a failure).
"""
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
DATE = ["--date", "2026-11-29"]
HCL2JSON_VERSION = "0.21.0"
SKIP = 77

# (id, recommend args, what the deployment must carry)
WORKLOADS = [
    ("serve_8b", ["--phase", "inference", "--model", "llama-3.1-8b",
                  "--tokens-per-second", "2000"],
     {"shape": "vm", "tags": {"aivm-model": "llama-3.1-8b", "aivm-tokens-per-second": "2000"}}),
    ("train_ib_nodes", ["--phase", "train", "--kind", "generative", "--params", "70B",
                        "--nodes", "4"],
     {"shape": "vmss", "ib": True, "tags": {"aivm-params": "70000000000"}}),
    ("train_ib_tokens", ["--phase", "train", "--model", "llama-3.1-70b", "--tokens", "1T",
                         "--max-days", "0"],
     {"shape": "vmss", "ib": True, "tags": {"aivm-tokens": "1000000000000", "aivm-max-days": "0"}}),
    ("spot_inference", ["--phase", "inference", "--kind", "generative", "--spot"],
     {"shape": "vm", "spot": "Delete"}),
    ("spot_train_checkpointing", ["--phase", "train", "--kind", "generative", "--spot",
                                  "--checkpointing"],
     {"shape": "vm", "spot": "Deallocate", "tags": {"aivm-checkpointing": "true"}}),
    ("aks", ["--phase", "train", "--kind", "generative", "--containers", "--nodes", "2"],
     {"shape": "aks"}),
    ("aks_spot", ["--phase", "inference", "--kind", "generative", "--containers",
                  "--nodes", "2", "--spot"],
     {"shape": "aks", "spot": "Delete"}),
    ("windows", ["--phase", "inference", "--kind", "generative", "--os", "windows"],
     {"shape": "vm", "windows": True}),
    ("windows_vmss_cpu", ["--phase", "inference", "--kind", "non-generative",
                          "--model-size", "small", "--os", "windows", "--nodes", "3"],
     {"shape": "vmss", "windows": True}),
    ("zones_skus", ["--phase", "inference", "--kind", "generative", "--nodes", "3",
                          "--skus", os.path.join(ROOT, "tests/fixtures/avail/skus-eastus.json")],
     {"shape": "vmss", "zones": ["1", "2"],
      "check": ["--skus", os.path.join(ROOT, "tests/fixtures/avail/skus-eastus.json")]}),
    ("pick_2", ["--phase", "inference", "--model", "llama-3.1-8b", "--pick", "2"],
     {"shape": "vm", "pick": 2}),
]

TF_INPUTS = {
    "resource_group_name": "rg-ai",
    "subnet_id": "/subscriptions/0/resourceGroups/rg-ai/providers/Microsoft.Network/"
                 "virtualNetworks/vnet/subnets/default",
    "admin_ssh_public_key": "ssh-ed25519 AAAAC3 test",
    "admin_password": "not-a-secret",
    "kubernetes_cluster_id": "/subscriptions/0/resourceGroups/rg-ai/providers/"
                             "Microsoft.ContainerService/managedClusters/aks",
}

HOSTILE_CATALOG = os.path.join(ROOT, "tests/fixtures/emit/hostile_catalog.yaml")
HOSTILE = {
    "size": "Standard_NC40ads_H100_v5'$(touch pwned)",
    "publisher": "[evil'pub",
    "offer": "$(touch pwned) `id` ${HOME} %{x}",
    "sku": "a\"b\\c;d|e&f",
    "version": "'; rm -rf / #",
}


def cases():
    out = []
    for wid, _, _ in WORKLOADS:
        out += ["arm_" + wid, "terraform_" + wid]
    return out + ["arm_hostile", "hcl_hostile"]


def run(binary, args, **kw):
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "HOME": kw.pop("home"),
           **testclock.ENV}
    return subprocess.run([binary] + args, env=env, capture_output=True, text=True, **kw)


class Fail(Exception):
    pass


def expect(cond, msg):
    if not cond:
        raise Fail(msg)


# ---- hcl2json (npm) -----------------------------------------------------------------


def hcl2json_dir(binary):
    return os.path.join(os.path.dirname(os.path.abspath(binary)), "tests", "emit", "npm")


def global_hcl2json():
    """The node_modules holding @cdktf/hcl2json installed globally (.ci/run), or None."""
    if not shutil.which("npm") or not shutil.which("node"):
        return None
    r = subprocess.run(["npm", "root", "-g"], capture_output=True, text=True, timeout=60)
    root = r.stdout.strip()
    return root if r.returncode == 0 and os.path.isdir(os.path.join(root, "@cdktf", "hcl2json")) \
        else None


def ensure_hcl2json(binary):
    """The node_modules directory holding @cdktf/hcl2json: the global one (.ci/run installs
    it), else one in the build tree installed on first use; None when npm cannot install
    it (offline)."""
    g = global_hcl2json()
    if g:
        return g
    d = hcl2json_dir(binary)
    mod = os.path.join(d, "node_modules", "@cdktf", "hcl2json")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # ctest -j: one install at a time
        if os.path.isdir(mod):
            return os.path.join(d, "node_modules")
        if not shutil.which("npm") or not shutil.which("node"):
            return None
        r = subprocess.run(["npm", "install", "--prefix", d, "--no-audit", "--no-fund",
                            "--no-save", "@cdktf/hcl2json@" + HCL2JSON_VERSION],
                           capture_output=True, text=True, timeout=300)
        if r.returncode != 0 or not os.path.isdir(mod):
            sys.stderr.write(r.stdout + r.stderr)
            return None
    return os.path.join(d, "node_modules")


def hcl2json(d, text):
    """The JSON hcl2json makes of HCL `text` (raises Fail on a parse error)."""
    js = ("const h = require('@cdktf/hcl2json');"
          "let s = ''; process.stdin.on('data', c => s += c);"
          "process.stdin.on('end', () => h.parse('main.tf', s)"
          ".then(j => process.stdout.write(JSON.stringify(j)))"
          ".catch(e => { console.error(String(e)); process.exit(1); }));")
    r = subprocess.run(["node", "-e", js], input=text, capture_output=True, text=True,
                       cwd=os.path.dirname(d), env=dict(os.environ, NODE_PATH=d), timeout=120)
    expect(r.returncode == 0, "hcl2json cannot parse the emitted Terraform: " + r.stderr)
    return json.loads(r.stdout)


# ---- Terraform plan JSON from the parsed HCL -------------------------------------------


class Unknown:
    """A value Terraform knows only after apply (a reference to another resource)."""


def tf_value(v, variables):
    if isinstance(v, str) and v.startswith("${") and v.endswith("}") and v.count("${") == 1:
        expr = v[2:-1].strip()
        if expr.startswith("var."):
            return variables[expr[4:]]
        return Unknown()
    if isinstance(v, str):
        expect("${" not in v, "an interpolation inside a string: %r" % v)
        return v
    if isinstance(v, list):
        return [tf_value(x, variables) for x in v]
    if isinstance(v, dict):
        return {k: tf_value(x, variables) for k, x in v.items()}
    return v


def split_unknown(v):
    """(after, after_unknown) as terraform show -json writes them."""
    if isinstance(v, Unknown):
        return None, True
    if isinstance(v, list):
        pairs = [split_unknown(x) for x in v]
        return [p[0] for p in pairs], [p[1] for p in pairs]
    if isinstance(v, dict):
        after, unknown = {}, {}
        for k, x in v.items():
            a, u = split_unknown(x)
            if u is True:
                unknown[k] = True
            else:
                after[k] = a
                if u not in (False, [], {}) and not (isinstance(u, list) and not any(u)):
                    unknown[k] = u
        return after, unknown
    return v, False


def tf_plan(hcl, inputs):
    """A `terraform show -json` plan of the HCL's resources (all created)."""
    variables = {}
    for name, blocks in hcl.get("variable", {}).items():
        b = blocks[0]
        expect(name in inputs or "default" in b, "variable %s has no default" % name)
        variables[name] = inputs.get(name, b.get("default"))
        if b.get("sensitive"):
            expect("default" not in b, "a sensitive variable with a default: %s" % name)
    changes = []
    for rtype, named in sorted(hcl.get("resource", {}).items()):
        for name, blocks in sorted(named.items()):
            after, unknown = split_unknown(tf_value(blocks[0], variables))
            changes.append({"address": "%s.%s" % (rtype, name), "mode": "managed",
                            "type": rtype, "name": name,
                            "provider_name": "registry.terraform.io/hashicorp/azurerm",
                            "change": {"actions": ["create"], "before": None, "after": after,
                                       "after_unknown": unknown}})
    return {"format_version": "1.2", "terraform_version": "1.9.8", "resource_changes": changes}


# ---- the assertions --------------------------------------------------------------------


def without_pick(args):
    """recommend's arguments without --pick N (the report ranks every size)."""
    i = args.index("--pick") if "--pick" in args else -1
    return args if i < 0 else args[:i] + args[i + 2:]


def advice_of(binary, args, home):
    r = run(binary, args + DATE + ["-f", "json"], home=home)
    expect(r.returncode == 0, "recommend failed: " + r.stderr)
    return json.loads(r.stdout)


def checked(binary, path, home, extra=()):
    r = run(binary, ["check", path, "-f", "json"] + DATE + list(extra), home=home)
    expect(r.returncode == 0, "check exits %d: %s%s" % (r.returncode, r.stdout, r.stderr))
    return json.loads(r.stdout)


def judge_check(rep, rec, adv, want):
    """check finds nothing and suggests the size; for --pick N > 1 it judges the same
    workload: its suggestion is the advice's #1, and its one finding (AIVM009) says so."""
    res = rep["resources"]
    expect(len(res) == 1, "check reads %d VM resources, not 1" % len(res))
    r = res[0]
    findings = [(f["id"], f["message"]) for f in r["findings"]] + \
               [(f["id"], f["message"]) for f in rep.get("unattached_findings", [])]
    first = adv["recommendations"][0]["sku"]
    if want.get("pick", 1) > 1:
        expect([f[0] for f in findings] == ["AIVM009"] and first in findings[0][1],
               "check of #%d finds %s" % (want["pick"], findings))
    else:
        expect(not findings, "check finds %s" % findings)
    expect(r["size"] == rec["sku"], "planned %s, advised %s" % (r["size"], rec["sku"]))
    expect(r["suggested"] == first, "check suggests %s, the advice's #1 is %s" %
           (r["suggested"], first))
    expect(r["count"] == rec["deployment"]["instances"],
           "%s VMs planned, %s advised" % (r["count"], rec["deployment"]["instances"]))
    expect(r["priority"] == ("spot" if want.get("spot") else "regular"),
           "priority %s" % r["priority"])
    if want["shape"] != "aks":
        expect(r["region"] == adv["workload"]["region"], "region %s" % r["region"])


def judge_tags(tags, adv, want):
    wl = adv["workload"]
    expect(tags.get("aivm-phase") == wl["phase"], "aivm-phase %r" % tags.get("aivm-phase"))
    expect(tags.get("aivm-kind") == wl["kind"], "aivm-kind %r" % tags.get("aivm-kind"))
    expect(tags.get("aivm-os") == wl["os"], "aivm-os %r" % tags.get("aivm-os"))
    for k, v in want.get("tags", {}).items():
        expect(tags.get(k) == v, "%s is %r, not %r" % (k, tags.get(k), v))
    expect(all(k.startswith("aivm-") for k in tags), "a tag that is not aivm-*: %s" % tags)


def judge_image(ref, adv, rec):
    img = adv["image"]
    got = ":".join([ref["publisher"], ref["offer"], ref["sku"], ref["version"]])
    expect(got == img["urn"], "image %s, advised %s" % (got, img["urn"]))
    if rec["hyperv_generations"] == [2]:
        expect("2" in ref["sku"], "a Gen2-only size with image SKU %s" % ref["sku"])


def accelerated(binary, size, home):
    """The catalog's accelerated_networking of `size` (catalog show)."""
    r = run(binary, ["catalog", "show", size, "-f", "json"], home=home)
    expect(r.returncode == 0, "catalog show %s: %s" % (size, r.stderr))
    return json.loads(r.stdout)["sizes"][0]["accelerated_networking"]


def arm_structure(tmpl):
    """The template against ARM's documented template format (arm-template.schema.json,
    written from Microsoft's page: the official schema is not available offline).
    python3-jsonschema missing: not checked, unless CI is set."""
    try:
        import jsonschema
    except ImportError:
        expect(not os.environ.get("CI"), "python3-jsonschema is missing and CI is set")
        return
    with open(os.path.join(HERE, "arm-template.schema.json")) as f:
        schema = json.load(f)
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(tmpl), key=str)
    expect(not errors, "the ARM template breaks the template format: %s" %
           "; ".join("%s at %s" % (e.message, list(e.absolute_path)) for e in errors[:3]))


def arm_layout(text):
    """The layout users expect of a template: every member and element on its own line,
    two-space indentation, "key": value, no tab (a tab inside a string is written \\t)."""
    expect("\t" not in text, "the ARM template has a tab: %r" % text[:200])
    for n, line in enumerate(text.split("\n"), 1):
        lead = len(line) - len(line.lstrip(" "))
        expect(lead % 2 == 0, "line %d is indented by %d spaces: %r" % (n, lead, line))
    expect('"contentVersion": "1.0.0.0"' in text, "no \"key\": value in %r" % text[:200])
    if "\\u" not in text:  # else a C1 escape, which json.dumps writes raw
        expect(text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n",
               "not the layout of json.dumps(indent=2)")


def run_arm(binary, wid, args, want, tmp, home):
    adv = advice_of(binary, without_pick(args), home)
    rec = adv["recommendations"][want.get("pick", 1) - 1]
    r = run(binary, args + DATE + ["--emit", "arm"], home=home)
    expect(r.returncode == 0, "--emit arm exits %d: %s" % (r.returncode, r.stderr))
    tmpl = json.loads(r.stdout)
    arm_structure(tmpl)
    arm_layout(r.stdout)
    path = os.path.join(tmp, "azuredeploy.json")
    with open(path, "w") as f:
        f.write(r.stdout)
    judge_check(checked(binary, path, home, want.get("check", ())), rec, adv, want)
    accel = accelerated(binary, rec["sku"], home)
    kinds = {x["type"]: x for x in tmpl["resources"]}
    if want["shape"] == "aks":
        p = kinds["Microsoft.ContainerService/managedClusters/agentPools"]["properties"]
        judge_tags(p["tags"], adv, want)
        expect(p["osType"] == ("Windows" if want.get("windows") else "Linux"), "osType")
        if want.get("spot"):
            expect((p["scaleSetPriority"], p["scaleSetEvictionPolicy"], p["spotMaxPrice"]) ==
                   ("Spot", want["spot"], -1), "AKS spot %s" % p)
        return
    key = {"vm": "Microsoft.Compute/virtualMachines",
           "vmss": "Microsoft.Compute/virtualMachineScaleSets"}[want["shape"]]
    res = kinds[key]
    judge_tags(res["tags"], adv, want)
    prof = res["properties"] if want["shape"] == "vm" else \
        res["properties"]["virtualMachineProfile"]
    judge_image(prof["storageProfile"]["imageReference"], adv, rec)
    if want.get("windows"):
        expect("windowsConfiguration" in prof["osProfile"], "no windowsConfiguration")
        expect(tmpl["parameters"]["adminPassword"]["type"] == "securestring", "password type")
    else:
        expect(prof["osProfile"]["linuxConfiguration"]["disablePasswordAuthentication"], "ssh")
    if want.get("spot"):
        expect((prof["priority"], prof["evictionPolicy"], prof["billingProfile"]["maxPrice"]) ==
               ("Spot", want["spot"], -1), "spot %s" % prof.get("priority"))
    else:
        expect("priority" not in prof, "priority without spot advice")
    if want["shape"] == "vm":
        nic = kinds["Microsoft.Network/networkInterfaces"]["properties"]
        expect(nic["enableAcceleratedNetworking"] is accel, "accelerated networking")
    else:
        nic = prof["networkProfile"]["networkInterfaceConfigurations"][0]["properties"]
        expect(nic["enableAcceleratedNetworking"] is accel, "accelerated networking")
        expect(res["sku"]["capacity"] == rec["deployment"]["instances"], "capacity")
    if want.get("ib"):
        expect(res["properties"]["singlePlacementGroup"] is True, "not one placement group")
        expect("Microsoft.Compute/proximityPlacementGroups" in kinds, "no proximity group")
    if want.get("zones"):
        expect(res["zones"] == want["zones"], "zones %s" % res.get("zones"))
    for p in tmpl["parameters"].values():
        expect(p["type"] == "securestring" or "defaultValue" not in p or
               p["defaultValue"] in (adv["workload"]["region"], "azureuser"),
               "a parameter with a default that is not the region or user name: %s" % p)


def run_terraform(binary, wid, args, want, tmp, home):
    d = ensure_hcl2json(binary)
    if d is None:
        if os.environ.get("CI"):
            raise Fail("@cdktf/hcl2json is missing and CI is set (.ci/run installs it)")
        print("SKIP: npm cannot install @cdktf/hcl2json (offline?)")
        sys.exit(SKIP)
    adv = advice_of(binary, without_pick(args), home)
    rec = adv["recommendations"][want.get("pick", 1) - 1]
    r = run(binary, args + DATE + ["--emit", "terraform"], home=home)
    expect(r.returncode == 0, "--emit terraform exits %d: %s" % (r.returncode, r.stderr))
    hcl = hcl2json(d, r.stdout)
    # `terraform plan` needs the provider block with its features block (issue #33)
    expect(hcl.get("provider", {}).get("azurerm") == [{"features": [{}]}],
           "no provider \"azurerm\" { features {} }: %r" % hcl.get("provider"))
    expect(hcl["terraform"][0]["required_providers"][0]["azurerm"]["source"] == "hashicorp/azurerm",
           "no required_providers azurerm: %r" % hcl.get("terraform"))
    plan = tf_plan(hcl, TF_INPUTS)
    path = os.path.join(tmp, "plan.json")
    with open(path, "w") as f:
        json.dump(plan, f, indent=1)
    judge_check(checked(binary, path, home, want.get("check", ())), rec, adv, want)
    accel = accelerated(binary, rec["sku"], home)
    res = hcl["resource"]
    win = want.get("windows")
    key = {"vm": "azurerm_%s_virtual_machine" % ("windows" if win else "linux"),
           "vmss": "azurerm_%s_virtual_machine_scale_set" % ("windows" if win else "linux"),
           "aks": "azurerm_kubernetes_cluster_node_pool"}[want["shape"]]
    body = res[key]["aivm"][0]
    judge_tags(body["tags"], adv, want)
    if want.get("spot"):
        mp = "spot_max_price" if want["shape"] == "aks" else "max_bid_price"
        expect((body["priority"], body["eviction_policy"], body[mp]) == ("Spot", want["spot"], -1),
               "spot %s" % body.get("priority"))
    else:
        expect("priority" not in body, "priority without spot advice")
    if want["shape"] == "aks":
        return
    judge_image(body["source_image_reference"][0], adv, rec)
    if win:
        expect(body["admin_password"] == "${var.admin_password}", "admin password")
        expect(hcl["variable"]["admin_password"][0].get("sensitive") is True, "not sensitive")
    if want["shape"] == "vm":
        nic = res["azurerm_network_interface"]["aivm"][0]
        expect(nic["accelerated_networking_enabled"] is accel, "accelerated networking")
    else:
        expect(body["network_interface"][0]["enable_accelerated_networking"] is accel,
               "accelerated networking")
    if want.get("ib"):
        expect(body["single_placement_group"] is True, "not one placement group")
        expect("azurerm_proximity_placement_group" in res, "no proximity placement group")
    if want.get("zones"):
        expect(body["zones"] == want["zones"], "zones %s" % body.get("zones"))


def run_hostile(binary, case, tmp, home):
    args = ["--catalog", HOSTILE_CATALOG, "--phase", "inference", "--kind", "generative"] + DATE
    fmt = "terraform" if case == "hcl_hostile" else "arm"
    r = run(binary, args + ["--emit", fmt], home=home)
    expect(r.returncode == 0, "--emit %s exits %d: %s" % (fmt, r.returncode, r.stderr))
    if fmt == "arm":
        tmpl = json.loads(r.stdout)
        arm_layout(r.stdout)
        vm = [x for x in tmpl["resources"] if x["type"].endswith("virtualMachines")][0]
        ref = vm["properties"]["storageProfile"]["imageReference"]
        expect(ref["publisher"] == "[" + HOSTILE["publisher"], "publisher %r" % ref["publisher"])
        for k in ("offer", "sku", "version"):
            expect(ref[k] == HOSTILE[k], "%s %r" % (k, ref[k]))
        path = os.path.join(tmp, "t.json")
        with open(path, "w") as f:
            f.write(r.stdout)
        rep = checked(binary, path, home, ["--catalog", HOSTILE_CATALOG])
        expect(rep["resources"][0]["size"] == HOSTILE["size"], "size read back")
        return
    d = ensure_hcl2json(binary)
    if d is None:
        if os.environ.get("CI"):
            raise Fail("npm cannot install @cdktf/hcl2json")
        print("SKIP: npm cannot install @cdktf/hcl2json (offline?)")
        sys.exit(SKIP)
    hcl = hcl2json(d, r.stdout)
    vm = hcl["resource"]["azurerm_linux_virtual_machine"]["aivm"][0]
    ref = vm["source_image_reference"][0]
    # hcl2json keeps template sequences as written ("$${" stays "$${" in its JSON, as
    # Terraform's own JSON syntax reads it): undo that one escape, then compare.
    for k in ("publisher", "offer", "sku", "version"):
        got = ref[k].replace("$${", "${").replace("%%{", "%{")
        expect(got == HOSTILE[k], "%s %r" % (k, ref[k]))
    expect(vm["size"] == HOSTILE["size"], "size %r" % vm["size"])


def main():
    if sys.argv[1:] == ["list"]:
        print("\n".join(cases()))
        return 0
    binary, case = sys.argv[1], sys.argv[2]
    tmp = tempfile.mkdtemp()
    home = os.path.join(tmp, "home")
    os.makedirs(home)
    try:
        if case in ("arm_hostile", "hcl_hostile"):
            run_hostile(binary, case, tmp, home)
        else:
            fmt, wid = case.split("_", 1)
            _, args, want = [w for w in WORKLOADS if w[0] == wid][0]
            (run_arm if fmt == "arm" else run_terraform)(binary, wid, args, want, tmp, home)
    except Fail as e:
        print("FAIL %s: %s" % (case, e))
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("ok %s" % case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
