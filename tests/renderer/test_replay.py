"""The replay GIF: every board in order, one width, one palette, looping, within its byte
budget (frames dropped evenly, first and last kept, when it is not)."""

from __future__ import annotations

import io
from functools import cache

import pytest
from PIL import Image, ImageChops, ImageSequence, ImageStat

import games
import renderer
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from renderer.replay import replay_gif


@cache
def yokai_boards(variant: str = "3x4", count: int = 16, seed: int = 4) -> tuple[bytes, ...]:
    """PNG boards of random Yōkai games, one after another, until ``count`` boards."""
    game = games.get("yokai")
    boards: list[bytes] = []
    while len(boards) < count:
        state = game.setup(2, resolve_options(game, {"variant": variant}), seed)
        player = RandomPlayer(seed)
        boards.append(renderer.render_board("yokai", game.view(state, None)))
        while game.outcome(state) is None and len(boards) < count:
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
            boards.append(renderer.render_board("yokai", game.view(state, None)))
        seed += 1
    return tuple(boards)


def open_gif(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    return image


def frames_rgb(gif: Image.Image) -> list[Image.Image]:
    """Every frame as shown (composited over the ones before)."""
    return [frame.convert("RGB") for frame in ImageSequence.Iterator(gif)]


def durations(gif: Image.Image) -> list[int]:
    out = []
    for frame in ImageSequence.Iterator(gif):
        out.append(frame.info["duration"])
    return out


def scaled(png: bytes, size: tuple[int, int]) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB").resize(size, Image.Resampling.HAMMING)


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def test_every_board_becomes_a_frame_of_a_looping_gif() -> None:
    boards = yokai_boards()
    data = replay_gif(boards, width=480, frame_ms=500, last_ms=2000)
    gif = open_gif(data)
    assert gif.n_frames == len(boards)
    assert gif.info["loop"] == 0
    first = Image.open(io.BytesIO(boards[0]))
    assert gif.size == (480, round(first.height * 480 / first.width))
    assert durations(gif) == [500] * (len(boards) - 1) + [2000]
    assert len(data) <= 8 * 1024 * 1024


def test_frames_show_the_boards_in_order() -> None:
    boards = yokai_boards()
    gif = open_gif(replay_gif(boards, width=400))
    shown = frames_rgb(gif)
    expected = [scaled(board, gif.size) for board in boards]
    for k in (0, 1, len(boards) // 2, len(boards) - 1):
        diffs = [mean_diff(shown[k], board) for board in expected]
        assert diffs[k] < 3 and diffs[k] == min(diffs), k


def test_one_palette_so_unchanged_pixels_never_flicker() -> None:
    gif = open_gif(replay_gif(yokai_boards(), width=400))
    shown = frames_rgb(gif)
    # The page background and the frame around the board never change between boards.
    for xy in ((2, 2), (gif.width - 3, gif.height - 3), (gif.width // 2, 3)):
        assert len({frame.getpixel(xy) for frame in shown}) == 1, xy


def test_images_and_png_bytes_give_the_same_gif() -> None:
    boards = yokai_boards()[:6]
    images = [Image.open(io.BytesIO(b)).convert("RGB") for b in boards]
    assert replay_gif(images, width=300) == replay_gif(list(boards), width=300)


def test_repeated_boards_merge_and_keep_their_time() -> None:
    boards = yokai_boards()[:4]
    doubled = [boards[0], boards[1], boards[1], boards[1], boards[2], boards[3], boards[3]]
    gif = open_gif(replay_gif(doubled, width=300, frame_ms=100, last_ms=1000))
    assert gif.n_frames == 4
    assert durations(gif) == [100, 300, 100, 1100]


def test_frames_are_dropped_evenly_to_fit_max_bytes() -> None:
    boards = yokai_boards("5x6", 30, 1)
    full = replay_gif(boards, width=400)
    assert open_gif(full).n_frames == len(boards)
    budget = len(full) * 9 // 10
    data = replay_gif(boards, width=400, max_bytes=budget)
    gif = open_gif(data)
    assert len(data) <= budget
    assert 2 <= gif.n_frames < len(boards)
    assert gif.width == 400  # dropping frames comes before shrinking the boards
    shown = frames_rgb(gif)
    assert mean_diff(shown[0], scaled(boards[0], gif.size)) < 3
    assert mean_diff(shown[-1], scaled(boards[-1], gif.size)) < 3
    assert durations(gif)[-1] == 3000


def test_a_tiny_budget_shrinks_the_width_too() -> None:
    boards = yokai_boards("5x6", 30, 1)
    data = replay_gif(boards, width=320, max_bytes=30 * 1024)
    gif = open_gif(data)
    assert len(data) <= 30 * 1024
    assert gif.width < 320 and gif.n_frames >= 2


def test_boards_of_different_sizes_share_one_canvas() -> None:
    small, large = yokai_boards()[0], yokai_boards("5x6", 1, 1)[0]
    gif = open_gif(replay_gif([small, large, small], width=300))
    assert gif.n_frames == 3
    assert {frame.size for frame in frames_rgb(gif)} == {gif.size}


def test_a_single_board_is_a_valid_gif_and_none_is_refused() -> None:
    gif = open_gif(replay_gif(yokai_boards()[:1], width=200))
    assert gif.width == 200 and gif.n_frames == 1
    with pytest.raises(ValueError):
        replay_gif([])
