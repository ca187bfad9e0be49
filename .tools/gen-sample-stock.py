#!/usr/bin/env python3
"""Gives the sample three items kept in stock (SPEC section 18) and a few weeks of what the household used.

Milk, Greek yogurt and Bananas get `stock`, `keeps`, `keepsOpen` (and Milk a `minStock`); from 2026-10-01,
when the household starts keeping track with what is at home (`stock add`), the log gains their use entries:
milk on Tuesdays and Saturdays, a yogurt three days a week, a banana most days, and what went off thrown away
the day after its best-before (`use --spoiled`). The purchases are read from the log as it is; lines this
script wrote before are replaced. Deterministic; run from the repository root after gen-sample-purchases.py:

    python3 .tools/gen-sample-stock.py
"""
import datetime
import json
import uuid

NAMESPACE = uuid.UUID("5B0A3F6E-2C71-4D8A-9E15-7A6C0B4D2E91")


# name: (keeps, keeps open, minimum, how much is used and on which weekdays (0 = Monday); from 2026-10-01).
STOCKED = {
    "Milk": (10, 4, 1, 1, [1, 5]),
    "Greek yogurt": (14, 3, None, 1, [0, 2, 4]),
    "Bananas": (6, None, None, 1, [0, 1, 3, 4, 6]),
}
STOCK_FROM = datetime.date(2026, 10, 1)
SAMPLE_END = datetime.date(2026, 11, 22)


def stock_lines(purchases, items):
    """The stocked items' fields, and their use entries: a small replay of the household's cupboard."""
    lines = []
    number = 0
    for name, (keeps, keeps_open, minimum, amount, weekdays) in STOCKED.items():
        item = items[name]
        item["stock"] = True
        item["keeps"] = keeps
        if keeps_open is not None:
            item["keepsOpen"] = keeps_open
        if minimum is not None:
            item["minStock"] = minimum
        lots = []  # [bought day, best-before day, left]
        bought = [(datetime.date.fromisoformat(date[:10]), quantity) for date, n, quantity, _, _ in purchases
                  if n == name]
        # The household starts keeping track on STOCK_FROM with what is at home (`stock add`): lots count from
        # the day of the item's first entry, as shop counts them for a log that came from elsewhere.
        day = STOCK_FROM
        lots.append([day, day + datetime.timedelta(days=keeps), 1])
        first = {"quantity": 1, "stockEntry": "add"}
        while day <= SAMPLE_END:
            entries = [(8, first)] if first else []
            first = None
            for when, quantity in bought:
                if when == day:
                    lots.append([day, day + datetime.timedelta(days=keeps), quantity])
            lots.sort(key=lambda lot: (lot[1], lot[0]))
            for lot in [lot for lot in lots if lot[1] < day]:
                entries.append((9, {"quantity": lot[2], "spoiled": True}))
                lots.remove(lot)
            if day.weekday() in weekdays and lots:
                left = amount
                for lot in lots:
                    taken = min(left, lot[2])
                    lot[2] -= taken
                    left -= taken
                lots = [lot for lot in lots if lot[2] > 0]
                entries.append((19, {"quantity": amount}))
            for hour, fields in entries:
                moment = datetime.datetime(day.year, day.month, day.day, hour, 30, tzinfo=datetime.timezone.utc)
                line = {"date": moment.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                        "id": str(uuid.uuid5(NAMESPACE, f"stock {number}")).upper(), "name": name,
                        "stockEntry": "use", "stockItem": item["id"], "by": "kitchen"}
                line.update(fields)
                number += 1
                lines.append(json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
            day += datetime.timedelta(days=1)
    return lines


def main():
    data = json.load(open("SampleData/shop.json"))
    items = {item["name"]: item for item in data["items"]}
    kept = [line for line in open("SampleData/shop.json.purchases").read().splitlines() if '"stockEntry"' not in line]
    purchases = []
    for line in kept:
        entry = json.loads(line)
        if "deleted" not in entry:
            purchases.append((entry["date"], entry["name"], entry["quantity"], None, None))
    lines = stock_lines(purchases, items)
    data["version"] = 7
    text = json.dumps(data, indent=2, separators=(",", " : "), sort_keys=True, ensure_ascii=False) + "\n"
    open("SampleData/shop.json", "w").write(text)
    open("SampleData/shop.json.purchases", "w").write("\n".join(kept + lines) + "\n")
    print(f"{len(lines)} stock entries")


if __name__ == "__main__":
    main()
