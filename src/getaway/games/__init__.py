"""Every game of the project, one package each, and the registry that lists them."""

from __future__ import annotations

from functools import cache

from getaway.core.registry import Registry


@cache
def registry() -> Registry:
    """The registry of every playable game, in the order of the README's table."""
    from getaway.games.alcatraz_2034 import GAME as ALCATRAZ_2034
    from getaway.games.escape_now import GAME as ESCAPE_NOW
    from getaway.games.escape_plan import GAME as ESCAPE_PLAN
    from getaway.games.new_york import GAME as NEW_YORK
    from getaway.games.zombie_city import GAME as ZOMBIE_CITY

    reg = Registry()
    reg.register(ESCAPE_NOW)
    reg.register(ALCATRAZ_2034)
    reg.register(ZOMBIE_CITY)
    reg.register(NEW_YORK)
    reg.register(ESCAPE_PLAN)
    return reg
