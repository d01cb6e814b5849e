"""Rising Sun in words: names, statuses, the last action, and the alt texts.

Everything reads a :class:`~games.rising_sun.view.RisingSunView` only. The last action
is read back from its notation and worded per kind. Another seat's view carries a bid
as plain ``bid`` and a mandate choice without Lotus's kept tile; the words never repeat
a bid's numbers or a kept tile even in the bidder's own view.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from games.base import InvalidNotation, Termination
from games.rising_sun import notation as rs_notation
from games.rising_sun import state as st
from games.rising_sun.data import BOXES
from games.rising_sun.view import FigureGroup, RisingSunView
from renderer.alt import NOW, THEN, Sentence, pack
from renderer.text import seat_label
from renderer.words import Words, words

MAX_ALT = 1000
KIND_ORDER = ("daimyo", "shinto", "bushi")


def who(seat: int, names: Sequence[str] | None, tr: Words) -> str:
    return seat_label(seat, names, tr.locale)


def clan_name(view: RisingSunView, seat: int, tr: Words) -> str:
    sv = view.seats[seat]
    if not sv.clan:  # still to be chosen
        return tr("rising_sun.clan.unchosen")
    return tr.get(f"rising_sun.clan.{sv.clan}", sv.clan_name)


def figure_name(kind: str, tr: Words) -> str:
    return tr.get(f"rising_sun.figure.{kind}", kind.replace("_", " "))


def a_figure(kind: str, tr: Words) -> str:
    """The figure with its indefinite article ("an Oni of Souls", "una Fortaleza")."""
    return tr.get(f"rising_sun.a_figure.{kind}", figure_name(kind, tr))


def kind_key(kind: str) -> tuple[int, str]:
    return (KIND_ORDER.index(kind) if kind in KIND_ORDER else len(KIND_ORDER), kind)


def figures_long(groups: Iterable[FigureGroup], tr: Words) -> str:
    """ "Daimyo, 2 Bushi" for alt texts."""
    parts = []
    for g in sorted(groups, key=lambda g: kind_key(g.kind)):
        name = figure_name(g.kind, tr)
        parts.append(name if g.count == 1 else f"{g.count} {name}")
    return ", ".join(parts)


def place(dest: str, tr: Words) -> str:
    return tr.get(f"rising_sun.place.{dest}", dest)


def card_name(cid: str, fallback: str, tr: Words) -> str:
    return tr.get(f"rising_sun.card.{cid}", fallback)


def card_short(cid: str, fallback: str, tr: Words) -> str:
    """The card's effect in one short line ("Start of War: +5 coins.")."""
    return tr.get(f"rising_sun.card.{cid}.short", fallback)


def set_name(view: RisingSunView, tr: Words) -> str:
    """The Season card set played with Core ("Archway")."""
    return tr.get(f"rising_sun.card_set.{view.card_set}", view.card_set.title())


def standing(view: RisingSunView) -> list[tuple[int, int]]:
    """(place, seat) per clan as the board lists them: by Honor while the game goes on;
    once it is over, by the result (rank, then Honor), as on the result card."""
    outcome = view.outcome
    if outcome is None or len(outcome.ranks) != view.players:
        return [(r + 1, seat) for r, seat in enumerate(view.honor)]
    honor = {seat: r for r, seat in enumerate(view.honor)}
    order = sorted(range(view.players), key=lambda s: (outcome.ranks[s], honor.get(s, s)))
    return [(outcome.ranks[s], s) for s in order]


def season_phase(view: RisingSunView, tr: Words) -> str:
    if view.outcome is not None or view.phase == "over":
        return tr("rising_sun.phase.over")
    season = tr(f"rising_sun.season.{min(view.season, 3)}")
    return f"{season} · {tr.get(f'rising_sun.phase.{view.phase}', view.phase)}"


def status(
    view: RisingSunView, names: Sequence[str] | None, tr: Words, *, brief: bool = False
) -> str:
    """Whose decision it is and what it is: "Ann marshals", "Secret bids: Ann, Bo" (or,
    ``brief``, "Secret bids: 3 players" when several names would not fit)."""
    if view.outcome is not None or not view.to_act:
        return result_text(view, names, tr) if view.outcome is not None else ""
    seats = sorted(view.to_act) if view.current is None else [view.current]
    people = tr.join([who(s, names, tr) for s in seats])
    if brief and len(seats) > 1:
        people = tr.count("rising_sun.count.player", len(seats))
    step = view.step or "other"
    if step == "tea" and view.tea_offer is not None:
        step = "tea_answer"
    return tr(tr_key(tr, f"rising_sun.step.{step}", "rising_sun.step.other"), who=people)


def tr_key(tr: Words, key: str, fallback: str) -> str:
    return key if key in tr.table else fallback


def result_text(view: RisingSunView, names: Sequence[str] | None, tr: Words) -> str:
    outcome = view.outcome
    if outcome is None:
        return ""
    winners = sorted(outcome.winners)
    people = tr.join([who(s, names, tr) for s in winners])
    if outcome.termination is not Termination.SCORING:
        return tr("rising_sun.by_resignation", who=people)
    vp = max((view.seats[s].vp for s in winners), default=0)
    key = "rising_sun.wins_with" if len(winners) == 1 else "rising_sun.share_win"
    return tr(key, who=people, vp=vp)


def _parse(view: RisingSunView, text: str) -> st.RSAction | None:
    seats = {sv.clan: sv.seat for sv in view.seats}
    seats.update({str(sv.seat): sv.seat for sv in view.seats})
    if text == "bid":  # another seat's bid, its amounts withheld by the view
        return st.Bid(0, 0, 0, 0)
    if text == "order":  # another seat's order of the tiles put back, withheld
        return st.Order(())
    try:
        return rs_notation.parse_action(text, seats)
    except (InvalidNotation, ValueError, KeyError, IndexError):
        return None


SECRET_ACTIONS = (st.Bid, st.Choose, st.Order)  # their notation holds a secret: words only


def last_action_text(
    view: RisingSunView, names: Sequence[str] | None, tr: Words, *, code: bool = False
) -> str:
    """The last action in words; its notation after it in brackets only with ``code``
    (never for a bid or a mandate choice, whose notation may hold a secret). The board and
    the alt text read the words only: the notation is English words and card ids
    (``buy path_of_the_patron``), foreign to a Spanish reader and no news to an English
    one; ``""`` before the first."""
    if view.last_action is None:
        return ""
    seat, text = view.last_action
    action = _parse(view, text)
    name = who(seat, names, tr) if 0 <= seat < view.players else str(seat)
    if action is None:
        return tr("rising_sun.did.other", who=name, text=text)
    sentence = action_words(action, name, names, tr)
    if not code or isinstance(action, SECRET_ACTIONS):
        return sentence
    return f"{sentence} ({text})"


def action_words(action: st.RSAction, name: str, names: Sequence[str] | None, tr: Words) -> str:
    """One action in words (no secret: a bid's numbers and a kept tile are left out)."""

    def seat(s: int) -> str:
        return who(s, names, tr)

    a = action
    said = _talk_words(a, name, seat, tr) or _deed_words(a, name, seat, tr)
    if said:
        return said
    simple = {
        st.Pass: "pass", st.Accept: "accept", st.Refuse: "refuse", st.Done: "done",
        st.Bid: "bid", st.Confirm: "confirm", st.Seppuku: "seppuku", st.Decline: "decline",
        st.Spare: "spare", st.Take: "take", st.Use: "use",
    }  # fmt: skip
    return tr(f"rising_sun.did.{simple[type(a)]}", who=name)


def _talk_words(a: st.RSAction, name: str, seat: Callable[[int], str], tr: Words) -> str:
    """An action of the table talk (order, clan, proposals, gifts, mandates), or ""."""
    if isinstance(a, st.Order):
        return tr("rising_sun.did.order", who=name)
    if isinstance(a, st.Clan):
        return tr("rising_sun.did.clan", who=name, clan=tr(f"rising_sun.clan.{a.clan}"))
    if isinstance(a, st.Propose):
        return tr("rising_sun.did.propose", who=name, to=seat(a.to))
    if isinstance(a, st.Gift):
        what = tr.count("rising_sun.count.coin", a.n) if a.what == "coin" else a.what
        what = tr("rising_sun.gift.ronin", n=a.n) if a.what == "ronin" else what
        return tr("rising_sun.did.gift", who=name, n=a.n, what=what, to=seat(a.to))
    if isinstance(a, st.Choose):
        return tr("rising_sun.did.choose", who=name, mandate=tr(f"rising_sun.mandate.{a.mandate}"))
    return ""


def _deed_words(a: st.RSAction, name: str, seat: Callable[[int], str], tr: Words) -> str:
    """An action on the map or against a clan (summon, move, build, buy, betray...), or ""."""
    if isinstance(a, st.Summon):
        kind = a_figure(a.kind, tr)
        return tr("rising_sun.did.summon", who=name, kind=kind, place=place(a.dest, tr))
    if isinstance(a, st.Move):
        kind, src, dst = a_figure(a.kind, tr), place(a.src, tr), place(a.dst, tr)
        return tr("rising_sun.did.move", who=name, kind=kind, src=src, dst=dst)
    if isinstance(a, st.Build):
        return tr("rising_sun.did.build", who=name, place=place(a.province, tr))
    if isinstance(a, st.Buy):
        return tr("rising_sun.did.buy", who=name, card=card_name(a.card, a.card, tr))
    if isinstance(a, st.Betray):
        kind = figure_name(a.kind, tr)
        where = place(a.province, tr)
        return tr("rising_sun.did.betray", who=name, victim=seat(a.victim), kind=kind, place=where)
    if isinstance(a, st.Hostage):
        kind = figure_name(a.kind, tr)
        return tr("rising_sun.did.hostage", who=name, victim=seat(a.victim), kind=kind)
    if isinstance(a, st.Extra):
        return tr("rising_sun.did.extra", who=name, to=seat(a.to))
    if isinstance(a, st.Kill):
        where = place(a.province, tr)
        return tr("rising_sun.did.kill", who=name, victim=seat(a.victim), place=where)
    return ""


def last_places(view: RisingSunView) -> tuple[set[str], set[str], str | None]:
    """What the last action touched: province ids, shrine Kami ids, a bought card id."""
    if view.last_action is None:
        return set(), set(), None
    action = _parse(view, view.last_action[1])
    provinces: set[str] = set()
    shrines: set[str] = set()
    card = None
    if isinstance(action, st.Summon):
        if action.dest.startswith("shrine:"):
            shrines.add(action.dest.removeprefix("shrine:"))
        else:
            provinces.add(action.dest)
    elif isinstance(action, st.Move):
        provinces |= {action.src, action.dst}
    elif isinstance(action, st.Build | st.Betray | st.Kill):
        provinces.add(action.province)
    elif isinstance(action, st.Buy):
        card = action.card
    return provinces, shrines, card


# --- alt texts ----------------------------------------------------------------------------


def _clan_sentence(view: RisingSunView, seat: int, names: Sequence[str] | None, tr: Words) -> str:
    sv = view.seats[seat]
    text = tr(
        "rising_sun.alt.clan",
        who=who(seat, names, tr),
        clan=clan_name(view, seat, tr),
        honor=sv.honor + 1,
        vp=sv.vp,
        coins=sv.coins,
        ronin=sv.ronin,
    )
    if sv.ally is not None:
        text += tr("rising_sun.alt.ally", ally=who(sv.ally, names, tr))
    return text + "."


def _groups_by_seat(
    groups: Sequence[FigureGroup], view: RisingSunView, names: Sequence[str] | None, tr: Words
) -> str:
    out = []
    for s in range(view.players):
        mine = [g for g in groups if g.owner == s]
        if mine:
            out.append(f"{who(s, names, tr)} {figures_long(mine, tr)}")
    return "; ".join(out)


def alt_sentences(
    view: RisingSunView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> list[Sentence]:
    """The public description in ranked sentences: phase and whose turn, the last action
    and each clan in Honor order (in the result's order once the game is over) first; the
    battle, the war order, the card set and the cards on offer (with their costs); then
    provinces and shrines."""
    tr = words(locale)
    if view.outcome is not None:
        head = tr("rising_sun.alt.over", players=view.players, result=result_text(view, names, tr))
    else:
        season = tr(f"rising_sun.season.{min(view.season, 3)}")
        phase = tr.get(f"rising_sun.phase.{view.phase}", view.phase)
        now = status(view, names, tr)
        head = tr(
            "rising_sun.alt.head", players=view.players, season=season, phase=phase, status=now
        )
    said = [Sentence(head, NOW)]
    last = last_action_text(view, names, tr, code=False)
    if last:
        said.append(Sentence(tr("rising_sun.alt.last", text=last), NOW))
    said += [Sentence(_clan_sentence(view, s, names, tr), NOW) for _, s in standing(view)]
    said += [Sentence(text, THEN) for text in _war_sentences(view, names, tr)]
    said.append(Sentence(tr("rising_sun.alt.set", set=set_name(view, tr)), THEN))
    if view.offer:
        cards = ", ".join(
            tr("rising_sun.alt.card", name=card_name(c.id, c.name, tr), cost=c.cost)
            for c in view.offer
        )
        said.append(Sentence(tr("rising_sun.alt.offer", cards=cards), THEN))
    board = _board_sentences(view, names, tr)
    return said + [Sentence(text) for text in board or [tr("rising_sun.alt.empty")]]


def alt_text(view: RisingSunView, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The public description in at most 1,000 characters, whole sentences, what matters
    first."""
    return pack(alt_sentences(view, names=names, locale=locale))


def _war_sentences(view: RisingSunView, names: Sequence[str] | None, tr: Words) -> list[str]:
    """The battle being fought (its bids, hidden until revealed), then the war order."""
    out = []
    battle = view.battle
    if battle is not None:
        bids = []
        for s, bid in zip(battle.participants, battle.bids, strict=False):
            shown = "?" if bid is None else " ".join(str(v) for v in bid)
            bids.append(f"{who(s, names, tr)} {shown}")
        province = place(battle.province, tr)
        out.append(tr("rising_sun.alt.battle", province=province, bids=", ".join(bids)))
    if view.war and view.outcome is None:
        out.append(tr("rising_sun.alt.war", provinces=", ".join(place(p, tr) for p in view.war)))
    return out


def _board_sentences(view: RisingSunView, names: Sequence[str] | None, tr: Words) -> list[str]:
    """Each province's and shrine's figures, by seat."""
    out = []
    for p in view.provinces:
        text = _groups_by_seat(list(p.figures), view, names, tr)
        if text:
            out.append(tr("rising_sun.alt.province", name=place(p.id, tr), figures=text))
    for sh in view.shrines:
        text = _groups_by_seat(sh.worshippers, view, names, tr)
        if text:
            kami = tr.get(f"rising_sun.kami.{sh.id}", sh.name)
            out.append(tr("rising_sun.alt.shrine", kami=kami, figures=text))
    return out


def hand_alt_text(
    view: RisingSunView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """The private picture in words: drawn tiles, tiles put back, face-down tiles, bid,
    then the viewer's Season cards with their short effects."""
    tr = words(locale)
    if view.viewer is None:
        return tr("rising_sun.hand.public")
    parts = []

    def tiles(ids: Sequence[str]) -> str:
        return ", ".join(tr(f"rising_sun.mandate.{m}") for m in ids)

    if view.drawn:
        parts.append(tr("rising_sun.alt.hand_drawn", tiles=tiles(view.drawn)))
    if view.deck_top:
        parts.append(tr("rising_sun.alt.hand_top", tiles=tiles(view.deck_top)))
    if view.facedown:
        parts.append(tr("rising_sun.alt.hand_facedown", tiles=tiles(view.facedown)))
    bid = own_bid(view)
    if bid is not None and view.battle is not None:
        shown = ", ".join(
            f"{tr(f'rising_sun.box.{b}')} {v}" for b, v in zip(BOXES, bid, strict=True)
        )
        parts.append(
            tr("rising_sun.alt.hand_bid", province=place(view.battle.province, tr), bids=shown)
        )
    body = "; ".join(parts) if parts else tr("rising_sun.hand.nothing")
    own = view.seats[view.viewer].cards
    if own:
        cards = " ".join(
            f"{card_name(c.id, c.name, tr)}: {card_short(c.id, c.effect, tr)}" for c in own
        )
        body = f"{body.rstrip('.')}. {tr('rising_sun.alt.hand_cards', cards=cards)}"
    text = tr("rising_sun.alt.hand", who=who(view.viewer, names, tr), parts=body)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def own_bid(view: RisingSunView) -> tuple[int, ...] | None:
    """The viewer's bid in the current battle, when it takes part."""
    b = view.battle
    if b is None or view.viewer is None or view.viewer not in b.participants:
        return None
    return b.bids[b.participants.index(view.viewer)]
