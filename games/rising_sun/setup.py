"""Options and the start of a game (reference §3)."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import JSON, InvalidOption, OptionSpec, Reason
from games.rising_sun.clans import UNCHOSEN, pick_tasks, seat_clans
from games.rising_sun.data import data
from games.rising_sun.flow import shuffle
from games.rising_sun.rules import advance
from games.rising_sun.state import EDITION, G, RisingSunState, freeze
from games.rng import derive_seed

CLAN_IDS = ("koi", "lotus", "turtle", "dragonfly", "bonsai")

OPTIONS = (
    OptionSpec(
        "set",
        "archway",
        "The Season card set added to the Core cards: 'archway' (recommended for beginners), "
        "'horseman', 'teapot', or 'random' (one of the sets, drawn from the game's seed and "
        "shown on the board).",
        choices=("archway", "horseman", "teapot", "random"),
    ),
    OptionSpec(
        "clans",
        "choose",
        "Which clans play: 'choose' (the rulebook) lets each player choose one in seat order, "
        "seeing each clan's power and starting Honor; 'random' deals them from the seed (the "
        "quick start); 'first' takes Koi, Lotus, Turtle, Dragonfly, Bonsai in that order (as "
        "many as there are players).",
        choices=("choose", "random", "first"),
    ),
    OptionSpec(
        "beginner_shrines",
        False,
        "Use the beginners' shrines Amaterasu, Fujin, Hachiman, Tsukuyomi in that order "
        "instead of 4 of the 7 at random.",
    ),
    OptionSpec(
        "mandate_reorder",
        False,
        "The reference's optional rule: the chooser puts the three mandate tiles it did not "
        "keep back on the deck in the order it likes (the rulebook: in the order drawn).",
    ),
    OptionSpec(
        "marshal_build",
        "figure",
        "Where the Marshal bonus may build a Stronghold: 'figure' (a province where you have "
        "at least one figure, the published game's reading) or 'anywhere'.",
        choices=("figure", "anywhere"),
    ),
    OptionSpec(
        "reparations_remainder",
        "winner",
        "The war-reparation coins that do not divide evenly: 'winner' (the winner assigns them, "
        "the rulebook) or 'honor' (to the losers from the top of the Honor track).",
        choices=("winner", "honor"),
    ),
)


def playable_sets() -> list[str]:
    """The Season card sets a game may add to Core (``set_status`` in the data file)."""
    return sorted(k for k, status in data().set_status.items() if status == "supported")


def new_game(players: int, options: Mapping[str, JSON], seed: int) -> RisingSunState:
    """A new game for 3-5 players: clans seated by Honor rank, home provinces, shrines,
    decks, then the first seasonal setup and Tea Ceremony."""
    if players not in (3, 4, 5):
        raise InvalidOption(
            Reason("rising_sun.setup.players", "Rising Sun is played by 3, 4 or 5 players.")
        )
    d = data()
    opts = {spec.name: options.get(spec.name, spec.default) for spec in OPTIONS}
    g = _blank(players, opts, seed)
    ids = [c.id for c in d.clans]
    chosen: list[int] = []
    if opts["clans"] == "first":
        chosen = [ids.index(c) for c in CLAN_IDS[:players]]
    elif opts["clans"] == "random":
        chosen = shuffle(g, list(range(len(ids))))[:players]
    if opts["set"] == "random":
        opts["set"] = shuffle(g, playable_sets())[0]
    if opts["beginner_shrines"]:
        g.shrines = list(d.kami_beginners)
    else:
        g.shrines = shuffle(g, list(d.kami))[:4]
    g.deck = shuffle(g, list(d.mandate_deck))
    g.war_piles = [shuffle(g, list(range(len(d.provinces)))) for _ in range(3)]
    if chosen:  # dealt: seated by starting Honor rank, seat 0 the lowest rank number
        g.clans = sorted(chosen, key=lambda c: d.clans[c].rank)
        seat_clans(g)
    else:  # chosen at the table, in seat order
        g.clans, g.honor, g.phase = [UNCHOSEN] * players, list(range(players)), "clans"
        g.tasks = pick_tasks(players)
    advance(g, [])
    return freeze(g)


def _blank(players: int, opts: dict[str, JSON], seed: int) -> G:
    """The game before anything is dealt: empty board, no clans, no coins."""
    return G(
        players=players, options=opts, clans=[], season=0, phase="tea", honor=[],
        vp=[0] * players, coins=[0] * players, ronin=[0] * players, ally=[None] * players,
        figs=[], holds=[[] for _ in range(players)], owned=[[] for _ in range(players)],
        offer=[], shrines=[], deck=[], played=[], played_by=[], facedown=[], drawn=[],
        deck_known=[-1, 0], chooser=0, slot=0, war_piles=[], war=[], war_results=[],
        tokens=[[] for _ in range(players)], tasks=[], battle=None, tea={},
        rng=derive_seed(seed, "rising_sun"), last=None, resigned=[], gifted=[False] * players,
        allied_in=[[] for _ in range(players)], edition=EDITION,
    )  # fmt: skip
