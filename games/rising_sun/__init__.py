"""Rising Sun (Eric M. Lang, CMON 2018), 3-5 players, registered as ``"rising_sun"``.

Core Season cards plus one set (option ``set``: Archway, Horseman, Teapot or ``random``).
Rules: the Spanish rulebook, filled by the Tenka reference (``rising_sun.md``); every
component number lives in ``data/rising_sun/rising_sun.json`` (the map graph, home
provinces, incomes and Honor ranks, card costs and effect numbers are single-source or
designs there, to be checked against the physical game).

Layout: ``data.py`` (components), ``state.py`` (state as canonical JSON, the mutable
working copy ``G``, actions), ``setup.py`` (options, new game), ``flow.py`` (the season as
a queue of tasks; Harvest, shrines, cleanup, Winter), ``war.py`` (War Phase), ``board.py``
(Force, Honor, deaths, Oni triggers, prices), ``rules.py`` (who acts, legal, apply),
``choices.py`` (what each decision offers), ``handlers.py`` (what an action does),
``summons.py`` (a Recruit's summons as a set), ``bids.py`` (the whole bids, lazily),
``clans.py`` (choosing and seating the clans, the clockwise order),
``explain.py``, ``notation.py``, ``labels.py`` (menu text), ``view.py`` (the public view),
``secrets.py`` (``shuffle_hidden``, forms), ``scoring.py``, ``game.py`` (the record), ``ai.py``.

Decisions where the rules are silent or a turn-based bot needs one (options in
parentheses, defaults first):

* Clans (``clans``: ``choose``/``random``/``first``): new lobbies *choose* them
  (rulebook: «cada jugador elige uno de los Clanes disponibles»): in seat order, each seat
  picks one of the clans still free from a form (a ``One``; each option shows the clan's
  starting Honor rank and power, the prompt lists them whole); the computer picks one
  from its seed. The Honor track and the clockwise order are the seats sorted by the
  starting Honor rank of their clans («los jugadores se sienten … de acuerdo con el Rango
  de Honor Inicial del Clan que eligieron»; ``clans.py``); while the clans are chosen the
  board shows the seats in seat order. ``random`` (the quick start) deals them from the
  seed and seats them by rank (seat 0 = lowest rank number), exactly as every game stored
  before the choice existed (their stored options say ``random``, so they start as they
  did); ``first`` takes the base order.
* Shrines: 4 of 7 at random, or the beginners' set in order (``beginner_shrines``).
* Tea Ceremony: turns go clockwise from the mandate-deck holder; on its turn an unallied
  player proposes to an unallied player it has not yet asked this season (who accepts or
  refuses at once) or passes; the ceremony ends when every player who could still propose
  has passed in a row. Gifts of coins or Ronin (one gift per turn, any amount) are offered
  on Tea Ceremony turns and while choosing a mandate (never in War).
* The 3 mandate tiles not kept go back on the deck in draw order; the reference's optional
  rule (``mandate_reorder``: off/on) lets the chooser put them back in the order it likes,
  a secret ``order`` step (a form over the distinct orders; others see only "order").
* Recruit: the summons owed (one per Stronghold, the bonus at any Stronghold, Dragonfly's
  anywhere) are a set: a summon is allowed while the summons made with it can each still
  have a slot of their own (a matching, ``summons.py``), so their order never matters; a
  Shinto (or Komainu) sent to a shrine may stand for any slot. A player with no summon
  left is done at once.
* Marshal bonus: a Stronghold costs 3 (Bonsai 1) and needs one of your figures in the
  province (``marshal_build``: ``figure``/``anywhere``). Marshal and Fujin moves of Turtle
  include its Strongholds.
* Path of the Serpent: for a shipping-route move of another player, each owner may charge
  its coin per copy (``use``) or let the route be used for free (``decline``), asked right
  after the move; a player who could not pay every owner cannot use the route.
  Dragonfly's moves use no route.
* Benevolence: a purchase (card or Stronghold) costing at least 1 may send up to one coin
  per copy owned to one chosen player; each such coin gives +1 Honor and +2 VP.
* Path of the Kenin fires after any Summon except its own (Recruit, Raijin, Path of the
  Light/Samurai, a bought monster's placement); Dragonfly's Kenin Bushi may go anywhere.
* Oni of Hate kills a Bushi of each higher-Honor player in its province when it has one,
  else a Shinto.
* Yurei counts as a Daimyo for Path of the Lion and Path of the Dragon.
* Way of Bushido: +2 coins and +2 VP per different Virtue owned (data).
* Start of War runs in Honor order; within a clan, War Upgrades before Koi's conversion.
* War bids: from an empty bid a whole bid is one action (``bid 1 3 2 0``, within the coins;
  the bid form plays it so), after that ``bid`` changes the tentative bid one box at a time
  (``bid 1 3 0 0``; ``bid 0 0 0 0`` starts again), ``confirm`` makes it final; a
  confirmed bid cannot change. (Whole bids from any bid would make ``legal()`` thousands
  of bids at every step, and a random player would almost never confirm.)
  Every war advantage won may be declined (rulebook: «el jugador puede optar por no
  ejecutar una Ventaja de Guerra que ganó»): ``use`` or ``decline`` for Hire Ronin (asked
  when the winner has a Ronin to hire, Koi's unbid coins counting) and Imperial Poets
  (asked when a figure died). The winner's ally counts as a loser for reparations. The coins that do
  not divide evenly are given by the winner (``reparations_remainder``: ``winner``/
  ``honor``).
* A bought monster with nowhere to go (no Stronghold) stays in the reserve.
* Horseman and Teapot. Every copy of a card counts (two Courage pay twice, two Mercy pay
  their VP twice for one spare, two Merchants a coin each). "After you Summon" fires once
  per Summon (Recruit, Raijin, Light, Samurai, a bought monster's placement), after Path of
  the Kenin's Bushi and not again for it: first Path of the Spirit, Patron and Warlord (one
  event), then the optional Path of the Ninja and Path of the Monkey, so their Honor loss
  never spoils the Spirit or the Patron of the same Summon. Path of the Ninja may kill any
  Bushi on the map, its owner's too; its Honor is lost even if Mercy then spares the Bushi.
  Path of the Monkey takes from every opponent tied for the most coins (none with 0).
* Mercy is asked whenever its owner would kill opponents' figures: a battle's outcome, Oni
  of Hate entering, Path of the Ninja (Seppuku kills only one's own figures: never).
  Spared figures are not killed: they stay where they are, count nothing for Imperial
  Poets, pay no Righteousness nor Justice; the battle is still won.
* Loyalty (while allied): one event is one Mandate's part for a player (a Harvest from
  several provinces), one Kami power, one Summon's gains, one War Province token gained
  (Courage and Oni of Souls together), one Oni entering (Spite's thefts), one war advantage
  or a battle's outcome (Seppuku with Righteousness, two hostages with Respect: one each),
  one Start of War card, and the Winter scoring as a whole (allied = allied in Autumn).
* Way of the Merchant ("takes coins from the supply"): seasonal income, the hostage-return
  coin, Harvest, Tsukuyomi, War Upgrades and Koi's Ronin turned to coins at the Start of
  War, the Paths' coins after a Summon. Not: gifts, war reparations, Way of the Righteous,
  Path of the Monkey, Serpent's charges, Benevolence, nor the Merchant's own coin. One
  event is the seasonal income, the hostage return, one Harvest, the whole Start of War,
  one Kami power or one Summon's gains: a coin per copy however many richer players took
  coins in it; "richer" compares the coins before the event.
* Honesty pays when its allied owner announces a mandate other than Betray; once its ally
  betrays, the alliance is broken and later mandates pay nothing. Form of the Kindred
  counts the seasons in which an alliance was formed (kept in the state, broken or not).
* Path of the Unrighteous adds one replacement per copy to Betray, of any player (one
  already betrayed too) and of a Shinto at a shrine (replaced by your Shinto or Komainu,
  which stays at that shrine); a replacement uses one of the two ordinary ones when it
  can. Daimyo still cannot be replaced.
* Way of the Righteous takes its coin from each lower-Honor player who has one, in the
  Start of War's Honor order.
* Ending: highest VP, ties to the higher Honor; allies (at the end) tied for first share
  the win. A resigned player is skipped (its figures stay) and ranks last.
* Nothing can be undone (every step is seen by the table).

Rules editions: a game keeps the rules it began with. ``setup`` writes ``edition: 2`` into
the state; a state without it (stored by the engine before issue 24) is edition 1, and
edition 1 writes none, so its states stay byte for byte as they were. ``G.fixed_rules``
(edition >= 2) is the one predicate the rules branch on: edition 1 shuffles every
announcement back at cleanup (Lotus's too: a copy per Lotus announcement), hires the Ronin
and pays the Imperial Poets at once, and charges the Serpent's coins at once, silently.
Whole bids and the summons as a set only accept more, so old logs replay as they did.
"""

from __future__ import annotations

from games.rising_sun.game import GAME
from games.rising_sun.state import RisingSunState
from games.rising_sun.view import RisingSunView

__all__ = ["GAME", "RisingSunState", "RisingSunView"]
