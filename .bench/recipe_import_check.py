"""Reads every file `shop recipe import` wrote back through the official Cooklang parser (cooklang-bindings)
and compares its ingredients with what `--json` printed: name, quantity (to 1e-6) and unit, in order."""
import json
import pathlib
import sys

import cooklang


def official(path):
    recipe = cooklang.parse(path.read_text(encoding="utf-8"))
    found = []
    for ingredient in recipe.ingredients:
        quantity = ingredient.quantity
        value = quantity.value if quantity is not None else None
        unit = quantity.unit if quantity is not None else None
        found.append((ingredient.name, round(value, 6) if isinstance(value, (int, float)) else value, unit))
    return found


def printed(entry):
    return [(line["name"], round(line["quantity"], 6) if line["quantity"] is not None else None,
             line["unit"] if line["quantity"] is not None else None)
            for line in entry["ingredients"] if line["name"] is not None]


def main(folder):
    files = agree = 0
    for result in sorted(pathlib.Path(folder).glob("*/import.json")):
        for entry in json.loads(result.read_text(encoding="utf-8")):
            files += 1
            want, got = sorted(printed(entry), key=repr), sorted(official(pathlib.Path(entry["file"])), key=repr)
            if want == got:
                agree += 1
            else:
                print(f"differs: {entry['file']}")
                print(f"  --json:   {want}")
                print(f"  official: {got}")
    print(f"official parser: {agree} of {files} written files give exactly the ingredients --json printed")
    return 0 if files and agree == files else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
