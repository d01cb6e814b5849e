"""Refusals of a Horseman or Teapot card used out of its moment, and the notation of the
actions those cards add (split from ``test_cards_horseman_teapot.py``)."""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.notation import parse_action
from games.rising_sun.state import Betray, G, Kill, Spare, Take

from .helpers import KOI, LOTUS, fresh, play, put, refused
from .test_cards import own
from .test_cards_horseman_teapot import betray_board, recruit_by_koi, unrighteous_betray


def test_card_decisions_out_of_their_moment_are_refused_with_a_reason() -> None:
    state = betray_board(unrighteous_betray)
    refused(state, KOI, Kill(LOTUS, "bushi", "edo"), "rising_sun.illegal.ninja_not_now")
    refused(state, KOI, Take(), "rising_sun.illegal.monkey_not_now")
    refused(state, KOI, Spare(), "rising_sun.illegal.mercy_not_now")


def test_path_of_the_ninja_refuses_a_figure_that_is_not_a_bushi() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_ninja")
        put(g, LOTUS, "bushi", "kyoto")
        put(g, LOTUS, "shinto", "kyoto")

    state = play(recruit_by_koi(change), KOI, "summon bushi edo")
    refused(state, KOI, Kill(LOTUS, "shinto", "kyoto"), "rising_sun.illegal.ninja_bushi")


def test_the_new_actions_read_and_write_their_notation() -> None:
    seats = {"koi": KOI, "lotus": LOTUS}
    for text, action in (
        ("kill lotus bushi edo", Kill(LOTUS, "bushi", "edo")),
        ("spare", Spare()),
        ("take", Take()),
        ("betray lotus shinto amaterasu", Betray(LOTUS, "shinto", "shrine:amaterasu", "shinto")),
    ):
        assert parse_action(text, seats) == action
        assert GAME.notation(fresh(3), action) == text
