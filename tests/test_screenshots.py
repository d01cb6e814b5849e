"""The README's screenshots show the pictures the bot draws today.

``scripts/screenshots.py`` writes them; a layout change that forgets to rerun it leaves
the README showing old boards. Compared by pixels with the renderer references' tolerance
(a Pillow or FreeType update may move a few anti-aliased pixels, a layout change moves
many)."""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from types import ModuleType

from PIL import Image, ImageChops, ImageStat

ROOT = Path(__file__).resolve().parent.parent


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screenshots", ROOT / "scripts/screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_screenshots_match_what_the_renderer_draws_now() -> None:
    script = _script()
    shots: dict[str, bytes] = script.shots()
    committed = {p.name for p in script.OUT.glob("*.png")}
    assert set(shots) == committed, "run python scripts/screenshots.py"
    stale = []
    for name, data in sorted(shots.items()):
        fresh = Image.open(io.BytesIO(data)).convert("RGB")
        old = Image.open(script.OUT / name).convert("RGB")
        if fresh.size != old.size:
            stale.append(f"{name} {old.size}->{fresh.size}")
            continue
        diff = ImageStat.Stat(ImageChops.difference(fresh, old)).mean
        if sum(diff) / 3 >= 1.5:
            stale.append(name)
    assert not stale, f"out of date (run python scripts/screenshots.py): {stale}"
