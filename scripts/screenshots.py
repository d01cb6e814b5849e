"""Write the screenshots under docs/screenshots/: each game at 450 px wide (what a phone
shows), in English and Spanish, and with the colour-blind palette, from seeded games.

    python scripts/screenshots.py            # rewrite them (deterministic)
    python scripts/screenshots.py --check    # fail if a committed one is out of date

The positions come from a seeded random playout (the same moves every run), so the files
change only when the pictures do.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image

import renderer
from bench.configs import configurations, random_positions
from renderer.core import get_palette
from renderer.result import draw_card, make_card

OUT = Path(__file__).resolve().parent.parent / "docs" / "screenshots"  # scripts/ -> repo
WIDTH = 450
NAMES = ("Aiko", "Bruno", "Carmen", "Daichi", "Elena")
# each game: one table in English and in Spanish (yokai's Spanish one from seat 1's own
# view), another in the colour-blind palette
TABLES = (
    ("yokai 5x6 2p", 1, "yokai 3x4 2p"),
    ("samurai 3p", None, "samurai 4p"),
    ("china 4p", None, "china 5p"),
    ("shitenno 3p", None, "shitenno 4p"),
    ("rising_sun 4p", None, "rising_sun 3p"),
)
# (game label in bench.configs, locale, palette, seat whose own view is shown or None)
SHOTS = tuple(
    shot
    for table, seat, other in TABLES
    for shot in (
        (table, "en", "default", None),
        (table, "es", "default", seat),
        (other, "en", "colorblind", None),
    )
)
HANDS = (("samurai 3p", "es"), ("china 4p", "en"), ("shitenno 3p", "en"))
RESULTS = (("samurai 4p", "en", "default"), ("china 5p", "es", "colorblind"))


def _shrink(image: Image.Image) -> bytes:
    small = image.convert("RGB").resize(
        (WIDTH, round(image.height * WIDTH / image.width)), Image.Resampling.LANCZOS
    )
    out = io.BytesIO()
    small.quantize(256, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
    return out.getvalue()


def shots() -> dict[str, bytes]:
    """File name -> PNG bytes of every screenshot."""
    configs = {c.label: c for c in configurations()}
    out: dict[str, bytes] = {}
    for label, locale, palette, seat in SHOTS:
        config = configs[label]
        states = list(random_positions(config, 1, seed=15))
        state = states[len(states) // 2]
        view = config.game.view(state, seat)
        names = NAMES[: config.players]
        image = renderer.render_image(config.key, view, palette=palette, names=names, locale=locale)
        side = "" if seat is None else f"-seat{seat + 1}"
        name = f"{label.replace(' ', '-')}{side}-{locale}-{palette}.png"
        out[name.replace("-default", "")] = _shrink(image)
        detail = renderer.render_detail(
            config.key, view, palette=palette, names=names, locale=locale
        )
        if detail is not None:  # posted beside the board: the last move enlarged
            out[name.replace("-default", "").replace(".png", "-detail.png")] = _shrink(
                Image.open(io.BytesIO(detail))
            )
    for label, locale in HANDS:
        config = configs[label]
        states = list(random_positions(config, 1, seed=15))
        view = config.game.view(states[len(states) // 2], 0)
        data = renderer.render_hand(config.key, view, names=NAMES[: config.players], locale=locale)
        out[f"{config.key}-hand-{locale}.png"] = _shrink(Image.open(io.BytesIO(data)))
    for label, locale, palette in RESULTS:
        config = configs[label]
        end = list(random_positions(config, 1, seed=15))[-1]
        outcome = config.game.outcome(end)
        assert outcome is not None
        card = make_card(config.key, config.game.title, outcome, NAMES[: config.players], locale)
        image = draw_card(card, get_palette(palette))
        out[f"result-{config.key}-{locale}-{palette}.png".replace("-default", "")] = _shrink(image)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    stale = []
    for name, data in shots().items():
        path = OUT / name
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                stale.append(name)
            continue
        OUT.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        print(f"wrote {path.relative_to(OUT.parent.parent)} ({len(data) // 1024} KiB)")
    if stale:
        print("out of date:", ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
