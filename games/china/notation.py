"""China's action notation.

Canonical forms (what :func:`notation` writes)::

    place    = CARDS ":" REGION " " PIECE ("+" PIECE)*
    CARDS    = card letters in colour order: R red, G green, O orange, Y yellow, P purple
    REGION   = region id (lower case ASCII: qin, qi, zhao, lu, wei, yan, han, shu, chu)
    PIECE    = SPACE (a house there) | "E" (an emissary) | "F@" SPACE (a fortification)
               -- fortification first, then houses, then emissaries
    draw     = "draw " (LETTER | "pile")        take a face-up card / the pile's top card
    exchange = "swap " LETTER ">" (LETTER | "pile")   discard one card, take one
    pass     = "pass"

:func:`parse` also reads friendly forms, in any case: colour words (``red green green``),
any language's card letters as its boards print them (``china.letter.*``: Spanish ``V``
verde, ``N`` naranja, ``A`` amarilla, ``M`` morada; a lone ``a`` stays an article unless it
touches ``:`` or ``>``, as in ``A:qin`` or ``swap R>A``), region names with or without
diacritics and apostrophes (``Ch'in``, ``chin``, ``qin``),
a space by its number within the region (``wei 3``), ``emissary``/``e``/``2e``, a bare
``house``/``h`` (any free space: ambiguous when several fit), ``fort WEI3``; ``draw 2``
(the second face-up card from the left), ``take red``, ``pile``; ``exchange red for
green``, ``swap r 2``. Missing parts are filled from the legal actions when only one
fits; otherwise :class:`~games.errors.AmbiguousNotation` lists the candidates.

>>> from games.china import GAME
>>> from games.china.state import Draw, Exchange, Place
>>> state = GAME.setup(4, {}, seed=1)
>>> GAME.notation(state, Place(("G", "R", "G"), "wei", ("WEI3",), 1))
'RGG:wei WEI3+E'
>>> GAME.parse(state, 0, "red green green Wei 3 + emissary")
Place(cards=('R', 'G', 'G'), region='wei', houses=('WEI3',), emissaries=1, fortification=None)
>>> GAME.notation(state, Place(("Y",), "qin", (), 0, "QIN2"))
'Y:qin F@QIN2'
>>> GAME.parse(state, 0, "Y Ch'in F@QIN2")
Place(cards=('Y',), region='qin', houses=(), emissaries=0, fortification='QIN2')
>>> GAME.notation(state, Draw("pile")), GAME.notation(state, Exchange("R", "G"))
('draw pile', 'swap R>G')
>>> GAME.parse(state, 0, "exchange red for the pile")
Exchange(discard='R', take='pile')
"""

from __future__ import annotations

import re

from games.base import AmbiguousNotation, InvalidNotation, Reason
from games.china import state as acts
from games.china.board import Board, load_data, normalise
from games.china.rules import layout_of, legal_actions
from games.china.state import PILE, ChinaAction, ChinaState, colour_key
from games.words import spoken

EMISSARY_WORDS = frozenset({"e", "emissary", "emissaries", "envoy", "envoys"})
HOUSE_WORDS = frozenset({"h", "house", "houses"})
FORT_WORDS = frozenset({"f", "fort", "fortification"})
FILLER = frozenset({"a", "an", "the", "in", "on", "and", "with", "card", "cards", "play", "top"})
PILE_WORDS = frozenset({"pile", "deck", "stack"})
MAX_CANDIDATES = 25
CARD_WORD = re.compile(r"([a-z]+)(?=[:>])|(?<=>)([a-z]+)")


def notation(action: ChinaAction) -> str:
    """The canonical text of ``action``."""
    if isinstance(action, acts.Place):
        pieces = [f"F@{action.fortification}"] if action.fortification else []
        pieces += [*action.houses, *(["E"] * action.emissaries)]
        return f"{''.join(action.cards)}:{action.region} {'+'.join(pieces)}"
    if isinstance(action, acts.Draw):
        return f"draw {action.source}"
    if isinstance(action, acts.Exchange):
        return f"swap {action.discard}>{action.take}"
    return "pass"


def _card_text(card: str) -> str:
    return load_data().colour_names.get(card, card) if card != PILE else "the pile"


def _a_card(card: str) -> str:
    """ "a red card", "an orange card"."""
    name = _card_text(card)
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name} card"


def label(state: ChinaState, action: ChinaAction) -> str:
    """A friendly one-line description for menus: a :class:`Reason` (English text that
    names its catalogue entry, ``china.label.*``), so the bot words it per reader."""
    if isinstance(action, acts.Place):
        layout = layout_of(state)
        index = layout.region_index.get(action.region)
        name = layout.regions[index].name if index is not None else action.region
        parts = _place_parts(action)
        pay = " + ".join(_card_text(c) for c in action.cards)
        english = f"{name}: {' and '.join(parts)} (pay {pay})"
        return Reason(
            "china.label.place", english, region_name=name, parts=parts, cards=list(action.cards)
        )
    if isinstance(action, acts.Draw):
        if action.source == PILE:
            return Reason("china.label.draw_pile", "Draw the top card of the pile")
        text = f"Take the face-up {_card_text(action.source)} card"
        return Reason("china.label.take", text, card=action.source)
    if isinstance(action, acts.Exchange):
        if action.take == PILE:
            text = f"Exchange {_a_card(action.discard)} for the top card of the pile"
            return Reason("china.label.exchange_pile", text, discard=action.discard)
        text = f"Exchange {_a_card(action.discard)} for the face-up {_card_text(action.take)} card"
        return Reason("china.label.exchange", text, discard=action.discard, take=action.take)
    return Reason("china.label.pass", "Pass (nothing can be placed or exchanged)")


def _place_parts(action: acts.Place) -> list[Reason]:
    """What a placement puts on the board: the fortification, the houses, the emissaries."""
    parts: list[Reason] = []
    if action.fortification:
        with_house = action.fortification in action.houses
        key = "china.label.fort_house" if with_house else "china.label.fort"
        on = " with a house" if with_house else ""
        text = f"fortification{on} on {action.fortification}"
        parts.append(Reason(key, text, space=action.fortification))
    houses = [h for h in action.houses if h != action.fortification]
    if houses:
        spaces = ", ".join(houses)
        text = ("house on " if len(houses) == 1 else "houses on ") + spaces
        parts.append(Reason("china.label.houses", text, houses=houses, spaces=spaces))
    if action.emissaries:
        n = action.emissaries
        text = "emissary" if n == 1 else f"{n} emissaries"
        parts.append(Reason("china.label.emissaries", text, n=n))
    return parts


# --- parsing -----------------------------------------------------------------------------


def _colour_of(token: str) -> str | None:
    data = load_data()
    if token.upper() in data.colours:
        return token.upper()
    letter = spoken("china", "china.letter").get(token)  # the Spanish board's "A": yellow
    if letter is not None:
        return letter
    for letter, name in data.colour_names.items():
        if token == name:
            return letter
    return None


def _region_of(layout: Board, token: str) -> str | None:
    return layout.region_lookup.get(normalise(token))


def _face_up_slot(state: ChinaState, token: str) -> str:
    slot = int(token)
    if not 1 <= slot <= len(state.face_up):
        raise InvalidNotation(
            f"There is no face-up card number {slot}.",
            key="china.notation.there_no_face_up_card",
            slot=slot,
        )
    return state.face_up[slot - 1]


def _source(state: ChinaState, token: str) -> str:
    if token in PILE_WORDS:
        return PILE
    if token.isdigit():
        return _face_up_slot(state, token)
    colour = _colour_of(token)
    if colour is None:
        raise InvalidNotation(
            f"{token!r} is neither a card colour nor the pile.",
            key="china.notation.neither_card_colour_nor_pile",
            token=token,
        )
    return colour


def _words(text: str) -> list[str]:
    """The words of ``text``, without filler; a word written against ``:`` or ``>`` names
    cards (``A:qin``, ``swap R>A``: Spanish "A" amarilla, never the article)."""
    lowered = text.lower()
    cards = {a or b for a, b in CARD_WORD.findall(lowered)}
    spaced = re.sub(r"[:+,&>]|->", " ", lowered)
    return [w for w in spaced.split() if w in cards or (w not in FILLER and w != "for")]


def _choose(state: ChinaState, seat: int, fits: list[ChinaAction], what: str) -> ChinaAction:
    if len(fits) == 1:
        return fits[0]
    if not fits:
        raise InvalidNotation(
            f"No legal {what} matches that.", key="china.notation.no_legal_matches", what=what
        )
    shown = [notation(a) for a in fits[:MAX_CANDIDATES]]
    raise AmbiguousNotation(
        f"That could be several {what}s: {', '.join(shown)}.",
        shown,
        key="china.notation.could_be_several_s",
        what=what,
        join=", ".join(shown),
    )


def _parse_draw(state: ChinaState, seat: int, words: list[str]) -> ChinaAction:
    if len(words) > 1:
        raise InvalidNotation(
            "Draw one card: 'draw pile', 'draw R' or 'draw 2'.",
            key="china.notation.draw_one_card_draw_pile",
        )
    if words:
        return acts.Draw(_source(state, words[0]))
    fits: list[ChinaAction] = [a for a in legal_actions(state, seat) if isinstance(a, acts.Draw)]
    return _choose(state, seat, fits, "draw")


def _parse_exchange(state: ChinaState, words: list[str]) -> ChinaAction:
    words = [w for w in words if w not in ("take", "discard", "give")]
    if len(words) != 2:
        raise InvalidNotation(
            "Exchange names two cards: 'swap R>G' or 'swap R>pile'.",
            key="china.notation.exchange_names_two_cards_swap",
        )
    discard = _colour_of(words[0])
    if discard is None:
        raise InvalidNotation(
            f"{words[0]!r} is not a card colour.",
            key="china.notation.not_card_colour",
            words=words[0],
        )
    return acts.Exchange(discard, _source(state, words[1]))


class _Spec:
    """The parts of a placement read so far."""

    def __init__(self) -> None:
        self.cards: list[str] = []
        self.region: str | None = None
        self.spaces: list[str] = []
        self.numbers: list[str] = []
        self.loose_houses = 0
        self.emissaries = 0
        self.fort: str | None = None
        self.fort_pending = False


def _read_token(layout: Board, spec: _Spec, word: str) -> None:
    if word in EMISSARY_WORDS:
        spec.emissaries += 1
        return
    if re.fullmatch(r"\d+e|e+", word):
        spec.emissaries += int(word[:-1]) if word[:-1].isdigit() else len(word)
        return
    if word in HOUSE_WORDS:
        spec.loose_houses += 1
        return
    if word in FORT_WORDS:
        spec.fort_pending = True
        return
    if word.startswith("f@"):
        spec.fort_pending = True
        word = word[2:]
    target = spec.numbers if word.isdigit() else spec.spaces
    if word.upper() in layout.space_index or word.isdigit():
        if spec.fort_pending:
            spec.fort, spec.fort_pending = word.upper(), False
        else:
            target.append(word.upper())
        return
    region = _region_of(layout, word)
    if region is not None:
        spec.region = region
        return
    letters = [_colour_of(ch) for ch in word] if word.isalpha() else [None]
    if None in letters:
        letters = [_colour_of(word)]
    if None in letters:
        raise InvalidNotation(
            f"Cannot read {word!r} in a placement (see `/help game:china`).",
            key="china.notation.cannot_read_placement_see_help",
            word=word,
        )
    spec.cards.extend(c for c in letters if c is not None)


def _resolve_number(layout: Board, spec: _Spec, number: str) -> str:
    if spec.region is None:
        raise InvalidNotation(
            f"Name the region of house space {number}.",
            key="china.notation.name_region_house_space",
            number=number,
        )
    region = layout.regions[layout.region_index[spec.region]]
    for index in region.spaces:
        space = layout.spaces[index].id
        if re.fullmatch(r"\D*0*" + number.lstrip("0"), space):
            return space
    raise InvalidNotation(
        f"{region.name} has no house space {number}.",
        key="china.notation.has_no_house_space",
        name=region.name,
        number=number,
    )


def _parse_place(state: ChinaState, seat: int, words: list[str]) -> ChinaAction:
    layout = layout_of(state)
    spec = _Spec()
    for word in words:
        _read_token(layout, spec, word)
    if spec.region is None and spec.spaces and spec.spaces[0] in layout.space_index:
        spec.region = layout.regions[layout.spaces[layout.space_index[spec.spaces[0]]].region].id
    spec.spaces += [_resolve_number(layout, spec, n) for n in spec.numbers]
    if spec.fort is not None and spec.fort.isdigit():
        spec.fort = _resolve_number(layout, spec, spec.fort)
    if spec.fort_pending:
        raise InvalidNotation(
            "Name the house space of the fortification, e.g. 'F@WEI3'.",
            key="china.notation.name_house_space_fortification_e",
        )
    if spec.cards and spec.region and not spec.loose_houses:
        return acts.Place(
            tuple(spec.cards), spec.region, tuple(spec.spaces), spec.emissaries, spec.fort
        )
    if not (spec.cards or spec.region or spec.spaces or spec.loose_houses or spec.emissaries):
        raise InvalidNotation(
            "Cannot read that as a China action.", key="china.notation.cannot_read_as_china_action"
        )
    return _choose(state, seat, _matching(state, seat, spec), "placement")


def _matching(state: ChinaState, seat: int, spec: _Spec) -> list[ChinaAction]:
    cards = tuple(sorted(spec.cards, key=colour_key))
    fits: list[ChinaAction] = []
    for action in legal_actions(state, seat):
        if not isinstance(action, acts.Place):
            continue
        if (spec.region and action.region != spec.region) or (cards and action.cards != cards):
            continue
        houses = action.houses
        if any(s not in houses for s in spec.spaces) or action.fortification != spec.fort:
            continue
        if len(houses) != len(spec.spaces) + spec.loose_houses:
            continue
        if action.emissaries == spec.emissaries:
            fits.append(action)
    return fits


_CANONICAL_PLACE = re.compile(r"([A-Z]{1,3}):([a-z]+) ((?:F@)?[A-Z0-9]+(?:\+[A-Z0-9]+)*)")


def _canonical_place(state: ChinaState, text: str) -> acts.Place | None:
    """The fast path for text exactly as :func:`notation` writes it."""
    match = _CANONICAL_PLACE.fullmatch(text)
    layout = layout_of(state)
    if match is None or match.group(2) not in layout.region_index:
        return None
    cards = tuple(match.group(1))
    if any(c not in load_data().colour_names for c in cards):
        return None
    houses, envoys, fort = [], 0, None
    for piece in match.group(3).split("+"):
        if piece == "E":
            envoys += 1
        elif piece.startswith("F@") and fort is None and piece[2:] in layout.space_index:
            fort = piece[2:]
        elif piece in layout.space_index:
            houses.append(piece)
        else:
            return None
    return acts.Place(cards, match.group(2), tuple(houses), envoys, fort)


def parse(state: ChinaState, seat: int, text: str) -> ChinaAction:
    """An action of ``seat`` from ``text`` (see the module docstring)."""
    if not isinstance(text, str) or not text.strip() or len(text) > 200:
        raise InvalidNotation(
            "Type a China action, e.g. 'RR:wei WEI3+E' or 'draw pile'.",
            key="china.notation.type_china_action_e_g",
        )
    canonical = _canonical_place(state, text)
    if canonical is not None:
        return canonical
    words = _words(text)
    if not words:
        raise InvalidNotation(
            "Cannot read that as a China action.", key="china.notation.cannot_read_as_china_action"
        )
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return acts.Pass()
    if head in ("draw", "take", "d"):
        return _parse_draw(state, seat, rest)
    if head in PILE_WORDS and not rest:
        return acts.Draw(PILE)
    if head in ("swap", "exchange", "change"):
        return _parse_exchange(state, rest)
    return _parse_place(state, seat, words)
