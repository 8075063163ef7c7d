#!/usr/bin/env python3
"""Turns the criterion estimates of `cargo bench --bench throughput` into the BENCHMARKS.md table.

Usage: python3 benches/report.py [TARGET_DIR]   (default: target)

Reads TARGET_DIR/criterion/<group>/<benchmark>/new/{estimates,benchmark}.json, divides each
median iteration time by the FENs per iteration, and prints one Markdown table: ns/FEN and the
speed ratio against shakmaty in the same group (shakmaty's time / this row's time, so 4.0x
means four times shakmaty's throughput).

The median rather than the mean: on a shared machine a burst of load during a few samples
moves the mean of that row (and so its ratio) but hardly the median.
"""

import json
import sys
from pathlib import Path

ORDER = ["copy", "parse", "validate", "write", "convert"]
CORPORA = ["classical", "chess960", "chess960-xfen"]
WHAT = {
    "copy": "copy the bytes (floor)",
    "parse": "parse",
    "validate": "parse + validate",
    "write": "write",
    "convert": "convert (parse + write)",
}


def load(root):
    rows = {}
    for estimates in sorted(root.glob("*/*/new/estimates.json")):
        bench_dir = estimates.parent.parent
        meta = json.loads((estimates.parent / "benchmark.json").read_text())
        throughput = meta.get("throughput") or {}
        fens = throughput.get("Elements")
        if not fens:
            continue
        median_ns = json.loads(estimates.read_text())["median"]["point_estimate"]
        group = meta["group_id"]
        rows.setdefault(group, {})[meta["function_id"]] = median_ns / fens
        del bench_dir
    return rows


def group_key(group):
    op, _, corpus = group.partition("-")
    return (ORDER.index(op) if op in ORDER else 99, CORPORA.index(corpus) if corpus in CORPORA else 99)


def main():
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "target")
    rows = load(target / "criterion")
    if not rows:
        sys.exit(f"no criterion results under {target / 'criterion'}: run cargo bench --bench throughput first")
    print("| operation | corpus | implementation | ns/FEN | vs shakmaty |")
    print("| --- | --- | --- | ---: | ---: |")
    for group in sorted(rows, key=group_key):
        op, _, corpus = group.partition("-")
        benches = rows[group]
        base = benches.get("shakmaty")
        for name, ns in sorted(benches.items(), key=lambda kv: (kv[0] == "shakmaty", kv[0].startswith("cozy"), kv[0])):
            ratio = f"{base / ns:.2f}x" if base and name != "shakmaty" else ("1.00x" if name == "shakmaty" else "")
            print(f"| {WHAT.get(op, op)} | {corpus} | {name} | {ns:.1f} | {ratio} |")


if __name__ == "__main__":
    main()
