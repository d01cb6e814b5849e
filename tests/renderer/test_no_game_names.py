"""Nothing in bot/ or the renderer's shared core names a game: no game key as a string
literal ("yokai") and no catalogue key of a game ("samurai.tile") outside docstrings, and
no game-prefixed key in the shared catalogues. A game lives in its own folders only."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

import games

ROOT = Path(__file__).resolve().parents[2]
# The files that must stay game-free; adding one is one line.
CHECKED = sorted(
    [
        *(ROOT / "renderer").glob("*.py"),  # the renderer's shared core (not its packages)
        ROOT / "bot" / "words" / "text.py",
        ROOT / "bot" / "words" / "i18n.py",
    ]
)
CATALOGUES = [ROOT / "renderer" / "locales", ROOT / "bot" / "words" / "locales"]


def docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string constants that are docstrings."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def game_names(source: str, keys: set[str]) -> list[str]:
    """The string literals of ``source`` (docstrings aside) that name one of ``keys``."""
    tree = ast.parse(source)
    skip = docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = node.value
            if text in keys or any(text.startswith(f"{key}.") for key in keys):
                found.append(text)
    return found


@pytest.mark.parametrize("path", CHECKED, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_code_names_no_game(path: Path) -> None:
    named = game_names(path.read_text(encoding="utf-8"), set(games.GAMES))
    assert not named, f"{path.relative_to(ROOT)} names a game: {named}"


@pytest.mark.parametrize("folder", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shared_catalogues_hold_no_game_words(folder: Path) -> None:
    for path in sorted(folder.glob("*.json")):
        keys = json.loads(path.read_text(encoding="utf-8"))
        named = sorted(k for k in keys for g in games.GAMES if k.startswith(f"{g}."))
        assert not named, f"{path.relative_to(ROOT)}: {named}"


def test_the_scanner_finds_literals_not_docstrings() -> None:
    source = '"""About "yokai"."""\nx = "yokai"\ny = t("samurai.tile.B3")\nz = "yokaix"\n'
    assert game_names(source, {"yokai", "samurai"}) == ["yokai", "samurai.tile.B3"]
    assert CHECKED and all(p.is_file() for p in CHECKED)
