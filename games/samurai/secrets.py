"""``shuffle_hidden``: a state that differs from a given one only in what a seat cannot see."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from games.base import IllegalAction, Reason, Seat
from games.forms import Answers, Form, Option, Pick, Text
from games.rng import Rng
from games.samurai.data import HAND_SIZE, PLAYER_TILES, TILES, sort_tiles
from games.samurai.state import Confirm, Drop, SamuraiAction, SamuraiState, Take
from games.samurai.view import captures_visible


def shuffle_hidden(state: SamuraiState, seat: Seat | None, seed: int) -> SamuraiState:
    """Redeal what ``seat`` cannot see.

    Other seats' hands and piles are redealt from the same tiles (each seat's hand plus pile
    is public knowledge: its set minus what it has played), keeping their sizes; during the
    pick, other seats' tentative choices are replaced by random ones of the same size. The
    viewer's own pile is reordered (its order is secret from its owner too). Captured figures
    the viewer may not see are permuted among the seats that hide them, which keeps the
    public per-type totals. The seed is replaced. Every pool is sorted before it is dealt,
    so the result depends on what the seat knows, never on the order the truth held.
    """
    rng = Rng(seed)
    hands, piles = list(state.hands), list(state.piles)
    for q in range(state.players):
        if q == seat:
            piles[q] = tuple(rng.shuffled(sorted(piles[q])))
        elif state.phase == "pick":
            hands[q] = sort_tiles(rng.shuffled(PLAYER_TILES)[: len(hands[q])])
        else:
            pool = rng.shuffled(sorted(hands[q] + piles[q]))
            hands[q] = sort_tiles(pool[: len(hands[q])])
            piles[q] = tuple(pool[len(hands[q]) :])
    captured = list(state.captured)
    hiding = [q for q in range(state.players) if not captures_visible(state, seat, q)]
    hidden = sorted(state.captured[q] for q in hiding)
    for q, taken in zip(hiding, rng.shuffled(hidden), strict=True):
        captured[q] = taken
    return replace(
        state,
        hands=tuple(hands),
        piles=tuple(piles),
        captured=tuple(captured),
        seed=rng.next_u64() >> 1,
    )


# --- the opening hand as a form ---------------------------------------------------------


def pick_form(state: SamuraiState, seat: Seat) -> Form | None:
    """The opening hand: five of the twenty tiles, as a live form (each change is played as
    ``take``/``drop`` steps at once, so the tentative hand is game state)."""
    if state.phase != "pick" or seat not in range(state.players):
        return None
    if state.ready[seat] or not state.active(seat):
        return None
    options = tuple(
        Option(
            code,
            Text(
                "samurai.menu.tile_fast" if spec.fast else "samurai.menu.tile",
                ("{tile} (fast, {code})" if spec.fast else "{tile} ({code})"),
                {"tile": code, "code": code},
            ),
            count=spec.count,
        )
        for code, spec in TILES.items()
    )
    tiles = Pick("tiles", Text("samurai.menu.field", "Your five tiles"), options, 5, 5)
    return Form(
        "samurai.pick",
        Text("samurai.menu.prompt", "Choose your five starting tiles, then Confirm."),
        (tiles,),
        live=True,
        initial={"tiles": list(state.hands[seat])},
    )


def pick_answer(
    state: SamuraiState, seat: Seat, answers: Answers, *, final: bool
) -> list[SamuraiAction]:
    """The ``drop``/``take`` steps from the tentative hand to the chosen tiles (and
    ``confirm`` when ``final``)."""
    codes = [str(c) for c in answers.get("tiles", ())]
    if len(codes) != HAND_SIZE:
        raise IllegalAction(
            Reason(
                "samurai.menu.choose_five",
                f"Choose exactly {HAND_SIZE} tiles (you chose {len(codes)}).",
                hand_size=HAND_SIZE,
                count=len(codes),
            )
        )
    wanted, current = Counter(codes), Counter(state.hands[seat])
    steps: list[SamuraiAction] = [Drop(c) for c in sort_tiles(list((current - wanted).elements()))]
    steps += [Take(c) for c in sort_tiles(list((wanted - current).elements()))]
    return [*steps, Confirm()] if final else steps
