"""``python -m bot demo``: a whole game between AI seats through the service, no Discord.

Prints the game's ``/help`` first, then every post, in ``--lang``; draws the boards with
``--palette``; writes every public board as a PNG and the whole game as an animated GIF.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

import games
from bot.service.facade import Service
from bot.store import open_store
from bot.words.help import LANGUAGES_SHOWN, game_help
from bot.words.i18n import language_choice
from bot.words.text import t
from games.ai import player_for
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
    known, chosen = language_choice(lang)
    if not known or palette not in PALETTES:
        bad = t("err.unknown_language", "en", value=repr(lang), known=LANGUAGES_SHOWN)
        if palette not in PALETTES:
            bad = t("err.unknown_palette", "en", value=repr(palette), known=", ".join(PALETTES))
        raise ValueError(bad)
    locale = chosen or "en"
    print(game_help(game, locale))
    print()
    count = players or min(game.seats)
    out.mkdir(parents=True, exist_ok=True)
    store = await open_store(":memory:")
    try:
        service = Service(store, ai_budget_s=0.1, public_palette=palette)
        options = {"variant": variant} if variant else {}
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
        await service.settings.set_user(DEMO_USER, {"language": locale, "palette": palette})
        game_id = lobby.game.game_id
        for _ in range(count - 1):
            await service.add_ai(game_id, DEMO_USER)
        result = await service.start(game_id, DEMO_USER)
        frames = [p.image.data for p in result.public if p.image]
        print(result.public[0].text)
        while not result.finished:
            loaded = await service.load(game_id)  # the demo drives the human seat itself
            seat = loaded.seat_of(DEMO_USER)
            player = player_for(game, "normal", derive_seed(seed, str(loaded.row.version)), 0.1)
            action = player.choose(game, loaded.state, seat)
            notation = game.notation(loaded.state, action)
            result = await service.act(game_id, DEMO_USER, notation, locale=locale)
            for post in result.public:
                print(post.text)
                if post.image:
                    frames.append(post.image.data)
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
        print(f"Wrote {len(frames)} boards and game.gif to {out}")
        return 0
    finally:
        await store.close()
