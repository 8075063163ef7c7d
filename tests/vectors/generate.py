#!/usr/bin/env python3
"""Generate the chessfen test vectors with python-chess 1.11.2 as the reference.

Usage:  python3 tests/vectors/generate.py [--bench DIR]

Writes next to this script:
  status.tsv      fen -> names of the set bits of Board.status()
  en_passant.tsv  fen -> has_pseudo_legal_en_passant(), has_legal_en_passant()
  chess960.tsv    n -> from_chess960_pos(n).fen() (X-FEN) and fen(shredder=True)
  dfrc.tsv        (white_n, black_n) -> Shredder-FEN and X-FEN of the DFRC start
  castling.tsv    Shredder-FEN <-> X-FEN of positions with valid, unusual castling rights

Every expected value is computed by python-chess; nothing is hand-derived.
Input FENs (status.tsv, en_passant.tsv) always have 6 fields and write the
castling field with Shredder file letters only (A-H white on rank 1, a-h
black on rank 8) or "-". Every input is parsed with
chess.Board(fen, chess960=True) and the script asserts that python-chess
stored exactly the intended castling squares and en-passant square; inputs
python-chess rejects with ValueError are skipped (and counted).

The script is deterministic: fixed seeds, no set/hash-order iteration over
strings. It reads real positions from the FEN benchmark corpus
(/work/shared/bench by default, or --bench DIR, or $CHESSFEN_BENCH) and checks
the corpus sha256 so that a changed corpus cannot silently change the output.
"""
import hashlib
import os
import random
import sys
from collections import Counter

import chess

assert chess.__version__ == "1.11.2", f"need python-chess 1.11.2, have {chess.__version__}"

HERE = os.path.dirname(os.path.abspath(__file__))

BENCH_SHA256 = {
    "classical.fen": "6f156b61edf8da5badaef410564363c121d7de60b6f7e6245c5a62876e2eeebc",
    "chess960.fen": "5977e1876ea80a022f077ee0a149f71999922ca4f0d3852f92dedca1aa0497b0",
}

FILES = "abcdefgh"
WHITE, BLACK = chess.WHITE, chess.BLACK
P, N, B, R, Q, K = chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN, chess.KING
BACKRANK = {WHITE: 0, BLACK: 7}

# Status flag names in increasing bit order (python-chess STATUS_* constants
# without the prefix).
STATUS_FLAGS = sorted(
    ((int(getattr(chess, name)), name[len("STATUS_"):])
     for name in dir(chess)
     if name.startswith("STATUS_") and name != "STATUS_VALID"),
    key=lambda t: t[0])
STANDARD_FLAGS = [name for bit, name in STATUS_FLAGS if not name.startswith("RACE_")]

SKIPPED = Counter()  # inputs python-chess rejected with ValueError, per generator


# ---------------------------------------------------------------------------
# Helpers
# ---------------------------------------------------------------------------

def flags_str(status):
    status = int(status)
    if status == 0:
        return "VALID"
    return ",".join(name for bit, name in STATUS_FLAGS if status & bit)


def castling_field(bb, ascending=False):
    """Shredder castling field for a bitboard of rank-1 / rank-8 squares."""
    assert bb & ~(chess.BB_RANK_1 | chess.BB_RANK_8) == 0
    white = list(chess.scan_forward(bb & chess.BB_RANK_1))
    black = list(chess.scan_forward(bb & chess.BB_RANK_8))
    if not ascending:
        white.reverse()
        black.reverse()
    s = "".join(FILES[chess.square_file(sq)].upper() for sq in white)
    s += "".join(FILES[chess.square_file(sq)] for sq in black)
    return s or "-"


def board_part(pmap):
    bb = chess.BaseBoard.empty()
    for sq in sorted(pmap):
        bb.set_piece_at(sq, pmap[sq])
    return bb.board_fen()


class Pos:
    """An input position under construction (independent of python-chess state)."""

    __slots__ = ("pmap", "turn", "castling", "ep", "half", "full", "ascending")

    def __init__(self, pmap, turn=WHITE, castling=0, ep=None, half=0, full=1, ascending=False):
        self.pmap = dict(pmap)
        self.turn = turn
        self.castling = castling
        self.ep = ep
        self.half = half
        self.full = full
        self.ascending = ascending

    def copy(self):
        return Pos(self.pmap, self.turn, self.castling, self.ep, self.half, self.full, self.ascending)

    def fen(self):
        return " ".join([
            board_part(self.pmap),
            "w" if self.turn == WHITE else "b",
            castling_field(self.castling, self.ascending),
            "-" if self.ep is None else chess.SQUARE_NAMES[self.ep],
            str(self.half),
            str(self.full),
        ])

    def kings(self, color):
        return [sq for sq in sorted(self.pmap) if self.pmap[sq] == chess.Piece(K, color)]

    def empty_squares(self):
        return [sq for sq in chess.SQUARES if sq not in self.pmap]


def pos_from_board(board):
    return Pos(board.piece_map(), board.turn, board.castling_rights, board.ep_square,
               board.halfmove_clock, board.fullmove_number)


def load(pos, tag):
    """Parse pos.fen() with python-chess (chess960=True); None if rejected."""
    fen = pos.fen()
    try:
        board = chess.Board(fen, chess960=True)
    except ValueError:
        SKIPPED[tag] += 1
        return None, fen
    assert board.castling_rights == pos.castling, (fen, board.castling_rights, pos.castling)
    assert board.ep_square == pos.ep, (fen, board.ep_square, pos.ep)
    assert board.turn == pos.turn
    assert board.piece_map() == pos.pmap, fen
    return board, fen


def sq(f, r):
    return chess.square(f, r)


def on_board(f, r):
    return 0 <= f < 8 and 0 <= r < 8


def ray_squares(start, df, dr):
    f, r = chess.square_file(start) + df, chess.square_rank(start) + dr
    out = []
    while on_board(f, r):
        out.append(sq(f, r))
        f += df
        r += dr
    return out


DIAG_DIRS = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
ORTHO_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]
ALL_DIRS = DIAG_DIRS + ORTHO_DIRS


def attack_sources(pmap, target, piece_type, attacker_color):
    """Empty squares from which a piece of the given type/colour would attack target."""
    out = []
    if piece_type == P:
        # A pawn of attacker_color on s attacks target iff a pawn of the other
        # colour on target attacks s.
        bb = chess.BB_PAWN_ATTACKS[not attacker_color][target]
        out = [s for s in chess.scan_forward(bb) if chess.square_rank(s) not in (0, 7)]
    elif piece_type == N:
        out = list(chess.scan_forward(chess.BB_KNIGHT_ATTACKS[target]))
    elif piece_type == K:
        out = list(chess.scan_forward(chess.BB_KING_ATTACKS[target]))
    else:
        dirs = {B: DIAG_DIRS, R: ORTHO_DIRS, Q: ALL_DIRS}[piece_type]
        for df, dr in dirs:
            for s in ray_squares(target, df, dr):
                if s in pmap:
                    break
                out.append(s)
    return [s for s in out if s not in pmap]


def random_piece_type(rng, weights=(3, 1, 1, 2, 1, 0)):
    return rng.choices([P, N, B, R, Q, K], weights=weights)[0]


def place_random(rng, pmap, piece, avoid=(), allow_backrank_pawn=False):
    cands = [s for s in chess.SQUARES if s not in pmap and s not in avoid]
    if piece.piece_type == P and not allow_backrank_pawn:
        cands = [s for s in cands if chess.square_rank(s) not in (0, 7)]
    if not cands:
        return None
    s = rng.choice(cands)
    pmap[s] = piece
    return s


def random_clocks(rng):
    return rng.randrange(0, 60), rng.randrange(1, 90)


class Table:
    """Collects unique records (first occurrence wins, insertion ordered)."""

    def __init__(self):
        self.sections = []  # list of (name, [row tuples])
        self.seen = {}

    def section(self, name):
        self.sections.append((name, []))

    def add(self, key, row):
        if key in self.seen:
            return False
        self.seen[key] = True
        self.sections[-1][1].append(row)
        return True

    def rows(self):
        for _, rows in self.sections:
            yield from rows

    def __len__(self):
        return sum(len(rows) for _, rows in self.sections)

    def write(self, filename, header):
        path = os.path.join(HERE, filename)
        with open(path, "w", encoding="ascii", newline="\n") as f:
            f.write("# " + header + "\n")
            for name, rows in self.sections:
                if not rows:
                    continue
                f.write(f"# section: {name} ({len(rows)} records)\n")
                for row in rows:
                    f.write("\t".join(str(x) for x in row) + "\n")
        return path


# ---------------------------------------------------------------------------
# Bench corpus
# ---------------------------------------------------------------------------

def load_bench(bench_dir):
    out = {}
    for name, digest in BENCH_SHA256.items():
        path = os.path.join(bench_dir, name)
        with open(path, "rb") as f:
            data = f.read()
        got = hashlib.sha256(data).hexdigest()
        if got != digest:
            sys.exit(f"{path}: sha256 {got} != expected {digest}; the corpus changed")
        out[name] = data.decode("ascii").splitlines()
    return out


def bench_positions(lines, rng, n_random, n_castling, n_ep):
    """Sample bench lines, returning Pos objects with castling as bitboards."""
    idx = list(range(len(lines)))
    rng.shuffle(idx)
    picked = []
    counts = {"random": 0, "castling": 0, "ep": 0}
    want = {"random": n_random, "castling": n_castling, "ep": n_ep}
    for i in idx:
        fen = lines[i]
        fields = fen.split()
        kind = None
        if fields[3] != "-" and counts["ep"] < want["ep"]:
            kind = "ep"
        elif fields[2] != "-" and counts["castling"] < want["castling"]:
            kind = "castling"
        elif counts["random"] < want["random"]:
            kind = "random"
        if kind is None:
            if all(counts[k] >= want[k] for k in counts):
                break
            continue
        board = chess.Board(fen, chess960=True)
        picked.append(pos_from_board(board))
        counts[kind] += 1
    return picked


# ---------------------------------------------------------------------------
# Double-push scenes (shared by status.tsv and en_passant.tsv)
# ---------------------------------------------------------------------------

def random_game_double_pushes(rng, start_board, max_plies, p_prefer_double):
    """Random legal play; yields boards right after each double pawn push."""
    board = start_board
    for _ in range(max_plies):
        moves = list(board.legal_moves)
        if not moves:
            return
        doubles = [m for m in moves
                   if board.piece_type_at(m.from_square) == P
                   and abs(m.to_square - m.from_square) == 16]
        move = None
        if doubles and rng.random() < p_prefer_double:
            checking = [m for m in doubles if board.gives_check(m)]
            adjacent = []
            for m in doubles:
                f, r = chess.square_file(m.to_square), chess.square_rank(m.to_square)
                for df in (-1, 1):
                    if on_board(f + df, r) and board.piece_at(sq(f + df, r)) == chess.Piece(P, not board.turn):
                        adjacent.append(m)
            if checking and rng.random() < 0.5:
                move = rng.choice(checking)
            elif adjacent and rng.random() < 0.7:
                move = rng.choice(adjacent)
            else:
                move = rng.choice(doubles)
        if move is None:
            move = rng.choice(moves)
        is_double = move in doubles
        board.push(move)
        if is_double:
            assert board.ep_square is not None
            yield board


def random_sparse_prepush(rng):
    """A random sparse legal-looking position where the side to move has a
    pawn on its start rank that can double-push. Often arranged so that the
    push gives a discovered check, a direct pawn check, or lands next to an
    enemy pawn, or so that the side to move is in check and the push blocks."""
    mover = rng.choice([WHITE, BLACK])
    them = not mover
    start_rank = 1 if mover == WHITE else 6
    step = 1 if mover == WHITE else -1
    f = rng.randrange(8)
    origin = sq(f, start_rank)
    mid = sq(f, start_rank + step)
    dest = sq(f, start_rank + 2 * step)
    pmap = {origin: chess.Piece(P, mover)}
    keep_empty = {mid, dest}
    scenario = rng.choice(["discovered", "discovered", "discovered", "pawn_check", "adjacent", "evasion", "plain", "pin"])
    dest_f, dest_r = f, start_rank + 2 * step

    def put(s, piece):
        if s in pmap or s in keep_empty:
            return False
        if piece.piece_type == P and chess.square_rank(s) in (0, 7):
            return False
        pmap[s] = piece
        return True

    if scenario == "discovered":
        # enemy king and our slider on a line through origin (not the file)
        dirs = [(1, 1), (1, -1), (1, 0)]
        df, dr = rng.choice(dirs)
        fwd = ray_squares(origin, df, dr)
        back = ray_squares(origin, -df, -dr)
        if fwd and back:
            ks = rng.choice(fwd)
            ss = rng.choice(back)
            if rng.random() < 0.5:
                ks, ss = ss, ks
            put(ks, chess.Piece(K, them))
            slider = Q if rng.random() < 0.3 else (R if dr == 0 else B)
            put(ss, chess.Piece(slider, mover))
            keep_empty |= set(s for s in chess.SquareSet(chess.between(ks, ss)) if s != origin)
    elif scenario == "pawn_check":
        for df in (-1, 1):
            if on_board(dest_f + df, dest_r + step) and rng.random() < 0.7:
                put(sq(dest_f + df, dest_r + step), chess.Piece(K, them))
                break
    elif scenario in ("adjacent", "pin"):
        for df in (-1, 1):
            if on_board(dest_f + df, dest_r) and rng.random() < 0.6:
                put(sq(dest_f + df, dest_r), chess.Piece(P, them))
        if scenario == "pin":
            # enemy king on the capture rank, our rook/queen on the same rank
            row = [sq(x, dest_r) for x in range(8) if sq(x, dest_r) not in pmap and sq(x, dest_r) != dest]
            if len(row) >= 2:
                a, b = rng.sample(row, 2)
                put(a, chess.Piece(K, them))
                put(b, chess.Piece(rng.choice([R, Q]), mover))
    elif scenario == "evasion":
        # our king in check from a slider whose line crosses mid or dest
        block = rng.choice([mid, dest])
        df, dr = rng.choice([(1, 0), (1, 1), (1, -1)])
        fwd = ray_squares(block, df, dr)
        back = ray_squares(block, -df, -dr)
        if fwd and back:
            ks = rng.choice(fwd)
            ss = rng.choice(back)
            if rng.random() < 0.5:
                ks, ss = ss, ks
            put(ks, chess.Piece(K, mover))
            slider = Q if rng.random() < 0.3 else (R if dr == 0 else B)
            put(ss, chess.Piece(slider, them))
            keep_empty |= set(chess.SquareSet(chess.between(ks, ss)))
    # Kings if missing
    for color in (WHITE, BLACK):
        if not any(p == chess.Piece(K, color) for p in pmap.values()):
            for _ in range(20):
                if put(rng.choice(chess.SQUARES), chess.Piece(K, color)):
                    break
    # Extra random pieces
    for _ in range(rng.randrange(0, 7)):
        color = rng.choice([WHITE, BLACK])
        pt = random_piece_type(rng, (4, 1, 1, 1, 1, 0))
        for _ in range(10):
            if put(rng.choice(chess.SQUARES), chess.Piece(pt, color)):
                break
    board = chess.Board.empty(chess960=True)
    for s in sorted(pmap):
        board.set_piece_at(s, pmap[s])
    board.turn = mover
    if board.status() != chess.STATUS_VALID:
        return None
    move = chess.Move(origin, dest)
    if not board.is_legal(move):
        return None
    board.push(move)
    return board


def sparse_double_push_boards(rng, count):
    out = []
    while len(out) < count:
        b = random_sparse_prepush(rng)
        if b is not None:
            out.append(b)
    return out


# ---------------------------------------------------------------------------
# status.tsv
# ---------------------------------------------------------------------------

def random_castling_bb(rng, pos, color):
    rank = BACKRANK[color]
    rooks = [sq(f, rank) for f in range(8) if pos.pmap.get(sq(f, rank)) == chess.Piece(R, color)]
    others = [sq(f, rank) for f in range(8)]
    n = rng.choice([0, 1, 1, 2, 2, 2])
    chosen = []
    for _ in range(n):
        pool = rooks if rooks and rng.random() < 0.7 else others
        s = rng.choice(pool)
        if s not in chosen:
            chosen.append(s)
    bb = 0
    for s in chosen:
        bb |= chess.BB_SQUARES[s]
    return bb


def plausible_ep(rng, pos):
    """An ep square behind an enemy pawn on its 4th rank (if any)."""
    them = not pos.turn
    rank = 4 if pos.turn == WHITE else 3
    cands = [s for s in sorted(pos.pmap) if pos.pmap[s] == chess.Piece(P, them) and chess.square_rank(s) == rank]
    if not cands:
        return None
    s = rng.choice(cands)
    return s + (8 if pos.turn == WHITE else -8)


def random_ep(rng, pos):
    x = rng.random()
    if x < 0.35:
        e = plausible_ep(rng, pos)
        if e is not None:
            return e
    if x < 0.75:
        return sq(rng.randrange(8), rng.choice([2, 5]))
    if x < 0.8:
        return chess.A1
    if x < 0.9:
        return None
    return rng.randrange(64)


def mutate(rng, pos):
    pos = pos.copy()
    kinds = ["move", "add", "remove", "flip", "castling", "ep", "recolor", "add_pawns", "remove_king", "add_king"]
    weights = [5, 5, 4, 3, 4, 4, 2, 1, 2, 1]
    for _ in range(rng.choice([1, 1, 2, 2, 3])):
        kind = rng.choices(kinds, weights)[0]
        occ = sorted(pos.pmap)
        if kind == "move" and occ:
            s = rng.choice(occ)
            piece = pos.pmap.pop(s)
            t = rng.choice(pos.empty_squares())
            pos.pmap[t] = piece
        elif kind == "add":
            piece = chess.Piece(random_piece_type(rng, (3, 1, 1, 2, 1, 1)), rng.choice([WHITE, BLACK]))
            place_random(rng, pos.pmap, piece, allow_backrank_pawn=rng.random() < 0.2)
        elif kind == "remove" and occ:
            del pos.pmap[rng.choice(occ)]
        elif kind == "flip":
            pos.turn = not pos.turn
        elif kind == "castling":
            pos.castling = random_castling_bb(rng, pos, WHITE) | random_castling_bb(rng, pos, BLACK)
        elif kind == "ep":
            pos.ep = random_ep(rng, pos)
        elif kind == "recolor" and occ:
            s = rng.choice(occ)
            pos.pmap[s] = chess.Piece(pos.pmap[s].piece_type, not pos.pmap[s].color)
        elif kind == "add_pawns":
            color = rng.choice([WHITE, BLACK])
            for _ in range(rng.randrange(1, 5)):
                place_random(rng, pos.pmap, chess.Piece(P, color))
        elif kind == "remove_king":
            ks = pos.kings(rng.choice([WHITE, BLACK]))
            if ks:
                del pos.pmap[ks[0]]
        elif kind == "add_king":
            place_random(rng, pos.pmap, chess.Piece(K, rng.choice([WHITE, BLACK])))
    return pos


def gen_empty(rng):
    out = []
    for turn in (WHITE, BLACK):
        for e in [None] + list(range(64)):
            out.append(Pos({}, turn, 0, e, 0, 1))
    for _ in range(60):
        p = Pos({}, rng.choice([WHITE, BLACK]), 0, None, *random_clocks(rng))
        p.castling = random_castling_bb(rng, p, WHITE) | random_castling_bb(rng, p, BLACK)
        if rng.random() < 0.3:
            p.ep = random_ep(rng, p)
        out.append(p)
    # almost empty: a single piece
    for _ in range(60):
        piece = chess.Piece(random_piece_type(rng, (1, 1, 1, 1, 1, 3)), rng.choice([WHITE, BLACK]))
        p = Pos({}, rng.choice([WHITE, BLACK]))
        place_random(rng, p.pmap, piece, allow_backrank_pawn=True)
        out.append(p)
    return out


def gen_kings(rng, count):
    out = []
    for _ in range(count):
        p = Pos({}, rng.choice([WHITE, BLACK]), 0, None, *random_clocks(rng))
        nw = rng.choices([0, 1, 2, 3], [3, 3, 3, 1])[0]
        nb = rng.choices([0, 1, 2, 3], [3, 3, 3, 1])[0]
        for color, n in ((WHITE, nw), (BLACK, nb)):
            for _ in range(n):
                if rng.random() < 0.4:
                    s = sq(rng.randrange(8), BACKRANK[color])
                    if s not in p.pmap:
                        p.pmap[s] = chess.Piece(K, color)
                        continue
                place_random(rng, p.pmap, chess.Piece(K, color))
        for _ in range(rng.randrange(0, 6)):
            place_random(rng, p.pmap, chess.Piece(random_piece_type(rng, (3, 1, 1, 2, 1, 0)), rng.choice([WHITE, BLACK])))
        # rooks on back ranks and castling rights (kings interact with castling)
        if rng.random() < 0.4:
            for color in (WHITE, BLACK):
                for _ in range(rng.randrange(0, 3)):
                    s = sq(rng.randrange(8), BACKRANK[color])
                    if s not in p.pmap:
                        p.pmap[s] = chess.Piece(R, color)
            p.castling = random_castling_bb(rng, p, WHITE) | random_castling_bb(rng, p, BLACK)
        if rng.random() < 0.3:
            p.ep = random_ep(rng, p)
        out.append(p)
    return out


def gen_counts(rng, base, count):
    """Too many pawns / pieces, and boundary cases with exactly 8 / 16."""
    out = []
    for _ in range(count):
        p = rng.choice(base).copy()
        color = rng.choice([WHITE, BLACK])
        mode = rng.choice(["pawns", "pawns", "pieces", "pieces", "both"])
        if mode in ("pawns", "both"):
            target = rng.choice([8, 9, 9, 10, 11, 16])
            pawns = [s for s in sorted(p.pmap) if p.pmap[s] == chess.Piece(P, color)]
            while len(pawns) < target:
                s = place_random(rng, p.pmap, chess.Piece(P, color))
                if s is None:
                    break
                pawns.append(s)
            while len(pawns) > target:
                s = pawns.pop(rng.randrange(len(pawns)))
                del p.pmap[s]
        if mode in ("pieces", "both"):
            target = rng.choice([16, 17, 17, 18, 20])
            mine = [s for s in sorted(p.pmap) if p.pmap[s].color == color]
            while len(mine) < target:
                pt = random_piece_type(rng, (0, 1, 1, 1, 1, 0)) if rng.random() < 0.7 else P
                s = place_random(rng, p.pmap, chess.Piece(pt, color))
                if s is None:
                    break
                mine.append(s)
            while len(mine) > target:
                s = mine.pop(rng.randrange(len(mine)))
                if p.pmap[s].piece_type != K:
                    del p.pmap[s]
        if rng.random() < 0.2:
            p.turn = not p.turn
            p.ep = None
        out.append(p)
    return out


def gen_backrank_pawns(rng, base, count):
    out = []
    for _ in range(count):
        p = rng.choice(base).copy()
        for _ in range(rng.choice([1, 1, 1, 2, 3])):
            color = rng.choice([WHITE, BLACK])
            rank = rng.choice([0, 7])
            cands = [sq(f, rank) for f in range(8) if sq(f, rank) not in p.pmap]
            if not cands:
                occ = [sq(f, rank) for f in range(8) if p.pmap[sq(f, rank)].piece_type != K]
                if not occ:
                    continue
                s = rng.choice(occ)
            else:
                s = rng.choice(cands)
            p.pmap[s] = chess.Piece(P, color)
        out.append(p)
    # near misses: pawns on ranks 2 and 7 only
    for _ in range(count // 4):
        p = rng.choice(base).copy()
        for s in sorted(p.pmap):
            if p.pmap[s].piece_type == P and chess.square_rank(s) in (0, 7):
                del p.pmap[s]
        for _ in range(rng.randrange(1, 4)):
            color = rng.choice([WHITE, BLACK])
            place_random(rng, p.pmap, chess.Piece(P, color), avoid=[s for s in chess.SQUARES if chess.square_rank(s) not in (1, 6)])
        out.append(p)
    return out


def random_backrank(rng, color, pmap):
    """Fill one back rank randomly: a king (maybe off the rank), 0-4 rooks
    (sometimes of the wrong colour), other pieces; return rook squares."""
    rank = BACKRANK[color]
    files = list(range(8))
    rng.shuffle(files)
    king_off = rng.random() < 0.12
    kf = files.pop()
    if king_off:
        r2 = rank + (1 if color == WHITE else -1) * rng.choice([1, 2])
        pmap[sq(kf, r2)] = chess.Piece(K, color)
    else:
        pmap[sq(kf, rank)] = chess.Piece(K, color)
    nrooks = rng.choices([0, 1, 2, 3, 4], [1, 3, 6, 3, 1])[0]
    rooks = []
    for _ in range(nrooks):
        if not files:
            break
        f = files.pop()
        rc = color if rng.random() < 0.88 else (not color)
        pmap[sq(f, rank)] = chess.Piece(R, rc)
        rooks.append(sq(f, rank))
    for f in files:
        if rng.random() < 0.6:
            pmap[sq(f, rank)] = chess.Piece(rng.choice([N, B, Q]), color)
    return kf, rooks


def castling_choice(rng, color, kf, rooks, pmap):
    rank = BACKRANK[color]
    own = [s for s in rooks if pmap[s].color == color]
    left = [s for s in own if chess.square_file(s) < kf]
    right = [s for s in own if chess.square_file(s) > kf]
    mode = rng.choice(["pair", "pair", "one", "one", "same_side", "no_rook", "any_rook", "any", "none"])
    chosen = []
    if mode == "pair":
        if left:
            chosen.append(rng.choice(left))
        if right:
            chosen.append(rng.choice(right))
    elif mode == "one":
        pool = left + right
        if pool:
            chosen.append(rng.choice(pool))
    elif mode == "same_side":
        side = left if len(left) >= 2 else right
        if len(side) >= 2:
            chosen = rng.sample(side, 2)
    elif mode == "no_rook":
        empties = [sq(f, rank) for f in range(8) if pmap.get(sq(f, rank), chess.Piece(P, color)).piece_type != R]
        chosen.append(rng.choice(empties))
        if rooks and rng.random() < 0.5:
            chosen.append(rng.choice(rooks))
    elif mode == "any_rook":
        if rooks:
            chosen = rng.sample(rooks, min(len(rooks), rng.choice([1, 2])))
    elif mode == "any":
        chosen = rng.sample([sq(f, rank) for f in range(8)], rng.choice([1, 2]))
    bb = 0
    for s in chosen[:2]:
        bb |= chess.BB_SQUARES[s]
    return bb


def gen_castling_status(rng, count):
    out = []
    for _ in range(count):
        pmap = {}
        castling = 0
        for color in (WHITE, BLACK):
            kf, rooks = random_backrank(rng, color, pmap)
            castling |= castling_choice(rng, color, kf, rooks, pmap)
        # pawns
        for f in range(8):
            for color, r in ((WHITE, 1), (BLACK, 6)):
                if rng.random() < 0.75 and sq(f, r) not in pmap:
                    pmap[sq(f, r)] = chess.Piece(P, color)
        h, fm = random_clocks(rng)
        p = Pos(pmap, rng.choice([WHITE, BLACK]), castling, None, h, fm, ascending=rng.random() < 0.3)
        out.append(p)
    return out


def gen_castling_from_bench(rng, base, count):
    """Real positions with their rights perturbed (including three rights
    across both colours, rights moved to other rooks, king moved off)."""
    out = []
    cands = [p for p in base if p.castling]
    for _ in range(count):
        p = rng.choice(cands).copy()
        kind = rng.choice(["reassign", "drop_rook", "king_off", "add_right", "wrong_colour"])
        if kind == "reassign":
            p.castling = random_castling_bb(rng, p, WHITE) | random_castling_bb(rng, p, BLACK)
        elif kind == "drop_rook":
            s = rng.choice(list(chess.scan_forward(p.castling)))
            del p.pmap[s]
        elif kind == "king_off":
            color = rng.choice([WHITE, BLACK])
            for k in p.kings(color):
                del p.pmap[k]
                place_random(rng, p.pmap, chess.Piece(K, color), avoid=[s for s in chess.SQUARES if chess.square_rank(s) == BACKRANK[color]])
        elif kind == "add_right":
            color = rng.choice([WHITE, BLACK])
            rank_bb = chess.BB_RANK_1 if color == WHITE else chess.BB_RANK_8
            if chess.popcount(p.castling & rank_bb) < 2:
                p.castling |= chess.BB_SQUARES[sq(rng.randrange(8), BACKRANK[color])]
        elif kind == "wrong_colour":
            s = rng.choice(list(chess.scan_forward(p.castling)))
            p.pmap[s] = chess.Piece(R, not p.pmap[s].color)
        out.append(p)
    return out


def gen_checks(rng, count):
    """Sparse positions with 0-4 checkers against the side to move (and often
    the opposite king attacked), aligned pairs, adjacent kings."""
    out = []
    for _ in range(count):
        pmap = {}
        turn = rng.choice([WHITE, BLACK])
        us, them = turn, not turn
        ks = place_random(rng, pmap, chess.Piece(K, us))
        mode = rng.choice(["random", "random", "aligned", "aligned", "aligned", "opposite", "many", "adjacent_kings"])
        if mode == "adjacent_kings":
            cands = [s for s in chess.scan_forward(chess.BB_KING_ATTACKS[ks])]
            pmap[rng.choice(cands)] = chess.Piece(K, them)
        else:
            place_random(rng, pmap, chess.Piece(K, them), avoid=list(chess.scan_forward(chess.BB_KING_ATTACKS[ks])))
        if mode == "aligned":
            df, dr = rng.choice(ALL_DIRS)
            fwd = [s for s in ray_squares(ks, df, dr)]
            back = [s for s in ray_squares(ks, -df, -dr)]
            if fwd and back:
                for line, d in ((fwd, (df, dr)), (back, (-df, -dr))):
                    free = []
                    for s in line:
                        if s in pmap:
                            break
                        free.append(s)
                    if free:
                        s = rng.choice(free)
                        diag = d in DIAG_DIRS
                        if diag and chess.square_distance(s, ks) == 1 and rng.random() < 0.3 and chess.square_rank(s) not in (0, 7):
                            # a pawn checking from this side (if geometry fits)
                            pmap[s] = chess.Piece(P, them)
                        else:
                            pmap[s] = chess.Piece(rng.choice([Q, B if diag else R]), them)
        nchk = {"random": rng.choice([0, 1, 2, 2, 3]), "aligned": rng.choice([0, 0, 1]),
                "opposite": rng.choice([0, 1, 2]), "many": rng.choice([3, 3, 4, 5]),
                "adjacent_kings": rng.choice([0, 1])}[mode]
        for _ in range(nchk):
            pt = rng.choice([P, N, B, R, Q])
            srcs = attack_sources(pmap, ks, pt, them)
            if srcs:
                pmap[rng.choice(srcs)] = chess.Piece(pt, them)
        if mode == "opposite" or rng.random() < 0.3:
            kt = [s for s in sorted(pmap) if pmap[s] == chess.Piece(K, them)][0]
            for _ in range(rng.choice([1, 1, 2, 3])):
                pt = rng.choice([P, N, B, R, Q])
                srcs = attack_sources(pmap, kt, pt, us)
                if srcs:
                    pmap[rng.choice(srcs)] = chess.Piece(pt, us)
        for _ in range(rng.randrange(0, 5)):
            place_random(rng, pmap, chess.Piece(random_piece_type(rng, (3, 1, 1, 1, 1, 0)), rng.choice([WHITE, BLACK])))
        p = Pos(pmap, turn, 0, None, *random_clocks(rng))
        if rng.random() < 0.25:
            e = plausible_ep(rng, p)
            p.ep = e if e is not None else random_ep(rng, p)
            p.half = 0
        out.append(p)
    return out


def gen_ep_status(rng, dp_positions, count):
    """Variations of post-double-push positions for INVALID_EP_SQUARE and
    IMPOSSIBLE_CHECK."""
    out = []
    for _ in range(count):
        p = rng.choice(dp_positions).copy()
        e = p.ep
        step = 8 if p.turn == WHITE else -8  # from ep square towards the pushed pawn is -step
        pushed = e - step
        origin = e + step
        kind = rng.choice(["keep", "flip_turn", "remove_pawn", "occupy_ep", "occupy_origin",
                           "a1", "any_square", "other_file", "add_checker", "add_checker",
                           "add_checker", "add_two_checkers", "replace_pawn"])
        if kind == "flip_turn":
            p.turn = not p.turn
        elif kind == "remove_pawn":
            del p.pmap[pushed]
        elif kind == "replace_pawn":
            p.pmap[pushed] = chess.Piece(rng.choice([N, B, R, Q]), p.pmap[pushed].color) if rng.random() < 0.7 else chess.Piece(P, p.turn)
        elif kind == "occupy_ep":
            p.pmap[e] = chess.Piece(random_piece_type(rng, (1, 1, 1, 1, 1, 0)), rng.choice([WHITE, BLACK]))
        elif kind == "occupy_origin":
            if origin not in p.pmap:
                p.pmap[origin] = chess.Piece(random_piece_type(rng, (1, 1, 1, 1, 1, 0)), rng.choice([WHITE, BLACK]))
        elif kind == "a1":
            p.ep = chess.A1
        elif kind == "any_square":
            p.ep = rng.randrange(64)
        elif kind == "other_file":
            p.ep = sq(rng.randrange(8), chess.square_rank(e))
        elif kind in ("add_checker", "add_two_checkers"):
            ks = p.kings(p.turn)
            if ks:
                for _ in range(1 if kind == "add_checker" else 2):
                    pt = rng.choice([P, N, B, R, Q])
                    srcs = [s for s in attack_sources(p.pmap, ks[0], pt, not p.turn) if s not in (e, origin)]
                    if srcs:
                        p.pmap[rng.choice(srcs)] = chess.Piece(pt, not p.turn)
        out.append(p)
    return out


def build_status(rng, bench):
    t = Table()
    flag_counts = Counter()
    valid_with = Counter()

    def add_all(positions, tag):
        n = 0
        for pos in positions:
            board, fen = load(pos, tag)
            if board is None:
                continue
            st = board.status()
            if t.add(fen, (fen, flags_str(st))):
                n += 1
                for bit, name in STATUS_FLAGS:
                    if st & bit:
                        flag_counts[name] += 1
                if st == 0:
                    flag_counts["VALID"] += 1
                    if board.castling_rights:
                        valid_with["castling"] += 1
                    if board.ep_square is not None:
                        valid_with["ep"] += 1
        return n

    classical = bench_positions(bench["classical.fen"], rng, 200, 120, 50)
    c960 = bench_positions(bench["chess960.fen"], rng, 200, 120, 50)
    base = classical + c960
    for p in base:
        p.ascending = rng.random() < 0.2

    t.section("bench: real positions from /work/shared/bench (castling rewritten as Shredder letters)")
    add_all(base, "bench")

    t.section("mutations of bench positions (move/add/remove pieces and kings, flip turn, random castling and ep)")
    add_all([mutate(rng, rng.choice(base)) for _ in range(1300)], "mutate")

    t.section("empty and nearly empty boards")
    add_all(gen_empty(rng), "empty")

    t.section("king counts: 0-3 kings per side, with sparse material")
    add_all(gen_kings(rng, 350), "kings")

    t.section("pawn and piece counts around the 8 / 16 limits")
    add_all(gen_counts(rng, base, 450), "counts")

    t.section("pawns on the back ranks")
    add_all(gen_backrank_pawns(rng, base, 250), "backrank")

    t.section("castling rights: random back ranks (rooks either side, inner rooks, wrong colour, king off rank)")
    add_all(gen_castling_status(rng, 700), "castling")

    t.section("castling rights: real positions with perturbed rights")
    add_all(gen_castling_from_bench(rng, base, 250), "castling_bench")

    t.section("checks: sparse positions with checkers, aligned checkers, opposite check, adjacent kings")
    add_all(gen_checks(rng, 900), "checks")

    # Positions right after a double push.
    dp = []
    for g in range(110):
        if g % 2 == 0:
            start = chess.Board(chess960=True)
        else:
            start = chess.Board.from_chess960_pos(rng.randrange(960))
        for b in random_game_double_pushes(rng, start, rng.randrange(10, 120), 0.6):
            if rng.random() < 0.35:
                dp.append(pos_from_board(b))
    dp_sparse = [pos_from_board(b) for b in sparse_double_push_boards(rng, 450)]
    t.section("random play, recorded right after a double pawn push (ep square as python-chess records it)")
    add_all(dp, "double_push_play")
    t.section("sparse positions right after a double push: discovered checks, pawn checks, check evasions, pins")
    add_all(dp_sparse, "double_push_sparse")

    t.section("variations of double-push positions: wrong side, missing/replaced pawn, occupied ep/origin, a1, extra checkers")
    add_all(gen_ep_status(rng, dp + dp_sparse, 750), "ep_variants")

    return t, flag_counts, valid_with


# ---------------------------------------------------------------------------
# en_passant.tsv
# ---------------------------------------------------------------------------

def ep_scene(rng, kind):
    """Construct a position with an ep square for the side to move."""
    turn = rng.choice([WHITE, BLACK])
    us, them = turn, not turn
    up = 1 if us == WHITE else -1
    cap_rank = 4 if us == WHITE else 3      # rank of capturers and pushed pawn
    ep_rank = cap_rank + up
    origin_rank = ep_rank + up
    f = rng.randrange(8)
    e = sq(f, ep_rank)
    pushed = sq(f, cap_rank)
    origin = sq(f, origin_rank)
    pmap = {}
    reserved = {e, origin}
    if kind != "no_pushed_pawn":
        pmap[pushed] = chess.Piece(P, them)
    elif rng.random() < 0.3:
        pmap[pushed] = chess.Piece(rng.choice([N, B, R, Q]), them)
    adj = [sq(f + d, cap_rank) for d in (-1, 1) if on_board(f + d, cap_rank)]
    capturers = []
    if kind == "no_capturer":
        # maybe a pawn of ours that cannot capture (wrong rank / wrong file / enemy pawn adjacent)
        for _ in range(rng.randrange(0, 3)):
            s = rng.choice([sq(f + d, cap_rank + dr) for d in (-2, -1, 1, 2) for dr in (-1, 0, 1)
                            if on_board(f + d, cap_rank + dr) and (dr != 0 or abs(d) == 2)])
            if s not in pmap and s not in reserved:
                pmap[s] = chess.Piece(P, us)
        for s in adj:
            if rng.random() < 0.3:
                pmap[s] = chess.Piece(P, them) if rng.random() < 0.5 else chess.Piece(rng.choice([N, B, R, Q]), us)
    else:
        ncap = 2 if kind == "two_capturers" else (1 if len(adj) == 1 or rng.random() < 0.7 else 2)
        capturers = rng.sample(adj, min(ncap, len(adj)))
        for s in capturers:
            pmap[s] = chess.Piece(P, us)
    if kind == "ep_occupied":
        pmap[e] = chess.Piece(random_piece_type(rng, (2, 1, 1, 1, 1, 0)), rng.choice([WHITE, BLACK]))
    if kind == "origin_occupied":
        pmap[origin] = chess.Piece(random_piece_type(rng, (2, 1, 1, 1, 1, 0)), rng.choice([WHITE, BLACK]))

    def free(s):
        return s not in pmap and s not in reserved

    king = None
    if kind == "rank_pin" and capturers:
        # king and enemy rook/queen on the capture rank, pawns in between
        row = [x for x in range(8) if free(sq(x, cap_rank))]
        lo = min([f] + [chess.square_file(c) for c in capturers])
        hi = max([f] + [chess.square_file(c) for c in capturers])
        left = [x for x in row if x < lo]
        right = [x for x in row if x > hi]
        if left and right:
            kx, rx = rng.choice(left), rng.choice(right)
            if rng.random() < 0.5:
                kx, rx = rx, kx
            king = sq(kx, cap_rank)
            pmap[king] = chess.Piece(K, us)
            pmap[sq(rx, cap_rank)] = chess.Piece(rng.choice([R, R, Q]), them)
            if rng.random() < 0.25:
                # an extra blocker somewhere on the rank (may or may not be between)
                row2 = [x for x in range(8) if free(sq(x, cap_rank))]
                if row2:
                    pmap[sq(rng.choice(row2), cap_rank)] = chess.Piece(random_piece_type(rng, (2, 1, 1, 0, 0, 0)), rng.choice([WHITE, BLACK]))
    elif kind in ("diag_pin", "two_capturers", "file_pin") and capturers:
        c = rng.choice(capturers)
        if kind == "file_pin":
            dirs = [(0, 1), (0, -1)]
        else:
            dirs = DIAG_DIRS
        rng.shuffle(dirs)
        for df, dr in dirs:
            line_k = [s for s in ray_squares(c, df, dr)]
            line_p = [s for s in ray_squares(c, -df, -dr)]
            # king on one side, pinner on the other; squares between must be free
            kcands = []
            for s in line_k:
                if not free(s) and s != e:
                    break
                if s != e:
                    kcands.append(s)
            pcands = []
            for s in line_p:
                if not free(s) and s != e:
                    break
                if s != e:
                    pcands.append(s)
            if kcands and pcands:
                king = rng.choice(kcands)
                pmap[king] = chess.Piece(K, us)
                pin_pt = rng.choice([Q, B] if kind != "file_pin" else [Q, R])
                pmap[rng.choice(pcands)] = chess.Piece(pin_pt, them)
                break
    elif kind == "check_by_pushed":
        srcs = [s for s in chess.scan_forward(chess.BB_PAWN_ATTACKS[them][pushed]) if free(s)]
        if srcs:
            king = rng.choice(srcs)
            pmap[king] = chess.Piece(K, us)
    elif kind in ("check_by_other", "check_blocked_by_ep"):
        # our king somewhere; an enemy piece checks it
        if kind == "check_blocked_by_ep":
            df, dr = rng.choice(ALL_DIRS)
            line1 = ray_squares(e, df, dr)
            line2 = ray_squares(e, -df, -dr)
            a = [s for s in line1 if free(s)][:3]
            b = [s for s in line2 if free(s)][:3]
            if a and b:
                ka, pa = rng.choice(a), rng.choice(b)
                if not any(not free(s) for s in chess.SquareSet(chess.between(ka, pa)) if s != e):
                    king = ka
                    pmap[ka] = chess.Piece(K, us)
                    diag = (df, dr) in DIAG_DIRS
                    pmap[pa] = chess.Piece(rng.choice([Q, B if diag else R]), them)
        if king is None:
            cands = [s for s in chess.SQUARES if free(s)]
            king = rng.choice(cands)
            pmap[king] = chess.Piece(K, us)
            pt = rng.choice([N, B, R, Q, P])
            srcs = [s for s in attack_sources(pmap, king, pt, them) if free(s)]
            if srcs:
                pmap[rng.choice(srcs)] = chess.Piece(pt, them)
            if rng.random() < 0.15:
                pt = rng.choice([N, B, R, Q])
                srcs = [s for s in attack_sources(pmap, king, pt, them) if free(s)]
                if srcs:
                    pmap[rng.choice(srcs)] = chess.Piece(pt, them)
    if king is None:
        cands = [s for s in chess.SQUARES if free(s)]
        king = rng.choice(cands)
        pmap[king] = chess.Piece(K, us)
    # enemy king: not adjacent to ours
    cands = [s for s in chess.SQUARES if free(s) and chess.square_distance(s, king) > 1]
    pmap[rng.choice(cands)] = chess.Piece(K, them)
    # random extra material
    for _ in range(rng.randrange(0, 6)):
        pt = random_piece_type(rng, (3, 1, 1, 1, 1, 0))
        color = rng.choice([WHITE, BLACK])
        cands = [s for s in chess.SQUARES if free(s) and not (pt == P and chess.square_rank(s) in (0, 7))]
        pmap[rng.choice(cands)] = chess.Piece(pt, color)
    p = Pos(pmap, turn, 0, e, 0, rng.randrange(5, 60))
    if kind == "odd_square":
        x = rng.random()
        if x < 0.15:
            p.ep = chess.A1
        elif x < 0.5:
            p.ep = sq(f, cap_rank - 2 * up) if on_board(f, cap_rank - 2 * up) else chess.A1  # wrong side's ep rank
        else:
            p.ep = rng.randrange(64)
        if p.ep in p.pmap:
            del p.pmap[p.ep]
        if not p.kings(WHITE) or not p.kings(BLACK):
            return None
    return p


EP_KINDS = ["capture", "capture", "no_capturer", "diag_pin", "file_pin", "rank_pin", "rank_pin",
            "check_by_pushed", "check_by_other", "check_blocked_by_ep", "two_capturers",
            "ep_occupied", "origin_occupied", "no_pushed_pawn", "odd_square"]


def build_en_passant(rng):
    t = Table()
    stats = Counter()

    def add(pos, tag):
        board, fen = load(pos, tag)
        if board is None:
            return False
        assert board.ep_square is not None
        # exactly one king per side in every en_passant.tsv record
        assert len(pos.kings(WHITE)) == 1 and len(pos.kings(BLACK)) == 1, fen
        ps = int(board.has_pseudo_legal_en_passant())
        lg = int(board.has_legal_en_passant())
        if t.add(fen, (fen, ps, lg)):
            stats[(ps, lg)] += 1
            return True
        return False

    t.section("random play from standard and Chess960 starts, recorded right after a double push")
    n = 0
    g = 0
    while n < 1000:
        start = chess.Board(chess960=True) if g % 2 == 0 else chess.Board.from_chess960_pos(rng.randrange(960))
        g += 1
        for b in random_game_double_pushes(rng, start, rng.randrange(10, 140), 0.7):
            # keep more of the ones where a capture is at least pseudo-legal
            keep = 1.0 if b.has_pseudo_legal_en_passant() else 0.15
            if rng.random() < keep and n < 1000:
                p = pos_from_board(b)
                p.ascending = rng.random() < 0.2
                n += add(p, "ep_play")

    t.section("sparse random positions right after a double push (checks, discovered checks, pins)")
    n = 0
    while n < 350:
        b = random_sparse_prepush(rng)
        if b is None:
            continue
        n += add(pos_from_board(b), "ep_sparse")

    per_kind = {"capture": 160, "no_capturer": 110, "diag_pin": 170, "file_pin": 120, "rank_pin": 260,
                "check_by_pushed": 130, "check_by_other": 170, "check_blocked_by_ep": 140,
                "two_capturers": 160, "ep_occupied": 90, "origin_occupied": 60,
                "no_pushed_pawn": 110, "odd_square": 90}
    for kind in EP_KINDS:
        if kind not in per_kind:
            continue
        target = per_kind.pop(kind)
        t.section(f"constructed: {kind}")
        n = 0
        while n < target:
            p = ep_scene(rng, kind)
            if p is None:
                continue
            n += add(p, "ep_" + kind)
    return t, stats


# ---------------------------------------------------------------------------
# chess960.tsv, dfrc.tsv, castling.tsv
# ---------------------------------------------------------------------------

def build_chess960():
    t = Table()
    t.section("all 960 start positions")
    for n in range(960):
        b = chess.Board.from_chess960_pos(n)
        t.add(n, (n, b.fen(), b.fen(shredder=True)))
    return t


def dfrc_board(wn, bn):
    w = chess.Board.from_chess960_pos(wn)
    bl = chess.Board.from_chess960_pos(bn)
    board = chess.Board.empty(chess960=True)
    for f in range(8):
        board.set_piece_at(sq(f, 0), w.piece_at(sq(f, 0)))
        board.set_piece_at(sq(f, 7), bl.piece_at(sq(f, 7)))
        board.set_piece_at(sq(f, 1), chess.Piece(P, WHITE))
        board.set_piece_at(sq(f, 6), chess.Piece(P, BLACK))
    board.turn = WHITE
    board.castling_rights = board.rooks & (chess.BB_RANK_1 | chess.BB_RANK_8)
    board.ep_square = None
    board.halfmove_clock = 0
    board.fullmove_number = 1
    assert chess.popcount(board.castling_rights) == 4
    assert board.clean_castling_rights() == board.castling_rights
    assert board.status() == chess.STATUS_VALID
    return board


def build_dfrc(rng):
    pairs = []
    diag = sorted(rng.sample(range(960), 100) + [0, 518, 959])
    pairs += [(n, n) for n in diag]
    pairs += [(0, 959), (959, 0), (0, 518), (518, 0), (959, 518), (518, 959)]
    xs = rng.sample(range(960), 150)
    pairs += [(518, x) for x in xs] + [(x, 518) for x in rng.sample(range(960), 150)]
    while len(dict.fromkeys(pairs)) < 2000:
        pairs.append((rng.randrange(960), rng.randrange(960)))
    pairs = sorted(dict.fromkeys(pairs))
    t = Table()
    t.section("double Fischer random start positions (white_n, black_n), sorted")
    for wn, bn in pairs:
        b = dfrc_board(wn, bn)
        t.add((wn, bn), (wn, bn, b.fen(shredder=True), b.fen()))
    return t


def castling_position(rng, mode):
    """A status-VALID position with valid (clean) castling rights."""
    pmap = {}
    castling = 0
    for color in (WHITE, BLACK):
        rank = BACKRANK[color]
        if mode == "classical":
            start = chess.Board()
            for f in range(8):
                pmap[sq(f, rank)] = start.piece_at(sq(f, rank))
            rooks = [sq(0, rank), sq(7, rank)]
            kf = 4
        else:
            n = 518 if mode == "classical_like" else rng.randrange(960)
            start = chess.Board.from_chess960_pos(n)
            for f in range(8):
                pmap[sq(f, rank)] = start.piece_at(sq(f, rank))
            kf = chess.square_file(start.king(color))
            # turn some minor pieces / queen into extra rooks, or move the king
            nextra = {"dfrc": rng.choice([0, 0, 1]), "extra_rooks": rng.choice([1, 1, 2, 3]),
                      "same_side": 0, "inner": rng.choice([1, 2]), "one_side": rng.choice([0, 1, 2]),
                      "classical_like": rng.choice([0, 1, 2])}[mode]
            others = [sq(f, rank) for f in range(8) if pmap[sq(f, rank)].piece_type not in (K, R)]
            for s in rng.sample(others, min(nextra, len(others))):
                pmap[s] = chess.Piece(R, color)
            if mode == "same_side":
                # rearrange: king near one edge, 2-3 rooks on the other side
                for f in range(8):
                    pmap.pop(sq(f, rank), None)
                kf = rng.choice([0, 1, 2, 5, 6, 7])
                pmap[sq(kf, rank)] = chess.Piece(K, color)
                side = [f for f in range(8) if (f > kf if kf <= 2 else f < kf)]
                for f in rng.sample(side, min(len(side), rng.choice([2, 2, 3]))):
                    pmap[sq(f, rank)] = chess.Piece(R, color)
                for f in range(8):
                    if sq(f, rank) not in pmap and rng.random() < 0.7:
                        pmap[sq(f, rank)] = chess.Piece(rng.choice([N, B, Q, R]), color)
            # remove some non-king pieces from the back rank
            for f in range(8):
                s = sq(f, rank)
                if s in pmap and pmap[s].piece_type != K and rng.random() < 0.15:
                    del pmap[s]
            rooks = [sq(f, rank) for f in range(8) if pmap.get(sq(f, rank)) == chess.Piece(R, color)]
        left = [s for s in rooks if chess.square_file(s) < kf]
        right = [s for s in rooks if chess.square_file(s) > kf]
        chosen = []
        if mode == "one_side":
            side = rng.choice([left, right]) if left and right else (left or right)
            if side:
                chosen.append(rng.choice(side))
        elif mode == "inner":
            # prefer an inner rook where there is a choice
            for side, inner in ((left, max), (right, min)):
                if side and rng.random() < 0.85:
                    chosen.append(inner(side) if len(side) > 1 and rng.random() < 0.8 else rng.choice(side))
        else:
            for side in (left, right):
                if side and rng.random() < 0.8:
                    chosen.append(rng.choice(side))
        for s in chosen:
            castling |= chess.BB_SQUARES[s]
    # pawns, some advanced, some missing
    for f in range(8):
        for color, r, up in ((WHITE, 1, 1), (BLACK, 6, -1)):
            x = rng.random()
            if x < 0.7:
                pmap[sq(f, r)] = chess.Piece(P, color)
            elif x < 0.85:
                pmap[sq(f, r + up)] = chess.Piece(P, color)
            elif x < 0.95:
                pmap[sq(f, r + 2 * up)] = chess.Piece(P, color)
    board = chess.Board.empty(chess960=True)
    for s in sorted(pmap):
        board.set_piece_at(s, pmap[s])
    board.turn = rng.choice([WHITE, BLACK])
    board.castling_rights = castling
    board.halfmove_clock, board.fullmove_number = random_clocks(rng)
    if board.clean_castling_rights() != board.castling_rights or board.status() != chess.STATUS_VALID:
        return None
    if not castling:
        return None
    return board


def build_castling(rng):
    t = Table()
    stats = Counter()
    plan = [("classical", "classical array (rooks a/h, king e), subsets of rights", 200),
            ("classical_like", "classical array with some pieces replaced by extra rooks", 200),
            ("dfrc", "random Chess960 back ranks per side (DFRC-like), random rights", 700),
            ("extra_rooks", "Chess960 back ranks with 1-3 extra rooks", 300),
            ("same_side", "two or three rooks on the same side of the king", 200),
            ("inner", "rights on inner rooks (X-FEN needs file letters)", 200),
            ("one_side", "rights on one side only", 200)]
    for mode, desc, target in plan:
        t.section(desc)
        n = 0
        tries = 0
        while n < target:
            tries += 1
            assert tries < 200000, mode
            b = castling_position(rng, mode)
            if b is None:
                continue
            shredder = b.fen(shredder=True)
            xfen = b.fen()
            if t.add(shredder, (shredder, xfen)):
                n += 1
                xc = xfen.split()[2]
                if any(c not in "KQkq-" for c in xc):
                    stats["xfen_file_letters"] += 1
                if xc != shredder.split()[2]:
                    stats["xfen_differs"] += 1
    return t, stats


# ---------------------------------------------------------------------------
# python-chess behaviour the vectors depend on (documented in README.md).
# These are checked, not assumed: a different python-chess would fail here.
# ---------------------------------------------------------------------------

def check_assumptions():
    def status(fen):
        return flags_str(chess.Board(fen, chess960=True).status())

    # The castling field accepts at most two white then two black letters.
    for bad in ("ABH", "aH", "HAhab", "ABCh"):
        try:
            chess.Board(f"4k3/8/8/8/8/8/8/RR2K2R w {bad} - 0 1", chess960=True)
        except ValueError:
            pass
        else:
            raise AssertionError(bad)
    # A file letter selects exactly that back-rank square, rook or not.
    b = chess.Board("4k3/8/8/8/8/8/8/4K3 w Cd - 0 1", chess960=True)
    assert b.castling_rights == chess.BB_C1 | chess.BB_D8
    # Two rights on the same side of the king: the outermost one is kept.
    b = chess.Board("4k3/8/8/8/8/8/8/RR2K3 w BA - 0 1", chess960=True)
    assert b.clean_castling_rights() == chess.BB_A1
    # An ep square with no pushed pawn in front still yields a (pseudo-)legal
    # ep capture; status() flags it as INVALID_EP_SQUARE.
    b = chess.Board("4k3/8/8/3P4/8/8/8/4K3 w - e6 0 1", chess960=True)
    assert b.has_pseudo_legal_en_passant() and b.has_legal_en_passant()
    assert status(b.fen(en_passant="fen")) == "INVALID_EP_SQUARE"
    # ep square a1 (square 0) is stored but treated as "no ep square".
    b = chess.Board("4k3/8/8/8/8/8/8/4K3 w - a1 0 1", chess960=True)
    assert b.ep_square == chess.A1 and not b.has_pseudo_legal_en_passant()
    assert status("4k3/8/8/8/8/8/8/4K3 w - a1 0 1") == "INVALID_EP_SQUARE"
    # TOO_MANY_KINGS needs more than two kings in total.
    assert status("8/8/8/8/8/8/8/K6K w - - 0 1") == "NO_BLACK_KING"
    assert status("8/8/8/8/8/8/8/8 w - - 0 1") == "NO_WHITE_KING,NO_BLACK_KING,EMPTY"
    # More than two checkers is also IMPOSSIBLE_CHECK.
    assert status("4k3/8/8/8/1b6/5n2/8/r3K3 w - - 0 1") == "TOO_MANY_CHECKERS,IMPOSSIBLE_CHECK"
    # A valid ep square plus two checkers is always IMPOSSIBLE_CHECK.
    # With a valid ep square: check by the pushed pawn alone is fine, a second
    # checker makes it impossible, a single other checker is fine only if the
    # push discovered it (tested with the pawn back on its origin square).
    assert status("4k3/8/8/3pP3/2K5/8/8/4r3 w - d6 0 2") == "VALID"
    assert status("4k3/8/8/3pP3/2K5/8/8/2r5 w - d6 0 2") == "IMPOSSIBLE_CHECK"
    assert status("8/8/7k/8/3P4/8/8/2B1K3 b - d3 0 1") == "VALID"
    assert status("8/8/7k/8/3P4/8/8/4K2R b - d3 0 1") == "IMPOSSIBLE_CHECK"
    # Without an ep square: two checkers on one line through the king are impossible.
    assert status("4r3/8/8/8/4K3/8/8/k3r3 w - - 0 1") == "IMPOSSIBLE_CHECK"
    assert status("4r3/8/8/8/4K3/8/3n4/k7 w - - 0 1") == "VALID"  # rook + knight: possible double check


# ---------------------------------------------------------------------------

def main():
    args = sys.argv[1:]
    bench_dir = os.environ.get("CHESSFEN_BENCH", "/work/shared/bench")
    if args[:1] == ["--bench"] and len(args) == 2:
        bench_dir = args[1]
    elif args:
        sys.exit(__doc__)
    check_assumptions()
    bench = load_bench(bench_dir)

    status, flag_counts, valid_with = build_status(random.Random(0x5747_0001), bench)
    status.write("status.tsv", "fen\tflags -- flags = names of set bits of chess.Board(fen, chess960=True).status() "
                 "(STATUS_ prefix dropped, increasing bit order, comma-joined) or VALID; python-chess 1.11.2")

    ep, ep_stats = build_en_passant(random.Random(0x5747_0002))
    ep.write("en_passant.tsv", "fen\tpseudo_legal\tlegal -- int(board.has_pseudo_legal_en_passant()), "
             "int(board.has_legal_en_passant()) with board = chess.Board(fen, chess960=True); python-chess 1.11.2")

    c960 = build_chess960()
    c960.write("chess960.tsv", "n\txfen\tshredder -- b = chess.Board.from_chess960_pos(n); xfen = b.fen(); "
               "shredder = b.fen(shredder=True); python-chess 1.11.2")

    dfrc = build_dfrc(random.Random(0x5747_0004))
    dfrc.write("dfrc.tsv", "white_n\tblack_n\tshredder\txfen -- white rank 1 from from_chess960_pos(white_n), "
               "black rank 8 from from_chess960_pos(black_n), pawns, castling_rights = the 4 rooks; "
               "board.fen(shredder=True), board.fen(); python-chess 1.11.2")

    castling, c_stats = build_castling(random.Random(0x5747_0005))
    castling.write("castling.tsv", "shredder\txfen -- board.fen(shredder=True), board.fen() for chess960 boards with "
                   "board.clean_castling_rights() == board.castling_rights and board.status() == VALID; python-chess 1.11.2")

    print(f"status.tsv      {len(status)} records")
    for bit, name in STATUS_FLAGS:
        if name in STANDARD_FLAGS:
            print(f"    {name:22} set {flag_counts[name]:5}  unset {len(status) - flag_counts[name]:5}")
    print(f"    {'VALID':22} {flag_counts['VALID']:5}  (with castling {valid_with['castling']}, with ep {valid_with['ep']})")
    print(f"en_passant.tsv  {len(ep)} records; (pseudo_legal, legal) counts: "
          + ", ".join(f"{k}: {v}" for k, v in sorted(ep_stats.items())))
    print(f"chess960.tsv    {len(c960)} records")
    print(f"dfrc.tsv        {len(dfrc)} records")
    print(f"castling.tsv    {len(castling)} records; X-FEN with file letters: {c_stats['xfen_file_letters']}, "
          f"X-FEN != Shredder field: {c_stats['xfen_differs']}")
    print("inputs rejected by python-chess (skipped): "
          + (", ".join(f"{k}: {v}" for k, v in sorted(SKIPPED.items())) or "none"))


if __name__ == "__main__":
    main()
