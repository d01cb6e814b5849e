"""Shitenno's words for pictures and alt texts: requirements, whose turn, the last action,
lots and cards, the board and hand descriptions. Everything comes from the locale's table
(``data/shitenno/locales``); the view's codes (troop ids, card codes, title seals) are
named by their catalogue keys."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.shitenno.view import CardView, LotView, ProvinceView, ShitennoView
from renderer.alt import NOW, THEN, Sentence, pack
from renderer.text import result_sentence, seat_label
from renderer.words import Words, words

__all__ = [
    "alt_sentences",
    "alt_text",
    "card_name",
    "cards_text",
    "hand_alt_text",
    "koku_text",
    "last_action",
    "lot_text",
    "need_text",
    "phase_line",
    "requirement_text",
    "status",
    "tile_name",
    "title_name",
]

MAX_ALT = 1000
TITLE_IDS = {4: "daimyo", 3: "shomyo", 2: "sensei", 1: "hatamoto"}


def title_name(seals: int, tr: Words) -> str:
    """``Daimyō`` for 4 seals; ``""`` for none."""
    return tr(f"shitenno.title.{TITLE_IDS[seals]}") if seals in TITLE_IDS else ""


def tile_name(seals: int, tr: Words) -> str:
    """A Hierarchy tile: ``Daimyō tile`` (its seals are drawn beside it)."""
    return tr("shitenno.pic.tile", title=title_name(seals, tr))


def card_name(card: CardView | str, tr: Words) -> str:
    code = card if isinstance(card, str) else card.code
    return tr.get(f"shitenno.card.{code}", code)


def cards_text(cards: Sequence[CardView], tr: Words) -> str:
    """``Samurai, 2× Bushi, Koku 3`` (copies grouped), ``no card`` when empty."""
    if not cards:
        return tr("shitenno.pic.no_card")
    counts = Counter(c.code for c in cards)
    return ", ".join(
        card_name(code, tr) if n == 1 else tr("shitenno.pic.copies", n=n, card=card_name(code, tr))
        for code, n in counts.items()
    )


def lot_text(lot: LotView, tr: Words) -> str:
    """``Samurai, Koku 2 with the Senseï tile``."""
    return tr("shitenno.pic.lot", cards=cards_text(lot.cards, tr), tile=tile_name(lot.tile, tr))


def need_text(p: ProvinceView, tr: Words) -> str:
    """The troops a province needs now: ``3 Sōhei + 1 Bushi``; ``full`` when full."""
    if p.next_position is None:
        return tr("shitenno.pic.full")
    return " + ".join(
        tr("shitenno.pic.troops", n=n, troop=tr(f"shitenno.troop.{t}")) for t, n in p.requirement
    )


def koku_text(p: ProvinceView, tr: Words) -> str:
    """``or 6 Koku`` (empty when full)."""
    return "" if p.koku is None else tr("shitenno.pic.or_koku", n=p.koku)


def requirement_text(p: ProvinceView, tr: Words) -> str:
    """``3 Sōhei + 1 Bushi or 6 Koku``."""
    koku = koku_text(p, tr)
    return need_text(p, tr) + (f" {koku}" if koku else "")


def _name(seat: int | None, names: Sequence[str] | None, tr: Words) -> str:
    return "" if seat is None else seat_label(seat, names, tr.locale)


def phase_line(view: ShitennoView, tr: Words) -> str:
    """``Year 3 · sharing in Edo``."""
    if view.phase == "over":
        return tr("shitenno.pic.year_over", n=view.year)
    return tr(f"shitenno.pic.year_{view.phase}", n=view.year)


def status(view: ShitennoView, names: Sequence[str] | None, tr: Words) -> str:
    """Who acts now and what they do (or the result)."""
    if view.outcome is not None:
        return result_sentence(view.outcome, names, tr.locale, "shitenno")
    seat = view.current
    name = _name(seat, names, tr)
    if view.phase == "odd":
        placed = view.seats[seat].placed if seat is not None else 0
        return tr("shitenno.pic.status.turn", name=name, placed=placed)
    if view.split is not None:
        return tr("shitenno.pic.status.choose", name=name)
    if view.offer is not None:
        return tr("shitenno.pic.status.offer", name=name, tairo=_name(view.tairo, names, tr))
    left = sum(1 for s in view.seats if s.lot is None)
    kind = "split" if left <= 2 else "lot"
    return tr(f"shitenno.pic.status.{kind}", name=name)


DID = ("lot", "accept", "refuse", "split", "choose", "draw", "flip", "end", "resign")


def last_action(view: ShitennoView, names: Sequence[str] | None, tr: Words) -> str:
    """The last action in words: ``Ann placed a Kamon in Kantō``; ``""`` before any."""
    if view.last_seat is None or not view.last_action:
        if view.end_reason == "resignation":
            resigned = next((s.seat for s in view.seats if s.resigned), None)
            if resigned is not None:
                return tr("shitenno.pic.did.resign", name=_name(resigned, names, tr))
        return ""
    name = _name(view.last_seat, names, tr)
    if view.end_reason == "resignation":
        resigned = next((s.seat for s in view.seats if s.resigned), view.last_seat)
        return tr("shitenno.pic.did.resign", name=_name(resigned, names, tr))
    word = view.last_action.split()[0]
    province = tr.get(f"shitenno.province.{view.last_province}", view.last_province or "")
    if word == "choose":
        lot = view.last_action.split()[-1].upper()
        return tr("shitenno.pic.did.choose", name=name, lot=lot)
    if word in DID:
        return tr(f"shitenno.pic.did.{word}", name=name, province=province)
    return tr("shitenno.pic.did.place", name=name, province=province)


# --- alt texts --------------------------------------------------------------------------


def _cut(text: str, limit: int = MAX_ALT) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _kamons(p: ProvinceView, names: Sequence[str] | None, tr: Words) -> str:
    owners = []
    for k in p.kamons:
        if k is None:
            continue
        who = _name(k.owner, names, tr)
        owners.append(tr("shitenno.pic.golden_of", name=who) if k.golden else who)
    return ", ".join(owners)


def alt_sentences(
    view: ShitennoView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> list[Sentence]:
    """The board in ranked sentences: phase and whose turn, the lot on offer, the last
    action and the players' favour first; the open cards; then the provinces (Kamons and
    what the next position needs)."""
    tr = words(locale)
    said = [
        Sentence(
            tr("shitenno.alt.head", phase=phase_line(view, tr), status=status(view, names, tr)), NOW
        )
    ]
    said += [Sentence(text, NOW) for text in _lot_sentences(view, names, tr)]
    last = last_action(view, names, tr)
    if last:
        said.append(Sentence(tr("shitenno.alt.last", text=last), NOW))
    said.append(Sentence(_players_sentence(view, names, tr), NOW))
    if view.phase == "even" and view.open_cards:
        said.append(Sentence(tr("shitenno.alt.open", cards=cards_text(view.open_cards, tr)), THEN))
    said.append(Sentence(tr("shitenno.alt.provinces")))
    for p in view.provinces:
        held = _kamons(p, names, tr)
        bits = [tr(f"shitenno.province.{p.id}")]
        if held:
            bits.append(held)
        bits.append(requirement_text(p, tr))
        said.append(Sentence(" ".join([bits[0] + ":", *bits[1:-1], f"[{bits[-1]}]."])))
    return said


def alt_text(view: ShitennoView, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The board in at most 1,000 characters, whole sentences, what matters first."""
    return pack(alt_sentences(view, names=names, locale=locale))


def _players_sentence(view: ShitennoView, names: Sequence[str] | None, tr: Words) -> str:
    players = []
    for s in view.seats:
        title = title_name(s.title, tr)
        players.append(
            tr(
                "shitenno.alt.player",
                name=_name(s.seat, names, tr),
                title=f" ({title})" if title else "",
                favour=s.favour,
                kamons=s.kamons_left,
                troops=s.troop_cards,
                koku=s.koku_cards,
            )
        )
    return "; ".join(players) + "."


def _lot_sentences(view: ShitennoView, names: Sequence[str] | None, tr: Words) -> list[str]:
    """The lots on offer in a sharing year (the split's two, or the Tairō's offer)."""
    if view.phase != "even":
        return []
    if view.split is not None:
        a, b = view.split
        return [tr("shitenno.alt.split", a=lot_text(a, tr), b=lot_text(b, tr))]
    if view.offer is not None:
        tairo, to = _name(view.tairo, names, tr), _name(view.offered_to, names, tr)
        return [tr("shitenno.alt.offer", tairo=tairo, to=to, lot=lot_text(view.offer, tr))]
    return []


def _tiles_text(bonus: dict[str, int], tr: Words) -> str:
    shown = [
        tr("shitenno.pic.tile_count", n=n, effect=tr(f"shitenno.effect.{effect}"))
        for effect, n in bonus.items()
        if n
    ]
    return ", ".join(shown) or tr("shitenno.pic.none")


def hand_alt_text(
    view: ShitennoView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """The viewer's cards, bonus tiles and title in words."""
    tr = words(locale)
    if view.viewer is None or not 0 <= view.viewer < view.players:
        return tr("shitenno.hand.nobody")
    me = view.seats[view.viewer]
    troops = [c for c in view.hand if c.kind == "troop"]
    koku = [c for c in view.hand if c.kind == "koku"]
    text = tr(
        "shitenno.hand.alt",
        name=_name(view.viewer, names, tr),
        troops=cards_text(troops, tr) if troops else tr("shitenno.pic.none"),
        koku=cards_text(koku, tr) if koku else tr("shitenno.pic.none"),
        value=sum(c.value for c in koku),
        tiles=_tiles_text(me.bonus, tr),
        title=title_name(me.title, tr) or tr("shitenno.pic.none"),
    )
    return _cut(text, 1024)
