"""Shitenno notation: writing actions and reading what players type.

Cards: ``S`` Samurai, ``N`` Shinobi, ``M`` Sōhei, ``B`` Bushi, doubles ``SS`` ... ``MB``
(canonical order S N M B), Koku ``K1`` ``K2`` ``K3``. Hierarchy tiles by title:
``daimyo`` (4 seals), ``shomyo`` (3), ``sensei`` (2), ``hatamoto`` (1). Provinces by id:
``chugoku chubu hokkaido kyushu tohoku shikoku kansai kanto``.

Canonical form (written by :func:`notation`, stored in logs)::

    lot K1 K1 N M + sensei          the Tairō offers two 1-Koku, a Shinobi, a Sōhei, 2 seals
    lot + hatamoto                  a lot with no card
    accept | refuse                 answer the offer
    split K1 S + daimyo / shomyo    final split: lot A = K1 S + 4 seals, lot B = the rest + 3
    choose a | choose b             take lot A or B of the split
    kanto S S S MB                  a Kamon on Kantō paid with three Samurai and a Sōhei/Bushi
    hokkaido MB +exchange +1        tiles after the cards; ``+hatamoto`` for the title's troop
    draw | flip kanto | end         Draw tile, Senseï's golden flip (ends the turn), end turn

:func:`parse` also reads ``lot k3 n + tile 4``, ``offer n m + 2 seals``, ``yes``/``no``,
``a``/``b``, troop names (``samurai``, ``shinobi``/``ninja``, ``sohei``/``monk``,
``bushi``, ``koku2``), ``2xS`` for repeated cards, ``x`` for exchange, ``plus`` for +1,
``pass`` for end and unique province prefixes (``hok``); a province alone lists the
payments it could mean.

>>> from games.shitenno import GAME
>>> s = GAME.setup(4, {}, 1)
>>> GAME.parse(s, s.tairo, "lot k1 k1 + tile 2") == acts.MakeLot(("K1", "K1"), 2)
True
>>> notation(acts.Place("kanto", ("S", "S", "S", "MB")))
'kanto S S S MB'
>>> notation(acts.Split(("K1", "S"), 4, 3))
'split K1 S + daimyo / shomyo'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence

from games.base import AmbiguousNotation, InvalidNotation, Reason
from games.shitenno import state as acts
from games.shitenno.data import (
    ALL_CARD_CODES,
    PROVINCE_IDS,
    TITLE_IDS,
    TITLE_NAMES,
    TROOPS,
    card_name,
    provinces,
    sort_cards,
)
from games.shitenno.flow import remove_cards, stage
from games.shitenno.state import ShitennoAction, ShitennoState

Legal = Callable[[], Sequence[ShitennoAction]]
EXAMPLES = (
    "`lot K1 N + sensei`, `accept`, `refuse`, `kanto S S S MB`, `hokkaido MB +exchange +1`, `end`"
)

TROOP_WORDS = {
    "samurai": "S", "shinobi": "N", "ninja": "N", "sohei": "M", "monk": "M", "bushi": "B",
}  # fmt: skip
TILE_WORDS = {
    **{v: k for k, v in TITLE_IDS.items()},
    "1": 1, "2": 2, "3": 3, "4": 4, "shogun": 4,
}  # fmt: skip
FILLER = frozenset({"tile", "tiles", "seal", "seals", "with", "and", "on", "in", "pay", "the"})
ACCEPT = frozenset({"accept", "yes", "y", "take", "ok", "si", "aceptar"})
REFUSE = frozenset({"refuse", "no", "decline", "reject", "rehusar", "rechazar"})
END = frozenset({"end", "pass", "done", "finish", "endturn"})
EXCHANGE = frozenset({"exchange", "x", "ex", "swap", "intercambio"})
PLUS = frozenset({"plus", "p", "plus1", "+1"})
HAT = frozenset({"hatamoto", "h", "title"})
REPEAT = re.compile(r"^(\d)x?([a-z0-9]+)$")


# --- writing --------------------------------------------------------------------------


def notation(action: ShitennoAction) -> str:
    """Canonical text of ``action`` (see the module docstring)."""
    if isinstance(action, acts.MakeLot):
        return " ".join(("lot", *action.cards, "+", TITLE_IDS[action.tile]))
    if isinstance(action, acts.Split):
        first, second = TITLE_IDS[action.first], TITLE_IDS[action.second]
        return " ".join(("split", *action.cards, "+", first, "/", second))
    if isinstance(action, acts.Accept):
        return "accept"
    if isinstance(action, acts.Refuse):
        return "refuse"
    if isinstance(action, acts.Choose):
        return f"choose {action.lot}"
    if isinstance(action, acts.Place):
        parts = [action.province, *action.cards]
        parts += ["+exchange"] * action.exchange + ["+1"] * action.plus
        if action.hatamoto:
            parts.append("+hatamoto")
        return " ".join(parts)
    if isinstance(action, acts.Draw):
        return "draw"
    if isinstance(action, acts.Flip):
        return f"flip {action.province}"
    if isinstance(action, acts.End):
        return "end"
    raise InvalidNotation(Reason("shitenno.notation.not_ours", "That is not a Shitenno action."))


def cards_text(cards: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "no cards"


def _cards_said(cards: Sequence[str]) -> Reason:
    if not cards:
        return Reason("shitenno.label.no_cards", "no cards")
    return Reason("shitenno.label.cards", cards_text(cards), cards=list(cards))


EXTRA_NAMES = {"exchange": "Exchange", "plus": "+1", "hatamoto": "Hatamoto"}


def label(state: ShitennoState, action: ShitennoAction) -> str:
    """A friendly one-line description for menus: a :class:`Reason` (English text that
    names its catalogue entry, ``shitenno.label.*``), so the bot words it per reader."""
    if isinstance(action, acts.MakeLot):
        tile = TITLE_IDS[action.tile]
        text = f"Offer {cards_text(action.cards)} + {TITLE_NAMES[action.tile]} tile"
        return Reason("shitenno.label.lot", text, cards=_cards_said(action.cards), tile=tile)
    if isinstance(action, acts.Split):
        text = (
            f"Split: A = {cards_text(action.cards)} + {TITLE_NAMES[action.first]}; "
            f"B = the rest + {TITLE_NAMES[action.second]}"
        )
        first, second = TITLE_IDS[action.first], TITLE_IDS[action.second]
        cards = _cards_said(action.cards)
        return Reason("shitenno.label.split", text, cards=cards, first=first, second=second)
    if isinstance(action, acts.Accept):
        return Reason("shitenno.label.accept", "Accept the lot")
    if isinstance(action, acts.Refuse):
        return Reason("shitenno.label.refuse", "Refuse the lot")
    if isinstance(action, acts.Choose):
        lot = action.lot.upper()
        return Reason("shitenno.label.choose", f"Take lot {lot}", lot=lot)
    if isinstance(action, acts.Place):
        name = provinces()[PROVINCE_IDS.index(action.province)].name
        extra = ["exchange"] * action.exchange + ["plus"] * action.plus
        extra += ["hatamoto"] if action.hatamoto else []
        tiles = f" + {', '.join(EXTRA_NAMES[e] for e in extra)}" if extra else ""
        text = f"Kamon on {name}: {cards_text(action.cards)}{tiles}"
        key = "shitenno.label.place" + (".extra" if extra else "")
        cards = _cards_said(action.cards)
        return Reason(key, text, province=action.province, cards=cards, extra=extra)
    if isinstance(action, acts.Draw):
        return Reason("shitenno.label.draw", "Use a Draw tile: take the top Troop card")
    if isinstance(action, acts.Flip):
        name = provinces()[PROVINCE_IDS.index(action.province)].name
        text = f"Turn a Kamon golden in {name} and end the turn"
        return Reason("shitenno.label.flip", text, province=action.province)
    return Reason("shitenno.label.end", "End your turn")


# --- reading --------------------------------------------------------------------------


def _plain(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def words(text: str) -> list[str]:
    text = _plain(text).replace("+1", " plus ").replace("+", " ").replace("/", " / ")
    text = re.sub(r"[,;:()\[\]]", " ", text)
    return [w for w in text.split() if w not in FILLER]


def _bad(text: str) -> InvalidNotation:
    return InvalidNotation(
        Reason(
            "shitenno.notation.unreadable",
            f"I cannot read “{text[:40]}” as a Shitenno action (examples: {EXAMPLES}).",
            input=text[:40],
            examples=EXAMPLES,
        )
    )


def card_of(word: str) -> str | None:
    """The card code a word names, or ``None``."""
    if word in TROOP_WORDS:
        return TROOP_WORDS[word]
    m = re.fullmatch(r"k(?:oku)?([123])", word)
    if m:
        return f"K{m.group(1)}"
    if 1 <= len(word) <= 2 and all(ch.upper() in TROOPS for ch in word):
        code = "".join(sorted(word.upper(), key=TROOPS.index))
        return code if code in ALL_CARD_CODES else None
    return None


def _cards(tokens: list[str], text: str) -> list[str]:
    out: list[str] = []
    for w in tokens:
        m = REPEAT.match(w)
        n, w = (int(m.group(1)), m.group(2)) if m and card_of(m.group(2)) else (1, w)
        code = card_of(w)
        if code is None:
            raise _bad(text)
        out += [code] * n
    return out


def province_of(word: str) -> str | None:
    if word in PROVINCE_IDS:
        return word
    hits = [p for p in PROVINCE_IDS if len(word) >= 3 and p.startswith(word)]
    return hits[0] if len(hits) == 1 else None


def parse(state: ShitennoState, seat: int, text: str, legal: Legal) -> ShitennoAction:
    """An action from text (see the module docstring)."""
    ws = words(text)
    if not ws:
        raise _bad(text)
    now = stage(state)
    head = ws[0]
    if len(ws) == 1 and head in ACCEPT and now != "turn":
        return acts.Accept()
    if len(ws) == 1 and head in REFUSE:
        return acts.Refuse()
    if now == "choose" or head in ("choose", "pick"):
        rest = ws[1:] if head in ("choose", "pick", "take", "lot") else ws
        if len(rest) == 1 and rest[0] in ("a", "b"):
            return acts.Choose(rest[0])
        raise _bad(text)
    if head == "split" or (now == "split" and head not in ("lot", "offer")):
        return _split(state, ws[1:] if head == "split" else ws, text)
    if head in ("lot", "offer", "give"):
        return _lot(ws[1:], text)
    if now == "lot":
        return _lot(ws, text)
    return _turn(ws, text, legal)


def _lot(ws: list[str], text: str) -> acts.MakeLot:
    tiles = [TILE_WORDS[w] for w in ws if w in TILE_WORDS]
    if len(tiles) != 1:
        raise InvalidNotation(
            Reason(
                "shitenno.notation.one_tile",
                "A lot needs exactly one Hierarchy tile (daimyo, shomyo, sensei or hatamoto).",
            )
        )
    cards = _cards([w for w in ws if w not in TILE_WORDS], text)
    return acts.MakeLot(sort_cards(cards), tiles[0])


def _split(state: ShitennoState, ws: list[str], text: str) -> acts.Split:
    if "/" not in ws:
        raise InvalidNotation(
            Reason(
                "shitenno.notation.split_form",
                "Write a split as: split <cards of lot A> + <tile> / <tile of lot B>.",
            )
        )
    cut = ws.index("/")
    first = _lot(ws[:cut], text)
    second = [TILE_WORDS[w] for w in ws[cut + 1 :] if w in TILE_WORDS]
    if len(second) != 1:
        raise InvalidNotation(
            Reason(
                "shitenno.notation.one_tile",
                "A lot needs exactly one Hierarchy tile (daimyo, shomyo, sensei or hatamoto).",
            )
        )
    if first.tile > second[0]:
        return acts.Split(first.cards, first.tile, second[0])
    try:
        rest = remove_cards(state.open_cards, first.cards)
    except ValueError:
        rest = ()
    return acts.Split(rest, second[0], first.tile)


def _turn(ws: list[str], text: str, legal: Legal) -> ShitennoAction:
    head = ws[0]
    if head in END and len(ws) == 1:
        return acts.End()
    if head == "draw" and len(ws) == 1:
        return acts.Draw()
    if head in ("flip", "golden", "gold") and len(ws) == 2:
        pid = province_of(ws[1])
        if pid is None:
            raise _bad(text)
        return acts.Flip(pid)
    if head in ("place", "kamon", "control"):
        ws = ws[1:]
    pid = province_of(ws[0]) if ws else None
    if pid is None:
        raise _bad(text)
    exchange = sum(1 for w in ws[1:] if w in EXCHANGE)
    plus = sum(1 for w in ws[1:] if w in PLUS)
    hat = any(w in HAT for w in ws[1:])
    cards = _cards([w for w in ws[1:] if w not in EXCHANGE | PLUS | HAT], text)
    action = acts.Place(pid, sort_cards(cards), exchange, plus, hat)
    if not cards and not exchange and not plus and not hat:
        options = [a for a in legal() if isinstance(a, acts.Place) and a.province == pid]
        if len(options) == 1:
            return options[0]
        if options:
            shown = [notation(a) for a in options[:10]]
            raise AmbiguousNotation(
                Reason(
                    "shitenno.notation.which_payment",
                    f"“{text[:40]}” could be {', '.join(shown)}: please write one of them.",
                    input=text[:40],
                    options=", ".join(shown),
                ),
                shown,
            )
    return action
