#!/usr/bin/env python3
"""check_layers.py - the library's include rules (docs/architecture.md, "Layers").

Fails (exit 1, one line per problem) on:
  - a `../` include anywhere under src/, tools/ or include/;
  - a quoted include that names no header of the tree;
  - an include that points up or sideways: a module includes only its own
    headers and those of the modules below it
    (cli > report > {check, emit} > advise > rules > {plan, prices, avail} > workload > catalog > util);
  - a CLI file that includes a library-private header (src/<module>/*.h);
  - a library module that includes another module's private header (util's are the
    exception: its vocabulary, util/jsonw.h and the like, is every module's);
  - a public header (include/aivm/X.h) that declares a function defined in a module
    other than the header's own;
  - a circle between modules (impossible when the above hold; checked anyway).
Usage: scripts/check_layers.py [ROOT]
"""
import os
import re
import sys

LEVEL = {"util": 0, "catalog": 1, "workload": 2, "plan": 3, "prices": 3, "avail": 3, "rules": 4, "refresh": 4,
         "advise": 5, "check": 6, "emit": 6, "report": 7, "cli": 8}
# Public headers (include/aivm/) and the module each belongs to.
PUBLIC = {"util.h": "util", "error.h": "util", "buf.h": "util", "libs.h": "util", "config.h": "util", "warnings.h": "util",
          "catalog.h": "catalog", "workload.h": "workload", "inputs.h": "workload", "sizing.h": "workload",
          "throughput.h": "workload",
          "plan.h": "plan", "tfsource.h": "plan", "prices.h": "prices", "avail.h": "avail", "rules.h": "rules", "refresh.h": "refresh",
          "advise.h": "advise", "extras.h": "rules", "check.h": "check",
          "waivers.h": "check", "emit.h": "emit", "report.h": "report", "aivm.h": "cli"}
GENERATED = {"aivm_version.h": "util"}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def module_of_header(root, name, here):
    """(module, private?) of an included name, or None when it names nothing."""
    if name.startswith("aivm/"):
        base = name[5:]
        if base in PUBLIC and os.path.exists(os.path.join(root, "include", name)):
            return PUBLIC[base], False
        return None
    if name in GENERATED:
        return GENERATED[name], False
    if "/" not in name:
        if os.path.exists(os.path.join(here, name)):
            return os.path.basename(here), True
        return None
    mod = name.split("/", 1)[0]
    if mod in LEVEL and os.path.exists(os.path.join(root, "src", name)):
        return mod, True
    return None


DECL = re.compile(r'^[A-Za-z_][\w \t\*]*?\b(aivm_\w+)\s*\(', re.M)
DEFN = re.compile(r'^(?:static\s+)?[A-Za-z_][\w \t\*]*?\b(aivm_\w+)\s*\([^;{]*\)\s*\{', re.M)


def public_declarations(root):
    """A function a public header declares must be defined by that header's module."""
    defined = {}
    for mod in LEVEL:
        d = os.path.join(root, "src", mod)
        if not os.path.isdir(d):
            continue
        for f in sorted(os.listdir(d)):
            if f.endswith(".c"):
                text = open(os.path.join(d, f), encoding="utf-8").read()
                for m in DEFN.finditer(text):
                    defined.setdefault(m.group(1), (mod, "src/%s/%s" % (mod, f)))
    out = []
    inc = os.path.join(root, "include", "aivm")
    for h in sorted(os.listdir(inc)):
        if not h.endswith(".h") or h not in PUBLIC or PUBLIC[h] == "cli":
            continue
        text = open(os.path.join(inc, h), encoding="utf-8").read()
        text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        for m in DECL.finditer(text):
            name = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            tail = text[m.end():text.find(";", m.end()) + 1]
            if "{" in tail or name not in defined:
                continue  # an inline function, a macro's use, or generated (builtin data)
            if defined[name][0] != PUBLIC[h]:
                out.append("include/aivm/%s:%d: %s is declared by %s's header but defined in "
                           "%s (%s)" % (h, line, name, PUBLIC[h], defined[name][1],
                                        defined[name][0]))
    return out


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else
                           os.path.join(os.path.dirname(__file__), ".."))
    problems, edges = [], {}
    files = []
    for mod in LEVEL:
        d = os.path.join(root, "src", mod)
        if os.path.isdir(d):
            files += [(mod, os.path.join(d, f)) for f in sorted(os.listdir(d))
                      if f.endswith((".c", ".h"))]
    inc = os.path.join(root, "include", "aivm")
    for f in sorted(os.listdir(inc)):
        if f.endswith(".h"):
            if f not in PUBLIC:
                problems.append("include/aivm/%s: public header of no module (add it to "
                                "scripts/check_layers.py)" % f)
                continue
            files.append((PUBLIC[f], os.path.join(inc, f)))
    tools = os.path.join(root, "tools")
    if os.path.isdir(tools):
        files += [(None, os.path.join(tools, f)) for f in sorted(os.listdir(tools))
                  if f.endswith((".c", ".h"))]
    for mod, path in files:
        rel = os.path.relpath(path, root)
        text = open(path, encoding="utf-8").read()
        for m in INCLUDE.finditer(text):
            name = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            where = "%s:%d" % (rel, line)
            if "../" in name or name.startswith(".."):
                problems.append('%s: "../" include "%s"' % (where, name))
                continue
            found = module_of_header(root, name, os.path.dirname(path))
            if found is None:
                problems.append('%s: "%s" names no header of the tree' % (where, name))
                continue
            if mod is None:  # tools/: build-time, may use any library header but the CLI's
                if found[0] == "cli" and name != "aivm/aivm.h":
                    problems.append('%s: tools include the CLI ("%s")' % (where, name))
                continue
            target, private = found
            if mod == "cli" and private and target != "cli":
                problems.append('%s: the CLI includes the library-private "%s" '
                                '(use a public header in include/aivm/)' % (where, name))
            elif private and target not in (mod, "util"):
                problems.append('%s: %s includes the private header "%s" of %s (declare what '
                                'it needs in include/aivm/)' % (where, mod, name, target))
            if mod == "util" and target != "util":
                problems.append('%s: util includes the domain header "%s"' % (where, name))
            elif target != mod and LEVEL[target] >= LEVEL[mod]:
                problems.append('%s: %s includes "%s" of %s, which is not below it' %
                                (where, mod, name, target))
            if target != mod:
                edges.setdefault(mod, set()).add(target)
    problems += public_declarations(root)
    # Circles between modules (depth-first search).
    state = {}

    def visit(m, stack):
        state[m] = 1
        for t in sorted(edges.get(m, ())):
            if state.get(t) == 1:
                problems.append("circle between modules: " + " -> ".join(stack + [m, t]))
            elif not state.get(t):
                visit(t, stack + [m])
        state[m] = 2
    for m in sorted(edges):
        if not state.get(m):
            visit(m, [])
    for p in problems:
        print("check_layers: " + p)
    if problems:
        print("check_layers: %d problem(s); the rules: docs/architecture.md" % len(problems))
        return 1
    print("check_layers: %d files, %d modules, includes point down only" %
          (len(files), len(edges)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
