"""Secrets: ``shuffle_hidden``, and the secret choices as forms (mandate pick, war bids,
Tea Ceremony proposals and answers)."""

from __future__ import annotations

from games.base import IllegalAction, Reason, Seat
from games.forms import Amounts, Answers, Box, Form, One, Option, Text
from games.rising_sun.choices import decision_options, tea_targets
from games.rising_sun.clans import free_clans
from games.rising_sun.data import BOXES, MANDATES, data
from games.rising_sun.labels import clan_label
from games.rising_sun.labels import label as notation_label
from games.rising_sun.state import (
    Accept,
    Bid,
    Choose,
    Clan,
    Confirm,
    G,
    Order,
    Pass,
    Propose,
    Refuse,
    RSAction,
)  # fmt: skip
from games.rng import Rng

BOX_TEXT = {
    "seppuku": Text("rising_sun.box.seppuku", "Seppuku"),
    "hostage": Text("rising_sun.box.hostage", "Take Hostage"),
    "ronin": Text("rising_sun.box.ronin", "Hire Ronin"),
    "poets": Text("rising_sun.box.poets", "Imperial Poets"),
}
MANDATE_TEXT = {
    "recruit": Text("rising_sun.mandate.recruit", "Recruit"),
    "marshal": Text("rising_sun.mandate.marshal", "Marshal"),
    "train": Text("rising_sun.mandate.train", "Train"),
    "harvest": Text("rising_sun.mandate.harvest", "Harvest"),
    "betray": Text("rising_sun.mandate.betray", "Betray"),
}


def shuffle_hidden(g: G, seat: Seat | None, seed: int) -> G:
    """Redeal what ``seat`` cannot see: the mandate tiles it does not know (the deck below
    what it put back, others' drawn tiles, others' face-down tiles), the order of the War
    Province piles, others' unrevealed bids (random ones within their coins), the seed;
    and what another seat's last action hid: its bid's amounts (now its redealt bid) and
    the tile Lotus kept face down (now its redealt tile), so a view that showed either
    would differ between the two deals."""
    rng = Rng(seed)
    known = g.deck_known[1] if g.deck_known[0] == seat else 0
    slots: list[tuple[str, int]] = [("deck", i) for i in range(known, len(g.deck))]
    if g.chooser != seat:
        slots += [("drawn", i) for i in range(len(g.drawn))]
    slots += [("face", i) for i, (s, _) in enumerate(g.facedown) if s != seat]
    pool = [_get(g, where, i) for where, i in slots]
    for (where, i), tile in zip(slots, rng.shuffled(pool), strict=True):
        _set(g, where, i, tile)
    g.war_piles = [rng.shuffled(pile) for pile in g.war_piles]
    b = g.battle
    if b is not None and not b["revealed"]:
        for s in b["parts"]:
            if s != seat:
                values = [0, 0, 0, 0]
                for _ in range(rng.below(g.coins[s] + 1)):
                    values[rng.below(4)] += 1
                b["bids"][str(s)] = values
    _redeal_last(g, seat)
    g.rng = rng.next_u64() >> 1
    return g


def _redeal_last(g: G, seat: Seat | None) -> None:
    """Rewrite another seat's last action to match the redealt secrets it revealed."""
    if not g.last or g.last[0] == seat:
        return
    actor, words = int(g.last[0]), str(g.last[1]).split()
    b = g.battle
    if words[:1] == ["bid"] and b is not None and not b["revealed"] and str(actor) in b["bids"]:
        g.last = [actor, "bid " + " ".join(str(v) for v in b["bids"][str(actor)])]
    elif words[:1] == ["mandate"] and "keep" in words:
        kept = [t for s, t in g.facedown if s == actor]
        if kept:
            g.last = [actor, f"{' '.join(words[: words.index('keep')])} keep {kept[-1]}"]


def _get(g: G, where: str, i: int) -> str:
    if where == "deck":
        return g.deck[i]
    if where == "drawn":
        return g.drawn[i]
    return str(g.facedown[i][1])


def _set(g: G, where: str, i: int, tile: str) -> None:
    if where == "deck":
        g.deck[i] = tile
    elif where == "drawn":
        g.drawn[i] = tile
    else:
        g.facedown[i][1] = tile


# --- forms -------------------------------------------------------------------------------


def form(g: G, seat: Seat, to_act: frozenset[Seat]) -> Form | None:
    if seat not in to_act or not g.tasks:
        return None
    task = g.tasks[0]
    if task["t"] == "clan":
        return _clan_form(g, seat)
    if task["t"] == "reorder":
        return _order_form(g, seat)
    if task["t"] == "choose":
        return _mandate_form(g, seat)
    if task["t"] == "bids":
        return _bid_form(g, seat)
    if task["t"] == "tea":
        return _tea_form(g, seat)
    return None


def _clan_form(g: G, seat: Seat) -> Form:
    """A ``One`` over the clans still free, each labelled with its starting Honor rank and
    its power; the prompt lists them whole (a button may cut a long label short)."""
    lines = [clan_label(c) for c in free_clans(g)]
    prompt = Text(
        "rising_sun.form.clan_prompt",
        "Choose your clan (the table plays in order of starting Honor rank, lowest first): "
        + "; ".join(lines),
        {"free": lines},
    )
    options = tuple(Option(c, Text("rising_sun.label.clan", str(line), line.params))
                    for c, line in zip(free_clans(g), lines, strict=True))  # fmt: skip
    return Form(f"rising_sun.clan.{seat}", prompt, (One("clan", CLAN_FIELD, options),))


CLAN_FIELD = Text("rising_sun.form.clan", "Clan")


def _order_form(g: G, seat: Seat) -> Form:
    """Optional rule: the order (top first) of the tiles put back on the deck."""
    options = tuple(
        Option(" ".join(a.tiles), Text(label.key, str(label), label.params))
        for a in decision_options(g, g.tasks[0], seat)
        if isinstance(a, Order) and isinstance(label := notation_label(g, a), Reason)
    )
    prompt = Text(
        "rising_sun.form.order_prompt",
        "Put the tiles you did not keep back on the deck in the order you like (top first).",
    )
    field = One("order", Text("rising_sun.form.order", "Order"), options)
    return Form(f"rising_sun.order.{g.season}.{g.slot}", prompt, (field,))


def _mandate_form(g: G, seat: Seat) -> Form:
    drawn = [Option(m, MANDATE_TEXT[m]) for m in dict.fromkeys(g.drawn)]
    key = f"rising_sun.mandate.{g.season}.{g.slot}"
    if g.has_clan(seat, "lotus"):
        keep = One("keep", Text("rising_sun.form.keep", "Tile to keep face down"), tuple(drawn))
        announce = One(
            "mandate",
            Text("rising_sun.form.announce", "Mandate to announce (any)"),
            tuple(Option(m, MANDATE_TEXT[m]) for m in MANDATES),
        )
        prompt = Text(
            "rising_sun.form.lotus_prompt",
            "Dictate the Flow: keep one of your four tiles face down and announce any mandate.",
        )
        return Form(key, prompt, (keep, announce))
    prompt = Text(
        "rising_sun.form.mandate_prompt",
        "Choose the mandate to play; the other three go back on the deck.",
    )
    return Form(
        key, prompt, (One("mandate", Text("rising_sun.form.mandate", "Mandate"), tuple(drawn)),)
    )


def _bid_form(g: G, seat: Seat) -> Form:
    assert g.battle is not None
    coins = g.coins[seat]
    boxes = tuple(Box(name, BOX_TEXT[name], 0, coins) for name in BOXES)
    province = data().provinces[g.battle["prov"]].name
    return Form(
        f"rising_sun.bid.{g.season}.{g.battle['n']}",
        Text(
            "rising_sun.form.bid_prompt",
            "Battle of {province}: share your {coins} coins among the war advantages; "
            "what you do not place is held back.",
            {"province": province, "coins": coins},
        ),
        (Amounts("bids", Text("rising_sun.form.bids", "Your bids"), boxes, 0, coins),),
        initial={"bids": dict(zip(BOXES, g.battle["bids"][str(seat)], strict=True))},
    )


def _tea_form(g: G, seat: Seat) -> Form:
    tea = g.tea
    if tea.get("offer"):
        proposer = int(tea["offer"][0])
        answers: tuple[Option, ...] = (
            Option("accept", Text("rising_sun.form.accept", "Accept")),
            Option("refuse", Text("rising_sun.form.refuse", "Refuse")),
        )
        return Form(
            f"rising_sun.tea-answer.{g.season}.{tea['n']}",
            Text(
                "rising_sun.form.answer_prompt",
                "{seat} proposes an alliance for this season.",
                {"seat": proposer},
            ),
            (One("answer", Text("rising_sun.form.answer", "Your answer"), answers),),
        )
    options = (
        *(
            Option(str(t), Text("rising_sun.form.ally_with", "Ally with {seat}", {"seat": t}))
            for t in tea_targets(g, seat)
        ),
        Option("pass", Text("rising_sun.form.pass", "No proposal (pass)")),
    )
    return Form(
        f"rising_sun.tea.{g.season}.{tea['n']}.{tea['passes']}.{seat}",
        Text("rising_sun.form.tea_prompt", "Tea Ceremony: propose an alliance, or pass."),
        (One("ally", Text("rising_sun.form.ally", "Alliance"), options),),
    )


def answer(g: G, seat: Seat, answers: Answers, *, final: bool) -> list[RSAction]:
    task = g.tasks[0] if g.tasks else {"t": None}
    if task["t"] == "clan" and "clan" in answers:
        return [Clan(str(answers["clan"]))]
    if task["t"] == "reorder" and "order" in answers:
        return [Order(tuple(str(answers["order"]).split()))]
    if task["t"] == "choose" and "mandate" in answers:
        keep = answers.get("keep") if g.has_clan(seat, "lotus") else None
        if g.has_clan(seat, "lotus") and keep is None:
            raise IllegalAction(
                Reason("rising_sun.form.missing_keep", "Choose the tile you keep face down.")
            )
        return [Choose(str(answers["mandate"]), None if keep is None else str(keep))]
    if task["t"] == "bids" and "bids" in answers:
        assert g.battle is not None
        values = [int(answers["bids"].get(b, 0)) for b in BOXES]
        out: list[RSAction] = []
        current = list(g.battle["bids"][str(seat)])
        if not any(current):  # from an empty bid, the whole bid is one action
            out = [Bid(*values)] if any(values) else []
            return [*out, Confirm()] if final else out
        # one box at a time, lowered boxes first, so every step stays within the coins
        order = sorted(range(len(BOXES)), key=lambda b: values[b] >= current[b])
        for b in order:
            if values[b] != current[b]:
                current[b] = values[b]
                out.append(Bid(*current))
        return [*out, Confirm()] if final else out
    if task["t"] == "tea" and "answer" in answers:
        return [Accept() if answers["answer"] == "accept" else Refuse()]
    if task["t"] == "tea" and "ally" in answers:
        return [Pass() if answers["ally"] == "pass" else Propose(int(answers["ally"]))]
    raise IllegalAction(Reason("forms.none", "There is nothing to choose now."))
