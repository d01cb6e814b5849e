"""Options and the start of a game (reference §3, §12)."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import JSON, InvalidOption, OptionSpec, Reason
from games.rng import Rng, derive_seed
from games.shitenno.data import PROVINCE_IDS, rules, sort_cards
from games.shitenno.flow import TURN_START, begin_even_year, sharing_start
from games.shitenno.state import ShitennoState

OPTIONS = (
    OptionSpec(
        "tiles_on_one_card",
        True,
        "All bonus tiles spent on one placement modify the same card (the rulebook's "
        "sentence); off, they may modify different cards.",
    ),
    OptionSpec(
        "empty_lots",
        True,
        "The Tairō may offer a lot with no cards (only a Hierarchy tile).",
    ),
    OptionSpec(
        "full_lots",
        True,
        "A lot offered one player at a time may take every remaining card; off, it must "
        "leave at least one card for later lots.",
    ),
    OptionSpec(
        "koku_any_value_exchange",
        True,
        "An Exchange tile turns a Koku card of any value into one troop; off, only a 1-Koku "
        "card can be exchanged into a troop.",
    ),
    OptionSpec(
        "plus_and_draw_score",
        False,
        "Unused +1 and Draw tiles score 1 favour each at the end (off: they score nothing; "
        "unused Exchange tiles always turn a Troop card in hand into 1 Koku).",
    ),
    OptionSpec(
        "sensei_flip",
        "any",
        "Which Kamon the Senseï may turn golden at the end of his turn: 'any' of his simple "
        "Kamons on the board, or only one he placed 'this_turn'.",
        choices=("any", "this_turn"),
    ),
)


def defaults() -> dict[str, JSON]:
    return {spec.name: spec.default for spec in OPTIONS}


def new_game(players: int, options: Mapping[str, JSON], seed: int) -> ShitennoState:
    """A new game (reference §3): bonus stacks, decks, Kamons, one Title and two Troop cards
    each; the first year (a sharing year) begins with the Tairō to build a lot."""
    if players not in (2, 3, 4):
        raise InvalidOption(Reason("shitenno.players", "Shitenno is played by 2, 3 or 4 players."))
    opts = {name: options.get(name, default) for name, default in defaults().items()}
    return begin_even_year(_first_state(players, opts, seed))


def _first_state(players: int, opts: dict[str, JSON], seed: int) -> ShitennoState:
    """The table before the first year: every field of the state (a table, see
    ``docs/DESIGN.md``), the decks, stacks and Titles shuffled from ``seed``."""
    data = rules()
    rng = Rng(derive_seed(seed, "shitenno.setup"))
    tiles = rng.shuffled(list(data.bonus_tiles))
    stacks = tuple(tuple(tiles[3 * i : 3 * i + 3]) for i in range(len(PROVINCE_IDS)))
    troops = rng.shuffled(list(data.troop_deck))
    koku = rng.shuffled(list(data.koku_deck))
    titles = rng.shuffled([4, 3, 2, 1])[:players]
    hands = tuple(sort_cards(troops[2 * s : 2 * s + 2]) for s in range(players))
    return ShitennoState(
        players=players,
        options=opts,
        seed=seed,
        reshuffles=0,
        phase="even",
        year=0,
        troop_deck=tuple(troops[2 * players :]),
        troop_discard=(),
        koku_deck=tuple(koku),
        hands=hands,
        titles=tuple(titles),
        favour=(0,) * players,
        kamons=(data.kamons[players],) * players,
        bonus=((0, 0, 0),) * players,
        stacks=stacks,
        board=((None, None, None, None),) * len(PROVINCE_IDS),
        tairo=None,
        open_cards=(),
        tiles=(),
        **sharing_start(players),
        order=(),
        current=None,
        **TURN_START,
        last_seat=None,
        last_text="",
        last_province=None,
        end_reason=None,
        resigned=None,
    )
