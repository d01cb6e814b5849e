"""The fast internal board: integer codes, precomputed tables, make/unmake.

This is the engine room behind the protocol (``rules.py`` converts a ``YokaiState`` to a
:class:`Position` and back). It is written for speed (perft, playouts, the AI) rather than
for reading, but every table is built once per variant from the movement diagrams of
``yokai.md`` §1.

Encoding
--------
* A square is ``rank_index * files + file_index`` (rank 1 of the first player is index 0),
  as in :class:`games.yokai.view.YokaiView`.
* A piece is ``type + 8 * seat`` with types 1..8 = K F T D I O +D +O (``0`` = empty), so
  seat 0 owns codes 1..8 and seat 1 owns 9..16.
* A move is an int: ``frm | to << 6 | PROMO`` (``PROMO = 1 << 12``); a drop has
  ``frm = DROP + type`` (``DROP = 32``, beyond every square).

Pieces move one square and nothing slides, so a move can never uncover an attack: in 5x6
only koropokkuru moves, or captures of a lone checker, need a legality test.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rng import Rng

KORO, KITSUNE, TANUKI, KODAMA, KIRIN, ONI, SAMURAI, SUPER_ONI = range(1, 9)
LETTERS = "KFTDIO"  # drop and reserve order; type code = index + 1
PROMO = 1 << 12
DROP = 32
HAND_TYPES = range(1, 7)

# Unpromoted type of every code (what a capture puts in the reserve), and promotions.
BASE = [0] + [1, 2, 3, 4, 5, 6, 4, 6] * 2
PROMOTED = list(range(17))
PROMOTED[KODAMA], PROMOTED[ONI] = SAMURAI, SUPER_ONI
PROMOTED[KODAMA + 8], PROMOTED[ONI + 8] = SAMURAI + 8, SUPER_ONI + 8
DEMOTED = list(range(17))
DEMOTED[SAMURAI], DEMOTED[SUPER_ONI] = KODAMA, ONI
DEMOTED[SAMURAI + 8], DEMOTED[SUPER_ONI + 8] = KODAMA + 8, ONI + 8

_GOLD = ((-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1))
# Steps (file, rank) for seat 0, which moves toward higher ranks; seat 1 mirrors ranks.
STEPS: dict[int, tuple[tuple[int, int], ...]] = {
    KORO: ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)),
    KITSUNE: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    TANUKI: ((0, -1), (-1, 0), (1, 0), (0, 1)),
    KODAMA: ((0, 1),),
    KIRIN: _GOLD,
    ONI: ((-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)),
    SAMURAI: _GOLD,
    SUPER_ONI: _GOLD,
}
# No promotion / optional promotion / forced promotion.
NONE, OPTIONAL, FORCED = 0, 1, 2

Table = list[list[tuple[tuple[int, tuple[int, ...]], ...]]]


def piece_seat(code: int) -> int:
    """The seat owning a non-empty piece code."""
    return 1 if code > 8 else 0


class Geometry:
    """Every precomputed table of one variant (built once, shared by all positions)."""

    def __init__(self, variant: str) -> None:
        self.variant = variant
        self.shogi = variant == "5x6"  # shogi legality, optional promotion, drop limits
        self.files, self.ranks = (5, 6) if self.shogi else (3, 4)
        self.n = self.files * self.ranks
        files, n = self.files, self.n
        self.forward = (files, -files)
        self.far = tuple(
            tuple(self.rank_of(sq) == (self.ranks - 1 if s == 0 else 0) for sq in range(n))
            for s in (0, 1)
        )
        zone_depth = 2 if self.shogi else 1
        self.zone = tuple(
            tuple(
                (self.rank_of(sq) >= self.ranks - zone_depth)
                if s == 0
                else (self.rank_of(sq) < zone_depth)
                for sq in range(n)
            )
            for s in (0, 1)
        )
        self.targets: list[list[tuple[int, ...]]] = [[() for _ in range(n)] for _ in range(17)]
        self.moves: Table = [[() for _ in range(n)] for _ in range(17)]
        for code in range(1, 17):
            for sq in range(n):
                self._fill(code, sq)
        self.attack = tuple(self._attack_table(s) for s in (0, 1))
        self.drop_code = [[DROP + t | sq << 6 for sq in range(n)] for t in range(7)]
        rng = Rng(0x59_6F_6B_61_69 + n)  # fixed: hashes must not change between runs
        self.zboard = [[rng.next_u64() if code else 0 for _ in range(n)] for code in range(17)]
        self.zhand = [[[rng.next_u64() for _ in range(9)] for _ in range(7)] for _ in (0, 1)]
        self.zside = rng.next_u64()

    def rank_of(self, sq: int) -> int:
        return sq // self.files

    def file_of(self, sq: int) -> int:
        return sq % self.files

    def step(self, sq: int, df: int, dr: int) -> int:
        """The square ``(df, dr)`` away from ``sq``, or -1 off the board."""
        f, r = self.file_of(sq) + df, self.rank_of(sq) + dr
        if 0 <= f < self.files and 0 <= r < self.ranks:
            return r * self.files + f
        return -1

    def promotion(self, code: int, frm: int, to: int) -> int:
        """NONE, OPTIONAL or FORCED for the piece ``code`` moving ``frm`` -> ``to``."""
        seat, kind = piece_seat(code), code - 8 * piece_seat(code)
        if kind == KODAMA and self.far[seat][to]:
            return FORCED  # it could never move again (3x4 zone = far rank: always forced)
        if self.shogi and kind in (KODAMA, ONI) and (self.zone[seat][frm] or self.zone[seat][to]):
            return OPTIONAL
        return NONE

    def _fill(self, code: int, sq: int) -> None:
        seat = piece_seat(code)
        sign = 1 if seat == 0 else -1
        found = (self.step(sq, df, dr * sign) for df, dr in STEPS[code - 8 * seat])
        targets = tuple(sorted(t for t in found if t >= 0))
        self.targets[code][sq] = targets
        entries = []
        for to in targets:
            plain = sq | to << 6
            kind = self.promotion(code, sq, to)
            encoded = {NONE: (plain,), OPTIONAL: (plain, plain | PROMO), FORCED: (plain | PROMO,)}
            entries.append((to, encoded[kind]))
        self.moves[code][sq] = tuple(entries)

    def _attack_table(self, seat: int) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each square, ``(neighbour, mask)``: bit ``code`` of mask set when a piece
        ``code`` of ``seat`` standing on ``neighbour`` attacks the square."""
        table: list[dict[int, int]] = [{} for _ in range(self.n)]
        for code in range(1 + 8 * seat, 9 + 8 * seat):
            for sq in range(self.n):
                for to in self.targets[code][sq]:
                    table[to][sq] = table[to].get(sq, 0) | 1 << code
        return tuple(tuple(sorted(entry.items())) for entry in table)


GEOMETRIES = {variant: Geometry(variant) for variant in ("3x4", "5x6")}


@dataclass(frozen=True)
class Terminal:
    """A finished position: ``winner`` seat and the ``reason`` (a Termination value)."""

    winner: int
    reason: str
    rule: str | None = None


class Position:
    """A mutable position with make/unmake; ``hands[seat][type]`` counts reserve pieces."""

    __slots__ = ("board", "geo", "hands", "key", "kings", "side", "stack")

    def __init__(self, geo: Geometry, board: list[int], hands: list[list[int]], side: int):
        self.geo = geo
        self.board = board
        self.hands = hands
        self.side = side
        self.kings = [-1, -1]
        for sq, code in enumerate(board):
            if code in (KORO, KORO + 8):
                self.kings[piece_seat(code)] = sq
        self.key = self.compute_key()
        self.stack: list[int] = []

    def compute_key(self) -> int:
        """The Zobrist hash of (board, reserves, side to move) from scratch."""
        geo = self.geo
        h = geo.zside if self.side else 0
        for sq, code in enumerate(self.board):
            h ^= geo.zboard[code][sq]
        for seat in (0, 1):
            for t in HAND_TYPES:
                h ^= geo.zhand[seat][t][self.hands[seat][t]]
        return h

    def copy(self) -> Position:
        return Position(self.geo, list(self.board), [list(h) for h in self.hands], self.side)

    def make(self, m: int) -> int:
        """Play ``m`` (assumed legal); returns the captured code for :meth:`unmake`."""
        geo, board, s = self.geo, self.board, self.side
        frm, to = m & 63, (m >> 6) & 63
        self.stack.append(self.key)
        h = self.key ^ geo.zside
        captured = 0
        if frm >= DROP:
            t = frm - DROP
            code = t + 8 * s
            hand = self.hands[s]
            c = hand[t]
            hand[t] = c - 1
            zh = geo.zhand[s][t]
            h ^= zh[c] ^ zh[c - 1] ^ geo.zboard[code][to]
            board[to] = code
        else:
            code = board[frm]
            captured = board[to]
            if captured:
                t = BASE[captured]
                hand = self.hands[s]
                c = hand[t]
                hand[t] = c + 1
                zh = geo.zhand[s][t]
                h ^= geo.zboard[captured][to] ^ zh[c] ^ zh[c + 1]
                if t == KORO:
                    self.kings[1 - s] = -1
            new = PROMOTED[code] if m >= PROMO else code
            board[frm] = 0
            board[to] = new
            h ^= geo.zboard[code][frm] ^ geo.zboard[new][to]
            if BASE[code] == KORO:
                self.kings[s] = to
        self.side = 1 - s
        self.key = h
        return captured

    def unmake(self, m: int, captured: int) -> None:
        """Take back ``m``, which captured ``captured``."""
        board = self.board
        s = 1 - self.side
        self.side = s
        self.key = self.stack.pop()
        frm, to = m & 63, (m >> 6) & 63
        if frm >= DROP:
            board[to] = 0
            self.hands[s][frm - DROP] += 1
            return
        code = board[to]
        if m >= PROMO:
            code = DEMOTED[code]
        board[frm] = code
        board[to] = captured
        if BASE[code] == KORO:
            self.kings[s] = frm
        if captured:
            t = BASE[captured]
            self.hands[s][t] -= 1
            if t == KORO:
                self.kings[1 - s] = to

    def attacked(self, sq: int, by: int) -> bool:
        """Whether a piece of seat ``by`` attacks ``sq``."""
        board = self.board
        return any(mask >> board[nsq] & 1 for nsq, mask in self.geo.attack[by][sq])

    def checkers(self, seat: int) -> list[int]:
        """Squares of the enemy pieces attacking ``seat``'s koropokkuru."""
        king = self.kings[seat]
        if king < 0:
            return []
        board = self.board
        return [n for n, mask in self.geo.attack[1 - seat][king] if mask >> board[n] & 1]

    def in_check(self) -> bool:
        """Whether the side to move's koropokkuru is attacked."""
        king = self.kings[self.side]
        return king >= 0 and self.attacked(king, 1 - self.side)

    def terminal(self) -> Terminal | None:
        """The end of the game reached on this board, or None (repetition aside)."""
        if self.geo.shogi:
            if self.legal_moves():
                return None
            reason = "checkmate" if self.in_check() else "no_legal_action"
            return Terminal(1 - self.side, reason)
        decided = self._decided()
        if decided is None and not self.pseudo_moves():
            return Terminal(1 - self.side, "no_legal_action")  # §4.5 safety net
        return decided

    def _decided(self) -> Terminal | None:
        """3x4 rules 1-3 of §4.5, tested after the last mover's (``1 - side``) action."""
        s = self.side
        mover = 1 - s
        king = self.kings[s]
        if king < 0:
            return Terminal(mover, "capture")
        if self.geo.far[s][king]:
            return Terminal(s, "try", "failed_defence")
        mine = self.kings[mover]
        if mine >= 0 and self.geo.far[mover][mine] and not self.attacked(mine, s):
            return Terminal(mover, "try")
        return None

    def legal_moves(self) -> list[int]:
        """Every legal move and drop in the documented order; [] when the game is over."""
        if self.geo.shogi:
            return self.shogi_moves()
        if self._decided() is not None:
            return []
        return self.pseudo_moves()

    def pseudo_moves(self) -> list[int]:
        """Every move and drop ignoring checks (complete and legal in 3x4)."""
        board, s, geo = self.board, self.side, self.geo
        lo, hi = (1, 8) if s == 0 else (9, 16)
        table = geo.moves
        out: list[int] = []
        for sq in range(geo.n):
            code = board[sq]
            if lo <= code <= hi:
                for to, encoded in table[code][sq]:
                    if not lo <= board[to] <= hi:
                        out += encoded
        hand = self.hands[s]
        if any(hand):
            empty = [sq for sq in range(geo.n) if not board[sq]]
            for t in HAND_TYPES:
                if hand[t]:
                    codes = geo.drop_code[t]
                    out += [codes[sq] for sq in empty]
        return out

    def shogi_moves(self) -> list[int]:
        """5x6 legal moves: nothing may leave the own koropokkuru attacked (§5.2)."""
        board, s, geo = self.board, self.side, self.geo
        lo, hi = (1, 8) if s == 0 else (9, 16)
        king, enemy = self.kings[s], 1 - s
        checks = self.checkers(s)
        only = checks[0] if len(checks) == 1 else -1  # a lone checker may be captured
        attack, table = geo.attack[enemy], geo.moves
        out: list[int] = []
        for sq in range(geo.n):
            code = board[sq]
            if not lo <= code <= hi:
                continue
            if sq == king:
                for to, encoded in table[code][sq]:
                    if lo <= board[to] <= hi:
                        continue
                    for nsq, mask in attack[to]:
                        if mask >> board[nsq] & 1:
                            break
                    else:
                        out += encoded
            elif not checks:
                for to, encoded in table[code][sq]:
                    if not lo <= board[to] <= hi:
                        out += encoded
            elif only >= 0:
                for to, encoded in table[code][sq]:
                    if to == only:
                        out += encoded
        if not checks and any(self.hands[s]):
            self._shogi_drops(out)
        return out

    def captures(self) -> list[int]:
        """Legal captures (plus their promotions) when not in check; for quiescence."""
        board, s, geo = self.board, self.side, self.geo
        lo, hi = (1, 8) if s == 0 else (9, 16)
        elo, ehi = (9, 16) if s == 0 else (1, 8)
        king, shogi, table = self.kings[s], geo.shogi, geo.moves
        out: list[int] = []
        for sq in range(geo.n):
            code = board[sq]
            if lo <= code <= hi:
                for to, encoded in table[code][sq]:
                    if elo <= board[to] <= ehi:
                        if shogi and sq == king and self.attacked(to, 1 - s):
                            continue
                        out += encoded
        return out

    def _shogi_drops(self, out: list[int]) -> None:
        """Append the 5x6 drops, honouring the restrictions of §5.4."""
        board, s, geo = self.board, self.side, self.geo
        hand = self.hands[s]
        empty = [sq for sq in range(geo.n) if not board[sq]]
        for t in HAND_TYPES:
            if not hand[t]:
                continue
            codes = geo.drop_code[t]
            if t != KODAMA:
                out += [codes[sq] for sq in empty]
                continue
            mine = KODAMA + 8 * s
            files = {sq % geo.files for sq in range(geo.n) if board[sq] == mine}
            enemy_king = self.kings[1 - s]
            mate_square = enemy_king - geo.forward[s] if enemy_king >= 0 else -1
            far = geo.far[s]
            for sq in empty:
                if far[sq] or sq % geo.files in files:
                    continue
                if sq == mate_square and self._drop_mates(codes[sq]):
                    continue
                out.append(codes[sq])

    def _drop_mates(self, m: int) -> bool:
        """Whether the kodama drop ``m`` (which attacks the enemy koropokkuru) mates."""
        captured = self.make(m)
        mates = not self.shogi_moves()
        self.unmake(m, captured)
        return mates


def perft(pos: Position, depth: int, bulk: bool = False) -> int:
    """Sequences of ``depth`` actions (see ``yokai.md`` §7), playing every leaf, or with
    ``bulk`` counting the last ply without playing it (bulk counting)."""
    if depth <= 0:
        return 1
    moves = pos.legal_moves()
    if depth == 1:
        if bulk:
            return len(moves)
        count = 0
        make, unmake = pos.make, pos.unmake
        for m in moves:
            captured = make(m)
            count += 1
            unmake(m, captured)
        return count
    total = 0
    for m in moves:
        captured = pos.make(m)
        total += perft(pos, depth - 1, bulk)
        pos.unmake(m, captured)
    return total
