"""Why an action is not legal, in the words of the rules."""

from __future__ import annotations

from games.base import MALFORMED_ACTION, Reason, well_formed
from games.rising_sun import board, rules
from games.rising_sun import state as acts
from games.rising_sun.data import data
from games.rising_sun.state import ACTION_TYPES, RESERVE, G


def explain_illegal(g: G, seat: int, action: object) -> str:
    if g.phase == "over":
        return Reason("rules.common.game_over", "This game is over.")
    if not g.active(seat):
        return Reason("rules.common.resigned", "You have resigned from this game.")
    if not isinstance(action, ACTION_TYPES):
        return Reason("rising_sun.notation.not_ours", "That is not a Rising Sun action.")
    if not well_formed(action):  # fields of the wrong type: never read them
        return MALFORMED_ACTION
    task = g.tasks[0]
    battle = g.battle if task["t"] == "bids" else None
    if (
        battle is not None
        and seat in battle["confirmed"]
        and isinstance(action, acts.Bid | acts.Confirm)
    ):
        return Reason(
            "rising_sun.illegal.bid_confirmed",
            "You have already confirmed your bid for this battle.",
        )
    if seat not in rules.to_act(g):
        return Reason("rules.common.not_your_turn", "It is not your turn.")
    specific = _specific(g, seat, task, action)
    if specific:
        return specific
    return Reason("rising_sun.illegal.not_now", "That is not one of your choices now.")


def _specific(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    """The rule ``action`` breaks, by its kind (each rule below reads kinds of its own)."""
    if isinstance(action, acts.Bid):
        return _bid(g, seat, task, action)
    for rule in (_table_rule, _figure_rule, _cost_rule, _betray_rule, _card_steps):
        reason = rule(g, seat, task, action)
        if reason is not None:
            return reason
    return None


def _table_rule(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    """Clans, gifts, alliances and mandates."""
    if isinstance(action, acts.Clan) and task["t"] == "clan":
        return Reason(
            "rising_sun.illegal.clan_taken",
            "That clan is taken (or is not a clan): choose one of the clans still free.",
        )
    if isinstance(action, acts.Gift) and g.phase == "war":
        return Reason(
            "rising_sun.illegal.gift_war", "Coins and Ronin cannot be given during the War Phase."
        )
    if (
        isinstance(action, acts.Propose)
        and 0 <= action.to < g.players
        and (g.ally[action.to] is not None or g.ally[seat] is not None)
    ):
        return Reason(
            "rising_sun.illegal.already_allied",
            "Each player may have only one ally per season.",
        )
    if isinstance(action, acts.Choose) and task["t"] == "choose":
        return Reason("rising_sun.illegal.mandate", "Choose one of the four mandates you drew.")
    return None


def _figure_rule(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    """Summons and moves."""
    d = data()
    if (
        isinstance(action, acts.Summon)
        and task["t"] == "recruit"
        and not g.has_clan(seat, "dragonfly")
    ):
        loc = board.parse_loc(action.dest, g)
        if 0 <= loc < len(d.provinces) and loc not in g.holds[seat]:
            return Reason(
                "rising_sun.illegal.summon_stronghold",
                "You may only summon into a province where you have a Stronghold.",
            )
    if isinstance(action, acts.Summon) and board.find_figure(g, seat, action.kind, RESERVE) < 0:
        return Reason(
            "rising_sun.illegal.not_in_reserve", "You have no such figure in your reserve."
        )
    if isinstance(action, acts.Move) and not g.has_clan(seat, "dragonfly"):
        try:
            src, dst = d.province(action.src), d.province(action.dst)
        except KeyError:
            return None
        if dst not in d.land[src] and dst not in d.sea[src]:
            return Reason(
                "rising_sun.illegal.no_border",
                "A figure moves across one land border or along one shipping route.",
            )
    return None


def _cost_rule(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    """A card or a Stronghold the seat cannot afford."""
    d = data()
    if not isinstance(action, acts.Buy | acts.Build):
        return None
    if isinstance(action, acts.Buy):
        card = d.cards.get(action.card)
        cost = None if card is None else board.price(g, seat, card.cost, bool(task.get("bonus")))
    else:
        cost = board.price(g, seat, d.constants["stronghold_cost"], False)
    if cost is not None and cost > g.coins[seat]:
        return Reason(
            "rising_sun.illegal.afford",
            f"That costs {cost} coins and you have {g.coins[seat]}.",
            cost=cost,
            coins=g.coins[seat],
        )
    return None


def _betray_rule(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    if not isinstance(action, acts.Betray):
        return None
    if board.counts_as_daimyo(action.kind):
        return Reason("rising_sun.illegal.betray_daimyo", "A Daimyo cannot be replaced by Betray.")
    if task["t"] == "betray" and not task.get("extra"):
        if action.province.startswith("shrine:"):
            return Reason(
                "rising_sun.illegal.betray_shrine",
                "Shinto at shrines can only be replaced by Path of the Unrighteous's extra "
                "replacement.",
            )
        if action.victim in task["victims"]:  # type: ignore[operator]
            return Reason(
                "rising_sun.illegal.betray_twice",
                "Betray replaces figures of two different players (only Path of the "
                "Unrighteous's extra replacement may repeat one).",
            )
    return None


def _bid(g: G, seat: int, task: dict[str, object], action: acts.Bid) -> str | None:
    """A bid beyond the coins, or a whole bid over a bid already placed."""
    if sum(action.as_list()) > g.coins[seat] or min(action.as_list()) < 0:
        return Reason(
            "rising_sun.illegal.bid_coins",
            f"You have {g.coins[seat]} coins: your bids cannot add up to more.",
            coins=g.coins[seat],
        )
    if task["t"] == "bids" and g.battle is not None:
        placed = " ".join(str(v) for v in g.battle["bids"][str(seat)])
        if placed != "0 0 0 0":
            return Reason(
                "rising_sun.illegal.bid_one_box",
                f"Your bid is already {placed}: change one box at a time (`bid 0 0 0 0` "
                "starts again, and from there a whole bid is one step), then `confirm`.",
                bid=placed,
            )
    return None


def _card_steps(g: G, seat: int, task: dict[str, object], action: object) -> str | None:
    """The Horseman and Teapot decisions asked for at the wrong moment or misused."""
    if isinstance(action, acts.Kill):
        if task["t"] != "ninja":
            return Reason(
                "rising_sun.illegal.ninja_not_now",
                "Path of the Ninja kills only right after you Summon, once per copy.",
            )
        if action.kind != "bushi":
            return Reason("rising_sun.illegal.ninja_bushi", "Path of the Ninja kills a Bushi.")
    if isinstance(action, acts.Take):
        if task["t"] != "monkey":
            return Reason(
                "rising_sun.illegal.monkey_not_now",
                "Path of the Monkey takes coins only right after you Summon, once per copy.",
            )
        if not rules.richest(g, seat):
            return Reason("rising_sun.illegal.monkey_no_coins", "No opponent has a coin to take.")
    if isinstance(action, acts.Spare) and task["t"] != "mercy":
        return Reason(
            "rising_sun.illegal.mercy_not_now",
            "Mercy spares figures only when you are about to kill them.",
        )
    return None
