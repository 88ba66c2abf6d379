#!/usr/bin/env python3
"""gen_prices.py ROWS OUT - one region's Virtual Machines price list in the Retail
Prices API's exact page format (the Items of all pages concatenated into one
document, as a cache file holds them): on-demand, Spot, Low Priority, Windows,
reservations and DevTest rows for many sizes."""
import json
import sys

rows, dst = int(sys.argv[1]), sys.argv[2]
items = []
kinds = [("", "Consumption", None, ""), (" Spot", "Consumption", None, " Spot"),
         (" Low Priority", "Consumption", None, " Low Priority"),
         ("", "Reservation", "1 Year", ""), ("", "Reservation", "3 Years", ""),
         ("", "DevTestConsumption", None, "")]
i = 0
while len(items) < rows:
    size = "Standard_D%ds_v%d" % (2 + (i % 96), 3 + (i // 96) % 4)
    for os_name in ("", " Windows"):
        for sku_suffix, ptype, term, meter_suffix in kinds:
            if len(items) >= rows:
                break
            base = 0.05 * (1 + i % 96)
            price = base * (8760 if term == "1 Year" else 26280 if term == "3 Years" else 1)
            if sku_suffix == " Spot":
                price *= 0.2
            item = {
                "currencyCode": "USD", "tierMinimumUnits": 0.0,
                "retailPrice": round(price, 6), "unitPrice": round(price, 6),
                "armRegionName": "eastus", "location": "US East",
                "effectiveStartDate": "2024-06-01T00:00:00Z",
                "meterId": "%08x-0000-4000-8000-%012x" % (i, len(items)),
                "meterName": size.replace("Standard_", "").replace("_", " ") + meter_suffix,
                "productId": "DZH318Z0BQ%02d" % (i % 100),
                "skuId": "DZH318Z0BQ%02d/00%02d" % (i % 100, len(items) % 100),
                "productName": "Virtual Machines D%ds v%d Series%s" % (2 + i % 96, 3, os_name),
                "skuName": size.replace("Standard_", "").replace("_", " ") + sku_suffix,
                "serviceName": "Virtual Machines", "serviceId": "DZH313Z7MMC8",
                "serviceFamily": "Compute", "unitOfMeasure": "1 Hour" if not term else "1 Hour",
                "type": ptype, "isPrimaryMeterRegion": True, "armSkuName": size,
            }
            if term:
                item["reservationTerm"] = term
            if ptype == "Consumption" and not sku_suffix:
                item["savingsPlan"] = [{"unitPrice": round(price * 0.7, 6), "retailPrice": round(price * 0.7, 6), "term": "1 Year"},
                                       {"unitPrice": round(price * 0.5, 6), "retailPrice": round(price * 0.5, 6), "term": "3 Years"}]
            items.append(item)
    i += 1
json.dump({"BillingCurrency": "USD", "CustomerEntityId": "Default", "CustomerEntityType": "Retail",
           "Items": items, "NextPageLink": None, "Count": len(items)}, open(dst, "w"))
