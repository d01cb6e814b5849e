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
from games.rising_sun import board
from games.rising_sun.data import MANDATES, data
from games.rising_sun.state import (
    Accept,
    Betray,
    Bid,
    Build,
    Buy,
    Choose,
    Clan,
    Confirm,
    Decline,
    Done,
    Extra,
    G,
    Gift,
    Hostage,
    Kill,
    Move,
    Order,
    Pass,
    Propose,
    Refuse,
    RSAction,
    Seppuku,
    Spare,
    Summon,
    Take,
    Use,
)

SIMPLE: dict[str, RSAction] = {
    "pass": Pass(), "accept": Accept(), "yes": Accept(), "refuse": Refuse(), "no": Refuse(),
    "done": Done(), "end": Done(), "confirm": Confirm(), "seppuku": Seppuku(),
    "decline": Decline(), "spare": Spare(), "take": Take(), "use": Use(),
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
    if isinstance(action, Clan):
        return f"clan {action.clan}"
    if isinstance(action, Order):
        return "order " + " ".join(action.tiles)
    if isinstance(action, Propose):
        return f"ally {_name(g, action.to)}"
    if isinstance(action, Gift):
        return f"give {_name(g, action.to)} {action.n} {action.what}"
    if isinstance(action, Choose):
        return f"mandate {action.mandate}" + (f" keep {action.keep}" if action.keep else "")
    if isinstance(action, Summon):
        return f"summon {action.kind} {action.dest.removeprefix('shrine:')}"
    if isinstance(action, Move):
        return f"move {action.kind} {action.src} {action.dst}"
    if isinstance(action, Build | Buy):
        head = f"build {action.province}" if isinstance(action, Build) else f"buy {action.card}"
        return head + (f" give {_name(g, action.gift)}" if action.gift is not None else "")
    if isinstance(action, Betray):
        tail = "" if action.mine == action.kind else f" with {action.mine}"
        where = action.province.removeprefix("shrine:")
        return f"betray {_name(g, action.victim)} {action.kind} {where}{tail}"
    if isinstance(action, Kill):
        return f"kill {_name(g, action.victim)} {action.kind} {action.province}"
    if isinstance(action, Bid):
        return "bid " + " ".join(str(v) for v in action.as_list())
    if isinstance(action, Hostage):
        return f"hostage {_name(g, action.victim)} {action.kind}"
    if isinstance(action, Extra):
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
            choices = offered or found
            raise InvalidNotation(
                Reason(
                    "rising_sun.notation.card_ambiguous",
                    "“{input}” names several cards: {choices}. Type more of the name.".replace(
                        "{input}", typed
                    ).replace("{choices}", ", ".join(names_in_english(choices))),
                    input=typed,
                    choices=choices,
                )
            )
    on_offer = sorted(set(offer))
    if not on_offer:
        text = "No card is called “{input}”.".replace("{input}", typed)
        raise InvalidNotation(Reason("rising_sun.notation.card_unknown.none", text, input=typed))
    raise InvalidNotation(
        Reason(
            "rising_sun.notation.card_unknown",
            "No card is called “{input}”; on offer: {choices}.".replace("{input}", typed).replace(
                "{choices}", ", ".join(names_in_english(on_offer))
            ),
            input=typed,
            choices=on_offer,
        )
    )


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
        if head == "order" and rest and all(m in MANDATES for m in rest):
            return Order(tuple(rest))
        if head == "clan" and len(rest) == 1:
            return Clan(_english(rest[0]))
        if head in ("ally", "propose") and len(rest) == 1:
            return Propose(seats[rest[0]])
        if head == "give" and len(rest) == 3:
            what = {"coin": "coin", "coins": "coin", "ronin": "ronin"}[rest[2]]
            return Gift(seats[rest[0]], what, int(rest[1]))
        if head in MANDATES and not rest:
            return Choose(head)
        if head == "mandate" and rest and rest[0] in MANDATES:
            if len(rest) == 1:
                return Choose(rest[0])
            if len(rest) == 3 and rest[1] == "keep" and rest[2] in MANDATES:
                return Choose(rest[0], rest[2])
        if head == "summon" and len(rest) == 2:
            return Summon(rest[0], _dest(rest[1].removeprefix("shrine:")))
        if head == "move" and len(rest) == 3:
            return Move(rest[0], rest[1], rest[2])
        if head in ("build", "buy") and rest:
            gift = None
            if len(rest) >= 3 and _english(rest[-2]) == "give":
                gift, rest = seats[_english(rest[-1])], rest[:-2]
            if head == "build" and len(rest) == 1:
                return Build(rest[0], gift)
            if head == "buy":
                return Buy(find_card(" ".join(rest), offer), gift)
        if head == "betray" and len(rest) in (3, 5):
            mine = rest[4] if len(rest) == 5 and rest[3] == "with" else rest[1]
            if len(rest) == 5 and rest[3] != "with":
                raise _bad(text)
            return Betray(seats[rest[0]], rest[1], _dest(rest[2].removeprefix("shrine:")), mine)
        if head == "kill" and len(rest) == 3:
            return Kill(seats[rest[0]], rest[1], rest[2])
        if head == "bid" and len(rest) == 4:
            values = [int(v) for v in rest]
            if all(0 <= v < 10_000 for v in values):
                return Bid(*values)
        if head == "hostage" and len(rest) == 2:
            return Hostage(seats[rest[0]], rest[1])
        if head == "extra" and len(rest) == 1:
            return Extra(seats[rest[0]])
    except InvalidNotation:
        raise  # a card's name that names several cards or none: its own sentence
    except (KeyError, ValueError):
        raise _bad(text) from None
    raise _bad(text)


def _english(word: str) -> str:
    """A word of the game in another language as its English word (``dar`` → ``give``)."""
    return words.aliases("rising_sun").get(_fold(word), word)


# --- labels ------------------------------------------------------------------------------


def _kind(kind: str) -> str:
    if kind in data().cards:
        return data().cards[kind].name
    return kind.capitalize()


def _place(dest: str) -> str:
    if dest.startswith("shrine:"):
        return "the shrine of " + data().kami_names.get(dest[7:], dest[7:])
    try:
        return data().provinces[data().province(dest)].name
    except KeyError:
        return dest


def label(g: G, action: RSAction) -> str:
    """A friendly one-line description for menus: a :class:`Reason` (English text that
    names its catalogue entry, ``rising_sun.label.*``), so the bot words it per reader."""
    who = {s: data().clans[g.clans[s]].name if g.clan_id(s) else "" for s in range(g.players)}

    def clan(seat: int) -> str:
        return g.clan_id(seat)

    special = _step_label(g, action)
    if special is not None:
        return special
    if isinstance(action, Propose):
        text = f"Propose an alliance to {who[action.to]}"
        return Reason("rising_sun.label.propose", text, to=clan(action.to))
    if isinstance(action, Gift):
        if action.what == "ronin":
            text = f"Give {action.n} Ronin to {who[action.to]}"
            return Reason("rising_sun.label.gift.ronin", text, n=action.n, to=clan(action.to))
        text = f"Give {action.n} {'coin' if action.n == 1 else 'coins'} to {who[action.to]}"
        return Reason("rising_sun.label.gift.coin", text, n=action.n, to=clan(action.to))
    if isinstance(action, Choose):
        text = f"Announce {action.mandate.capitalize()}"
        if action.keep:
            text += f" (keep {action.keep.capitalize()} face down)"
            key = "rising_sun.label.choose.keep"
            return Reason(key, text, mandate=action.mandate, keep=action.keep)
        return Reason("rising_sun.label.choose", text, mandate=action.mandate)
    if isinstance(action, Summon):
        text = f"Summon {_kind(action.kind)} to {_place(action.dest)}"
        return Reason("rising_sun.label.summon", text, kind=action.kind, dest=action.dest)
    if isinstance(action, Move):
        text = f"Move {_kind(action.kind)} from {_place(action.src)} to {_place(action.dst)}"
        return Reason(
            "rising_sun.label.move", text, kind=action.kind, src=action.src, dst=action.dst
        )
    if isinstance(action, Build):
        text = f"Build a Stronghold in {_place(action.province)}"
        if action.gift is not None:
            text += f" (a coin to {who[action.gift]})"
            key = "rising_sun.label.build.gift"
            return Reason(key, text, dest=action.province, to=clan(action.gift))
        return Reason("rising_sun.label.build", text, dest=action.province)
    if isinstance(action, Buy):
        card = data().cards.get(action.card)
        name = card.name if card else action.card
        printed = f"{card.cost} coin{'' if card.cost == 1 else 's'} printed" if card else ""
        text = f"Buy {name}" + (f" ({printed})" if card else "")
        cost = card.cost if card else 0
        key = "rising_sun.label.buy" + ("" if card else ".unknown")
        if action.gift is not None:
            text += f", a coin to {who[action.gift]}"
            key += ".gift"
        to = clan(action.gift) if action.gift is not None else ""
        return Reason(key, text, card=action.card, cost=cost, to=to)
    if isinstance(action, Betray):
        text = f"Betray: replace {who[action.victim]}'s {_kind(action.kind)}"
        text += f" in {_place(action.province)}"
        key = "rising_sun.label.betray"
        if action.mine != action.kind:
            text += f" with your {_kind(action.mine)}"
            key += ".with"
        return Reason(
            key,
            text,
            victim=clan(action.victim),
            kind=action.kind,
            dest=action.province,
            mine=action.mine,
        )
    if isinstance(action, Bid):
        text = "Bid: Seppuku {}, Take Hostage {}, Hire Ronin {}, Imperial Poets {}".format(
            *action.as_list()
        )
        seppuku, hostage, ronin, poets = action.as_list()
        return Reason(
            "rising_sun.label.bid",
            text,
            seppuku=seppuku,
            hostage=hostage,
            ronin=ronin,
            poets=poets,
        )
    if isinstance(action, Hostage):
        text = f"Take {who[action.victim]}'s {_kind(action.kind)} hostage"
        return Reason(
            "rising_sun.label.hostage", text, victim=clan(action.victim), kind=action.kind
        )
    if isinstance(action, Extra):
        text = f"Give the odd reparation coin to {who[action.to]}"
        return Reason("rising_sun.label.extra", text, to=clan(action.to))
    if isinstance(action, Kill):
        where = _place(action.province)
        text = f"Path of the Ninja: kill {who[action.victim]}'s Bushi in {where} (-1 Honor)"
        return Reason(
            "rising_sun.label.kill", text, victim=clan(action.victim), dest=action.province
        )
    if isinstance(action, Decline) and g.tasks and g.tasks[0]["t"] in DECLINE_LABEL:
        task = str(g.tasks[0]["t"])
        return Reason(f"rising_sun.label.decline.{task}", DECLINE_LABEL[task])
    for kind, (name, text) in FIXED_LABEL.items():
        if isinstance(action, kind):
            return Reason(f"rising_sun.label.{name}", text)
    return notation(g, action)


FIXED_LABEL: dict[type, tuple[str, str]] = {
    Pass: ("pass", "Pass (no more proposals)"),
    Accept: ("accept", "Accept the alliance"),
    Refuse: ("refuse", "Refuse the alliance"),
    Done: ("done", "Done"),
    Confirm: ("confirm", "Confirm your bid"),
    Seppuku: ("seppuku", "Commit Seppuku"),
    Decline: ("decline", "Decline the advantage"),
    Spare: ("spare", "Mercy: spare them and gain VP"),
    Take: (
        "take",
        "Path of the Monkey: take a coin from the richest opponent (each, if tied; -1 Honor)",
    ),
}

DECLINE_LABEL = {
    "ninja": "Do not use Path of the Ninja",
    "monkey": "Do not use Path of the Monkey",
    "mercy": "No Mercy: the figures die",
    "ronin": "Do not hire the Ronin",
    "poets": "Do not use Imperial Poets",
    "serpent": "Let the route be used for free",
}
USE_LABEL = {
    "ronin": "Hire Ronin: your Ronin fight for you in this battle",
    "poets": "Imperial Poets: gain VP for every figure killed in this battle",
    "serpent": "Path of the Serpent: charge the route's coins",
}


def _step_label(g: G, action: RSAction) -> Reason | None:
    """The labels of the clan choice, the tiles' order and the ``use`` steps."""
    if isinstance(action, Clan):
        return clan_label(action.clan)
    if isinstance(action, Order):
        names = ", ".join(m.capitalize() for m in action.tiles)
        text = f"Put back {names} (top first)"
        return Reason("rising_sun.label.order", text, tiles=list(action.tiles))
    if isinstance(action, Use) and g.tasks and g.tasks[0]["t"] in USE_LABEL:
        task = str(g.tasks[0]["t"])
        return Reason(f"rising_sun.label.use.{task}", USE_LABEL[task])
    return None


def clan_label(cid: str) -> Reason:
    """A clan while choosing: its name, starting Honor rank and power."""
    c = next(c for c in data().clans if c.id == cid)
    text = f"{c.name} (starting Honor rank {c.rank}): {c.summary}"
    return Reason("rising_sun.label.clan", text, clan=cid, rank=c.rank)


def place_name(g: G, loc: int) -> str:
    return _place(board.loc_name(loc, g))
