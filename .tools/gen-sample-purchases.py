#!/usr/bin/env python3
"""Writes the sample's purchase log, SampleData/shop.json.purchases, and the items' dates that go with it.

Sixteen weeks of a household's shopping (2026-08-02 to 2026-11-21) at the sample's three stores: the
Supermarket on Wednesday evenings, the Saturday Market on Saturday mornings, the Warehouse Club on the first
Sunday of the month, and a few purchases at no store. Each trip's items are ticked off a minute or two apart,
in the order the household walks the store (at the Supermarket not quite its stored walk). Some items are bought like clockwork (so that
`shop restock --suggest` has something to suggest), others now and then. Seeded, so every run writes the
same bytes; dates are fixed, so the README's totals never move.

Each bought item's dateLastPurchased becomes its latest purchase (as `shop buy` keeps it); the data file is
rewritten in shop's own canonical layout (sorted keys, " : ", two-space indent). Sources/ShopFormats/SampleData
is a link to SampleData/, so the binary embeds what this writes. Run from the repository root:

    python3 .tools/gen-sample-purchases.py
"""
import datetime
import json
import random
import uuid

NAMESPACE = uuid.UUID("5B0A3F6E-2C71-4D8A-9E15-7A6C0B4D2E91")
FIRST_SUNDAY = datetime.date(2026, 8, 2)
WEEKS = 16

# name: (how often, quantity, price or None); "every N" = every N-th trip, a float = the chance per trip.
SUPERMARKET = {
    "Milk": ("every 1", 2, "3.49"),
    "Coffee beans": ("every 3", 1, "12.99"),
    "Greek yogurt": (0.5, 2, "5.25"),
    "Chicken thighs": (0.5, 1, "8.40"),
    "Baby spinach": (0.4, 1, "3.99"),
    "Spaghetti": (0.3, 2, "1.79"),
    "Crushed tomatoes": (0.3, 2, "2.19"),
    "Olive oil": ("every 6", 1, "9.75"),
    "Tortilla chips": (0.3, 1, "3.50"),
    "Ice cream": (0.2, 1, "5.99"),
    "Oat milk": (0.4, 1, "3.99"),
    "Salmon fillet": (0.2, 1, "11.99"),
    "Butter, unsalted": (0.4, 1, "4.89"),
}
SATURDAY_MARKET = {
    "Eggs": ("every 1", 1, "4.29"),
    "Bananas": ("every 1", 6, "0.29"),
    "Sourdough loaf": (0.8, 1, "5.50"),
    "Avocados": (0.5, 3, "1.25"),
    "Lemons": (0.3, 3, "0.60"),
    "Parmesan": ("every 4", 1, "7.95"),
    "Apples": (0.4, 6, "1.99"),
    "Tulips": (0.15, 1, None),
}
WAREHOUSE_CLUB = {
    "Paper towels": ("every 1", 1, "14.99"),
    "Toilet paper": ("every 1", 2, "18.49"),
    "Dish soap": ("every 2", 2, "3.29"),
    "Crushed tomatoes": (0.5, 6, "1.89"),
    "Red wine": (0.5, 2, "15.00"),
}
# The walk the household really takes where it differs from the store's stored walk: at the Supermarket it
# fetches the dairy and the butter right after the vegetables (`shop store learn supermarket` finds this).
WALKS = {
    "Supermarket": ["Entrance & Flowers", "Fruits & Vegetables", "Dairy", "Eggs & Butter", "Bakery", "Deli",
                    "Cheese Counter", "Meat & Poultry", "Seafood", "Pasta & Rice", "Canned Goods", "Baking",
                    "Spices & Condiments", "Breakfast & Cereal", "Snacks", "Beverages", "Household & Cleaning",
                    "Personal Care", "Pharmacy", "Frozen Foods"],
}
NO_STORE = [  # bought elsewhere: a chemist, a corner shop
    ("2026-08-20T12:10:00Z", "Vitamin D", 1, "8.99"),
    ("2026-10-24T14:37:00Z", "AA batteries", 1, None),
    ("2026-11-14T16:02:00Z", "Strawberry jam", 1, "3.79"),
]


def trips(first, step_days, count, hour, rng):
    """The days and times of a store's trips, the minute varying."""
    for number in range(count):
        day = first + datetime.timedelta(days=step_days * number)
        yield number, datetime.datetime(day.year, day.month, day.day, hour, rng.randrange(0, 60), tzinfo=datetime.timezone.utc)


def bought(rule, number, rng):
    if isinstance(rule, str):
        return number % int(rule.split()[1]) == 0
    return rng.random() < rule


def stamp(moment):
    return moment.strftime("%Y-%m-%dT%H:%M:%SZ")


def main():
    rng = random.Random(2026)
    ticks = random.Random(47)  # the seconds between two items of a trip, apart from what is bought
    data = json.load(open("SampleData/shop.json"))
    items = {item["name"]: item for item in data["items"]}
    stores = {store["name"]: store["id"] for store in data["stores"]}
    stores_walk = {store["name"]: store["locationIds"] for store in data["stores"]}
    locations = {location["id"]: location["name"] for location in data["locations"]}
    # What learned restock shows: coffee has no interval (it is a suggestion), jam learns (from one purchase).
    items["Coffee beans"].pop("every", None)
    items["Strawberry jam"]["every"] = "auto"

    purchases = []
    first_wednesday = FIRST_SUNDAY + datetime.timedelta(days=3)
    first_saturday = FIRST_SUNDAY + datetime.timedelta(days=6)
    for store, table, moments in [
        ("Supermarket", SUPERMARKET, trips(first_wednesday, 7, WEEKS, 18, rng)),
        ("Saturday Market", SATURDAY_MARKET, trips(first_saturday, 7, WEEKS, 9, rng)),
        ("Warehouse Club", WAREHOUSE_CLUB, ((n, datetime.datetime(2026, m, d, 11, rng.randrange(0, 60), tzinfo=datetime.timezone.utc))
                                            for n, (m, d) in enumerate([(8, 2), (9, 6), (10, 4), (11, 1)]))),
    ]:
        walk = WALKS.get(store) or [locations[id] for id in stores_walk[store]]
        for number, moment in moments:
            basket = [(name, quantity, price) for name, (rule, quantity, price) in table.items()
                      if bought(rule, number, rng)]
            # Ticked off one at a time, in the order the household walks the store: the trips that
            # `shop store learn` learns from.
            basket.sort(key=lambda entry: (walk.index(locations[items[entry[0]]["locationId"]]), entry[0]))
            for name, quantity, price in basket:
                moment += datetime.timedelta(seconds=ticks.randrange(40, 180))
                purchases.append((stamp(moment), name, quantity, price, store))
    purchases += [(date, name, quantity, price, None) for date, name, quantity, price in NO_STORE]
    purchases.sort(key=lambda purchase: (purchase[0], purchase[1]))

    lines = []
    last = {}
    for number, (date, name, quantity, price, store) in enumerate(purchases):
        item = items[name]
        line = {"date": date, "id": str(uuid.uuid5(NAMESPACE, f"purchase {number}")).upper(), "itemId": item["id"],
                "name": name, "quantity": quantity}
        if name in last:
            line["dateBefore"] = last[name]
        if price is not None:
            line["price"] = int(float(price)) if float(price).is_integer() else float(price)
        if store is not None:
            line["store"] = store
            line["storeId"] = stores[store]
        last[name] = date
        lines.append(json.dumps(line, sort_keys=True, separators=(",", ":"), ensure_ascii=False))
    for name, date in last.items():
        items[name]["dateLastPurchased"] = date

    text = json.dumps(data, indent=2, separators=(",", " : "), sort_keys=True, ensure_ascii=False) + "\n"
    log = "\n".join(lines) + "\n"
    open("SampleData/shop.json", "w").write(text)
    open("SampleData/shop.json.purchases", "w").write(log)
    print(f"{len(lines)} purchases, {len(last)} items")


if __name__ == "__main__":
    main()
