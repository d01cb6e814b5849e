"""``python -m bot demo --palette``: the demo draws its boards in the palette asked for (it
wrote the default palette's boards whatever was asked, since the public board always
uses the default)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.demo import run_demo


@pytest.mark.slow
async def test_the_demo_draws_its_boards_in_the_palette_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    boards: dict[str, list[bytes]] = {}
    for palette in ("default", "colorblind"):
        out = tmp_path / palette
        assert await run_demo("yokai", out, None, None, 5, palette=palette) == 0
        boards[palette] = [p.read_bytes() for p in sorted(out.glob("board-*.png"))]
    capsys.readouterr()  # the game's posts, printed as it goes
    default, colorblind = boards["default"], boards["colorblind"]
    assert default and colorblind
    # the AI thinks against the clock, so the games may part; their first boards are the
    # same position, and no board of one palette is a board of the other
    assert default[0] != colorblind[0]
    assert not set(default) & set(colorblind)
