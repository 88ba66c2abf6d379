#!/usr/bin/env python3
"""run.py [NAME...] - prove each claim of docs/security.md: for every
tests/mutations/*.mut (one per claim: a file, an exact text that occurs once,
its replacement that disables the mechanism, and the ctest test that holds the
claim), build a copy of the tree with the mutation applied and expect that test
to fail. The copy is built once (Debug, no optimisation: quick to compile) and
each mutation rebuilds only what it touches; the named test is run unmutated
first and must pass. Exit 1 when a test passes a mutation (a claim no test
holds), a mutation no longer applies, or a test fails unmutated."""
import glob, os, re, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
HERE = os.path.join(ROOT, "tests", "mutations")
JOBS = os.environ.get("AIVM_MUTATION_JOBS", "2")


def parse(path):
    m = {}
    for line in open(path, encoding="utf-8"):
        if ":" in line and not line.startswith("#"):
            k, v = line.split(":", 1)
            m[k.strip()] = v[1:].rstrip("\n") if v.startswith(" ") else v.rstrip("\n")
    for k in ("from", "to"):  # "\\n" stands for a line end (a mutation of two lines)
        if k in m:
            m[k] = m[k].replace("\\n", "\n")
    m["name"] = os.path.basename(path)[:-4]
    for k in ("claim", "file", "from", "to", "test"):
        if k not in m:
            sys.exit("%s: no '%s:' line" % (path, k))
    return m


def target_of(test):
    """The build target a test needs besides the binary (unit_x -> test_x)."""
    return ["aivm-advise"] + (["test_" + test[5:]] if test.startswith("unit_") else [])


def sh(args, cwd=None, quiet=True):
    return subprocess.run(args, cwd=cwd, stdout=subprocess.PIPE if quiet else None,
                          stderr=subprocess.STDOUT if quiet else None, text=True)


def ctest(build, test):
    return sh(["ctest", "--test-dir", build, "-R", "^%s$" % test, "--timeout", "120"])


def main():
    muts = [parse(p) for p in sorted(glob.glob(os.path.join(HERE, "*.mut")))]
    if len(sys.argv) > 1:
        muts = [m for m in muts if m["name"] in sys.argv[1:]]
    work = tempfile.mkdtemp(prefix="aivm-mut-")
    while not re.fullmatch(r"[A-Za-z0-9/.-]+", work):
        # a '_' in the name comes out of the Markdown report as '\_', and a golden
        # case's path is then not put back as @FIXTURES@: the test fails unmutated
        os.rmdir(work)
        work = tempfile.mkdtemp(prefix="aivm-mut-")
    t0 = time.time()
    try:
        files = sh(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                   cwd=ROOT).stdout.split("\0")
        for f in files:
            if f and os.path.isfile(os.path.join(ROOT, f)):
                os.makedirs(os.path.dirname(os.path.join(work, f)) or work, exist_ok=True)
                shutil.copy2(os.path.join(ROOT, f), os.path.join(work, f))
        build = os.path.join(work, "build")
        if sh(["cmake", "-S", work, "-B", build, "-DCMAKE_BUILD_TYPE=Debug"]).returncode:
            sys.exit("mutations: cmake failed")
        targets = sorted({t for m in muts for t in target_of(m["test"])})
        p = sh(["cmake", "--build", build, "-j", JOBS, "--target"] + targets)
        if p.returncode:
            sys.exit("mutations: the unmutated build failed\n" + p.stdout[-3000:])
        bad = 0
        for test in sorted({m["test"] for m in muts}):
            if ctest(build, test).returncode:
                print("FAIL unmutated: %s fails without any mutation" % test)
                bad += 1
        for m in muts:
            path = os.path.join(work, m["file"])
            text = open(path, encoding="utf-8").read()
            if text.count(m["from"]) != 1:
                print("FAIL %s: '%s' occurs %d times in %s (update the mutation)"
                      % (m["name"], m["from"], text.count(m["from"]), m["file"]))
                bad += 1
                continue
            open(path, "w", encoding="utf-8").write(text.replace(m["from"], m["to"]))
            try:
                b = sh(["cmake", "--build", build, "-j", JOBS, "--target"] + target_of(m["test"]))
                if b.returncode:
                    print("FAIL %s: the mutated tree does not build\n%s"
                          % (m["name"], b.stdout[-2000:]))
                    bad += 1
                    continue
                if ctest(build, m["test"]).returncode == 0:
                    print("FAIL %s: %s passes with the mechanism disabled (%s)"
                          % (m["name"], m["test"], m["claim"]))
                    bad += 1
                else:
                    print("ok   %s: %s fails" % (m["name"], m["test"]))
            finally:
                open(path, "w", encoding="utf-8").write(text)
                os.utime(path)  # newer than the mutated object: rebuilt next time
        print("mutations: %d of %d claims proven (%.0f s)"
              % (len(muts) - bad, len(muts), time.time() - t0))
        return 1 if bad else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
