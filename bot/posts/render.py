"""The render thread: every picture the bot posts is drawn on one worker thread, off the
event loop, through :func:`picture_or_words`; whatever drawing raises (a missing font, a
renderer bug), the post goes out with the picture's words instead, so no move is refused
and the outbox never stops on a picture."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from bot.service.results import Attachment

T = TypeVar("T")


log = logging.getLogger(__name__)


# FreeType faces are not thread-safe: every picture is drawn on one worker thread, which
# also keeps rendering off the event loop.
RENDER_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tenka-render")


async def in_render_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(RENDER_POOL, functools.partial(fn, *args, **kwargs))


@dataclass(frozen=True)
class Sight:
    """What one picture shows and to whom: game ``game_id`` (of ``key``) seen as ``view``
    (the public one, or a seat's), its seats named ``names``, for a reader of ``locale``
    and ``palette``."""

    game_id: int
    key: str
    view: Any
    names: tuple[str, ...]
    locale: str = "en"
    palette: str = "default"


PICTURE_FAILURES_KEPT = 256  # distinct failures remembered, so each is logged once


_picture_failures: set[tuple[str, str]] = set()


async def picture_or_words(
    kind: str,
    sight: Sight,
    draw: Callable[[Sight], Attachment | None],
    words: Callable[[Sight], str] | None = None,
) -> tuple[Attachment | None, tuple[str, ...]]:
    """``(draw(sight), ())`` drawn on the render thread, or, when drawing raises anything
    (a missing font, a renderer bug), ``(None, (words(sight),))``: the post carries the
    picture's words instead, so no post is lost and the outbox never stops on a picture.
    Each distinct failure (the kind of picture and the error) is logged once per process
    with its traceback; games that meet it again are named at debug level."""
    try:
        return await in_render_thread(draw, sight), ()
    except Exception as error:
        seen = (kind, f"{type(error).__name__}: {error}")
        if seen in _picture_failures:
            log.debug("could not draw the %s of game %s either (%s)", kind, sight.game_id, seen[1])
        else:
            if len(_picture_failures) >= PICTURE_FAILURES_KEPT:
                _picture_failures.clear()
            _picture_failures.add(seen)
            log.exception(
                "could not draw the %s of game %s: it goes out in words", kind, sight.game_id
            )
    return None, () if words is None else (words(sight),)
