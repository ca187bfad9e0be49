#!/usr/bin/python3
"""Prints the benchmark's markdown report from the hyperfine results .bench/run collected.

usage: report.py RESULTS_DIR SIZE...
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

WORKS = [  # key, label, reference key, reference label
    ("list", "`list`", "hello", "Swift hello"),
    ("list-json", "`list --by-location --json`", "py-load", "python json.load"),
    ("add", "`add`", "py-rewrite", "python load+dump+rename"),
    ("buy", "`buy`", "py-rewrite", "python load+dump+rename"),
    ("import", "`import` (ShoppingList14, n items)", "py-rewrite", "python load+dump+rename"),
    ("add-stdin", "`add -` (10,000 names)", "py-rewrite", "python load+dump+rename"),
]
TARGETS = {("list", 1000): 2.0, ("list-json", 10000): 0.5, ("add", 10000): 0.5}
SCALE_TARGET = 12.0


def size_label(n):
    return f"{n // 1000}k" if n >= 1000 else str(n)


def ms(v):
    return f"{v:.1f} ms" if v < 1000 else f"{v / 1000:.2f} s"


def ref_key(ref, n):
    return ref if ref == "hello" else f"{ref}@{n}"


print("| work | items | shop median | reference median | ratio | target | met? |")
print("|---|---:|---:|---:|---:|---:|---|")
verdicts = []
for work, label, ref, ref_label in WORKS:
    for n in sizes:
        key = f"{work}@{n}"
        if key not in median:
            continue
        shop, other = median[key], median.get(ref_key(ref, n))
        ratio = shop / other if other else None
        target = TARGETS.get((work, n))
        met = "" if target is None or ratio is None else ("yes" if ratio <= target else "**no**")
        if target is not None and ratio is not None:
            verdicts.append((f"{label} at {size_label(n)}", ratio, f"≤ {target:g}×", ratio <= target))
        print(f"| {label} | {size_label(n)} | {ms(shop)} | "
              f"{ms(other) + ' (' + ref_label + ')' if other else '—'} | "
              f"{f'{ratio:.2f}×' if ratio else '—'} | {f'≤ {target:g}×' if target else '—'} | {met} |")
for work, label, _, _ in WORKS:
    for small, big in zip(sizes, sizes[1:]):
        a, b = median.get(f"{work}@{small}"), median.get(f"{work}@{big}")
        if a is None or b is None or big != 10 * small:
            continue
        ratio = b / a
        ok = ratio <= SCALE_TARGET
        verdicts.append((f"{label} {size_label(small)}→{size_label(big)}", ratio, f"≤ {SCALE_TARGET:g}×", ok))
        print(f"| {label}, 10× items | {size_label(small)}→{size_label(big)} | {ms(b)} | {ms(a)} (shop at "
              f"{size_label(small)}) | {ratio:.2f}× | ≤ {SCALE_TARGET:g}× | {'yes' if ok else '**no**'} |")

extra = [k for k in median if k.split("@")[0] in ("todo.sh", "task", "py-rewrite-sync")]
if extra:
    print("\nOther references (for comparison, no target):\n")
    print("| program | items | median |")
    print("|---|---:|---:|")
    for k in sorted(extra, key=lambda k: (k.split("@")[0], int(k.split("@")[1]))):
        name, n = k.split("@")
        label = {"py-rewrite-sync": "python load+dump+fsync+rename (what shop's write does)",
                 "todo.sh": "todo.sh ls", "task": "task list"}[name]
        print(f"| {label} | {size_label(int(n))} | {ms(median[k])} |")
if "hello" in median:
    print(f"\nSwift start-up floor (hello world, FoundationEssentials, -static-stdlib): {ms(median['hello'])}")

memory = {}  # size -> {work: (KiB, bytes)}
with open(os.path.join(results_dir, "memory.tsv")) as f:
    for line in f:
        n, work, kib, size = line.rstrip("\n").split("\t")
        memory.setdefault(int(n), {})[work] = (int(kib), int(size))
if memory:
    works = [w for w, *_ in WORKS if any(w in m for m in memory.values())]
    print("\nPeak memory (max RSS, MiB; target: under 4 × file size + 16 MiB; a command that grows the file "
          "is held to the limit of its larger file, shown in brackets):\n")
    print("| items | file | " + " | ".join(w for w in works) + " | python json.load | shop peak | limit | met? |")
    print("|---:|---:|" + "---:|" * len(works) + "---:|---:|---:|---|")
    for n in sorted(memory):
        m = memory[n]
        size = m["list"][1] if "list" in m else min(v[1] for v in m.values())
        limit = 4 * size / 2**20 + 16
        # Each command against its own limit: 4 × the larger of its file before and after, + 16 MiB.
        over = [w for w in works if w in m and m[w][0] / 1024 >= 4 * m[w][1] / 2**20 + 16]
        peak = max(m[w][0] for w in works if w in m) / 1024
        ok = not over
        verdicts.append((f"peak memory at {size_label(n)}" + (f" ({', '.join(over)})" if over else ""),
                         max(m[w][0] / 1024 / (4 * m[w][1] / 2**20 + 16) for w in works if w in m),
                         "< 1× limit", ok))
        cells = " | ".join(
            (f"{m[w][0] / 1024:.1f}" + ("" if f"{4 * m[w][1] / 2**20 + 16:.1f}" == f"{limit:.1f}" else f" (≤ {4 * m[w][1] / 2**20 + 16:.1f})"))
            if w in m else "—" for w in works)
        py = f"{m['py-load'][0] / 1024:.1f}" if "py-load" in m else "—"
        print(f"| {size_label(n)} | {size / 2**20:.2f} MiB | {cells} | {py} | {peak:.1f} | {limit:.1f} | "
              f"{'yes' if ok else '**no**'} |")

notes = open(os.path.join(results_dir, "notes.txt")).read().strip()
if notes:
    print("\nSkipped or failed:\n")
    for line in notes.splitlines():
        print(f"- {line}")
missed = [v for v in verdicts if not v[3]]
print(f"\nTargets: {len(verdicts) - len(missed)} of {len(verdicts)} met" +
      ("" if not missed else "; missed: " + "; ".join(f"{v[0]} ({v[1]:.2f}, target {v[2]})" for v in missed)))
