#!/usr/bin/env python3
"""The stock rows of issue 40: from the `--log` data (2,000 items, 30,000 purchases beside the data file),
writes DIR/stock/: the same list with 200 items kept in stock (`stock`, `keeps`; their stamps dropped, so
every purchase counts) and 60,000 `use` lines of them added to the log, then its marker.

    python3 .bench/stock.py DIR        (DIR: the --log folder, with log/ in it)

The times are taken by `.bench/stock.sh`.
"""
import json
import os
import random
import shutil
import subprocess
import sys
import uuid


def main(root):
    rng = random.Random(40)
    source = os.path.join(root, "log")
    out = os.path.join(root, "stock")
    os.makedirs(out, exist_ok=True)
    data = json.load(open(os.path.join(source, "shop.json")))
    data.pop("purchaseLog", None)
    data["version"] = 7
    buy = open(os.path.join(root, "buy.txt")).read().strip()
    stocked = [item for item in data["items"] if item["name"] != buy][:200]
    for item in stocked:
        item["stock"] = True
        item["keeps"] = 14
        item.pop("modifiedAt", None)
    lines = open(os.path.join(source, "shop.json.purchases")).read().splitlines()
    start = 1_480_000_000
    uses = []
    for _ in range(60_000):
        item = rng.choice(stocked)
        when = start + rng.randrange(10 * 365 * 86_400)
        uses.append((when, json.dumps({
            "date": "%04d-%02d-%02dT%02d:%02d:%02d.000Z" % tuple(__import__("time").gmtime(when)[:6]),
            "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(), "name": item["name"],
            "quantity": 1, "stockEntry": "use", "stockItem": item["id"]}, sort_keys=True, separators=(",", ":"))))
    uses.sort()
    with open(os.path.join(out, "shop.json.purchases"), "w") as f:
        f.write("\n".join(lines + [line for _, line in uses]) + "\n")
    with open(os.path.join(out, "shop.json"), "w") as f:
        f.write(json.dumps(data, indent=2, separators=(",", " : "), sort_keys=True, ensure_ascii=False) + "\n")
    bench = os.path.dirname(os.path.abspath(__file__))
    subprocess.run([sys.executable, os.path.join(bench, "gen.py"), "--mark", os.path.join(out, "shop.json")], check=True)
    shutil.copy(os.path.join(out, "shop.json"), os.path.join(out, "orig.json"))
    # The data as python reads it whole: the list with its log inside (an export's shape).
    inline = dict(data)
    inline["purchases"] = [json.loads(line) for line in lines] + [json.loads(line) for _, line in uses]
    with open(os.path.join(out, "inline.json"), "w") as f:
        json.dump(inline, f, indent=2, sort_keys=True)
    print(f"{len(lines)} purchases, {len(uses)} uses of {len(stocked)} stocked items")


if __name__ == "__main__":
    main(sys.argv[1])
