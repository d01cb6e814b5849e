"""Write the reference PNGs the renderer tests compare against.

Run after an intended change to the pictures, then look at them before committing::

    python -m tests.renderer.make_reference
"""

from __future__ import annotations

from pathlib import Path

import renderer
from tests.renderer import positions

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"

# file stem -> (position in tests.renderer.positions.ALL, palette, display names)
REFERENCES: dict[str, tuple[str, str, tuple[str, str] | None]] = {
    "start_3x4": ("start_3x4", "default", None),
    "midgame_3x4_colorblind": ("midgame_3x4", "colorblind", None),
    "check_5x6": ("midgame_5x6_check", "default", None),
    "finished_3x4_names": ("finished_3x4", "default", ("Kiyomi", "Bo")),
}


def render_reference(stem: str) -> bytes:
    """The PNG that ``reference/<stem>.png`` should hold."""
    position, palette, names = REFERENCES[stem]
    view = positions.ALL[position]()
    return renderer.render_board("yokai", view, palette=palette, names=names)


def main() -> None:
    REFERENCE_DIR.mkdir(exist_ok=True)
    for stem in REFERENCES:
        path = REFERENCE_DIR / f"{stem}.png"
        path.write_bytes(render_reference(stem))
        print(f"wrote {path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path}")


if __name__ == "__main__":
    main()
