"""A seat's private posts (DMs): its hand in pictures or words and the secret form it must
fill in, sent when either changed. Built from ``game.view(state, seat)`` only."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import renderer
from bot.posts import forms as form_views
from bot.posts import pictures
from bot.posts.render import Sight
from bot.service.loaded import Loaded
from bot.service.results import PrivatePost
from bot.words.text import t
from games.base import Game, Seat, State


def form_view(loaded: Loaded, seat: Seat, locale: str) -> form_views.FormView | None:
    """The seat's current secret form in ``locale`` (with its draft), or ``None``."""
    if loaded.state is None or loaded.row.status != "active":
        return None
    if seat not in loaded.game.to_act(loaded.state):
        return None
    form = loaded.game.form(loaded.state, seat)
    if form is None:
        return None
    entry = (loaded.row.settings.get("drafts") or {}).get(str(seat)) or {}
    draft = entry.get("answers") if entry.get("key") == form.key else None
    return form_views.view_of(form, loaded.row.id, locale, loaded.names(locale), draft)


async def private_posts(
    loaded: Loaded,
    before: State | None,
    *,
    render: bool = True,
    locales: Mapping[int, str] | None = None,
    palettes: Mapping[int, str] | None = None,
) -> tuple[PrivatePost, ...]:
    """A DM for every human seat whose private information changed or who has a new secret
    form to fill in (an offer to answer without a new card), each in its reader's locale
    (``locales`` by user id; the game's locale for anyone missing)."""
    game, state = loaded.game, loaded.state
    locales = locales or {}
    posts = []
    for seat in loaded.seats:
        if seat.user_id is None or seat.position is None:
            continue
        now_hand = game.hand(state, seat.position)
        if now_hand is None:
            continue
        if (
            before is not None
            and _same(game.hand(before, seat.position), now_hand)
            and form_key(game, before, seat.position) == form_key(game, state, seat.position)
        ):
            continue  # nothing new in private: same hand, same form (or none)
        locale = locales.get(seat.user_id, loaded.locale)
        palette = (palettes or {}).get(seat.user_id, "default")
        posts.append(
            await post(loaded, seat.position, render=render, locale=locale, palette=palette)
        )
    return tuple(posts)


def form_key(game: Game, state: State, seat: Seat) -> str | None:
    """The key of the seat's current secret form, ``None`` without one."""
    form = game.form(state, seat)
    return None if form is None else form.key


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


async def post(
    loaded: Loaded,
    seat: Seat,
    *,
    render: bool = True,
    locale: str = "en",
    palette: str = "default",
) -> PrivatePost:
    """The seat's private view (text and pictures in ``locale``)."""
    game, state = loaded.game, loaded.state
    by_pos = {s.position: s for s in loaded.seats}
    user_id = by_pos[seat].user_id
    assert user_id is not None
    view = game.view(state, seat)
    names = loaded.names()
    hand = game.hand(state, seat)
    where = t("hand.where", locale, title=game.title, game_id=loaded.row.id)
    sight = Sight(loaded.row.id, game.key, view, tuple(names), locale, palette)
    if hand is None:
        image, words = await pictures.board(sight) if render else (None, ())
        return PrivatePost(
            user_id, "\n".join((t("hand.public", locale, where=where), *words)), image
        )
    form = form_view(loaded, seat, locale)
    text = f"{where}\n{form.prompt}" if form is not None else t("hand.private", locale, where=where)
    image, words = None, ()
    if render and renderer.has_hand(game.key):
        image, words = await pictures.hand(sight)
    return PrivatePost(user_id, "\n".join((text, *words)), image, form)
