"""Samurai (Reiner Knizia, 1998), 2-4 players, registered as ``"samurai"``.

Layout: ``data.py`` (map and tiles from ``data/samurai/``), ``state.py`` (state, actions,
JSON), ``setup.py`` (options, new game), ``flow.py`` (phase and turn transitions),
``mechanics.py`` (influence, captures, end triggers), ``rules.py`` (legal/apply/resign),
``explain.py``, ``scoring.py`` (outcome and tie-breaks), ``notation.py``, ``picking.py``
(a whole opening hand as steps), ``view.py``, ``secrets.py`` (``shuffle_hidden``),
``game.py`` (the record), ``ai.py``.

Flow: **pick** (all seats at once: ``take``/``drop`` tiles one by one, then ``confirm``;
``to_act`` is every seat that has not confirmed, and a confirmed hand is final) ->
**placement** (seats in turn put a figure from the supply on a city, then on villages) ->
**play** (turns: tile steps, then ``end``) -> **over**.

Decisions where the rulebook is silent or unclear ([G] in ``samurai.md``; options in
parentheses, defaults first):

* The pick is built one tile at a time (7,913 possible hands would make ``legal()`` too long
  to list; :func:`games.samurai.picking.pick_steps` turns "pick H4 B4 R4 S3 N1" into the
  steps); a confirmed hand cannot be changed, so confirmed seats leave ``to_act`` (a seat
  that could still act after confirming would keep every "who acts now" loop going).
* A figure nobody influences is set aside as a tie (``zero_influence``: ``tie``/``removed``).
* A placement that reaches an end condition finishes all its captures first
  (``end_timing``: ``placement``/``immediate``); settlements resolve in board order, their
  figures in the order helmet, Buddha, rice.
* Figure placement by hand, or at random (``random_placement``); starting hands chosen or
  dealt at random (``random_opening``); captures hidden with 3-4 players
  (``public_captures`` shows them).
* Captures are announced by public events (at the table everyone sees who takes a figure
  and the influence is on the board); only the running totals hide behind the screen.
* A figure swap between two figures of one type is not offered (it changes nothing); a
  turn that plays only a figure swap counts as having played a tile.
* A tile swap needs one of its owner's caste or samurai tiles on the board and an empty land
  hex for the re-placement.
* A player who cannot play any tile at the start of a turn passes automatically; when no one
  can, the game is scored as it stands (``end_reason`` ``blocked``).
* Resigning: the player is out (skipped; its tiles stay on the board with no influence; it
  ranks below everyone still in, the latest resignation first). With one player left, that
  player wins (``Termination.RESIGNATION``); otherwise play goes on and the scoring ignores
  resigned players.
* Scores are the number of figure types led; see :mod:`games.samurai.scoring` for ranks and
  tie-break keys.
"""

from __future__ import annotations

from games.samurai.game import GAME
from games.samurai.state import (
    Confirm,
    Drop,
    End,
    FigureSwap,
    Place,
    PlaceFigure,
    SamuraiState,
    Take,
    TileSwap,
)
from games.samurai.view import SamuraiView

__all__ = [
    "GAME",
    "Confirm",
    "Drop",
    "End",
    "FigureSwap",
    "Place",
    "PlaceFigure",
    "SamuraiState",
    "SamuraiView",
    "Take",
    "TileSwap",
]
