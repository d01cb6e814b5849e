"""China (Michael Schacht, 2005), 3-5 players: houses, emissaries, alliances and routes.

Rules: the Spanish rulebook wins; the reference is ``china.md`` of the project's rules
notes, the board a *designed* map kept in ``data/china/china_map.json``. Modules:
``board`` (data), ``state`` (state and actions), ``setup`` (options, deal), ``rules``
(legal actions and turn flow), ``checks`` (why an action is illegal), ``scoring``,
``notation``, ``view`` (:class:`~games.china.view.ChinaView`), ``ai``.

Decisions where the rules are silent or unclear ([G]), with their options and defaults:

* the map: every worked example of the rulebook (1-7) can be played on side B, the
  examples' side (``design_examples`` in the data file; tests/games/china/test_examples.py
  plays each one on the shipped map). Qi has 6 spaces there, since in example 3 two more
  houses fit beside Barbara's and Doris's four; example 5's Qi (2 + 2 + 1 houses) is then
  scored in the final scoring, and on side A (one space fewer per region, Qi 5) when its
  fifth house fills it. Ch'in's QIN1 is the branch of example 7: in the region's lower
  left, on a road to QIN6 only, beside the row QIN2-QIN4-QIN6-SHU3-SHU1.
* board side: option ``side`` = ``auto`` (A with 3 or 4 players, B with 5), ``a``, ``b``.
* fortification variant: option ``fortifications`` (off). A fortification is one of the
  turn's pieces and counts as a piece present for the one-piece rule; the player must put
  his own house on it in the same turn whenever he could (a second piece allowed, a
  two-piece payment in hand, a house in supply) -- otherwise it stays bare and neutral;
  a bare fortification does not fill its space; a house on it counts once for majorities
  and the cap; its owner scores double for the region and for a route through it (at
  most x2).
* route scoring: the best simple path in each road network of a player's houses (most
  points, then longest); option ``extra_routes`` (off) also scores further disjoint rows.
* "no piece can be placed any more": option ``blocked_end`` = ``immediate`` (default:
  final scoring at once) or ``round`` (finish the round).
* alliances: zero emissaries never make a majority; option ``zero_majority`` (off).
* wild pair: two cards of one colour, for a region of another colour (rulebook: "de otro
  color"); a placement names its pieces as a set: houses are placed first, so a house
  placed this turn raises the emissary cap, and a region filled by the first house is
  scored before the second piece (an emissary) goes in.
* the pile "runs out" the moment its last card is taken (draw, exchange or refill); the
  first time the discards are reshuffled at once (an empty discard pile makes it the
  second time); after the second, cards come only from the face-up row, and a player
  with nothing to take ends his refill short or, unable to place, passes.
* the game ends after the turn of seat ``players - 1`` (the start player is seat 0) once
  the end is triggered; with resignations, when play would wrap to a lower seat.
* resignation: the seat is skipped, its hand goes back to the box, its pieces stay on the
  board (and still count for majorities); it ranks below every remaining seat, later
  resignations above earlier ones. When one seat remains it wins
  (``Termination.RESIGNATION``) with the points scored so far.
* ties after points: most pieces left in supply (houses, placeable emissaries, an unused
  fortification), then a shared win.
"""

from __future__ import annotations

from games.china.game import GAME

__all__ = ["GAME"]
