"""Rising Sun notation: writing actions and reading what players type.

Players are named by clan (``lotus``) or seat number (``2``); provinces, shrines (by Kami)
and cards by id (``kyoto``, ``amaterasu``, ``oni_of_skulls``). ``buy`` also takes a card's
name in any language of the game's catalogue, accents and case aside, or the start of one
that names a single card (``buy oni of skulls``, ``comprar oni de las cal``, ``buy
misericordia``); among several, the cards on offer win; still several or none, a sentence
lists them. The bot reads the first word in other languages (``comprar``, see
``data/rising_sun/aliases``); the gift after a card's name may be too (``dar loto``).
Canonical forms::

    ally lotus | pass | accept | refuse          Tea Ceremony
    give lotus 2 coin | give lotus 1 ronin       gifts (Tea Ceremony, choosing a mandate)
    mandate harvest | mandate betray keep train  choose a mandate (Lotus keeps one face down)
    summon bushi edo | summon shinto amaterasu   Recruit, Raijin, card summons, monsters
    move bushi edo kyoto | build kyoto           Marshal, Fujin; Marshal bonus
    buy komainu | buy komainu give lotus         Train, Ryujin (Benevolence's gift)
    betray lotus bushi kyoto [with river_dragon] Betray (a shrine by its Kami: betray lotus
                                                 shinto amaterasu, Path of the Unrighteous)
    kill lotus bushi edo                         Path of the Ninja
    take                                         Path of the Monkey: a coin from the richest
    spare                                        Mercy: spare the figures you would kill
    done                                         finish the current step
    bid 2 0 1 0 | confirm                        Seppuku, Hostage, Ronin, Poets (rest held back)
    seppuku | hostage lotus bushi | decline      use (or not) a war advantage or a card
    extra lotus                                  war reparations: who gets the odd coin

>>> from games.rising_sun.state import Bid, Summon
>>> parse_action("bid 2 0 1 0", {})
Bid(seppuku=2, hostage=0, ronin=1, poets=0)
>>> parse_action("summon shinto amaterasu", {})
Summon(kind='shinto', dest='shrine:amaterasu')
>>> parse_action("buy Oni de las CALAVERAS", {})
Buy(card='oni_of_skulls', gift=None)
>>> parse_action("buy senda del mo", {})
Buy(card='path_of_the_monkey', gift=None)
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from games import words
from games.base import InvalidNotation, Reason
from games.rising_sun import state as acts
from games.rising_sun.data import MANDATES, data
from games.rising_sun.state import G, RSAction

SIMPLE: dict[str, RSAction] = {
    "pass": acts.Pass(), "accept": acts.Accept(), "yes": acts.Accept(),
    "refuse": acts.Refuse(), "no": acts.Refuse(), "done": acts.Done(), "end": acts.Done(),
    "confirm": acts.Confirm(), "seppuku": acts.Seppuku(), "decline": acts.Decline(),
    "spare": acts.Spare(), "take": acts.Take(), "use": acts.Use(),
}  # fmt: skip
KIND_WORDS = {"bushi": "bushi", "shinto": "shinto", "daimyo": "daimyo", "stronghold": "stronghold"}


def seat_names(g: G) -> dict[str, int]:
    names = {g.clan_id(s): s for s in range(g.players)}
    names.update({str(s): s for s in range(g.players)})
    return names


def _name(g: G | None, seat: int | None) -> str:
    if seat is None:
        return "-"
    return g.clan_id(seat) if g is not None else str(seat)


def notation(g: G | None, action: RSAction) -> str:
    """Canonical text of ``action``."""
    for text, simple in SIMPLE.items():
        if simple == action and text not in ("yes", "no", "end"):
            return text
    if isinstance(action, acts.Clan):
        return f"clan {action.clan}"
    if isinstance(action, acts.Order):
        return "order " + " ".join(action.tiles)
    if isinstance(action, acts.Propose):
        return f"ally {_name(g, action.to)}"
    if isinstance(action, acts.Gift):
        return f"give {_name(g, action.to)} {action.n} {action.what}"
    if isinstance(action, acts.Choose):
        return f"mandate {action.mandate}" + (f" keep {action.keep}" if action.keep else "")
    if isinstance(action, acts.Summon):
        return f"summon {action.kind} {action.dest.removeprefix('shrine:')}"
    if isinstance(action, acts.Move):
        return f"move {action.kind} {action.src} {action.dst}"
    if isinstance(action, acts.Build | acts.Buy):
        head = (
            f"build {action.province}" if isinstance(action, acts.Build) else f"buy {action.card}"
        )
        return head + (f" give {_name(g, action.gift)}" if action.gift is not None else "")
    if isinstance(action, acts.Betray):
        tail = "" if action.mine == action.kind else f" with {action.mine}"
        where = action.province.removeprefix("shrine:")
        return f"betray {_name(g, action.victim)} {action.kind} {where}{tail}"
    if isinstance(action, acts.Kill):
        return f"kill {_name(g, action.victim)} {action.kind} {action.province}"
    if isinstance(action, acts.Bid):
        return "bid " + " ".join(str(v) for v in action.as_list())
    if isinstance(action, acts.Hostage):
        return f"hostage {_name(g, action.victim)} {action.kind}"
    if isinstance(action, acts.Extra):
        return f"extra {_name(g, action.to)}"
    raise InvalidNotation(
        Reason("rising_sun.notation.not_ours", "That is not a Rising Sun action.")
    )


def _bad(text: str) -> InvalidNotation:
    return InvalidNotation(
        Reason(
            "rising_sun.notation.unreadable",
            "“{input}” is not a Rising Sun action (e.g. `ally lotus`, `mandate harvest`, "
            "`summon bushi edo`, `move bushi edo kyoto`, `buy komainu`, `bid 2 0 1 0`, "
            "`done`).".replace("{input}", text[:40]),
            input=text[:40],
        )
    )


def _dest(word: str) -> str:
    if word in data().kami_names:
        return "shrine:" + word
    return word


def _fold(text: str) -> str:
    """Lower case, no accents, no punctuation, one space between words."""
    plain = unicodedata.normalize("NFKD", text.lower().replace("_", " "))
    kept = "".join(c if c.isalnum() else " " for c in plain if not unicodedata.combining(c))
    return " ".join(kept.split())


@cache
def card_names() -> dict[str, frozenset[str]]:
    """Every name a card answers to, folded: its id and its name in each catalogue
    (``data/rising_sun/locales/*.json``)."""
    out = {cid: {_fold(cid), _fold(card.name)} for cid, card in data().cards.items()}
    for path in sorted((words.DATA_DIR / "rising_sun" / "locales").glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for cid, names in out.items():
            name = entries.get(f"rising_sun.card.{cid}")
            if isinstance(name, str):
                names.add(_fold(name))
    return {cid: frozenset(names) for cid, names in out.items()}


def find_card(typed: str, offer: Sequence[str] = ()) -> str:
    """The card id ``typed`` names: an id or a name (any language), else the start of
    names of one card; the cards on ``offer`` first. Several or none: a sentence naming
    them (in the reader's language, by the catalogue)."""
    folded = _fold(typed)
    if not folded:
        raise _bad(typed)
    names = card_names()
    tests: tuple[Callable[[str], bool], ...] = (
        lambda n: n == folded,
        lambda n: n.startswith(folded),
        lambda n: f" {folded}" in f" {n}",  # the start of a later word
    )
    for test in tests:
        found = sorted(cid for cid, ns in names.items() if any(test(n) for n in ns))
        offered = [cid for cid in found if cid in offer]
        for pool in (offered, found):
            if len(pool) == 1:
                return pool[0]
        if found:
            raise _ambiguous(typed, offered or found)
    raise _unknown(typed, sorted(set(offer)))


def _ambiguous(typed: str, choices: list[str]) -> InvalidNotation:
    text = "“{input}” names several cards: {choices}. Type more of the name."
    text = text.replace("{input}", typed).replace("{choices}", ", ".join(names_in_english(choices)))
    key = "rising_sun.notation.card_ambiguous"
    return InvalidNotation(Reason(key, text, input=typed, choices=choices))


def _unknown(typed: str, on_offer: list[str]) -> InvalidNotation:
    if not on_offer:
        text = "No card is called “{input}”.".replace("{input}", typed)
        return InvalidNotation(Reason("rising_sun.notation.card_unknown.none", text, input=typed))
    text = "No card is called “{input}”; on offer: {choices}.".replace("{input}", typed)
    text = text.replace("{choices}", ", ".join(names_in_english(on_offer)))
    key = "rising_sun.notation.card_unknown"
    return InvalidNotation(Reason(key, text, input=typed, choices=on_offer))


def names_in_english(ids: Sequence[str]) -> list[str]:
    return [data().cards[c].name if c in data().cards else c for c in ids]


def parse_action(text: str, seats: Mapping[str, int], offer: Sequence[str] = ()) -> RSAction:
    """An action from ``text`` (see the module docstring); ``seats`` maps names to seats,
    ``offer`` holds the cards on offer (to tell a shortened card name)."""
    said = text.strip().lower().replace(",", " ").split()
    if not said:
        raise _bad(text)
    head, rest = said[0], said[1:]
    if head in SIMPLE and not rest:
        return SIMPLE[head]
    try:
        action = _parse_table(head, rest, seats) or _parse_board(head, rest, seats, offer)
    except InvalidNotation:
        raise  # a card's name that names several cards or none: its own sentence
    except (KeyError, ValueError):
        raise _bad(text) from None
    if action is None:
        raise _bad(text)
    return action


def _parse_table(head: str, rest: list[str], seats: Mapping[str, int]) -> RSAction | None:
    """The actions of the table (clans, mandates, alliances, gifts), or ``None``."""
    if head == "order" and rest and all(m in MANDATES for m in rest):
        return acts.Order(tuple(rest))
    if head == "clan" and len(rest) == 1:
        return acts.Clan(_english(rest[0]))
    if head in ("ally", "propose") and len(rest) == 1:
        return acts.Propose(seats[rest[0]])
    if head == "give" and len(rest) == 3:
        what = {"coin": "coin", "coins": "coin", "ronin": "ronin"}[rest[2]]
        return acts.Gift(seats[rest[0]], what, int(rest[1]))
    if head in MANDATES and not rest:
        return acts.Choose(head)
    if head == "mandate" and rest and rest[0] in MANDATES:
        if len(rest) == 1:
            return acts.Choose(rest[0])
        if len(rest) == 3 and rest[1] == "keep" and rest[2] in MANDATES:
            return acts.Choose(rest[0], rest[2])
    if head == "bid" and len(rest) == 4:
        values = [int(v) for v in rest]
        if all(0 <= v < 10_000 for v in values):
            return acts.Bid(*values)
    return None


def _parse_board(
    head: str, rest: list[str], seats: Mapping[str, int], offer: Sequence[str]
) -> RSAction | None:
    """The actions on the map and of the war, or ``None``."""
    if head == "summon" and len(rest) == 2:
        return acts.Summon(rest[0], _dest(rest[1].removeprefix("shrine:")))
    if head == "move" and len(rest) == 3:
        return acts.Move(rest[0], rest[1], rest[2])
    if head in ("build", "buy") and rest:
        return _parse_purchase(head, rest, seats, offer)
    if head == "betray" and len(rest) in (3, 5):
        if len(rest) == 5 and rest[3] != "with":
            return None
        mine = rest[4] if len(rest) == 5 else rest[1]
        return acts.Betray(seats[rest[0]], rest[1], _dest(rest[2].removeprefix("shrine:")), mine)
    if head == "kill" and len(rest) == 3:
        return acts.Kill(seats[rest[0]], rest[1], rest[2])
    if head == "hostage" and len(rest) == 2:
        return acts.Hostage(seats[rest[0]], rest[1])
    if head == "extra" and len(rest) == 1:
        return acts.Extra(seats[rest[0]])
    return None


def _parse_purchase(
    head: str, rest: list[str], seats: Mapping[str, int], offer: Sequence[str]
) -> RSAction | None:
    """``build <province> [give <seat>]`` or ``buy <card name> [give <seat>]``."""
    gift = None
    if len(rest) >= 3 and _english(rest[-2]) == "give":
        gift, rest = seats[_english(rest[-1])], rest[:-2]
    if head == "build" and len(rest) == 1:
        return acts.Build(rest[0], gift)
    if head == "buy":
        return acts.Buy(find_card(" ".join(rest), offer), gift)
    return None


def _english(word: str) -> str:
    """A word of the game in another language as its English word (``dar`` → ``give``)."""
    return words.aliases("rising_sun").get(_fold(word), word)
