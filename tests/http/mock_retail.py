#!/usr/bin/env python3
"""mock_retail.py - a loopback imitation of the Azure Retail Prices API.

Python standard library only. Serves GET /api/retail/prices with the API's
envelope (BillingCurrency, CustomerEntityId, CustomerEntityType, Items,
NextPageLink, Count), small pages, an absolute NextPageLink that carries only
$filter and $skip (so a client must rebuild its own query), and per-size rows
in the shapes retail-prices-api.md section 3 lists: Linux/Windows/"Win",
v7 "-series Linux", Spot, Low Priority, DevTest, Reservation 1y/3y totals,
savingsPlan, Cloud Services, an Expired meter, a non-VM meter, a size with a
zero price and sizes with no rows. Faults are chosen with `fault` (and
`fault_sku` to hit one size only); every request is logged with its start
and end time so tests can check retries, delays and concurrency.

Run standalone:  python3 mock_retail.py [--port 0] [--page-size 3] [--fault NAME]
It prints "PORT <n>" on stdout when ready.
"""
import argparse
import gzip
import json
import zlib
import re
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

REGION = "eastus"
# Regions with rows, and the factor on their prices (eastus as the tests know it).
REGIONS = {"eastus": 1.0, "westeurope": 1.25}

# size -> (series text in productName, on-demand USD/hour in the mock).
# Prices differ from the shipped catalog on purpose: tests can tell them apart.
SIZES = {
    "Standard_NC40ads_H100_v5": ("NCadsH100v5", 6.50),
    "Standard_NC80adis_H100_v5": ("NCadsH100v5", 13.10),
    "Standard_NC24ads_A100_v4": ("NCadsA100v4", 3.20),
    "Standard_NC48ads_A100_v4": ("NCadsA100v4", 6.40),
    "Standard_NC96ads_A100_v4": ("NCadsA100v4", 12.80),
    "Standard_NC4as_T4_v3": ("NCasT4v3", 0.61),
    "Standard_NC8as_T4_v3": ("NCasT4v3", 0.87),
    "Standard_NC16as_T4_v3": ("NCasT4v3", 1.39),
    "Standard_NC64as_T4_v3": ("NCasT4v3", 4.90),
    "Standard_ND128isr_NDR_GB200_v6": ("NDGB200v6", 99.00),
    "Standard_ND96isr_H100_v5": ("NDsr H100 v5", 98.32),
    "Standard_ND96asr_v4": ("NDasr v4", 27.20),
    "Standard_ND96amsr_A100_v4": ("NDamsr A100 v4", 32.77),
    "Standard_ND40rs_v2": ("NDrs v2", 22.03),
}
ZERO_PRICE = {"Standard_ND128isr_GB300_v6"}  # rows exist, every price is 0
SYNTH = {}  # more sizes with rows (--synth-skus FILE, for benches): size -> (series, price)


def synth_skus(names, regions=()):
    """Give every named size rows (a made-up series and price) in REGIONS plus `regions`."""
    for n in names:
        if n and n not in SIZES and n not in ZERO_PRICE:
            SYNTH[n] = ("Synth", round(0.5 + zlib.crc32(n.encode()) % 4000 / 100.0, 2))
    for r in regions:
        REGIONS.setdefault(r, 1.0 + zlib.crc32(r.encode()) % 50 / 100.0)


def all_skus():
    """Every size with rows, in a fixed order: what a region-wide query returns."""
    return sorted(set(SIZES) | ZERO_PRICE | set(SYNTH))


_REGION_ROWS = {}


def region_rows(region, currency="USD"):
    """A region's whole Virtual Machines list: each size's rows (built once per region)."""
    key = (region, currency, len(SYNTH), len(REGIONS))
    if key not in _REGION_ROWS:
        out = []
        for sku in all_skus():
            out += rows_for(sku, region, currency)
        _REGION_ROWS[key] = out
    return _REGION_ROWS[key]
# Sizes absent from SIZES and ZERO_PRICE have no rows at all.


def _row(sku, product, sku_name, price, type_="Consumption", term=None, meter=None,
         currency="USD", region=REGION, extra=None):
    r = {
        "currencyCode": currency, "tierMinimumUnits": 0.0, "retailPrice": price,
        "unitPrice": price, "armRegionName": region, "location": "US East",
        "effectiveStartDate": "2026-11-01T00:00:00Z",
        "meterId": "mock-" + sku.lower() + "-" + "%08x" % zlib.crc32((product + sku_name).encode()),
        "meterName": meter or sku_name, "productId": "MOCKPROD0001",
        "skuId": "MOCKPROD0001/0001", "productName": product, "skuName": sku_name,
        "serviceName": "Virtual Machines", "serviceId": "DZH313Z7MMC8",
        "serviceFamily": "Compute", "unitOfMeasure": "1 Hour", "type": type_,
        "isPrimaryMeterRegion": True, "armSkuName": sku,
    }
    if term:
        r["reservationTerm"] = term
    if extra:
        r.update(extra)
    return r


def rows_for(sku, region=REGION, currency="USD"):
    """The row zoo of one size in one region (empty for unknown sizes)."""
    if sku in ZERO_PRICE and region in REGIONS:
        p = "Virtual Machines NDGB300v6 Series"
        short = sku[len("Standard_"):].replace("_", " ")
        return [_row(sku, p, short, 0.0, region=region, currency=currency),
                _row(sku, p, short + " Spot", 0.0, region=region, currency=currency)]
    if (sku not in SIZES and sku not in SYNTH) or region not in REGIONS:
        return []
    series, od = SIZES[sku] if sku in SIZES else SYNTH[sku]
    od = round(od * REGIONS[region], 4)
    short = sku[len("Standard_"):].replace("_", " ")
    lin = "Virtual Machines %s Series" % series
    win = lin + " Windows"
    if sku == "Standard_NC40ads_H100_v5":
        win = "Virtual Machines NCadsH100v5 Srs Win"  # the "Win" token
    r = lambda *a, **k: _row(sku, *a, region=region, currency=currency, **k)
    rows = [
        r(lin, short, od, extra={"savingsPlan": [
            {"unitPrice": round(od * 0.45, 4), "retailPrice": round(od * 0.45, 4),
             "term": "3 Years"},
            {"unitPrice": round(od * 0.65, 4), "retailPrice": round(od * 0.65, 4),
             "term": "1 Year"}]}),
        r(lin, short, round(od * 8760 * 0.6, 2), type_="Reservation", term="1 Year"),
        r(lin, short, round(od * 26280 * 0.4, 2), type_="Reservation", term="3 Years"),
        r(lin, short + " Spot", round(od * 0.2, 4)),
        r(lin, short + " Low Priority", round(od * 0.12, 4)),
        r(win, short, round(od * 1.1, 4)),
        r(win, short + " Spot", round(od * 0.3, 4)),
        r(win, short + " Low Priority", round(od * 0.2, 4)),
        r(win, short, round(od * 0.9, 4), type_="DevTestConsumption"),
        r(win, short + " Spot", round(od * 0.25, 4), type_="DevTestConsumption",
          extra={"effectiveEndDate": "2027-01-01T00:00:00Z", "availabilityId": None}),
        r("%s Series Cloud Services" % series, short, round(od * 0.5, 4)),
        r("%s Series CloudServices" % series, short + " Low Priority", round(od * 0.05, 4)),
        r(lin, short + " Expired", round(od * 0.01, 4), meter=short + " Expired"),
    ]
    if sku == "Standard_NC24ads_A100_v4":
        # v7-style product name with the same on-demand price: a duplicate, Linux.
        rows.append(r("Virtual Machines NCadsA100v4-series Linux", short, od))
        # a non-VM meter in the same answer (empty armSkuName)
        rows.append(dict(_row("", "Storage Premium", "P10", 1.0), serviceName="Storage"))
    return rows


class State:
    def __init__(self, page_size=3, fault=None, fault_sku=None, latency=0.0, log_path=None):
        self.page_size = page_size
        self.fault = fault
        self.fault_sku = fault_sku
        self.fault_skip = None  # a fault for the page at this $skip only
        self.latency = latency
        self.log_path = log_path
        self.lock = threading.Lock()
        self.log = []
        self.attempts = {}  # (sku, skip) -> requests seen
        self.remaining = 1000

    def begin(self, entry):
        # logged before the answer is sent: a client that exits on the answer must
        # never find its request missing from the log (status and end come after)
        entry["status"] = None
        with self.lock:
            self.log.append(entry)

    def finished_log(self, wait=5.0):
        """The log once every request in it has been answered (a client may exit
        on its last answer before the server thread has noted the status)."""
        deadline = time.time() + wait
        while True:
            with self.lock:
                log = list(self.log)
            if all("end" in x for x in log) or time.time() > deadline:
                return log
            time.sleep(0.005)

    def record(self, entry):
        if self.log_path:
            with self.lock, open(self.log_path, "a", encoding="utf-8") as f:
                f.write(json.dumps(entry) + "\n")


FILTER_RE = re.compile(r"^(\w+) eq '([^']*)'$")


def parse_filter(text):
    """eq/and only, as the API documents; None for what it would reject (400)."""
    out = {}
    for part in text.split(" and "):
        m = FILTER_RE.match(part.strip())
        if not m:
            return None
        out[m.group(1)] = m.group(2)
    return out


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True  # headers and body are separate writes
    server_version = "mock-retail/1"

    def log_message(self, *args):  # quiet
        pass

    def send_body(self, status, body, ctype="application/json", headers=None, length=None):
        raw = body.encode("utf-8") if isinstance(body, str) else body
        gz = "gzip" in (self.headers.get("Accept-Encoding") or "")
        if gz and length is None:
            raw = gzip.compress(raw)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        if gz and length is None:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(length if length is not None else len(raw)))
        with self.server.state.lock:
            self.server.state.remaining -= 1
            rem = self.server.state.remaining
        self.send_header("x-ms-ratelimit-remaining-retailPrices-requests", str(max(rem, 0)))
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(raw)
        self.wfile.flush()

    def do_GET(self):
        st = self.server.state
        t0 = time.time()
        url = urllib.parse.urlsplit(self.path)
        q = urllib.parse.parse_qs(url.query, keep_blank_values=True)
        flt_text = q.get("$filter", [""])[0]
        skip = int(q.get("$skip", ["0"])[0] or 0)
        flt = parse_filter(flt_text) if flt_text else {}
        sku = (flt or {}).get("armSkuName", "")
        with st.lock:
            n = st.attempts.get((sku, skip), 0) + 1
            st.attempts[(sku, skip)] = n
        entry = {"start": t0, "path": url.path, "query": url.query, "sku": sku, "skip": skip,
                 "region": (flt or {}).get("armRegionName", ""),
                 "attempt": n, "ua": self.headers.get("User-Agent"),
                 "accept_encoding": self.headers.get("Accept-Encoding"),
                 "api_version": q.get("api-version", [None])[0],
                 "currency": q.get("currencyCode", [None])[0]}
        st.begin(entry)
        try:
            status = self.respond(st, url, q, flt, flt_text, sku, skip, n)
        except (BrokenPipeError, ConnectionResetError):
            status = -2  # the client gave up (timeout) before the answer
            self.close_connection = True
        entry["status"] = status
        entry["end"] = time.time()
        st.record(entry)

    def respond(self, st, url, q, flt, flt_text, sku, skip, attempt):
        if st.latency:
            time.sleep(st.latency)
        if url.path != "/api/retail/prices":
            self.send_body(404, '{"error":"not found"}')
            return 404
        if flt is None or "not(" in flt_text:
            self.send_body(400, '{"Error":{"Code":"BadRequest","Message":"Invalid filter"}}')
            return 400
        if st.fault == "early-last" and st.fault_skip is not None and skip > st.fault_skip:
            time.sleep(0.4)  # the pages past the lying last one answer after it, always
        fault = st.fault if (st.fault_sku is None or st.fault_sku == sku) else None
        if st.fault_skip is not None and st.fault_skip != skip:
            fault = None
        cur = (q.get("currencyCode", ["'USD'"])[0] or "'USD'").strip("'")
        region = flt.get("armRegionName", "")
        if "currencyCode" in flt:
            items = []
        elif "armSkuName" in flt:
            items = rows_for(sku, region, cur)
        else:  # the region's whole list
            items = region_rows(region, cur)
        if fault == "429" and attempt == 1 and skip == 0:
            self.send_body(429, '{"Error":"Too many requests"}',
                           headers={"x-ms-ratelimit-retailPrices-retry-after": "1",
                                    "Retry-After": "1"})
            return 429
        if fault == "503-once" and attempt == 1:
            self.send_body(503, "<html><body>Service Unavailable</body></html>", "text/html")
            return 503
        if fault == "503-always":
            self.send_body(503, '{"Error":"unavailable"}')
            return 503
        if fault == "404":
            self.send_body(404, '{"Error":"not found"}')
            return 404
        if fault in ("slow-once", "slow-always") and (attempt == 1 or fault == "slow-always"):
            time.sleep(2.5)
        page = items[skip:skip + st.page_size]
        more = skip + st.page_size < len(items)
        if fault == "dup-boundary" and skip > 0:
            page = [items[skip - 1]] + page  # the boundary row again, as the API once did
        if fault == "hostile-text":  # untrusted API text with a forged CI line and escapes
            page = [dict(r, productName=r["productName"] + "\n::error::pwned\u001b[31m\r")
                    for r in page]
        if more or fault in ("endless", "self-next", "foreign-next"):
            nskip = skip + st.page_size
            if fault == "self-next":
                nskip = skip
            host = "evil.example" if fault == "foreign-next" else "127.0.0.1"
            port = self.server.server_address[1]
            enc = urllib.parse.quote(flt_text, safe="")
            nxt = "http://%s:%d/api/retail/prices?$filter=%s&$skip=%d" % (host, port, enc, nskip)
        else:
            nxt = "" if fault == "empty-next" else None
        if fault == "early-last":  # this page says it is the last; the later ones still hold items
            nxt = None
        env = {"BillingCurrency": cur, "CustomerEntityId": "Default",
               "CustomerEntityType": "Retail", "Items": page, "NextPageLink": nxt,
               "Count": len(page)}
        body = json.dumps(env)
        if fault == "truncated" or (fault == "truncated-once" and attempt == 1):
            body = body[:len(body) // 2]
        elif fault == "html":
            self.send_body(200, "<!DOCTYPE html><html><body>Oops</body></html>", "text/html")
            return 200
        elif fault == "html-502":
            self.send_body(502, "<html><body>Bad Gateway</body></html>", "text/html")
            return 502
        elif fault == "not-items":
            body = '{"NotItems":[],"Count":0,"NextPageLink":null}'
        elif fault == "items-not-array":
            body = '{"Items":{"a":1},"Count":1,"NextPageLink":null}'
        elif fault == "drop" and attempt == 1:
            raw = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(raw)))
            self.end_headers()
            self.wfile.write(raw[:len(raw) // 3])
            self.wfile.flush()
            self.close_connection = True
            return -1
        self.send_body(200, body)
        return 200


class Server(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):  # no tracebacks for dropped clients
        pass


def start(page_size=3, fault=None, fault_sku=None, latency=0.0, log_path=None, port=0):
    """Start the server on 127.0.0.1 in a thread. Returns (server, state)."""
    srv = Server(("127.0.0.1", port), Handler)
    srv.state = State(page_size, fault, fault_sku, latency, log_path)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, srv.state


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, default=0)
    ap.add_argument("--page-size", type=int, default=3)
    ap.add_argument("--fault")
    ap.add_argument("--fault-sku")
    ap.add_argument("--latency", type=float, default=0.0)
    ap.add_argument("--log")
    ap.add_argument("--remaining", type=int, default=1000,
                    help="x-ms-ratelimit-remaining-retailPrices-requests at start")
    ap.add_argument("--synth-skus", help="file of size names (one a line) to give rows too")
    ap.add_argument("--synth-regions", default="", help="comma-separated regions with rows too")
    a = ap.parse_args()
    if a.synth_skus or a.synth_regions:
        names = open(a.synth_skus).read().split() if a.synth_skus else []
        synth_skus(names, [r for r in a.synth_regions.split(",") if r])
    srv, st = start(a.page_size, a.fault, a.fault_sku, a.latency, a.log, a.port)
    st.remaining = a.remaining
    print("PORT %d" % srv.server_address[1], flush=True)
    try:
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        srv.shutdown()


if __name__ == "__main__":
    main()
