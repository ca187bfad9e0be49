#!/usr/bin/python3
"""Prints the benchmark's markdown report from the results .bench/run collected.

usage: report.py RESULTS_DIR SIZE...

Every target of issue #12 is one row of the "Targets" table, met or missed, from this run alone.
"""
import json
import os
import sys

results_dir, sizes = sys.argv[1], [int(s) for s in sys.argv[2:]]
median = {}
with open(os.path.join(results_dir, "manifest.tsv")) as f:
    for line in f:
        key, path = line.rstrip("\n").split("\t")
        median[key] = json.load(open(path))["results"][0]["median"] * 1e3  # ms

# key, label, reference key, reference label
WORKS = [
    ("list", "`list`", "hello", "Swift hello"),
    ("list-store", "`list --store` (a store of 8 locations)", "hello", "Swift hello"),
    ("list-json", "`list --by-location --json`", "py-load", "python json.load"),
    ("add", "`add`", "py-rewrite-sync", "python load+dump+fsync+rename"),
    ("buy", "`buy`", "py-rewrite-sync", "python load+dump+fsync+rename"),
    ("import", "`import` (ShoppingList14, n items)", "py-rewrite", "python load+dump+rename"),
    ("add-stdin", "`add -` (10,000 names)", "py-rewrite", "python load+dump+rename"),
    ("merge-file", "`merge-file` (one item changed on each side)", "py-rewrite", "python load+dump+rename"),
    ("sync", "`sync` (one item changed)", "py-rewrite", "python load+dump+rename"),
]
# (work, items): the largest ratio to the reference allowed.
RATIO_TARGETS = {("list", 1000): 1.5, ("list-json", 10000): 0.4, ("add", 10000): 0.4, ("import", 10000): 0.6}
# (work, items, other work): at most this multiple of another shop command on the same file (issue #10).
SAME_FILE_TARGETS = [("merge-file", 10000, "list", 3.0)]
SCALE_TARGET = 11.0  # 10× the items: at most 11× the time
MEMORY_TARGET_WORKS = ("list-json", "add")  # at the largest size: peak at most python json.load's


def size_label(n):
    return f"{n // 1000}k" if n >= 1000 else str(n)


def ms(v):
    return f"{v:.1f} ms" if v < 1000 else f"{v / 1000:.2f} s"


def ref_key(ref, n):
    return ref if ref == "hello" else f"{ref}@{n}"


targets = []  # (what, measured, limit, met)

print("| work | items | shop median | reference median | ratio |")
print("|---|---:|---:|---:|---:|")
for work, label, ref, ref_label in WORKS:
    for n in sizes:
        key = f"{work}@{n}"
        if key not in median:
            continue
        shop, other = median[key], median.get(ref_key(ref, n))
        ratio = shop / other if other else None
        limit = RATIO_TARGETS.get((work, n))
        if limit is not None and ratio is not None:
            targets.append((f"{label} at {size_label(n)} vs {ref_label}", f"{ratio:.2f}×", f"≤ {limit:g}×",
                            ratio <= limit))
        print(f"| {label} | {size_label(n)} | {ms(shop)} | "
              f"{ms(other) + ' (' + ref_label + ')' if other else '—'} | {f'{ratio:.2f}×' if ratio else '—'} |")
for (work, n), limit in RATIO_TARGETS.items():
    label = next(l for w, l, *_ in WORKS if w == work)
    if n in sizes and f"{work}@{n}" not in median:
        targets.append((f"{label} at {size_label(n)}", "not measured", f"≤ {limit:g}×", False))

for work, n, other, limit in SAME_FILE_TARGETS:
    a, b = median.get(f"{work}@{n}"), median.get(f"{other}@{n}")
    label = next(l for w, l, *_ in WORKS if w == work)
    if a is not None and b is not None:
        targets.append((f"{label} at {size_label(n)} vs `{other}` of one of its files", f"{a / b:.2f}×", f"≤ {limit:g}×",
                        a / b <= limit))

print("\nGrowth: time at 10× the items, as a multiple of the time at the smaller size:\n")
print("| work | items | ratio |")
print("|---|---|---:|")
for work, label, _, _ in WORKS:
    for small, big in zip(sizes, sizes[1:]):
        a, b = median.get(f"{work}@{small}"), median.get(f"{work}@{big}")
        if a is None or b is None or big != 10 * small:
            continue
        ratio = b / a
        targets.append((f"{label}, {size_label(small)}→{size_label(big)} items", f"{ratio:.2f}×",
                        f"≤ {SCALE_TARGET:g}×", ratio <= SCALE_TARGET))
        print(f"| {label} | {size_label(small)}→{size_label(big)} ({ms(a)} → {ms(b)}) | {ratio:.2f}× |")

extra = [k for k in median if k.split("@")[0] in ("todo.sh", "task", "py-rewrite")]
if extra:
    print("\nReferences not in the table above:\n")
    print("| program | items | median |")
    print("|---|---:|---:|")
    for k in sorted(extra, key=lambda k: (k.split("@")[0], int(k.split("@")[1]))):
        name, n = k.split("@")
        label = {"py-rewrite": "python load+dump+rename (no fsync)", "todo.sh": "todo.sh ls",
                 "task": "task list"}[name]
        print(f"| {label} | {size_label(int(n))} | {ms(median[k])} |")
if "hello" in median:
    print(f"\nSwift start-up floor (hello world, FoundationEssentials, -static-stdlib): {ms(median['hello'])}")

codec = os.path.join(results_dir, "codec.md")
if os.path.exists(codec) and open(codec).read().strip():
    print("\nIn-process codec throughput (`.bench/codec`, best of several rounds; MB = 10^6 bytes):\n")
    print(open(codec).read().strip())

memory = {}  # size -> {work: (KiB, file bytes)}
with open(os.path.join(results_dir, "memory.tsv")) as f:
    for line in f:
        n, work, kib, size = line.rstrip("\n").split("\t")
        memory.setdefault(int(n), {})[work] = (int(kib), int(size))
if memory:
    works = [w for w, *_ in WORKS if any(w in m for m in memory.values())]
    print("\nPeak memory (max RSS, MiB):\n")
    print("| items | file | " + " | ".join(works) + " | python json.load |")
    print("|---:|---:|" + "---:|" * len(works) + "---:|")
    for n in sorted(memory):
        m = memory[n]
        size = m["list"][1] if "list" in m else min(v[1] for v in m.values())
        cells = " | ".join(f"{m[w][0] / 1024:.1f}" if w in m else "—" for w in works)
        py = f"{m['py-load'][0] / 1024:.1f}" if "py-load" in m else "—"
        print(f"| {size_label(n)} | {size / 2**20:.2f} MiB | {cells} | {py} |")
    largest = max(memory)
    m = memory[largest]
    for work in MEMORY_TARGET_WORKS:
        if work in m and "py-load" in m:
            mine, python = m[work][0] / 1024, m["py-load"][0] / 1024
            targets.append((f"peak memory of `{work}` at {size_label(largest)}", f"{mine:.1f} MiB",
                            f"≤ {python:.1f} MiB (python json.load)", mine <= python))

notes = open(os.path.join(results_dir, "notes.txt")).read().strip()
if notes:
    print("\nSkipped or failed:\n")
    for line in notes.splitlines():
        print(f"- {line}")

print("\nTargets (issue #12), from this run:\n")
print("| target | measured | limit | met? |")
print("|---|---:|---:|---|")
for what, measured, limit, met in targets:
    print(f"| {what} | {measured} | {limit} | {'yes' if met else '**no**'} |")
missed = [t for t in targets if not t[3]]
print(f"\n{len(targets) - len(missed)} of {len(targets)} targets met" +
      ("." if not missed else "; missed: " + "; ".join(f"{t[0]} ({t[1]}, {t[2]})" for t in missed) + "."))
