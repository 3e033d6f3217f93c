"""One folder per game: everything of a game in its package, the engine never importing
its presentation, and nothing outside the folder naming the game.

For every registered game of the project: its engine modules import no terminal,
browser or web-server code (the presentation may import the engine, never the
other way); its folder holds its terminal module (``terminal.py`` with a
``render(view)``) and its browser module and styles (``web/<id>.js`` and
``.css``); and no module of the project outside the folder -- code, not
documentation -- names the game's id or package (the registry in
``getaway/games/__init__.py`` aside).
"""

from __future__ import annotations

import ast
import importlib
import re
from pathlib import Path

from getaway.core.registry import Game

SRC = Path(__file__).resolve().parents[2] / "src" / "getaway"
PRESENTATION = ("terminal",)  # a game's presentation modules (besides the web/ folder)
FORBIDDEN = ("rich", "getaway.cli", "getaway.server", "fastapi", "starlette", "typer",
             "uvicorn")


def folder(game: Game) -> Path:
    module = importlib.import_module(game.package)
    return Path(module.__file__ or "").resolve().parent


def imports(path: Path) -> set[str]:
    """Every module a Python file imports (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{a.name}" for a in node.names)
    return found


def code_strings(path: Path) -> list[str]:
    """The string literals of a Python file's code (docstrings left out) and its names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    out: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out.append(node.value)
        elif isinstance(node, ast.Name | ast.Attribute):
            out.append(node.id if isinstance(node, ast.Name) else node.attr)
        elif isinstance(node, ast.ImportFrom | ast.Import):
            out.extend(a.name for a in node.names)
            if isinstance(node, ast.ImportFrom) and node.module:
                out.append(node.module)
    return out


def web_code(path: Path) -> str:
    """A JavaScript, CSS or HTML file without its comments."""
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    text = re.sub(r"<!--.*?-->", "", text, flags=re.S)
    return re.sub(r"(?m)(^|[^:\"'`])//.*$", r"\1", text)


def test_engine_modules_never_import_the_presentation(game: Game) -> None:
    home = folder(game)
    presentation = {f"{game.package}.{p}" for p in PRESENTATION}
    for path in sorted(home.glob("*.py")):
        if path.stem in PRESENTATION:
            continue
        bad = {m for m in imports(path)
               if m in presentation or any(m == f or m.startswith(f + ".") for f in FORBIDDEN)}
        assert not bad, f"{path.relative_to(SRC)} (engine) imports {sorted(bad)}"


def test_the_folder_holds_the_terminal_and_browser_presentation(game: Game) -> None:
    home = folder(game)
    terminal = importlib.import_module(f"{game.package}.terminal")
    assert callable(getattr(terminal, "render", None)), "terminal.py has a render(view)"
    for ext in ("js", "css"):
        assert (home / "web" / f"{game.id}.{ext}").is_file(), f"web/{game.id}.{ext}"
    assert (home / "README.md").is_file(), "the game's rules page"


def test_nothing_outside_the_folder_names_the_game(game: Game) -> None:
    home = folder(game)
    registry_module = SRC / "games" / "__init__.py"
    names = (game.id, game.package, game.package.rpartition(".")[2])
    seen: list[str] = []
    for path in sorted(SRC.rglob("*")):
        if (not path.is_file() or home in path.parents or path == registry_module
                or "__pycache__" in path.parts or "migrations" in path.parts):
            continue
        if path.suffix == ".py":
            texts = code_strings(path)
        elif path.suffix in (".js", ".css", ".html"):
            texts = [web_code(path)]
        else:
            continue
        if any(n in t for t in texts for n in names):
            seen.append(str(path.relative_to(SRC)))
    assert not seen, f"{game.id} is named outside its folder in {seen}"



def test_the_terminal_never_rewords_the_engine(game: Game) -> None:
    """The terminal shows the engine's labels and sentences as they are (docs/words.md): a
    game's terminal module defines no hook that would reword them (the shell has none)."""
    module = importlib.import_module(f"{game.package}.terminal")
    for hook in ("menu_label", "event_text"):
        assert not hasattr(module, hook), f"{game.id}'s terminal defines {hook}"
