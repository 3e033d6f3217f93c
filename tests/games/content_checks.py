"""What every game's content tests share: corrupt copies of the data files.

Each game's ``test_content.py`` copies its ``data/*.toml`` into a temporary
directory, edits one file and checks that loading it fails with a
``ContentError`` that starts with the file name and names the entry.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from getaway.core.errors import ContentError


def copy_data(source: Path, target: Path) -> Path:
    """Copy every TOML file of ``source`` into ``target``; return ``target``."""
    for f in source.glob("*.toml"):
        shutil.copy(f, target / f.name)
    return target


def edit(root: Path, name: str, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` (which must be there) by ``new`` in ``root/name``."""
    path = root / name
    text = path.read_text()
    assert text.count(old) >= count, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, count))


def assert_rejected(load: Callable[[Path], Any], data: Path, name: str, old: str, new: str,
                    words: list[str]) -> None:
    """After the edit, loading fails with a message that starts with the file's name and
    holds every one of ``words``."""
    edit(data, name, old, new)
    with pytest.raises(ContentError) as err:
        load(data)
    msg = str(err.value)
    assert msg.startswith(name), msg
    for w in words:
        assert w in msg, f"{w!r} not in {msg!r}"
