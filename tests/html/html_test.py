#!/usr/bin/env python3
"""The HTML reports (docs/formats.md, "HTML"), checked three ways.

  html_test.py list            the cases, one per line
  html_test.py BINARY CASE     run one case

Cases, for each HTML golden of tests/golden/cases (GOLDENS):
  structure_<golden>  run its command again with --format html and --format json
                      and parse the HTML (html.parser): one chart per kind, one
                      point (or bar) per deployment with a known figure, data
                      attributes equal to the JSON's figures, an SVG <title> on
                      every mark, no <script>, no external URL in src/href
  tidy_<golden>       `tidy -errors` finds nothing in the golden's stdout
  render_<golden>     headless Chromium prints the golden to a PNG under the build
                      directory (next to BINARY) of the window's size, not blank
and escape_hostile: a plan with a hostile address keeps its markup as text.

  layout_<page>_<width>  the report of LAYOUTS[page] (the goldens' commands and
                      crowded ones: many points, long size names and addresses)
                      framed at 1280 or 390 px wide in headless Chromium, with
                      tests/html/layout.js reading the laid-out geometry: no two
                      chart labels overlap, no label crosses a chart line or a
                      mark, every label inside its SVG and at least 9 px, and
                      nothing sticks out of the window except inside a scroll
                      container. A screenshot of each is left under the build
                      directory (html-render/layout_<page>_<width>.png) for people.

tidy and chromium are Debian packages (scripts/quickstart.sh installs them); a
missing one skips (exit 77) except in CI (CI=true), where it fails.
"""
import html as htmllib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib
from html.parser import HTMLParser
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clock"))
import testclock  # noqa: E402  (tests/clock/testclock.py: the pinned clock)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CASES = os.path.join(ROOT, "tests", "golden", "cases")
GOLDENS = ["recommend_html_train", "recommend_html_serve", "check_html_findings",
           "check_base_html"]
WINDOW = (1000, 1400)
LAYOUT_WIDTHS = (1280, 390)
LAYOUT_HEIGHT = 2400
# page -> a golden whose command it runs, or the arguments themselves
LAYOUTS = {g: g for g in GOLDENS}
LAYOUTS.update({
    "train_crowded": ["--date", "2026-11-29", "--model", "llama-3.1-70b", "--phase", "train",
                      "--tokens", "1T", "--top", "20", "--max-days", "30", "--format", "html"],
    "serve_crowded": ["--date", "2026-11-29", "--model", "llama-3.1-8b", "--phase", "inference",
                      "--tokens-per-second", "500", "--top", "15", "--format", "html"],
    "check_hostile": ["check", "--date", "2026-11-29", "--format", "html",
                      "@FIXTURES@/check/tf_hostile_address.json"],
    "check_corpus": ["check", "--date", "2026-11-29", "--format", "html",
                     "@FIXTURES@/check/tf_hostile_corpus.json"],
})
ENV = dict(os.environ, **testclock.ENV, LC_ALL="C", TZ="UTC", NO_COLOR="", TERM="dumb")


class Fail(Exception):
    pass


class Doc(HTMLParser):
    """Every element with its attributes, and the marks of the charts."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.tags = []  # (tag, attrs dict)
        self.charts = {}  # data-chart -> list of marks (attrs dicts)
        self.chart = None
        self.open_marks = []  # [attrs, has_title]
        self.text = []
        self.rows = {}  # data-sku of a table row -> its cells' text
        self.row = None
        self.cell = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        self.tags.append((tag, a))
        if tag == "tr" and "data-sku" in a:
            self.row = self.rows.setdefault(a["data-sku"], [])
        if tag == "td" and self.row is not None:
            self.cell = []
        if tag == "figure" and "data-chart" in a:
            self.chart = a["data-chart"]
            self.charts.setdefault(self.chart, [])
        if tag == "g" and self.chart and a.get("class") in ("point", "bar"):
            mark = [a, False]
            self.charts[self.chart].append(mark)
            self.open_marks.append(mark)
        elif tag == "title" and self.open_marks:
            self.open_marks[-1][1] = True

    def handle_endtag(self, tag):
        if tag == "td" and self.cell is not None:
            self.row.append("".join(self.cell).strip())
            self.cell = None
        if tag == "tr":
            self.row = None
        if tag == "figure":
            self.chart = None
        if tag == "g" and self.open_marks:
            self.open_marks.pop()

    def handle_data(self, data):
        self.text.append(data)
        if self.cell is not None:
            self.cell.append(data)


def fixtures(args):
    return [a.replace("@FIXTURES@", os.path.join(ROOT, "tests", "fixtures")) for a in args]


def golden_args(name):
    with open(os.path.join(CASES, name, "cmd")) as f:
        return fixtures(f.read().splitlines())


def run(binary, args):
    p = subprocess.run([binary] + args, capture_output=True, text=True, env=ENV, timeout=60)
    if p.returncode not in (0, 1):
        raise Fail("%s exited %d: %s" % (args, p.returncode, p.stderr))
    return p.stdout


def with_format(args, fmt):
    out = list(args)
    out[out.index("--format") + 1] = fmt
    return out


def parse(html):
    d = Doc()
    d.feed(html)
    d.close()
    return d


def common(d):
    for tag, a in d.tags:
        if tag == "script":
            raise Fail("a <script> element")
        if tag in ("link", "iframe", "img", "object", "embed"):
            raise Fail("an external-resource element <%s>" % tag)
        for k in ("src", "href", "xlink:href", "action"):
            v = a.get(k)
            if v and ("://" in v or v.startswith("//")):
                raise Fail("external URL in %s=%r" % (k, v))
    for chart, marks in d.charts.items():
        for a, titled in marks:
            if not titled:
                raise Fail("a mark of %s without an SVG <title>: %r" % (chart, a))
            if not a.get("data-sku"):
                raise Fail("a mark of %s without data-sku" % chart)


def near(a, b, what):
    if a is None or b is None or abs(float(a) - float(b)) > 1e-6 * max(1.0, abs(float(b))):
        raise Fail("%s: HTML %r, JSON %r" % (what, a, b))


def structure_recommend(binary, args):
    d = parse(run(binary, args))
    j = json.loads(run(binary, with_format(args, "json")))
    common(d)
    train = j["workload"]["phase"] == "train"
    kind = "cost-time" if train else "cost-headroom"
    if sorted(d.charts) != sorted([kind, "memory"]):
        raise Fail("charts %s, expected %s and memory" % (sorted(d.charts), kind))
    recs = {r["sku"]: r for r in j["recommendations"]}
    work_key = "job" if train else "serving"
    plotted = [r for r in j["recommendations"]
               if (r[work_key] or {}).get("cost" if train else "cost_per_hour") is not None]
    points = d.charts[kind]
    if sorted(p["data-sku"] for p, _ in points) != sorted(r["sku"] for r in plotted):
        raise Fail("points %s, JSON deployments with a figure %s"
                   % (sorted(p["data-sku"] for p, _ in points), sorted(r["sku"] for r in plotted)))
    for p, _ in points:
        r = recs[p["data-sku"]]
        dep, work = r["deployment"], r[work_key]
        near(p["data-vms"], dep["instances"], "vms of " + r["sku"])
        near(p["data-rank"], r["rank"], "rank of " + r["sku"])
        near(p["data-hourly"], dep["hourly"], "hourly of " + r["sku"])
        if train:
            near(p["data-job-cost"], dep["job_cost"], "job cost of " + r["sku"])
            near(p["data-wall-hours"], work["wall_hours"], "wall hours of " + r["sku"])
            if abs(float(p["data-days"]) - work["wall_hours"] / 24) > 0.01:
                raise Fail("days of %s: %s" % (r["sku"], p["data-days"]))
        else:
            near(p["data-capacity"], work["capacity_tokens_per_second"], "capacity of " + r["sku"])
            near(p["data-per-mtok"], work["cost_per_million_output_tokens"], "$/Mtok " + r["sku"])
    if 1 in {r["rank"] for r in plotted} and not any(
            p["data-rank"] == "1" for p, _ in points):
        raise Fail("the #1 is not marked")
    if not any(p["data-frontier"] == "yes" for p, _ in points):
        raise Fail("no point on the frontier")
    if train:
        lines = [a for t, a in d.tags if t == "g" and a.get("class") == "max-days"]
        if len(lines) != 1:
            raise Fail("%d --max-days lines" % len(lines))
        near(lines[0]["data-max-days"], j["recommendations"][0]["job"]["max_days"], "max days")
    bars = d.charts["memory"]
    if sorted(b["data-sku"] for b, _ in bars) != sorted(recs):
        raise Fail("memory bars %s, shown sizes %s" % (sorted(b["data-sku"] for b, _ in bars),
                                                         sorted(recs)))
    for b, _ in bars:
        fit = recs[b["data-sku"]]["fit"]
        near(b["data-need-gib"], fit["memory_per_gpu_gib"], "memory of " + b["data-sku"])
        near(b["data-usable-gib"], fit["usable_per_gpu_gib"], "usable of " + b["data-sku"])
    rows = [a for t, a in d.tags if t == "tr" and "data-sku" in a]
    if [a["data-sku"] for a in rows] != [r["sku"] for r in j["recommendations"]]:
        raise Fail("table rows differ from the recommendations")
    text = "".join(d.text)
    if "\\n" in text:
        raise Fail("a literal \\n in the page's text")
    if not train:  # latency is estimated: the table shows it, no text says otherwise
        if "not modelled" in text:
            raise Fail("the page says latency is not modelled; the JSON has ttft_ms")
        for r in j["recommendations"]:
            ttft = (r["serving"] or {}).get("ttft_ms")
            if ttft is not None and ">%.0f</td>" % ttft not in text_rows(d, r["sku"]):
                raise Fail("TTFT %s ms of %s is not in its table row" % (ttft, r["sku"]))
    if not any(t == "details" for t, _ in d.tags):
        raise Fail("no collapsible sections")


def text_rows(d, sku):
    """The cells of the ranked table's row of `sku`, as `>value</td>` text."""
    return "".join(">%s</td>" % c for c in d.rows.get(sku, []))


def structure_check(binary, args):
    d = parse(run(binary, args))
    j = json.loads(run(binary, with_format(args, "json")))
    common(d)
    want = ["check-change", "check-cost"] if "diff" in j else ["check-cost"]
    if sorted(d.charts) != want:
        raise Fail("charts %s" % sorted(d.charts))
    if "diff" in j:
        structure_change(d, j)
    planned = [r for r in j["resources"] if r["cost"]]
    suggested = [r for r in j["resources"] if r["cost"] and r["suggested_deployment"]]
    bars = d.charts["check-cost"]
    got_p = [b for b, _ in bars if b["data-role"] == "planned"]
    got_s = [b for b, _ in bars if b["data-role"] == "suggested"]
    if [b["data-address"] for b in got_p] != [r["address"] for r in planned]:
        raise Fail("planned bars differ from the priced resources")
    if [b["data-address"] for b in got_s] != [r["address"] for r in suggested]:
        raise Fail("suggested bars differ from the resources with a suggested deployment")
    for b, r in zip(got_p, planned):
        near(b["data-hourly"], r["cost"]["hourly"], "planned hourly of " + r["address"])
        if b["data-sku"] != r["size"]:
            raise Fail("planned size of %s" % r["address"])
    for b, r in zip(got_s, suggested):
        near(b["data-hourly"], r["suggested_deployment"]["hourly"],
             "suggested hourly of " + r["address"])
        near(b["data-vms"], r["suggested_deployment"]["instances"], "suggested VMs")
        if b["data-sku"] != r["suggested"]:
            raise Fail("suggested size of %s" % r["address"])
    sections = [a["data-address"] for t, a in d.tags
                if t == "section" and a.get("class") == "resource"]
    if sections != [r["address"] for r in j["resources"]]:
        raise Fail("one section per resource expected")
    totals = [a for t, a in d.tags if t == "p" and a.get("class") == "totals"]
    near(totals[0].get("data-hourly"), j["cost"]["hourly"], "total hourly")


def structure_change(d, j):
    """check --base: the change view carries the diff's figures (JSON) and marks."""
    diff = j["diff"]
    bars = [b for b, _ in d.charts["check-change"]]
    for role in ("before", "after"):
        got = [b for b in bars if b["data-role"] == role]
        if [b["data-address"] for b in got] != [r["address"] for r in diff["resources"]]:
            raise Fail("%s bars differ from the diff's resources" % role)
        for b, r in zip(got, diff["resources"]):
            want = r["monthly_" + role]
            if want is None:
                if "data-monthly" in b:
                    raise Fail("an unknown %s cost of %s drawn as a figure" % (role, r["address"]))
            else:
                near(b.get("data-monthly"), want, "%s monthly of %s" % (role, r["address"]))
    groups = [a for t, a in d.tags if t == "g" and a.get("class") == "resource-change"]
    if [(g["data-address"], g["data-change"]) for g in groups] != \
            [(r["address"], r["change"]) for r in diff["resources"]]:
        raise Fail("resource-change groups differ from the diff")
    change = [a for t, a in d.tags if t == "p" and a.get("class") == "change"][0]
    for k in ("before", "after", "change"):
        want = diff["cost"]["monthly_" + k]
        if want is None:
            if "data-monthly-" + k in change:
                raise Fail("an unknown %s total drawn as a figure" % k)
        else:
            near(change.get("data-monthly-" + k), want, "total monthly " + k)
    for k in ("new", "unchanged", "fixed"):
        near(change.get("data-" + k), diff["findings"][k], "%s findings" % k)
    rows = [a["data-baseline"] for t, a in d.tags if t == "tr" and "data-baseline" in a]
    want = [f["baseline"] for r in j["resources"] for f in r["findings"]]
    want += ["fixed"] * len(diff["fixed"])
    if rows != want:
        raise Fail("finding rows marked %s, JSON %s" % (rows, want))


def need(tool):
    path = shutil.which(tool)
    if path:
        return path
    if os.environ.get("CI") == "true":
        raise Fail("%s is not installed, and CI=true requires it" % tool)
    print("SKIP: %s is not installed (scripts/quickstart.sh installs it)" % tool)
    sys.exit(77)


def tidy(golden):
    exe = need("tidy")
    p = subprocess.run([exe, "-errors", "-q", os.path.join(CASES, golden, "stdout")],
                       capture_output=True, text=True, timeout=60)
    if p.returncode != 0 or p.stderr.strip():
        raise Fail("tidy -errors: %s" % p.stderr.strip())


def png_pixels(path):
    """(width, height, rows of bytes) of an 8-bit RGB or RGBA PNG."""
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise Fail("%s is not a PNG" % path)
    pos, idat, ihdr = 8, b"", None
    while pos < len(data):
        n, typ = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if typ == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif typ == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = ihdr[0], ihdr[1], ihdr[2], ihdr[3]
    if depth != 8 or ctype not in (2, 6):
        raise Fail("unexpected PNG format: depth %d, colour type %d" % (depth, ctype))
    bpp = 3 if ctype == 2 else 4
    raw, stride, prev, rows, i = zlib.decompress(idat), w * bpp, bytearray(w * bpp), [], 0
    for _ in range(h):
        ft, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):
            a = line[x - bpp] if x >= bpp else 0
            b = prev[x]
            c = prev[x - bpp] if x >= bpp else 0
            if ft == 1:
                line[x] = (line[x] + a) & 255
            elif ft == 2:
                line[x] = (line[x] + b) & 255
            elif ft == 3:
                line[x] = (line[x] + (a + b) // 2) & 255
            elif ft == 4:
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return w, h, bpp, rows


def render(binary, golden):
    exe = need("chromium")
    outdir = os.path.join(os.path.dirname(os.path.abspath(binary)), "html-render")
    os.makedirs(outdir, exist_ok=True)
    png = os.path.join(outdir, golden + ".png")
    page = os.path.join(outdir, golden + ".html")  # a .html name, or Chromium shows the text
    shutil.copyfile(os.path.join(CASES, golden, "stdout"), page)
    if os.path.exists(png):
        os.remove(png)
    with tempfile.TemporaryDirectory() as profile:
        subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                        "--disable-dev-shm-usage", "--user-data-dir=" + profile,
                        "--window-size=%d,%d" % WINDOW, "--screenshot=" + png,
                        "file://" + page],
                       capture_output=True, timeout=120, env=dict(ENV, HOME=profile))
    if not os.path.exists(png):
        raise Fail("chromium wrote no PNG")
    w, h, bpp, rows = png_pixels(png)
    if (w, h) != WINDOW:
        raise Fail("PNG is %dx%d, expected %dx%d" % (w, h, WINDOW[0], WINDOW[1]))
    grey = [sum(r[x:x + 3]) / 3 for r in rows[::4] for x in range(0, len(r), bpp * 4)]
    mean = sum(grey) / len(grey)
    var = sum((g - mean) ** 2 for g in grey) / len(grey)
    dark = sum(1 for g in grey if g < 128) / len(grey)
    coloured = sum(1 for r in rows[::4] for x in range(0, len(r), bpp * 4)
                   if max(r[x:x + 3]) - min(r[x:x + 3]) > 60)
    if var < 100 or dark < 0.005 or coloured == 0:
        raise Fail("PNG looks blank: variance %.1f, dark %.4f, coloured %d" % (var, dark, coloured))
    print("%s: %dx%d, variance %.1f, dark %.3f, coloured samples %d"
          % (png, w, h, var, dark, coloured))


def chromium(exe, args, profile):
    return subprocess.run([exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                           "--no-first-run", "--disable-background-networking",
                           "--disable-component-update", "--disable-sync",
                           "--disable-dev-shm-usage", "--allow-file-access-from-files", "--hide-scrollbars",
                           "--user-data-dir=" + profile] + args,
                          capture_output=True, text=True, timeout=120,
                          env=dict(ENV, HOME=profile))


def layout(binary, page, width):
    """The report framed `width` px wide (Chromium's window is at least 500 px
    wide, so a frame gives 390), measured by layout.js."""
    exe = need("chromium")
    src = LAYOUTS[page]
    args = golden_args(src) if isinstance(src, str) else fixtures(src)
    html = run(binary, args)
    with open(os.path.join(HERE, "layout.js")) as f:
        script = f.read()
    if "</body>" not in html:
        raise Fail("no </body> in the report")
    outdir = os.path.join(os.path.dirname(os.path.abspath(binary)), "html-render")
    os.makedirs(outdir, exist_ok=True)
    stem = "layout_%s_%d" % (page, width)
    report = os.path.join(outdir, stem + "-report.html")
    frame = os.path.join(outdir, stem + ".html")
    png = os.path.join(outdir, stem + ".png")
    with open(report, "w") as f:
        f.write(html.replace("</body>", "<script>\n%s</script>\n</body>" % script))
    with open(frame, "w") as f:
        f.write("<!DOCTYPE html><html><head><style>body{margin:0}iframe{border:0;"
                "display:block}</style></head><body><iframe src=\"%s\" width=\"%d\" "
                "height=\"%d\"></iframe></body></html>\n"
                % (os.path.basename(report), width, LAYOUT_HEIGHT))
    window = "--window-size=%d,%d" % (max(width, 500), LAYOUT_HEIGHT)
    with tempfile.TemporaryDirectory() as profile:
        p = chromium(exe, [window, "--dump-dom", "file://" + frame], profile)
    found = re.findall(r'<pre id="layout-result">(.*?)</pre>', p.stdout, re.S)
    if not found:
        raise Fail("layout.js wrote no result (chromium: %s)" % p.stderr.strip()[-300:])
    res = json.loads(htmllib.unescape(found[-1]))
    with tempfile.TemporaryDirectory() as profile:
        chromium(exe, [window, "--screenshot=" + png, "file://" + frame], profile)
    if res["width"] != width:
        raise Fail("the frame is %s px wide, not %d" % (res["width"], width))
    if res["problems"]:
        raise Fail("%d layout problems at %d px (screenshot %s):\n  %s"
                   % (len(res["problems"]), width, png, "\n  ".join(res["problems"][:25])))
    print("%s: no overlap, crossing, clipping or overflow at %d px" % (png, width))


def escape_hostile(binary):
    args = ["check", "--date", "2026-11-29", "--format", "html",
            os.path.join(ROOT, "tests", "fixtures", "check", "tf_hostile_address.json")]
    html = run(binary, args)
    d = parse(html)
    common(d)
    allowed = {"html", "head", "meta", "title", "style", "body", "h1", "h2", "p", "section",
               "ul", "li",  # the run's warnings (the report's list, not the plan's text)
               "table", "thead", "tbody", "tr", "th", "td", "code", "figure", "figcaption", "svg",
               "g", "rect", "text", "line"}
    bad = {t for t, _ in d.tags} - allowed
    if bad:
        raise Fail("markup from the plan became elements: %s" % sorted(bad))
    if "\x1b" in html:
        raise Fail("a raw escape character in the HTML")


def cases():
    out = []
    for g in GOLDENS:
        out += ["structure_" + g, "tidy_" + g, "render_" + g]
    out += ["layout_%s_%d" % (p, w) for p in LAYOUTS for w in LAYOUT_WIDTHS]
    return out + ["escape_hostile"]


def main():
    if sys.argv[1:] == ["list"]:
        print("\n".join(cases()))
        return 0
    binary, case = sys.argv[1], sys.argv[2]
    try:
        kind, _, golden = case.partition("_")
        if case == "escape_hostile":
            escape_hostile(binary)
        elif kind == "layout":
            page, _, width = golden.rpartition("_")
            layout(binary, page, int(width))
        elif case == "escape_hostile":
            escape_hostile(binary)
        elif kind == "structure" and golden.startswith("check"):
            structure_check(binary, golden_args(golden))
        elif kind == "structure":
            structure_recommend(binary, golden_args(golden))
        elif kind == "tidy":
            tidy(golden)
        elif kind == "render":
            render(binary, golden)
        else:
            raise Fail("unknown case %s" % case)
    except Fail as e:
        print("FAIL %s: %s" % (case, e))
        return 1
    print("ok %s" % case)
    return 0


if __name__ == "__main__":
    sys.exit(main())
