"""``python -m bot demo``: a whole game between AI seats through the service, no Discord.

Prints the game's ``/help`` first, then every post, in ``--lang``; draws the boards with
``--palette``; writes every public board as a PNG and the whole game as an animated GIF.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from PIL import Image

import games
from bot.service.facade import Service
from bot.store import open_store
from bot.words.help import LANGUAGES_SHOWN, game_help
from bot.words.i18n import language_choice
from bot.words.text import t
from games.ai import choose_for, player_for
from games.base import Game
from games.rng import derive_seed
from renderer.palettes import PALETTES

DEMO_USER = 1


async def run_demo(
    key: str,
    out: Path,
    variant: str | None,
    players: int | None,
    seed: int,
    *,
    lang: str = "en",
    palette: str = "default",
) -> int:
    """Play ``key`` to the end; returns a process exit status."""

    game = games.get(key)
    locale = _locale(lang, palette)
    print(game_help(game, locale))
    print()
    out.mkdir(parents=True, exist_ok=True)
    store = await open_store(":memory:")
    try:
        service = Service(store, ai_budget_s=0.1, public_palette=palette)
        options = {"variant": variant} if variant else {}
        count = players or min(game.seats)
        game_id = await _open(service, key, options, count, seed, locale)
        await service.settings.set_user(DEMO_USER, {"language": locale, "palette": palette})
        for _ in range(count - 1):
            await service.add_ai(game_id, DEMO_USER)
        frames = await _play(service, game, game_id, seed, locale)
        _write(frames, out)
        print(f"Wrote {len(frames)} boards and game.gif to {out}")
        return 0
    finally:
        await store.close()


def _locale(lang: str, palette: str) -> str:
    """The demo's language, or a ValueError that names what was wrong."""
    known, chosen = language_choice(lang)
    if not known or palette not in PALETTES:
        bad = t("err.unknown_language", "en", value=repr(lang), known=LANGUAGES_SHOWN)
        if palette not in PALETTES:
            bad = t("err.unknown_palette", "en", value=repr(palette), known=", ".join(PALETTES))
        raise ValueError(bad)
    return chosen or "en"


async def _open(
    service: Service, key: str, options: dict[str, Any], count: int, seed: int, locale: str
) -> int:
    lobby = await service.new_game(
        guild_id=None,
        channel_id=1,
        user_id=DEMO_USER,
        user_name=t("demo.you", locale),
        key=key,
        options=options,
        players=count,
        seed=seed,
        locale=locale,
    )
    return lobby.game.game_id


async def _play(service: Service, game: Game, game_id: int, seed: int, locale: str) -> list[bytes]:
    """Start the game and play the human seat with the AI to the end, printing every public
    post; the boards drawn, in order."""
    result = await service.start(game_id, DEMO_USER)
    frames = [p.image.data for p in result.public if p.image]
    print(result.public[0].text)
    while not result.finished:
        loaded = await service.load(game_id)  # the demo drives the human seat itself
        seat = loaded.seat_of(DEMO_USER)
        player = player_for(game, "normal", derive_seed(seed, str(loaded.row.version)), 0.1)
        action = choose_for(player, game, loaded.state, seat)
        notation = game.notation(loaded.state, action)
        result = await service.act(game_id, DEMO_USER, notation, locale=locale)
        for post in result.public:
            print(post.text)
            if post.image:
                frames.append(post.image.data)
    return frames


def _write(frames: list[bytes], out: Path) -> None:
    """Every board as a PNG and the whole game as an animated GIF."""
    for index, data in enumerate(frames):
        (out / f"board-{index:03d}.png").write_bytes(data)
    if frames:
        images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
        images[0].save(
            out / "game.gif",
            save_all=True,
            append_images=images[1:],
            duration=[700] * (len(images) - 1) + [3000],
            loop=0,
            optimize=True,
        )
