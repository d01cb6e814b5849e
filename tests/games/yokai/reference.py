"""A slow, plain reading of yokai.md used to cross-check the fast engine in tests.

It shares nothing with games/yokai except the state format: boards are dicts from
(file, rank) to (seat, kind), and every rule is written the obvious way.
"""

from __future__ import annotations

from games.yokai.state import YokaiState

Square = tuple[int, int]
Board = dict[Square, tuple[int, str]]
GOLD = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)]
STEPS = {
    "K": [(df, dr) for df in (-1, 0, 1) for dr in (-1, 0, 1) if (df, dr) != (0, 0)],
    "F": [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    "T": [(0, -1), (-1, 0), (1, 0), (0, 1)],
    "D": [(0, 1)],
    "I": GOLD,
    "O": [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)],
    "+D": GOLD,
    "+O": GOLD,
}


class Ref:
    """A position: board, reserves (lists of letters), side to move, variant."""

    def __init__(self, state: YokaiState) -> None:
        self.variant = state.variant
        self.files, self.ranks = (3, 4) if state.variant == "3x4" else (5, 6)
        self.board: Board = {}
        for index, text in enumerate(state.board):
            if text:
                seat = 0 if text == text.upper() else 1
                self.board[(index % self.files, index // self.files)] = (seat, text.upper())
        self.hands = [
            [letter for letter, n in zip("KFTDIO", state.hands[s], strict=True) for _ in range(n)]
            for s in (0, 1)
        ]
        self.side = state.to_move

    def copy(self) -> Ref:
        other = object.__new__(Ref)
        other.__dict__.update(self.__dict__)
        other.board = dict(self.board)
        other.hands = [list(self.hands[0]), list(self.hands[1])]
        return other

    def far_rank(self, seat: int) -> int:
        return self.ranks - 1 if seat == 0 else 0

    def in_zone(self, seat: int, rank: int) -> bool:
        depth = 2 if self.variant == "5x6" else 1
        return rank >= self.ranks - depth if seat == 0 else rank < depth

    def targets(self, sq: Square) -> list[Square]:
        seat, kind = self.board[sq]
        sign = 1 if seat == 0 else -1
        out = []
        for df, dr in STEPS[kind]:
            f, r = sq[0] + df, sq[1] + dr * sign
            if 0 <= f < self.files and 0 <= r < self.ranks:
                out.append((f, r))
        return out

    def attacked(self, sq: Square, by: int) -> bool:
        return any(s == by and sq in self.targets(at) for at, (s, _) in self.board.items())

    def king(self, seat: int) -> Square | None:
        return next((sq for sq, piece in self.board.items() if piece == (seat, "K")), None)

    def play(self, action: tuple) -> Ref:  # type: ignore[type-arg]
        new = self.copy()
        me = self.side
        if action[0] == "drop":
            new.hands[me].remove(action[1])
            new.board[action[2]] = (me, action[1])
        else:
            _, src, dst, promote = action
            seat, kind = new.board.pop(src)
            if dst in new.board:
                captured = new.board[dst][1].lstrip("+")
                new.hands[me].append(captured)
            new.board[dst] = (seat, "+" + kind if promote else kind)
        new.side = 1 - me
        return new

    def pseudo(self) -> list[tuple]:  # type: ignore[type-arg]
        me, out = self.side, []
        for src, (seat, kind) in sorted(self.board.items()):
            if seat != me:
                continue
            for dst in self.targets(src):
                if self.board.get(dst, (None,))[0] == me:
                    continue
                for promote in self.promotions(kind, src, dst):
                    out.append(("move", src, dst, promote))
        empty = [
            (f, r) for f in range(self.files) for r in range(self.ranks) if (f, r) not in self.board
        ]
        for letter in sorted(set(self.hands[me])):
            out.extend(("drop", letter, sq) for sq in empty)
        return out

    def promotions(self, kind: str, src: Square, dst: Square) -> list[bool]:
        me = self.side
        if kind == "D" and dst[1] == self.far_rank(me):
            return [True]
        zone = self.in_zone(me, src[1]) or self.in_zone(me, dst[1])
        if self.variant == "5x6" and kind in ("D", "O") and zone:
            return [False, True]
        return [False]

    def decided(self) -> tuple[int, str] | None:
        """3x4 §4.5 rules 1-3 after the last mover's action."""
        opp, mover = self.side, 1 - self.side
        king = self.king(opp)
        if king is None:
            return (mover, "capture")
        if king[1] == self.far_rank(opp):
            return (opp, "try")
        mine = self.king(mover)
        if mine is not None and mine[1] == self.far_rank(mover) and not self.attacked(mine, opp):
            return (mover, "try")
        return None

    def legal(self) -> list[tuple]:  # type: ignore[type-arg]
        if self.variant == "3x4":
            return [] if self.decided() is not None else self.pseudo()
        return [a for a in self.pseudo() if self.allowed_5x6(a, check_mate=True)]

    def allowed_5x6(self, action: tuple, check_mate: bool) -> bool:  # type: ignore[type-arg]
        me = self.side
        after = self.play(action)
        king = after.king(me)
        if king is not None and after.attacked(king, 1 - me):
            return False
        if action[0] != "drop" or action[1] != "D":
            return True
        sq = action[2]
        if sq[1] == self.far_rank(me):
            return False
        if any(p == (me, "D") and at[0] == sq[0] for at, p in self.board.items()):
            return False
        enemy = after.king(1 - me)
        if check_mate and enemy is not None and after.attacked(enemy, me):
            replies = [a for a in after.pseudo() if after.allowed_5x6(a, check_mate=False)]
            return bool(replies)
        return True

    def terminal(self) -> tuple[int, str] | None:
        if self.variant == "3x4":
            found = self.decided()
            if found is None and not self.pseudo():
                return (1 - self.side, "no_legal_action")
            return found
        if self.legal():
            return None
        king = self.king(self.side)
        check = king is not None and self.attacked(king, 1 - self.side)
        return (1 - self.side, "checkmate" if check else "no_legal_action")
