"""The digest chain that lets the store notice edited, deleted or swapped moves.

Every stored move carries a SHA-256 digest of its step chained from the
previous move's digest; the first move chains from a digest of the table's
identity, game, configuration and seed (the *genesis*). The table row keeps
the digest after its last move (its *head*), so a deleted last move, a
changed seed or a changed configuration is noticed even on a table with no
moves. A server checks the chain whenever it loads a table.

The chain is a plain hash chain: it catches damage and edits made without
recomputing it. Whoever can rewrite the database *and* recompute every digest
is not caught; protect the database itself for that.

Example::

    >>> g = genesis("t1", "escape-now", 2, {}, 7)
    >>> d = link(g, {"seat": 0, "action": {"kind": "pass"}})
    >>> len(d), d != g
    (64, True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any


def _hash(prefix: str, body: Any) -> str:
    blob = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(f"{prefix}\n{blob}".encode()).hexdigest()


def genesis(table: str, game: str, players: int, options: Mapping[str, Any], seed: int) -> str:
    """The digest a table's chain starts from."""
    return _hash("getaway-table/1", {"table": table, "game": game, "players": players,
                                     "options": dict(options), "seed": seed})


def link(previous: str, step: Mapping[str, Any]) -> str:
    """The digest of ``step`` (``{seat, action}`` or ``{advance}``) after ``previous``."""
    return _hash(previous, dict(step))
