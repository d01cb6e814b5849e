"""Samurai's transitions: who acts, what is legal, what an action does (reference §3-§7).

``legal()`` order:

* pick phase: ``confirm`` (when five tiles are chosen), then ``take`` per tile code in the
  canonical order H2 H3 H4 B2 B3 B4 R2 R3 R4 S1 S2 S3 N1 W1 W2 FS TS, then ``drop`` in the
  same order;
* figure placement: by figure type H B R, then by hex;
* a turn: ``end`` (once a tile was played), tile placements by tile code then hex, tile
  swaps by source hex then target hex, figure swaps by the first figure's settlement and
  type, then the second's.

"Hex order" is the board order: by column (west to east), then row (north to south).
"""

from __future__ import annotations

from dataclasses import replace

from games.base import Event, GameOver, IllegalAction, Reveal
from games.samurai import state as acts
from games.samurai.data import FIGURES, HAND_SIZE, TILES, sort_tiles
from games.samurai.flow import (
    advance_turn,
    after_placement,
    finish_pick,
    next_active,
    placement_options,
    put_figure,
)
from games.samurai.mechanics import (
    Scratch,
    board_of,
    empty_targets,
    figure_swaps,
    resolve_after,
    swap_sources,
)
from games.samurai.notation import notation
from games.samurai.state import SamuraiAction, SamuraiState


def to_act(state: SamuraiState) -> frozenset[int]:
    """Pick: every seat still choosing; otherwise the placer or the player whose turn it is."""
    if state.phase == "over":
        return frozenset()
    if state.phase == "pick":
        return frozenset(s for s in range(state.players) if state.active(s) and not state.ready[s])
    return frozenset((state.current,))


def legal(state: SamuraiState, seat: int) -> list[SamuraiAction]:
    """Every legal action of ``seat``, in the order of the module docstring."""
    if seat not in to_act(state):
        return []
    if state.phase == "pick":
        return _pick_actions(state.hands[seat])
    board = board_of(state)
    labels = [h.label for h in board.hexes]
    if state.phase == "placement":
        return [acts.PlaceFigure(f, labels[h]) for f, h in placement_options(state)]
    return _turn_actions(state, seat, labels)


def _pick_actions(hand: tuple[str, ...]) -> list[SamuraiAction]:
    actions: list[SamuraiAction] = [acts.Confirm()] if len(hand) == HAND_SIZE else []
    if len(hand) < HAND_SIZE:
        actions.extend(acts.Take(c) for c, spec in TILES.items() if hand.count(c) < spec.count)
    actions.extend(acts.Drop(c) for c in dict.fromkeys(hand))
    return actions


def _turn_actions(state: SamuraiState, seat: int, labels: list[str]) -> list[SamuraiAction]:
    board = board_of(state)
    hand = state.hands[seat]
    actions: list[SamuraiAction] = [acts.End()] if state.turn_steps else []
    targets = {
        "land": [labels[h] for h in empty_targets(board, state.tiles, "land")],
        "sea": [labels[h] for h in empty_targets(board, state.tiles, "sea")],
    }
    for code in dict.fromkeys(hand):
        spec = TILES[code]
        if code in ("FS", "TS") or (state.normal_played and not spec.fast):
            continue
        actions.extend(acts.Place(code, label) for label in targets[spec.placement])
    if "TS" in hand and not state.normal_played:
        for source in swap_sources(board, state.tiles, seat):
            actions.extend(acts.TileSwap(labels[source], label) for label in targets["land"])
    if "FS" in hand:
        actions.extend(
            acts.FigureSwap((t1, labels[s1]), (t2, labels[s2]))
            for s1, t1, s2, t2 in figure_swaps(board, state.figures)
        )
    return actions


def end_turn(state: SamuraiState, seat: int) -> SamuraiAction | None:
    """``end`` when ``seat`` may end its turn now."""
    if state.phase == "play" and seat == state.current and state.turn_steps:
        return acts.End()
    return None


def can_undo(state: SamuraiState, seat: int) -> bool:
    """True while ``seat`` is in a turn it has not ended and has played at least one tile.

    Steps reveal nothing hidden (draws happen only at ``end``), so each may be taken back;
    the pick is changed with ``drop``/``take`` instead, and figure placements are turns.
    """
    return state.phase == "play" and seat == state.current and bool(state.turn_steps)


# --- apply ----------------------------------------------------------------------------


def apply(
    state: SamuraiState, seat: int, action: SamuraiAction
) -> tuple[SamuraiState, list[Event]]:
    """The successor of a legal ``action`` (see :func:`games.engine.act`)."""
    events: list[Event] = []
    if isinstance(action, (acts.Take, acts.Drop, acts.Confirm)):
        return _apply_pick(state, seat, action, events), events
    if isinstance(action, acts.PlaceFigure):
        board = board_of(state)
        target = board.by_label[action.hex]
        state = put_figure(state, action.figure, target)
        # the last placement is highlighted like a finished turn
        state = replace(state, last_seat=seat, last_steps=(notation(action),), last_hexes=(target,))
        args = {"figure": action.figure, "hex": action.hex}
        events.append(Event("samurai.figure", args, seat))
        return after_placement(state, events), events
    if isinstance(action, acts.End):
        return _end_turn(state, seat, events), events
    return _apply_step(state, seat, action, events), events


def _apply_pick(
    state: SamuraiState,
    seat: int,
    action: acts.Take | acts.Drop | acts.Confirm,
    events: list[Event],
) -> SamuraiState:
    hands = list(state.hands)
    if isinstance(action, acts.Confirm):
        ready = tuple(r or s == seat for s, r in enumerate(state.ready))
        state = replace(state, ready=ready)
        events.append(Event("samurai.confirm", {}, seat))
        if all(ready[s] for s in range(state.players) if state.active(s)):
            state = finish_pick(state, events)
        return state
    hand = list(hands[seat])
    if isinstance(action, acts.Take):
        hand.append(action.tile)
    else:
        hand.remove(action.tile)
    hands[seat] = sort_tiles(hand)
    kind = "samurai.take" if isinstance(action, acts.Take) else "samurai.drop"
    events.append(Event(kind, {"tile": action.tile}, seat, frozenset((seat,))))
    return replace(state, hands=tuple(hands))


def _apply_step(
    state: SamuraiState, seat: int, action: SamuraiAction, events: list[Event]
) -> SamuraiState:
    work = Scratch.of(state)
    hand = list(state.hands[seat])
    touched, event = _play_tile(state, seat, action, work, hand)
    normal = state.normal_played  # a figure swap leaves it as it was
    if isinstance(action, acts.Place):
        normal = normal or not TILES[action.tile].fast
    elif isinstance(action, acts.TileSwap):
        normal = True
    events.append(event)
    events.extend(work.events)
    hands = list(state.hands)
    hands[seat] = tuple(hand)
    state = replace(
        state,
        tiles=tuple(work.tiles),
        figures=tuple(work.figures),
        captured=tuple((c[0], c[1], c[2]) for c in work.captured),
        set_aside=(work.set_aside[0], work.set_aside[1], work.set_aside[2]),
        ties=work.ties,
        hands=tuple(hands),
        normal_played=normal,
        turn_steps=(*state.turn_steps, notation(action)),
        turn_hexes=(*state.turn_hexes, *touched),
    )
    if work.ended:
        events.append(Event("samurai.end", {"reason": work.ended}))
        state = replace(state, phase="over", end_reason=work.ended)
    return state


def _play_tile(
    state: SamuraiState, seat: int, action: SamuraiAction, work: Scratch, hand: list[str]
) -> tuple[tuple[int, ...], Event]:
    """Play the step's tile from ``hand`` on ``work``: the hexes it touched and its event."""
    by_label = board_of(state).by_label
    if isinstance(action, acts.Place):
        placed = by_label[action.hex]
        hand.remove(action.tile)
        work.tiles[placed] = (seat, action.tile)
        args = {"tile": action.tile, "hex": action.hex, "value": TILES[action.tile].value}
        resolve_after(state, work, placed)
        return (placed,), Event("samurai.tile", args, seat, reveals=Reveal.OWN)
    if isinstance(action, acts.TileSwap):
        source, placed = by_label[action.source], by_label[action.target]
        hand.remove("TS")
        moved = state.tiles[source]
        assert moved is not None
        work.tiles[source] = (seat, "TS")
        work.tiles[placed] = moved
        args = {"tile": moved[1], "source": action.source, "target": action.target}
        resolve_after(state, work, placed)
        return (source, placed), Event("samurai.tile_swap", args, seat, reveals=Reveal.OWN)
    assert isinstance(action, acts.FigureSwap)
    touched = _swap_figures(by_label, work, action)
    hand.remove("FS")
    args = {"first": list(action.first), "second": list(action.second)}
    return touched, Event("samurai.figure_swap", args, seat, reveals=Reveal.OWN)


def _swap_figures(
    by_label: dict[str, int], work: Scratch, action: acts.FigureSwap
) -> tuple[int, ...]:
    (f1, h1), (f2, h2) = action.first, action.second
    s1, s2 = by_label[h1], by_label[h2]
    work.figures[s1] = "".join(f for f in FIGURES if f == f2 or (f in work.figures[s1] and f != f1))
    work.figures[s2] = "".join(f for f in FIGURES if f == f1 or (f in work.figures[s2] and f != f2))
    return (s1, s2)


def _end_turn(state: SamuraiState, seat: int, events: list[Event]) -> SamuraiState:
    hand, pile = state.hands[seat], state.piles[seat]
    count = min(HAND_SIZE - len(hand), len(pile))
    drawn = pile[:count]
    hands, piles = list(state.hands), list(state.piles)
    hands[seat] = sort_tiles(hand + drawn)
    piles[seat] = pile[count:]
    args = {"drew": count, "hand": len(hands[seat]), "pile": len(piles[seat])}
    events.append(Event("samurai.end_turn", args, seat))
    if count:
        drawn_tiles = {"tiles": list(drawn)}
        private = frozenset((seat,))
        events.append(Event("samurai.draw", drawn_tiles, seat, private, Reveal.HIDDEN))
    state = replace(
        state,
        hands=tuple(hands),
        piles=tuple(piles),
        last_seat=seat,
        last_steps=state.turn_steps,
        last_hexes=state.turn_hexes,
    )
    return advance_turn(state, seat, events)


# --- resignation ----------------------------------------------------------------------


def resign(state: SamuraiState, seat: int) -> tuple[SamuraiState, list[Event]]:
    """``seat`` leaves; the last player left wins, otherwise play goes on without it.

    The resigned player's tiles stay on the board (they still fill hexes) but count no
    influence any more; its turn, if it was playing one, ends without a draw.
    """
    if state.phase == "over":
        raise GameOver("This game is over.")
    if not state.active(seat):
        raise IllegalAction("You have already resigned from this game.")
    events = [Event("samurai.resign", {}, seat)]
    state = replace(state, resigned=(*state.resigned, seat))
    remaining = [s for s in range(state.players) if state.active(s)]
    if len(remaining) == 1:
        events.append(Event("samurai.end", {"reason": "resignation"}))
        return replace(state, phase="over", end_reason="resignation"), events
    if state.phase == "pick":
        if all(state.ready[s] for s in remaining):
            state = finish_pick(state, events)
    elif state.phase == "placement" and state.current == seat:
        nxt = next_active(state, seat)
        state = replace(state, current=seat if nxt is None else nxt)
    elif state.phase == "play" and state.current == seat:
        state = replace(
            state, last_seat=seat, last_steps=state.turn_steps, last_hexes=state.turn_hexes
        )
        state = advance_turn(state, seat, events)
    return state, events
