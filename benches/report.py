#!/usr/bin/env python3
"""Turns the criterion estimates of `cargo bench --bench throughput` into the BENCHMARKS.md table.

Usage: python3 benches/report.py [TARGET_DIR]   (default: target)

Reads TARGET_DIR/criterion/<group>/<benchmark>/new/{estimates,benchmark}.json, divides each
median iteration time by the FENs per iteration, and prints one Markdown table: ns/FEN and the
speed ratio against shakmaty in the same group (shakmaty's time / this row's time, so 4.0x
means four times shakmaty's throughput), for the median and for the fastest sample
(sample.json: each sample's time over its iterations).

Why two: on a shared machine bursts of load slow down some samples of a row, and so move its
ratio against a row measured a minute earlier or later. The median resists bursts that hit
fewer than half the samples; the fastest sample is what the code does when nothing
interferes (interference only ever adds time).
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
        samples = json.loads((estimates.parent / "sample.json").read_text())
        fastest_ns = min(t / n for t, n in zip(samples["times"], samples["iters"]))
        group = meta["group_id"]
        rows.setdefault(group, {})[meta["function_id"]] = (median_ns / fens, fastest_ns / fens)
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
    print("| operation | corpus | implementation | ns/FEN (median) | vs shakmaty | ns/FEN (fastest) | vs shakmaty |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: |")
    for group in sorted(rows, key=group_key):
        op, _, corpus = group.partition("-")
        benches = rows[group]
        base = benches.get("shakmaty")
        for name, times in sorted(benches.items(), key=lambda kv: (kv[0] == "shakmaty", kv[0].startswith("cozy"), kv[0])):
            cells = []
            for i, ns in enumerate(times):
                if name == "shakmaty":
                    ratio = "1.00x"
                else:
                    ratio = f"{base[i] / ns:.2f}x" if base else ""
                cells.append(f"{ns:.1f} | {ratio}")
            print(f"| {WHAT.get(op, op)} | {corpus} | {name} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
