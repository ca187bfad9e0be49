#!/usr/bin/python3
"""Generates benchmark data for `shop` (deterministic for a given size and seed).

usage: gen.py N OUTDIR [--seed S] [--names M]
       gen.py --purchases P SHOPJSON OUTDIR   (the purchase log rows, issue #18)
       gen.py --mark DATAFILE                 (commit the log beside DATAFILE: write its marker)

Writes into OUTDIR:
  shop.json           a shop data file (format version 2) with N items, 20 locations plus the
                      Unknown Location, 3 stores walking subsets of the locations in their own
                      orders, ~30 % of the items on the list, ~half of the records stamped
                      with modifiedAt (a file in use since stamps came in)
  sl14/items.json     a ShoppingList14 export of N items (half the names already in shop.json,
  sl14/locations.json half new), over the same 20 location names
  names.txt           M new item names (default 10,000), one a line, for `shop add -`
  buy.txt             the name of one item on the list, for `shop buy`
  store.txt           the name of one store, for `shop list --store`
  merge/ours.json     shop.json with one item changed, and
  merge/theirs.json   with another item changed, for `shop merge-file shop.json ours theirs`

With --purchases P (issue #18: ten years of a large household), from an existing SHOPJSON, into OUTDIR:
  nolog/shop.json     the list as it is, version 3, no purchase ever logged
  log/shop.json       the same list with P purchases in log/shop.json.purchases beside it (the marker
                      naming the log is written by --mark once the files are in place: it holds the
                      log file's inode)
  inline/shop.json    the same list with the P purchases inside the data file (`purchases`), the
                      alternative the measurement decided against
  buy.txt             the name of one item on the list
"""
import json
import os
import random
import sys
import uuid

LOCATIONS = [
    "Produce", "Bakery", "Deli", "Seafood", "Meat", "Dairy", "Eggs & Cheese", "Frozen Foods",
    "Breakfast & Cereal", "Pasta & Rice", "Canned Goods", "Baking", "Spices", "Snacks",
    "Beverages", "Coffee & Tea", "Household", "Cleaning", "Personal Care", "Pharmacy",
]
ADJECTIVES = [
    "organic", "whole", "low-fat", "smoked", "fresh", "frozen", "sweet", "spicy", "salted", "unsalted",
    "green", "red", "wild", "roasted", "sliced", "baby", "large", "small", "greek", "italian",
]
NOUNS = [
    "milk", "eggs", "bread", "apples", "bananas", "salmon", "chicken", "rice", "pasta", "beans",
    "yogurt", "cheese", "butter", "coffee", "tea", "cereal", "tomatoes", "onions", "garlic", "peppers",
    "lettuce", "spinach", "carrots", "potatoes", "almonds", "crackers", "soap", "shampoo", "sponges", "juice",
]


def make_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4)).upper()


def stamp(rng):
    return "2026-%02d-%02dT%02d:%02d:%02dZ" % (
        rng.randint(1, 11), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))


def item_name(i):
    a = ADJECTIVES[i % len(ADJECTIVES)]
    n = NOUNS[(i // len(ADJECTIVES)) % len(NOUNS)]
    return f"{a.capitalize()} {n} {i}"


def main():
    args = sys.argv[1:]
    seed, names_count = 14, 10_000
    if "--seed" in args:
        k = args.index("--seed"); seed = int(args[k + 1]); del args[k:k + 2]
    if "--names" in args:
        k = args.index("--names"); names_count = int(args[k + 1]); del args[k:k + 2]
    if len(args) != 2:
        sys.exit(__doc__)
    n, out = int(args[0]), args[1]
    rng = random.Random(seed * 1_000_003 + n)
    os.makedirs(os.path.join(out, "sl14"), exist_ok=True)

    locations = []
    for k, name in enumerate(LOCATIONS):
        locations.append({
            "color": "#%02x%02x%02xff" % (rng.randrange(256), rng.randrange(256), rng.randrange(256)),
            "id": make_uuid(rng),
            "isUnknown": False,
            "name": name,
            "visitationOrder": 1 + k * 5,
        })
    unknown = {"color": "#9e9e9eff", "id": make_uuid(rng), "isUnknown": True,
               "name": "Unknown Location", "visitationOrder": 2147483647}
    ids = [l["id"] for l in locations] + [unknown["id"]]

    items = []
    for i in range(n):
        item = {
            "id": make_uuid(rng),
            "isAvailable": rng.random() > 0.05,
            "locationId": ids[rng.randrange(len(ids))],
            "name": item_name(i),
            "onList": rng.random() < 0.30,
            "quantity": rng.choice([1, 1, 1, 2, 3, 6, 12]),
            "starred": rng.random() < 0.1,
        }
        if rng.random() < 0.6:
            item["dateLastPurchased"] = "2026-%02d-%02dT%02d:%02d:00Z" % (
                rng.randint(1, 10), rng.randint(1, 28), rng.randint(0, 23), rng.randint(0, 59))
        if rng.random() < 0.5:
            item["price"] = rng.randint(10, 4999) / 100
        if rng.random() < 0.5:
            item["modifiedAt"] = stamp(rng)
        items.append(item)
    items.sort(key=lambda it: it["name"].lower())

    # Stores walk a subset of the locations, each in its own order (never the Unknown Location, which
    # every store has implicitly). Store ids come after the items' so that item data does not change
    # with the store layout.
    user_ids = [l["id"] for l in locations]
    stores = []
    for name, count in (("Corner market", 8), ("Farmers market", 5), ("Hypermarket", 18)):
        walk = rng.sample(user_ids, count)
        stores.append({"id": make_uuid(rng), "locationIds": walk, "modifiedAt": stamp(rng), "name": name})

    data = {"items": items, "locations": locations + [unknown], "stores": stores,
            "timer": {"accumulatedSeconds": 0}, "version": 2}
    with open(os.path.join(out, "shop.json"), "w") as f:
        json.dump(data, f, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
        f.write("\n")

    with open(os.path.join(out, "buy.txt"), "w") as f:
        f.write(next(it["name"] for it in items[len(items) // 2:] + items if it["onList"]) + "\n")

    with open(os.path.join(out, "store.txt"), "w") as f:
        f.write(stores[0]["name"] + "\n")

    # Two devices each changed one item since the common version (the merge driver's usual case).
    os.makedirs(os.path.join(out, "merge"), exist_ok=True)
    for side, position, change in (("ours", len(items) // 3, "quantity"), ("theirs", 2 * len(items) // 3, "onList")):
        changed = json.loads(json.dumps(data))
        if changed["items"]:
            item = changed["items"][position]
            item[change] = item[change] + 1 if change == "quantity" else not item[change]
            item["modifiedAt"] = "2026-11-22T12:00:00Z"
        with open(os.path.join(out, "merge", side + ".json"), "w") as f:
            json.dump(changed, f, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
            f.write("\n")

    # ShoppingList14 export: half existing names (updated by a merge), half new ones.
    sl_items = []
    for i in range(n):
        name = item_name(i) if i % 2 == 0 else f"Imported {NOUNS[i % len(NOUNS)]} {i}"
        sl_items.append({
            "name": name,
            "onList": rng.random() < 0.30,
            "isAvailable": rng.random() > 0.05,
            "quantity": rng.choice([1, 1, 2, 3]),
            "locationName": LOCATIONS[rng.randrange(len(LOCATIONS))] if rng.random() > 0.05 else "Unknown Location",
        })
    sl_locations = [{"name": l["name"], "visitationOrder": l["visitationOrder"],
                     "red": rng.random(), "green": rng.random(), "blue": rng.random(), "opacity": 1}
                    for l in locations]
    with open(os.path.join(out, "sl14", "items.json"), "w") as f:
        json.dump(sl_items, f, indent="\t", separators=(",", " : "), ensure_ascii=False)
    with open(os.path.join(out, "sl14", "locations.json"), "w") as f:
        json.dump(sl_locations, f, indent="\t", separators=(",", " : "), ensure_ascii=False)

    with open(os.path.join(out, "names.txt"), "w") as f:
        for i in range(names_count):
            f.write(f"Bulk {NOUNS[i % len(NOUNS)]} {i}\n")


def fnv1a(data):
    h = 0xcbf29ce484222325
    for b in data:
        h ^= b
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return h


def dump(data, path):
    with open(path, "w") as f:
        json.dump(data, f, indent=2, sort_keys=True, separators=(",", " : "), ensure_ascii=False)
        f.write("\n")


def purchases_main(count, source, out):
    """Ten years of purchases over the items of SOURCE: each item bought at its own rhythm."""
    rng = random.Random(18)
    with open(source) as f:
        data = json.load(f)
    data["version"] = 3
    items = data["items"]
    stores = data["stores"]
    start = 1_480_000_000  # late 2016
    span = 10 * 365 * 86_400
    lines = []
    for k in range(count):
        item = items[rng.randrange(len(items))]
        when = start + rng.randrange(span)
        store = rng.choice(stores + [None])
        price = item.get("price")
        purchase = {
            "date": "%04d-%02d-%02dT%02d:%02d:%02dZ" % tuple(__import__("time").gmtime(when)[:6]),
            "id": make_uuid(rng), "itemId": item["id"], "name": item["name"],
            "quantity": item["quantity"],
        }
        # As shop writes the log: absent values are left out.
        if price is not None:
            purchase["price"] = price
        if store:
            purchase["store"], purchase["storeId"] = store["name"], store["id"]
        lines.append(purchase)
    lines.sort(key=lambda p: p["date"])
    for sub in ("nolog", "log", "inline"):
        os.makedirs(os.path.join(out, sub), exist_ok=True)
    dump(data, os.path.join(out, "nolog", "shop.json"))
    dump(data, os.path.join(out, "log", "shop.json"))
    with open(os.path.join(out, "log", "shop.json.purchases"), "w") as f:
        for p in lines:
            f.write(json.dumps(p, sort_keys=True, separators=(",", ":"), ensure_ascii=False) + "\n")
    inline = dict(data)
    inline["purchases"] = lines
    dump(inline, os.path.join(out, "inline", "shop.json"))
    with open(os.path.join(out, "buy.txt"), "w") as f:
        f.write(next(it["name"] for it in items if it["onList"]) + "\n")


def mark_main(path):
    """Writes the data file's marker for the log beside it, as shop does after appending."""
    log = path + ".purchases"
    with open(log, "rb") as f:
        text = f.read()
    with open(path) as f:
        data = json.load(f)
    data["purchaseLog"] = {"check": "%x" % fnv1a(text[-64:]), "inode": os.stat(log).st_ino, "length": len(text)}
    dump(data, path)


if __name__ == "__main__" and sys.argv[1:2] == ["--purchases"]:
    purchases_main(int(sys.argv[2]), sys.argv[3], sys.argv[4])
    sys.exit(0)
if __name__ == "__main__" and sys.argv[1:2] == ["--mark"]:
    mark_main(sys.argv[2])
    sys.exit(0)
if __name__ == "__main__":
    main()
