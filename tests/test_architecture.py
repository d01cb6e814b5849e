"""The shape of the code: layers with arrows one way, no import circle, and a shared core
that names no game (a game is one folder per layer)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import games

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("games", "renderer", "bot", "bench")
LAYERS = {"games": 0, "renderer": 1, "bot": 2, "bench": 3}


def _modules() -> dict[str, Path]:
    out = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    return out


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """Every project module ``path`` imports (top level, inside functions, TYPE_CHECKING)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, base] if base else up)
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found | _packages_run(found, name, known)


def _packages_run(targets: set[str], name: str, known: set[str]) -> set[str]:
    """Importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first: a package that
    imports its modules is imported by whoever imports one of them from outside it (a
    package ``name`` sits in is already running when ``name`` runs)."""
    run = set()
    for target in targets:
        package = target.rpartition(".")[0]
        while package:
            if package in known and package != name and not name.startswith(package + "."):
                run.add(package)
            package = package.rpartition(".")[0]
    return run


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {name: _imports(path, name, known) for name, path in modules.items()}


def test_layers_point_one_way() -> None:
    wrong = []
    for module, targets in _graph().items():
        layer = LAYERS[module.split(".")[0]]
        for target in targets:
            if LAYERS[target.split(".")[0]] > layer:
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def test_no_import_circle() -> None:
    graph = _graph()
    # a package importing its own submodules (``renderer`` registering plugins) is not a
    # circle with them unless a submodule imports the package back
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, path: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*path[path.index(nxt) :], nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, [*path, nxt])
        state[node] = 2

    for module in sorted(graph):
        if module not in state:
            visit(module, [module])
    assert not cycles, cycles[:5]


def test_bot_has_no_function_level_imports() -> None:
    """Imports inside functions are how circles hide; bot/ has none."""
    hidden = []
    for path in (ROOT / "bot").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        hidden.append(f"{path.relative_to(ROOT)}:{inner.lineno}")
    assert not hidden, hidden


def _code_strings(path: Path) -> list[tuple[int, str]]:
    """String constants of a module that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_bot_and_bench_name_no_game() -> None:
    """No game key in bot/ or bench/ code: games are found through the registry."""
    keys = sorted(games.GAMES)
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b", re.IGNORECASE)
    named = []
    for folder in ("bot", "bench"):
        for path in (ROOT / folder).rglob("*.py"):
            for line, text in _code_strings(path):
                if pattern.search(text):
                    named.append(f"{path.relative_to(ROOT)}:{line}: {text[:60]!r}")
            for number, source in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                code = source.split("#", 1)[0]
                if re.search(r"\bif\b.*\bkey\s*==\s*['\"]", code):
                    named.append(f"{path.relative_to(ROOT)}:{number}: {source.strip()[:60]}")
    assert not named, named


# bot/'s folders in the order a move goes through them: a module imports only from its own
# folder or from folders ranked below it (docs/DESIGN.md, "bot/")
BOT_FOLDERS = {
    "bot.__main__": 6,
    "bot.demo": 5,
    "bot.edge": 4,
    "bot.service": 3,
    "bot.posts": 2,
    "bot.words": 1,
    "bot.store": 1,
    "bot.config": 0,
}
# what the service hands to the posts it asks for: a loaded game and the result types (and
# the package they sit in, which imports nothing: the no-circle test keeps it so)
SERVICE_LEAVES = {"bot.service", "bot.service.loaded", "bot.service.results"}


def _bot_folder(module: str) -> str:
    folder = ".".join(module.split(".")[:2])
    assert folder in BOT_FOLDERS, f"{module}: a module of bot/ outside the folder map"
    return folder


def test_bot_folders_point_down_the_way_of_a_move() -> None:
    wrong = []
    for module, targets in _graph().items():
        if not module.startswith("bot."):
            continue
        here = _bot_folder(module)
        for target in targets:
            if not target.startswith("bot.") or (here == "bot.posts" and target in SERVICE_LEAVES):
                continue
            there = _bot_folder(target)
            if there != here and BOT_FOLDERS[there] >= BOT_FOLDERS[here]:
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def _reached(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module not in seen:
            seen.add(module)
            todo.extend(graph.get(module, ()))
    return seen


def test_the_cli_demo_imports_nothing_of_discord() -> None:
    """``python -m bot demo`` plays through the service: no cog, nothing of the edge; and
    ``python -m bot`` imports no cog (the client loads them by name when it runs)."""
    graph = _graph()
    edge = sorted(m for m in _reached(graph, "bot.demo") if m.startswith("bot.edge"))
    assert not edge, edge
    cogs = sorted(m for m in _reached(graph, "bot.__main__") if m.startswith("bot.edge.cogs"))
    assert not cogs, cogs


# Small rooms (issue 26, item 5): where the rule holds, and the functions allowed to be
# longer (tables and hot loops), each named in docs/DESIGN.md ("Small rooms")
SHORT_FUNCTIONS = ("bot", "bench", "games", "renderer", "scripts")
SMALL_FILES = ("bot", "bench", "games", "renderer", "scripts", "tests/emulator")
LONG_FUNCTIONS: dict[str, str] = {  # "path:function" -> why it may stay long
    "games/shitenno/state.py:dump_state": "a table: one line per field, the stored format",
    "games/shitenno/state.py:load_state": "a table: one line per field, the stored format",
    "games/shitenno/setup.py:_first_state": "a table: every field before the first year",
    "games/yokai/search.py:_negamax": "the search's hot loop",
}
MAX_FUNCTION_LINES, MAX_FILE_LINES = 40, 500


def test_functions_and_files_stay_small() -> None:
    """No function over 40 lines (its ``def`` to its last line) outside the tests but the
    tables and hot loops ``LONG_FUNCTIONS`` names (as docs/DESIGN.md does), no file over 500
    lines."""
    long = []
    for folder in SMALL_FILES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            where = path.relative_to(ROOT).as_posix()
            text = path.read_text(encoding="utf-8")
            if text.count("\n") > MAX_FILE_LINES:
                long.append(f"{where}: {text.count(chr(10))} lines")
            if where.split("/")[0] not in SHORT_FUNCTIONS:
                continue
            for node in ast.walk(ast.parse(text)):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = (node.end_lineno or node.lineno) - node.lineno + 1
                    named = f"{where}:{node.name}"
                    if lines > MAX_FUNCTION_LINES and named not in LONG_FUNCTIONS:
                        long.append(f"{named}: {lines} lines")
    assert not long, long
