"""The clock of every test: the instant of tests/now.env, which ctest also puts in
AIVM_NOW. Scripts that give the binary a clean environment pass ENV on, and date
any file they make with EPOCH, never with time.time(): the suite must pass on any
day (.ci/run runs it under faketime a year ahead)."""
import calendar
import os
import time

_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "now.env")


def _pinned():
    v = os.environ.get("AIVM_NOW")
    if v:
        return v
    with open(_FILE) as f:
        for line in f:
            if line.startswith("AIVM_NOW="):
                return line.strip().split("=", 1)[1]
    raise SystemExit("tests/now.env has no AIVM_NOW line")


def _epoch(v):
    """Seconds since 1970 of an AIVM_NOW value: the three forms aivm_parse_instant takes."""
    if v.startswith("@"):
        return int(v[1:])
    return calendar.timegm(time.strptime(v, "%Y-%m-%d" if len(v) == 10 else "%Y-%m-%dT%H:%M:%SZ"))


NOW = _pinned()
EPOCH = _epoch(NOW)
ENV = {"AIVM_NOW": NOW}
