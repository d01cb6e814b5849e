"""Shitenno (Cédric Lefebvre, Ludonaute 2011), 2-4 players, registered as ``"shitenno"``.

Layout: ``data.py`` (provinces, decks, tiles from ``data/shitenno/``), ``state.py`` (state,
actions, JSON), ``setup.py`` (options, new game), ``flow.py`` (year transitions),
``payment.py`` (requirements, tile effects, what a payment meets and loses),
``payment_search.py`` and ``payment_tables.py`` (the search for valid payments), ``lots.py``
(the lots a Tairō may make), ``rules.py``
(legal/apply/resign), ``explain.py``, ``scoring.py``, ``notation.py``, ``view.py``,
``secrets.py`` (``shuffle_hidden`` and the forms), ``game.py``, ``ai.py``, ``selfplay.py``.

Flow: a sharing year (the rulebook's *even* year; ``phase`` ``"even"``): the Tairō makes a
``lot`` (open cards + one Hierarchy tile), offered in descending title order to each
player without a lot (``accept``/``refuse``); accepted -> that player is done and the same
Tairō goes on; refused by all -> the Tairō keeps it and the highest title without a lot
becomes Tairō; with two players left the Tairō makes a ``split`` and the other ``choose``s
a lot. Titles are exchanged at the end of the year. Then a province year (``"odd"``): in
title order each player places 0-2 Kamons (placements, ``draw``, the Senseï's ``flip``,
``end``). After a province year the game ends when a player has no Kamon left or the Koku
deck is empty.

Options (reference [G] decisions; defaults first):

* ``tiles_on_one_card`` (on): every bonus tile of one placement modifies the same card,
  the Spanish rulebook's sentence; off, tiles may modify different cards.
* ``empty_lots`` (on): a lot may hold no card (only its Hierarchy tile).
* ``full_lots`` (on): a lot offered one player at a time may take every remaining card.
  Off (either), a lot leaves the cards the lots still to be made need, and where the
  open cards are too few the option gives way (``lots.lot_sizes``): no year stalls.
* ``koku_any_value_exchange`` (on): an Exchange turns a Koku card of any value into one
  troop; off, only a 1-Koku card.
* ``plus_and_draw_score`` (off): unused +1 and Draw tiles score 1 each at the end.
* ``sensei_flip`` (``any``): the Senseï may turn any of his simple Kamons golden (at most
  one per year, at the end of his turn, even without placing); ``this_turn``: only a Kamon
  placed this turn.

Decisions kept fixed (where the rules are silent; the reference's [G]):

* The Senseï's flip is at the end of his *odd-year* turn (§8.1); it ends the turn.
* Troop deck short at a reveal or a Draw: the discards are reshuffled under what is left;
  still short, what there is is revealed or drawn. The Koku deck is never rebuilt.
* Draw tiles are used on one's own province turn only (even years have no turns).
* The Hatamoto's troop is a troop of any type, never Koku; tiles may modify it (Hatamoto
  + "+1" = 2 troops). A payment is accepted when *some* application of the chosen tiles
  meets the troop requirement or the Koku cost. Overpaying is allowed, as the rulebook
  says («debes descartar más Kokus que los necesarios, pero los excedentes se pierden»):
  surplus Koku, troops, cards, bonus tiles and the Hatamoto's troop are lost, and the
  event names them. The rulebook does not refuse a tile or the Hatamoto spent for
  nothing («puede usar cuantas Losetas de Bonus tenga»), so they follow the same rule.
  ``legal()`` lists only the payments that spend nothing for nothing (the AI picks from
  these); the others are accepted through ``Game.unlisted``.
* An Exchange turns one troop (one half of a double) into any troop or into 1 Koku, or a
  Koku card into one troop; +1 adds a troop of a type on the card or 1 to its Koku.
* Hand sizes (Troop and Koku cards apart) are public; hands and deck orders are secret
  until the end, when hands are scored in the open.
* Lots are single actions (no take-back: what is offered is final); no action can be
  undone (a placement reveals the next tile, a Draw a card).
* Final scoring: Koku in hand, unused Exchange tiles turning Troop cards in hand into 1
  Koku each, 6 per province majority (golden = 2; ties to the leftmost Kamon); a tie for
  the win goes to the higher title of the last year.
* Resigning ends the game at once: it is scored as it stands, the resigned seat last.
"""

from __future__ import annotations

from games.shitenno.game import GAME
from games.shitenno.state import (
    Accept,
    Choose,
    Draw,
    End,
    Flip,
    MakeLot,
    Place,
    Refuse,
    ShitennoState,
    Split,
)
from games.shitenno.view import ShitennoView

__all__ = [
    "GAME",
    "Accept",
    "Choose",
    "Draw",
    "End",
    "Flip",
    "MakeLot",
    "Place",
    "Refuse",
    "ShitennoState",
    "ShitennoView",
    "Split",
]
