#!/usr/bin/env python3
"""Appends simulated trips to a data file's purchase log, for timing `shop store learn`.

    walk-trips.py DATAFILE STORE TRIPS [SEED] [--round]

Each trip walks the store's locations in one shuffled "true" order (the same for every trip, so the
store's walk as the data file has it is far from it and the learned order is one tangle of every
location), skipping a quarter of them and buying 1-2 items at each of the others, a minute apart.
With --round each trip starts at a random point of the true order and goes round (a round store entered
by several doors): the trips then disagree in circles, and every location is in one tangle, the search's
worst case. DATAFILE.purchases is rewritten as a new file (its old lines, then the new ones): shop reads a log whose
inode its data file's marker does not name whole, so make one purchase with shop first (the data file
then has a marker; without one, shop reads no log at all).
"""
import os
import json
import random
import sys
import uuid
from datetime import datetime, timedelta, timezone

round_store = "--round" in sys.argv
args = [a for a in sys.argv[1:] if a != "--round"]
path, store_name, trips = args[0], args[1], int(args[2])
rng = random.Random(int(args[3]) if len(args) > 3 else 31)
data = json.load(open(path))
store = next(s for s in data["stores"] if s["name"].lower() == store_name.lower())
items = {}
for item in data["items"]:
    items.setdefault(item.get("locationId"), []).append(item)
walk = [l for l in store["locationIds"] if l in items]
truth = walk[:]
rng.shuffle(truth)
start = datetime(2024, 1, 1, 10, 0, tzinfo=timezone.utc)
old = open(path + ".purchases").read() if os.path.exists(path + ".purchases") else ""
with open(path + ".purchases.new", "w") as log:
    log.write(old)
    for day in range(trips):
        time = start + timedelta(days=day)
        entry = rng.randrange(len(truth)) if round_store else 0
        for location in truth[entry:] + truth[:entry]:
            if rng.random() < 0.25:
                continue
            for item in rng.sample(items[location], min(len(items[location]), rng.randint(1, 2))):
                time += timedelta(minutes=1)
                log.write(json.dumps({
                    "date": time.strftime("%Y-%m-%dT%H:%M:%SZ"), "id": str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper(),
                    "itemId": item["id"], "name": item["name"], "quantity": 1,
                    "store": store["name"], "storeId": store["id"]}, separators=(",", ":")) + "\n")
os.replace(path + ".purchases.new", path + ".purchases")
