"""The documentation names what is there: every screenshot is in the screenshots index,
and the index lists no picture that is missing."""

from __future__ import annotations

import re
from pathlib import Path

SCREENSHOTS = Path(__file__).resolve().parents[1] / "docs" / "screenshots"


def test_the_screenshots_index_lists_every_picture_and_only_those() -> None:
    index = (SCREENSHOTS / "README.md").read_text(encoding="utf-8")
    listed = set(re.findall(r"\]\(([^)]+\.png)\)", index))
    assert listed == {path.name for path in SCREENSHOTS.glob("*.png")}
