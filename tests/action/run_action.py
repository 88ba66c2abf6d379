#!/usr/bin/env python3
"""run_action.py - the GitHub Action (action.yml) on a simulated runner.

`run_action.py list` prints the cases; `run_action.py BIN CASE` runs one (exit 0 pass,
1 fail, 77 skipped). The runner is simulated as GitHub's does a composite action:
each step of `runs.steps` in order, its `${{ }}` expressions (inputs with their
defaults, steps.ID.outputs, github.action_path, runner.temp; anything else fails the
test) put into `env` and `working-directory`, its `run` written to a file and run with
`bash --noprofile --norc -eo pipefail FILE`, a fresh GITHUB_OUTPUT file per step
(name=value and name<<DELIM lines), GITHUB_PATH lines prepended to PATH for the next
steps, GITHUB_STEP_SUMMARY, GITHUB_WORKSPACE, RUNNER_TEMP and GITHUB_ACTION_PATH
set; a step that fails skips the rest; the action's outputs come from its `outputs`
mapping. The inputs of a composite action reach its steps only through expressions
(no INPUT_* variables), as on GitHub.

Cases: structure (action.yml and docs/ci.md's workflow, always run), validator
(@action-validator/cli from npm on both, and on a broken copy it must reject; exit 77
when it is not installed, a failure with CI=true), findings, clean, fail_on_never,
flags, bad_plan, and build (the action builds the tool from its own checkout).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
FIX = os.path.join(ROOT, "tests", "fixtures", "check")
CASES = ["structure", "validator", "findings", "clean", "fail_on_never", "flags", "base",
         "bad_plan", "stale_outputs", "hostile_names", "build", "other_region"]
EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Fail(Exception):
    pass


def check(cond, msg):
    if not cond:
        raise Fail(msg)


def load_action():
    with open(os.path.join(ROOT, "action.yml"), encoding="utf-8") as f:
        return yaml.safe_load(f)


def docs_workflow():
    """The complete workflow of docs/ci.md: the yaml block that uses the action."""
    text = open(os.path.join(ROOT, "docs", "ci.md"), encoding="utf-8").read()
    for block in re.findall(r"```yaml\n(.*?)```", text, re.S):
        if re.search(r"uses: [\w.-]+/aivm-advise@", block):
            return block
    raise Fail("docs/ci.md has no workflow that uses the action (uses: OWNER/aivm-advise@REF)")


def docs_workflows():
    """Every complete GitHub workflow of docs/ci.md (yaml blocks with jobs and runs-on)."""
    text = open(os.path.join(ROOT, "docs", "ci.md"), encoding="utf-8").read()
    return [b for b in re.findall(r"```yaml\n(.*?)```", text, re.S)
            if "\njobs:" in b and "runs-on:" in b]


def parse_outputs(path):
    out, lines, i = {}, open(path, encoding="utf-8").read().split("\n"), 0
    while i < len(lines):
        line = lines[i]
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delim = line.split("<<", 1)
            j = lines.index(delim, i + 1)
            out[name] = "\n".join(lines[i + 1:j])
            i = j + 1
            continue
        if "=" in line:
            name, value = line.split("=", 1)
            out[name] = value
        i += 1
    return out


class Runner:
    def __init__(self, tmp, inputs, path):
        self.action = load_action()
        self.tmp = tmp
        self.workspace = os.path.join(tmp, "workspace")
        self.temp = os.path.join(tmp, "runner-temp")
        os.makedirs(self.workspace)
        os.makedirs(self.temp)
        self.summary = os.path.join(tmp, "step-summary.md")
        open(self.summary, "w").close()
        self.inputs = {}
        for name, spec in self.action["inputs"].items():
            self.inputs[name] = str(inputs.get(name, spec.get("default", "")))
        unknown = set(inputs) - set(self.action["inputs"])
        check(not unknown, f"inputs not declared in action.yml: {sorted(unknown)}")
        self.path = path
        self.steps = {}
        self.stdout = ""

    def expr(self, text):
        def one(m):
            e = m.group(1)
            if e.startswith("inputs."):
                return self.inputs[e[7:]]
            m2 = re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", e)
            if m2:
                return self.steps.get(m2.group(1), {}).get(m2.group(2), "")
            if e == "github.action_path":
                return ROOT
            if e == "runner.temp":
                return self.temp
            raise Fail(f"expression the simulated runner does not know: {e}")
        return EXPR.sub(one, str(text))

    def run(self):
        status = 0
        for n, step in enumerate(self.action["runs"]["steps"]):
            cond = step.get("if", "success()")
            if status and "always()" not in cond and "failure()" not in cond:
                continue
            check("run" in step and step.get("shell") in ("bash", "sh"),
                  f"step {n}: a run step with shell bash or sh")
            env = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "INPUT_"))}
            env["PATH"] = self.path
            out_file = os.path.join(self.tmp, f"output-{n}")
            path_file = os.path.join(self.tmp, f"path-{n}")
            open(out_file, "w").close()
            open(path_file, "w").close()
            env.update(GITHUB_OUTPUT=out_file, GITHUB_PATH=path_file,
                       GITHUB_STEP_SUMMARY=self.summary, GITHUB_WORKSPACE=self.workspace,
                       GITHUB_ACTION_PATH=ROOT, RUNNER_TEMP=self.temp, GITHUB_ACTIONS="true",
                       CI="true")
            for k, v in (step.get("env") or {}).items():
                env[k] = self.expr(v)
            cwd = os.path.join(self.workspace, self.expr(step.get("working-directory", ".")))
            script = os.path.join(self.tmp, f"step-{n}.sh")
            with open(script, "w", encoding="utf-8") as f:
                f.write(self.expr(step["run"]) if "${{" in step["run"] else step["run"])
            shell = ["bash", "--noprofile", "--norc", "-eo", "pipefail", script] \
                if step["shell"] == "bash" else ["sh", "-e", script]
            p = subprocess.run(shell, cwd=cwd, env=env, capture_output=True, text=True,
                               timeout=1200)
            self.stdout += p.stdout
            sys.stderr.write(p.stderr)
            if "id" in step:
                self.steps[step["id"]] = parse_outputs(out_file)
            for line in open(path_file, encoding="utf-8").read().split("\n"):
                if line:
                    self.path = line + ":" + self.path
            if p.returncode and not status:
                status = p.returncode
        outputs = {k: self.expr(v["value"]) for k, v in self.action["outputs"].items()}
        return status, outputs, open(self.summary, encoding="utf-8").read()


def workspace_with(runner, *fixtures):
    for f in fixtures:
        shutil.copy(os.path.join(FIX, f), os.path.join(runner.workspace, f))


def direct_counts(binary, plan, extra=()):
    p = subprocess.run([binary, "check", "-f", "json", *extra, plan], capture_output=True,
                       text=True)
    s = json.loads(p.stdout)["summary"]
    return s["errors"], s["warnings"], s["notes"], json.loads(p.stdout)["cost"]


def case_structure(binary):
    a = load_action()
    for key in ("name", "description", "inputs", "outputs", "runs"):
        check(key in a, f"action.yml lacks {key}")
    check(a["runs"].get("using") == "composite", "action.yml: runs.using is not composite")
    for name in ("plans", "source", "base", "config", "fail-on", "fail-on-new"):
        check(name in a["inputs"], f"action.yml: no input {name}")
    for name, spec in a["inputs"].items():
        check(spec.get("description"), f"action.yml: input {name} has no description")
    for name, spec in a["outputs"].items():
        check(spec.get("description") and EXPR.search(spec.get("value", "")),
              f"action.yml: output {name} needs a description and a value expression")
    for name in ("findings", "cost-change", "sarif-file"):
        check(name in a["outputs"], f"action.yml: no output {name}")
    ids = set()
    for n, step in enumerate(a["runs"]["steps"]):
        check("run" in step and step.get("shell"), f"action.yml step {n}: run without shell")
        check("${{" not in step["run"], f"action.yml step {n}: an expression in run "
              "(script injection): pass it through env")
        for v in list((step.get("env") or {}).values()) + [step.get("working-directory", "")]:
            for e in EXPR.findall(str(v)):
                m = re.fullmatch(r"inputs\.([\w-]+)|steps\.([\w-]+)\.outputs\.[\w-]+", e)
                check(m, f"action.yml step {n}: unexpected expression {e}")
                check(not m.group(1) or m.group(1) in a["inputs"], f"step {n}: no input {e}")
                check(not m.group(2) or m.group(2) in ids, f"step {n}: {e} before its step")
        ids.add(step.get("id"))
        for script in re.findall(r"\$GITHUB_ACTION_PATH/([\w/.-]+)", step["run"]):
            check(os.access(os.path.join(ROOT, script), os.X_OK), f"{script} is not executable")
    w = yaml.safe_load(docs_workflow())
    check(w.get(True, w.get("on")), "docs/ci.md workflow: no 'on'")
    check(w["permissions"].get("security-events") == "write",
          "docs/ci.md workflow: upload-sarif needs security-events: write")
    steps = [s for job in w["jobs"].values() for s in job["steps"]]
    mine = [s for s in steps if re.match(r"[\w.-]+/aivm-advise@", s.get("uses", ""))]
    check(len(mine) == 1, "docs/ci.md workflow: one step uses the action")
    for k in mine[0].get("with", {}):
        check(k in a["inputs"], f"docs/ci.md workflow: input {k} is not in action.yml")
    check("plans" in mine[0].get("with", {}), "docs/ci.md workflow: no plans input")
    up = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
    check(up and "always()" in str(up[0].get("if", "")), "docs/ci.md: upload-sarif if: always()")
    check(mine[0].get("id") and up[0]["with"]["sarif_file"] ==
          "${{ steps.%s.outputs.sarif-file }}" % mine[0]["id"] or
          up[0]["with"]["sarif_file"] == mine[0].get("with", {}).get("sarif-file",
                                                                      "aivm-advise.sarif"),
          "docs/ci.md: upload-sarif does not upload the action's SARIF file")


def case_validator(binary):
    v = shutil.which("action-validator")
    if not v:
        if os.environ.get("CI") == "true":
            raise Fail("action-validator (npm @action-validator/cli) is missing, and CI=true")
        print("SKIP: action-validator (npm install -g @action-validator/cli) is not installed")
        sys.exit(77)
    with tempfile.TemporaryDirectory() as tmp:
        wf = os.path.join(tmp, ".github", "workflows")
        os.makedirs(wf)
        workflows = docs_workflows()
        check(len(workflows) >= 2, "docs/ci.md: fewer than two GitHub workflows")
        for n, text in enumerate(workflows):
            with open(os.path.join(wf, f"docs-{n}.yml"), "w", encoding="utf-8") as f:
                f.write(text)
        broken = os.path.join(tmp, "action.yml")
        a = load_action()
        del a["runs"]["steps"][0]["shell"]  # a composite run step needs its shell
        with open(broken, "w", encoding="utf-8") as f:
            yaml.safe_dump(a, f)
        paths = [(os.path.join(ROOT, "action.yml"), True), (broken, False)]
        paths += [(os.path.join(wf, f"docs-{n}.yml"), True) for n in range(len(workflows))]
        for path, good in paths:
            p = subprocess.run([v, path], capture_output=True, text=True)
            check((p.returncode == 0) == good,
                  f"action-validator {path}: exit {p.returncode} {p.stdout}{p.stderr}")


def real_path(binary):
    d = tempfile.mkdtemp()
    os.symlink(os.path.abspath(binary), os.path.join(d, "aivm-advise"))
    return d


def run_case(binary, tmp, inputs, fixtures, path=None):
    r = Runner(tmp, inputs, path or os.environ["PATH"])
    workspace_with(r, *fixtures)
    return r, *r.run()


def case_findings(binary, tmp):
    r, status, out, summary = run_case(binary, tmp, {"plans": "tf_plan.json",
                                                     "binary": binary}, ["tf_plan.json"])
    e, w, n, cost = direct_counts(binary, os.path.join(FIX, "tf_plan.json"))
    check(status == 1, f"the gate did not fail the step: exit {status}")
    check(out["exit-code"] == "1", f"exit-code output {out['exit-code']}")
    check(out["findings"] == str(e + w + n) and out["errors"] == str(e) and
          out["warnings"] == str(w), f"outputs {out} != check's JSON {e}/{w}/{n}")
    check(float(out["monthly-cost"]) == cost["monthly"] and out["currency"] == cost["currency"],
          f"monthly-cost {out['monthly-cost']} != {cost['monthly']}")
    check(out["cost-change"] == "", "cost-change without base")
    sarif = json.load(open(os.path.join(r.workspace, out["sarif-file"]), encoding="utf-8"))
    check(sarif["version"] == "2.1.0" and len(sarif["runs"][0]["results"]) >= e + w + n,
          "SARIF: not 2.1.0 or fewer results than findings")
    md = subprocess.run([binary, "check", "-f", "markdown", "tf_plan.json"], cwd=r.workspace,
                        capture_output=True, text=True).stdout
    check(md and summary == md, f"the job summary is not check's Markdown: {summary!r}")
    check(re.search(r"^::error file=tf_plan\.json,line=\d+", r.stdout, re.M),
          "no ::error annotation on stdout")


def case_clean(binary, tmp):
    _, status, out, summary = run_case(binary, tmp, {"plans": "plan_clean.yaml\n",
                                                     "binary": binary}, ["plan_clean.yaml"])
    check(status == 0 and out["exit-code"] == "0", f"exit {status}")
    check(out["findings"] == "0" and out["errors"] == "0", f"outputs {out}")
    check(out["reference-priced"] == "0", f"reference-priced {out['reference-priced']!r} in eastus")
    check(summary.strip(), "no summary for a clean plan")


def case_other_region(binary, tmp):
    """A plan priced at another region's reference rate: the output counts it and the
    PR comment (the step summary) says so (issue #33)."""
    _, status, out, summary = run_case(binary, tmp, {"plans": "plan_other_region.yaml",
                                                     "fail-on": "never", "binary": binary},
                                       ["plan_other_region.yaml"])
    check(status == 0, f"exit {status}")
    check(out["reference-priced"] == "1", f"reference-priced {out['reference-priced']!r}")
    check("1 at another region's reference rate" in summary and "brazilsouth at eastus's" in summary,
          "the summary does not say whose rate prices the plan")


def case_fail_on_never(binary, tmp):
    _, status, out, _ = run_case(binary, tmp, {"plans": "tf_*.json", "fail-on": "never",
                                               "binary": binary},
                                 ["tf_plan.json", "tf_d4s_untagged.json"])
    check(status == 0 and out["exit-code"] == "0", f"fail-on never: exit {status}")
    e1, w1, n1, _ = direct_counts(binary, os.path.join(FIX, "tf_plan.json"))
    e2, w2, n2, _ = direct_counts(binary, os.path.join(FIX, "tf_d4s_untagged.json"))
    check(out["findings"] == str(e1 + w1 + n1 + e2 + w2 + n2), f"the pattern's two plans: {out}")


WRAPPER = """#!/bin/sh
# Records its arguments, then runs the real binary without --source and --base (the
# inputs name files the test does not write) and --fail-on-new.
printf '%s\\n' "$@" > "$ARGS_LOG"
real=$REAL_BIN
n=$#
while [ $n -gt 0 ]; do
  a=$1; shift; n=$((n - 1))
  case $a in
  --source|--base) shift; n=$((n - 1)); continue ;;
  --fail-on-new) continue ;;
  esac
  set -- "$@" "$a"
done
exec "$real" "$@"
"""


def case_flags(binary, tmp):
    wrapper = os.path.join(tmp, "wrapper.sh")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    os.chmod(wrapper, 0o755)
    log = os.path.join(tmp, "args")
    os.environ.update(ARGS_LOG=log, REAL_BIN=os.path.abspath(binary))
    for n, (inputs, want, absent) in enumerate((
            ({}, [], ["--source", "--base", "--fail-on-new", "--config", "--fail-on"]),
            ({"source": "infra", "base": "base plan.json", "fail-on-new": "true",
              "config": "ci.yaml", "fail-on": "warning"},
             ["--source\ninfra", "--base\nbase plan.json", "--fail-on-new", "--config\nci.yaml",
              "--fail-on\nwarning"], []))):
        sub = os.path.join(tmp, str(n))
        os.makedirs(sub)
        r = Runner(sub, dict(inputs, plans="plan_clean.yaml", binary=wrapper), os.environ["PATH"])
        workspace_with(r, "plan_clean.yaml")
        with open(os.path.join(r.workspace, "ci.yaml"), "w") as f:
            f.write("fail-on: error\n")
        status, out, _ = r.run()
        args = open(log).read()
        for w in want:
            check(("\n" + w + "\n") in ("\n" + args), f"case {n}: check was not given {w!r}: {args}")
        for a in absent:
            check(a + "\n" not in args, f"case {n}: check was given {a} for an empty input")
        check(args.rstrip("\n").endswith("plan_clean.yaml"), f"plans last: {args}")
        check(status == 0 and out["findings"] == "0", f"case {n}: exit {status}, {out}")
    r = Runner(os.path.join(tmp, "bad"), {"plans": "plan_clean.yaml", "binary": wrapper,
                                          "fail-on-new": "maybe"}, os.environ["PATH"])
    status, _, _ = r.run()
    check(status == 2, f"fail-on-new: maybe: exit {status}, expected 2")


def case_base(binary, tmp):
    """With a base plan: cost-change is check's diff.cost.monthly_change, and
    --fail-on-new passes a plan whose only errors main already has."""
    r = Runner(tmp, {"plans": "head.yaml", "base": "base.yaml", "fail-on-new": "true",
                     "binary": binary}, os.environ["PATH"])
    for f in ("head.yaml", "base.yaml"):
        shutil.copy(os.path.join(FIX, "diff", f), os.path.join(r.workspace, f))
    status, out, summary = r.run()
    p = subprocess.run([binary, "check", "-f", "json", "--base", "base.yaml", "head.yaml"],
                       cwd=r.workspace, capture_output=True, text=True)
    want = json.loads(p.stdout)["diff"]["cost"]["monthly_change"]
    check(want is not None and float(out["cost-change"]) == want,
          f"cost-change {out['cost-change']!r} != check's {want}")
    check(status == p.returncode or status in (0, 1), f"exit {status}")
    check("new" in summary.lower(), f"the summary has no verdict on new findings: {summary!r}")


def case_bad_plan(binary, tmp):
    _, status, out, summary = run_case(binary, tmp, {"plans": "missing.json",
                                                     "binary": binary}, [])
    check(status == 3 and out["exit-code"] == "3", f"a missing plan: exit {status}")
    check(out["findings"] == "" and out["sarif-file"] == "", f"outputs of a run that failed: {out}")
    check(summary == "", "a summary from a run that could not check")


def case_stale_outputs(binary, tmp):
    """A run that cannot check (exit 3) after one that wrote the SARIF file reports no
    SARIF file and leaves none behind: upload-sarif must not upload the last run's."""
    r = Runner(tmp, {"plans": "tf_plan.json", "binary": binary}, os.environ["PATH"])
    workspace_with(r, "tf_plan.json")
    status, out, _ = r.run()
    check(status == 1 and out["sarif-file"] == "aivm-advise.sarif", f"first run: {status} {out}")
    os.remove(os.path.join(r.workspace, "tf_plan.json"))
    r.steps = {}
    status, out, _ = r.run()
    check(status == 3 and out["exit-code"] == "3", f"second run, no plan: exit {status}")
    check(out["sarif-file"] == "" and out["findings"] == "", f"stale outputs reported: {out}")
    check(not os.path.exists(os.path.join(r.workspace, "aivm-advise.sarif")),
          "the previous run's SARIF file is still there")


def case_hostile_names(binary, tmp):
    """Issue #34: a pull request adds .x.json ({"fail-on": "never"}) and an empty file
    named --config=.x.json; with plans '*.json' the glob puts that name among the
    plans. It is a file (unreadable as a plan: exit 3), never an option that turns
    the gate's exit 1 into 0. A file named with '::' is a file too, and no line the
    step prints starts a workflow command but check's own annotations."""
    r = Runner(tmp, {"plans": "*.json", "binary": binary}, os.environ["PATH"])
    workspace_with(r, "tf_plan.json")
    with open(os.path.join(r.workspace, ".x.json"), "w") as f:
        f.write('{"fail-on": "never"}\n')
    open(os.path.join(r.workspace, "--config=.x.json"), "w").close()
    status, out, _ = r.run()
    check(status != 0, f"a planted --config=.x.json turned the gate off: exit {status}")
    check(status == 3 and out["exit-code"] == "3", f"--config=.x.json read as a plan: {status}")
    check(out["sarif-file"] == "", f"outputs of a run that could not check: {out}")
    # a plan whose name holds '::' and '##[': checked, and its name forges no command
    tmp2 = os.path.join(tmp, "colons")
    r = Runner(tmp2, {"plans": "*.json", "binary": binary}, os.environ["PATH"])
    name = " ::error title=x::y ##[error]forged.json"
    shutil.copy(os.path.join(FIX, "tf_plan.json"), os.path.join(r.workspace, name))
    status, out, _ = r.run()
    check(status == 1 and out["exit-code"] == "1", f"a plan named with '::': exit {status}")
    for line in r.stdout.split("\n"):
        bare = line.lstrip()
        # check's own: findings (file=) and the run's warnings (title=aivm-advise <id>)
        check(not bare.startswith("::") or
              re.match(r"::(error|warning|notice) file=|::warning title=aivm-advise [a-z-]+::",
                       bare),
              f"a forged workflow command: {line!r}")
        check("##[" not in line and "##vso[" not in line, f"a ##[ command: {line!r}")


def case_build(binary, tmp):
    """No binary input and none on PATH: the action builds the tool from its checkout.
    apt-get and sudo on PATH fail the test: the dependencies are here already."""
    fake = os.path.join(tmp, "fake-bin")
    os.makedirs(fake)
    for tool in ("apt-get", "sudo"):
        with open(os.path.join(fake, tool), "w") as f:
            f.write("#!/bin/sh\necho \"$0 called: $*\" >&2\nexit 99\n")
        os.chmod(os.path.join(fake, tool), 0o755)
    path = fake + ":" + ":".join(p for p in os.environ["PATH"].split(":")
                                 if not os.path.exists(os.path.join(p, "aivm-advise")))
    r, status, out, _ = run_case(binary, tmp, {"plans": "plan_clean.yaml"}, ["plan_clean.yaml"],
                                 path)
    check(status == 0 and out["findings"] == "0", f"built from source: exit {status}, {out}")
    built = r.steps["install"]["path"]
    check(built.startswith(r.temp) and os.access(built, os.X_OK), f"not built in RUNNER_TEMP: {built}")
    v = subprocess.run([built, "--version"], capture_output=True, text=True).stdout
    check(v.split("\n")[0] == subprocess.run([binary, "--version"], capture_output=True,
                                             text=True).stdout.split("\n")[0], "another version")


def main():
    if sys.argv[1:] == ["list"]:
        print("\n".join(CASES))
        return 0
    binary, case = sys.argv[1], sys.argv[2]
    try:
        if case in ("structure", "validator"):
            globals()["case_" + case](binary)
        else:
            with tempfile.TemporaryDirectory() as tmp:
                globals()["case_" + case](binary, tmp)
    except Fail as e:
        print(f"FAIL: action {case}: {e}")
        return 1
    print(f"action {case}: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
