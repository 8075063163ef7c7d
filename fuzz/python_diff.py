#!/usr/bin/env python3
"""Compares our answers on generated setups with python-chess 1.11.2 (the reference of
spec-notes/validation.md and en-passant.md).

    CHESSFEN_DUMP_N=100000 cargo test --release --test properties -- --ignored dump_for_python_chess
    python3 fuzz/python_diff.py target/python-diff.tsv

Setups python-chess cannot read (more than two castling letters of a colour) are counted
and skipped. Prints every disagreement (up to 20 per kind) and exits 1 if there is one.
"""
import collections
import sys

import chess

assert chess.__version__ == "1.11.2", chess.__version__

path = sys.argv[1] if len(sys.argv) > 1 else "target/python-diff.tsv"
counts = collections.Counter()
shown = collections.Counter()
for line in open(path):
    name, fen, valid, legal, pseudo, n960, problems = line.rstrip("\n").split("\t")
    try:
        board = chess.Board(fen, chess960=True)
    except ValueError:
        counts[name, "skipped"] += 1
        continue
    counts[name, "compared"] += 1
    theirs = {
        "valid": board.status() == chess.STATUS_VALID,
        "legal ep": board.has_legal_en_passant(),
        "pseudo ep": board.has_pseudo_legal_en_passant(),
        "chess960": board.chess960_pos(ignore_castling=False) if board.status() == chess.STATUS_VALID else None,
    }
    ours = {
        "valid": valid == "1",
        "legal ep": legal == "1",
        "pseudo ep": pseudo == "1",
        "chess960": None if n960 == "-1" else int(n960),
    }
    if theirs["chess960"] is not None and ours["chess960"] is None and not ours["valid"]:
        theirs["chess960"] = None
    for kind in ours:
        if ours[kind] != theirs[kind]:
            counts[name, "differ: " + kind] += 1
            if shown[kind] < 20:
                shown[kind] += 1
                print(f"{kind}: ours {ours[kind]} python {theirs[kind]} ({board.status()!r}) {fen}  [{problems}]")
for key in sorted(counts):
    print(*key, counts[key], sep="\t")
sys.exit(1 if any(k[1].startswith("differ") for k in counts) else 0)
