#!/usr/bin/env python3
"""check_output.py FORMAT FILE - the output-safety properties every format
must keep when it carries the hostile corpus (tests/fixtures/check/
tf_hostile_corpus.json, tests/fixtures/rules/hostile_corpus.yaml;
docs/security.md): valid UTF-8; no raw C0 control but LF (and no CR, ESC,
BEL); no raw C1 control or noncharacter; no line that untrusted text begins
(no "::" or "##" workflow command but the github format's own annotations);
then the format's own rules (JSON parses, XML parses, CSV cells are no
formulas, Markdown has no @mention or bare link, HTML shows the corpus's
markup as text). Exit 1 with the reasons."""
import csv, io, json, re, sys
import xml.etree.ElementTree as ET

fmt, path = sys.argv[1], sys.argv[2]
raw = open(path, "rb").read()
bad = []
try:
    text = raw.decode("utf-8")
except UnicodeDecodeError as e:
    print("not UTF-8: %s" % e)
    sys.exit(1)
if not text:
    bad.append("empty output")
for i, ch in enumerate(text):
    o = ord(ch)
    if o < 0x20 and ch != "\n" and not (ch == "\t" and fmt in ("json", "sarif")):
        bad.append("raw control U+%04X at %d" % (o, i))
    elif 0x80 <= o <= 0x9f or 0xfdd0 <= o <= 0xfdef or (o & 0xfffe) == 0xfffe:
        bad.append("raw C1 control or noncharacter U+%04X at %d" % (o, i))
anywhere = re.compile(r"##(\[|vso\[|teamcity\[)", re.I)
bidi = re.compile("[\u202a-\u202e\u2066-\u2069\u061c\u200e\u200f]")
for n, line in enumerate(text.split("\n"), 1):
    if anywhere.search(line):
        bad.append("line %d holds a ##[ command: %r" % (n, line[:80]))
    if bidi.search(line):
        bad.append("line %d holds a bidi control" % n)
# check's own commands: findings (file=...) and the run's warnings (title=aivm-advise <id>)
own = re.compile(r"^::(error|warning|notice) (file=[^:]*|title=aivm-advise [a-z-]+)?::")
for n, line in enumerate(text.split("\n"), 1):
    s = line.lstrip(" \t\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007"
                    "\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
    if s.startswith("##") and fmt != "markdown":
        bad.append("line %d begins with ##: %r" % (n, line[:60]))
    if s.startswith("::") and not (fmt == "github" and own.match(line)):
        bad.append("line %d begins with '::': %r" % (n, line[:60]))
if fmt in ("json", "sarif"):
    try:
        json.loads(text)
    except ValueError as e:
        bad.append("JSON does not parse: %s" % e)
if fmt == "junit":
    try:
        root = ET.fromstring(raw)
        for el in root.iter():
            for k, v in el.attrib.items():
                if "\n" in v or "\r" in v:
                    bad.append("a line end in attribute %s=%r" % (k, v[:60]))
            if el.tag == "system-out" and el.text and "\r" in el.text:
                bad.append("a CR in <system-out>")
    except ET.ParseError as e:
        bad.append("XML does not parse: %s" % e)
if fmt == "csv":
    for r, row in enumerate(csv.reader(io.StringIO(text))):
        for cell in row:
            if cell[:1] in ("=", "+", "-", "@", "\t", "\r") and not re.fullmatch(r"-?[0-9.]+|-", cell):
                bad.append("row %d: a formula cell %r" % (r + 1, cell[:60]))
if fmt == "markdown":
    text_md = re.sub(r"@(FIXTURES|TMP|DATA)@", "", text)
    if re.search(r"@[A-Za-z0-9]", text_md):
        bad.append("an @mention: %r" % re.search(r".{0,20}@[A-Za-z0-9].{0,20}", text_md).group(0))
    for m in re.finditer(r"(https?://|www\.)evil", text):
        bad.append("a bare link: %r" % text[max(0, m.start() - 20):m.end() + 20])
    if re.search(r"<(?!br>)[A-Za-z/]", text):
        bad.append("raw HTML")
if fmt == "html":  # the corpus's markup ("... x <b>", "<b>x</b>") must arrive as text
    for raw_tag in ("x <b>", "<b>x</b>"):
        if raw_tag in text:
            bad.append("raw markup from the corpus: %r" % raw_tag)
    if "\x1b" in text or "\r" in text:
        bad.append("a raw ESC or CR")
for b in bad[:20]:
    print("%s: %s" % (fmt, b))
sys.exit(1 if bad else 0)
