"""The clans at the table (reference §3): choosing them, seating them, their turn order.

Rulebook: «Primero, cada jugador elige uno de los Clanes disponibles para jugar» and
«los jugadores se sienten alrededor de la mesa en el orden correcto, de acuerdo con el
Rango de Honor Inicial del Clan que eligieron … el orden de sesión (y por lo tanto el
orden de juego) permanece igual durante todo el juego».

With ``clans=choose`` (new lobbies) the seats choose in seat order, each a clan still
free (a form: a ``One`` over the free clans, each labelled with its starting Honor rank
and its power); ``random`` deals them from the seed (the quick start, and every game
stored before the choice existed) and ``first`` takes them in the base order. A bot's
seats are fixed by the lobby, so the table's clockwise order is the seats sorted by the
starting Honor rank of their clans (:func:`ring`): with dealt clans that is the seat
order itself, as before.
"""

from __future__ import annotations

from typing import Any

from games.rising_sun.data import data
from games.rising_sun.state import RESERVE, G

UNCHOSEN = -1  # a seat's clan index while it has not chosen


def ring(g: G) -> list[int]:
    """The seats clockwise: in ascending starting Honor rank of their clans."""
    clans = data().clans
    return sorted(range(g.players), key=lambda s: (clans[g.clans[s]].rank, s))


def free_clans(g: G) -> list[str]:
    """The clans nobody has chosen yet, in the base order (starting Honor rank)."""
    taken = set(g.clans)
    return [c.id for i, c in enumerate(data().clans) if i not in taken]


def pick_tasks(players: int) -> list[dict[str, Any]]:
    """The clan choices in seat order, then the seating."""
    return [*({"t": "clan", "seat": s} for s in range(players)), {"t": "seat_clans"}]


def choose(g: G, seat: int, clan: str) -> None:
    g.clans[seat] = [c.id for c in data().clans].index(clan)


def seat_clans(g: G, task: dict[str, Any] | None = None, events: Any = None) -> None:
    """Seat the chosen clans: a seat that chose none (it resigned) takes the first free
    clan; Honor track by starting rank; each clan's home figures, Stronghold and coins;
    the top of the Honor track holds the mandate deck; then the first season."""
    d = data()
    for s in range(g.players):
        if g.clans[s] == UNCHOSEN:
            choose(g, s, free_clans(g)[0])
    g.honor = ring(g)
    per = d.per_clan
    start = per["start_in_home_province"]
    for s, c in enumerate(g.clans):
        home = d.clans[c].home
        for kind in ("daimyo", "shinto", "bushi"):
            for n in range(per[kind]):
                g.figs.append([s, kind, home if n < start.get(kind, 0) else RESERVE])
        g.holds[s] = [home] * start["stronghold"]
        g.coins[s] = per["starting_coins"]
    g.chooser = g.honor[0]
    g.phase = "tea"
    g.tasks[0:0] = [{"t": "season"}]
