"""Alpha-beta search and static evaluation on the internal board (used by ``ai.py``).

Negamax with iterative deepening, a transposition table, move ordering (hash move,
captures by most valuable victim, promotions, killer and history moves), a quiescence
search over captures (plus check evasions, and in 3x4 koropokkuru steps onto the far rank)
and a repetition rule: returning to a position already met in the game or on the search
path scores as a draw, slightly below equality for the searching side (``CONTEMPT``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable

from games.rng import Rng
from games.yokai.board import (
    BASE,
    DROP,
    GEOMETRIES,
    HAND_TYPES,
    KORO,
    LETTERS,
    PROMO,
    Geometry,
    Position,
)

MATE = 100_000
MATE_BOUND = MATE - 1_000  # scores beyond this are wins or losses in n plies
# A repetition is scored a little below equality for the searching side, so that it plays
# on against a weaker opponent instead of shuffling into a draw.
CONTEMPT = 30
EXACT, LOWER, UPPER = 0, 1, 2
# Values by unpromoted-or-promoted type code 1..8 (K F T D I O +D +O), board and reserve.
VALUES = {
    "3x4": ((0, 0, 250, 300, 100, 0, 0, 380, 0), (0, 0, 280, 330, 120, 0, 0, 0, 0)),
    "5x6": ((0, 0, 0, 0, 100, 500, 420, 520, 500), (0, 0, 0, 0, 130, 560, 470, 0, 0)),
}


class Timeout(Exception):
    """The search ran out of time or nodes."""


def _square_tables(geo: Geometry) -> list[list[int]]:
    """``table[code][sq]``: material plus placement, from seat 0's point of view."""
    board_values = VALUES[geo.variant][0]
    table = [[0] * geo.n for _ in range(17)]
    for code in range(1, 17):
        seat, kind = (1, code - 8) if code > 8 else (0, code)
        sign = 1 if seat == 0 else -1
        for sq in range(geo.n):
            rank = geo.rank_of(sq) if seat == 0 else geo.ranks - 1 - geo.rank_of(sq)
            bonus = 0
            if kind == KORO:
                # 3x4: an advanced koropokkuru threatens the try; 5x6: stay home, safe.
                bonus = (0, 20, 45, 0)[rank] if not geo.shogi else -12 * rank
            elif kind in (4, 6) and geo.shogi:
                bonus = 6 * rank  # advancing kodama and oni near the promotion zone
            centre = geo.file_of(sq) not in (0, geo.files - 1)
            table[code][sq] = sign * (board_values[kind] + bonus + (4 if centre else 0))
    return table


TABLES = {variant: _square_tables(geo) for variant, geo in GEOMETRIES.items()}


def evaluate(pos: Position) -> int:
    """Static score for the side to move (positive = good for it)."""
    geo, board = pos.geo, pos.board
    table = TABLES[geo.variant]
    score = 0
    for sq in range(geo.n):
        code = board[sq]
        if code:
            score += table[code][sq]
    hand_values = VALUES[geo.variant][1]
    for t in HAND_TYPES:
        score += (pos.hands[0][t] - pos.hands[1][t]) * hand_values[t]
    if geo.shogi:
        score += _king_safety(pos, 0) - _king_safety(pos, 1)
    score = score if pos.side == 0 else -score
    enemy_king = pos.kings[1 - pos.side]
    if not geo.shogi and enemy_king >= 0 and pos.attacked(enemy_king, pos.side):
        score += 5_000  # 3x4: the side to move catches the koropokkuru now
    return score


def _king_safety(pos: Position, seat: int) -> int:
    """Own pieces beside the koropokkuru shelter it; enemy pieces beside it threaten."""
    king = pos.kings[seat]
    if king < 0:
        return 0
    board, geo = pos.board, pos.geo
    score = 0
    for nsq, _ in geo.attack[seat][king]:
        code = board[nsq]
        if code:
            score += 12 if (code > 8) == (seat == 1) else -25
    return score


def key_hash(geo: Geometry, key: str) -> int:
    """The Zobrist hash of a repetition key from ``YokaiState.history``."""
    from games.yokai.state import KEY_CHARS

    board_text, first, second, side = key.split("/")
    board = [KEY_CHARS.index(ch) for ch in board_text]
    hands = [[0] * 7, [0] * 7]
    for seat, text in enumerate((first, second)):
        for letter in text:
            hands[seat][LETTERS.index(letter) + 1] += 1
    return Position(geo, board, hands, int(side[0])).key


class Searcher:
    """One search tree: negamax alpha-beta over a copy of the root position."""

    def __init__(
        self,
        root: Position,
        seen: Iterable[int],
        rng: Rng,
        budget_s: float | None,
        max_depth: int,
        max_nodes: int | None = None,
    ) -> None:
        self.root = root
        self.pos = root.copy()
        self.seen = frozenset(seen)
        self.rng = rng
        self.budget_s = budget_s
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.history: dict[int, int] = {}
        self.killers: list[list[int]] = [[0, 0] for _ in range(128)]
        self.path: list[int] = []
        self.nodes = 0
        self.deadline = 0.0
        self.depth_reached = 0
        self.stoppable = False
        values = VALUES[root.geo.variant][0]
        self.victim = [values[BASE[code]] if code else 0 for code in range(17)]
        self.victim[KORO] = self.victim[KORO + 8] = 10_000

    def best_moves(self) -> tuple[list[int], int]:
        """The equally best root moves of the deepest completed iteration, and their score."""
        moves = self.root.legal_moves()
        if len(moves) <= 1:
            return moves, 0
        # 5% margin: the clock is read every 512 nodes and the set-up costs a little too.
        self.deadline = time.perf_counter() + 0.95 * (self.budget_s or 0.0)
        best: list[int] = [moves[0]]
        score = 0
        order = self._order(self.pos, moves, 0, 0)
        for depth in range(1, self.max_depth + 1):
            try:
                ties, score = self._root(order, depth, may_stop=depth > 1)
            except Timeout:
                break
            best, self.depth_reached = ties, depth
            order = ties + [m for m in order if m not in ties]
            if abs(score) >= MATE_BOUND:
                break  # a forced result: deeper search changes nothing
        return best, score

    def _root(self, order: list[int], depth: int, may_stop: bool) -> tuple[list[int], int]:
        self.pos = self.root.copy()
        self.stoppable = may_stop
        self.path = [self.pos.key]
        best_score, ties = -MATE - 1, []
        for m in order:
            captured = self.pos.make(m)
            score = -self._negamax(depth - 1, -MATE - 1, -(best_score - 1), 1)
            self.pos.unmake(m, captured)
            if score > best_score:
                best_score, ties = score, [m]
            elif score == best_score:
                ties.append(m)
        return ties, best_score

    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes & 511 == 0 and self.stoppable:
            if self.budget_s is not None and time.perf_counter() > self.deadline:
                raise Timeout
            if self.max_nodes is not None and self.nodes > self.max_nodes:
                raise Timeout

    def _end(self, pos: Position, ply: int) -> int | None:
        """A score if the game is over at ``pos`` (3x4 rules of §4.5), else None."""
        if pos.geo.shogi:
            return None
        decided = pos._decided()
        if decided is None:
            return None
        return MATE - ply if decided.winner == pos.side else -MATE + ply

    def _negamax(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        self._tick()
        pos = self.pos
        key = pos.key
        if key in self.seen or key in self.path:
            return -CONTEMPT if pos.side == self.root.side else CONTEMPT
        end = self._end(pos, ply)
        if end is not None:
            return end
        if depth <= 0 or ply >= 120:
            return self._quiesce(alpha, beta, ply, 0)
        moves = pos.legal_moves()
        if not moves:
            return -MATE + ply  # 5x6 checkmate or stalemate; 3x4 safety net
        entry = self.tt.get(key)
        hash_move = 0
        if entry is not None:
            e_depth, flag, e_score, hash_move = entry
            if e_depth >= depth:
                e_score = _from_tt(e_score, ply)
                if flag == EXACT:
                    return e_score
                if flag == LOWER and e_score >= beta:
                    return e_score
                if flag == UPPER and e_score <= alpha:
                    return e_score
        original_alpha = alpha
        best, best_move = -MATE - 1, 0
        self.path.append(key)
        for m in self._order(pos, moves, hash_move, ply):
            captured = pos.make(m)
            score = -self._negamax(depth - 1, -beta, -alpha, ply + 1)
            pos.unmake(m, captured)
            if score > best:
                best, best_move = score, m
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        self._reward(pos, m, depth, ply)
                        break
        self.path.pop()
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        self.tt[key] = (depth, flag, _to_tt(best, ply), best_move)
        return best

    def _reward(self, pos: Position, m: int, depth: int, ply: int) -> None:
        """Remember a quiet move that caused a cutoff (killer and history heuristics)."""
        if m & 63 < DROP and pos.board[(m >> 6) & 63]:
            return
        self.history[m] = self.history.get(m, 0) + depth * depth
        killers = self.killers[ply]
        if killers[0] != m:
            killers[1], killers[0] = killers[0], m

    def _order(self, pos: Position, moves: list[int], hash_move: int, ply: int) -> list[int]:
        board, victim, history = pos.board, self.victim, self.history
        killers = self.killers[ply] if ply < len(self.killers) else [0, 0]

        def priority(m: int) -> int:
            if m == hash_move:
                return 1 << 30
            src = m & 63
            score = history.get(m, 0)
            if src < DROP:
                target = board[(m >> 6) & 63]
                if target:
                    score += (1 << 24) + victim[target] * 64 - victim[board[src]] // 16
                if m >= PROMO:
                    score += 1 << 22
            if m in killers:
                score += 1 << 20
            return score

        return sorted(moves, key=priority, reverse=True)

    def _quiesce(self, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        pos = self.pos
        end = self._end(pos, ply)
        if end is not None:
            return end
        evasions = qdepth < 6 and pos.in_check()
        if evasions:
            moves = pos.legal_moves()
            if not moves:
                return -MATE + ply
        else:
            stand = evaluate(pos)
            if stand >= beta or qdepth >= 6:
                return stand
            alpha = max(alpha, stand)
            moves = pos.captures()
            if not pos.geo.shogi:
                moves += self._tries(pos)
        best = -MATE - 1 if evasions else alpha
        for m in self._order(pos, moves, 0, min(ply, 127)):
            self._tick()
            captured = pos.make(m)
            score = -self._quiesce(-beta, -alpha, ply + 1, qdepth + 1)
            pos.unmake(m, captured)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        return best

    def _tries(self, pos: Position) -> list[int]:
        """3x4 koropokkuru steps onto an empty square of its far rank."""
        king, far, board = pos.kings[pos.side], pos.geo.far[pos.side], pos.board
        if king < 0:
            return []
        targets = pos.geo.targets[board[king]][king]
        return [king | to << 6 for to in targets if far[to] and not board[to]]


def _to_tt(score: int, ply: int) -> int:
    """Mate scores are stored relative to the node, not the root."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def _from_tt(score: int, ply: int) -> int:
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score
