"""Attacks by sentinels and drone swarms.

The sentinel is turned over: its symbol is the ability tested, and its
starting score is 3 plus the System tiles of that ability (a drone swarm's
ability and score are on its card). The prisoner starts from its Escape score
in that ability, +2 if its marker shows sneaking, -2 if running. The orange
die is rolled for the prisoner; then every seat that can (the owner's R
re-roll, attack cards, re-roll cards) reacts in a window; then the red die is
rolled for the attacker -- by the engine, nobody decides it. The higher total
wins and a tie goes to the attacker. A beaten prisoner goes back to the main
cell block (its owner draws a card of choice); a beaten sentinel goes back to
the System board; a swarm card is discarded either way.
"""

from __future__ import annotations

from typing import ClassVar

from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.cards import ATTACK
from getaway.games.alcatraz_2034.common import to_cell_block
from getaway.games.alcatraz_2034.state import AlcatrazState, Attack, AttackResult
from getaway.games.alcatraz_2034.tables import ABILITY_IDS, MODIFIER, SC, SC_ABILITY
from getaway.games.alcatraz_2034.windows import open_window
from getaway.games.alcatraz_2034.words import (
    attack_called_off,
    attack_settled,
    attacks,
    sentinel_home,
    sentinel_turned,
)


def start_attack(s: AlcatrazState, events: list[Event], defender: int, by: int,
                 sentinel: int = -1, drone: int = -1) -> None:
    """Begin an attack on ``defender`` by a sentinel or a drone swarm card kind."""
    if sentinel >= 0:
        ability = s.sent_sym[sentinel]
        base_att = s.sentinel_score(ability)
        s.sent_known |= 1 << sentinel
        s.say(events, "reveal", sentinel_turned(sentinel, ability),
              {"sentinel": sentinel + 1, "symbol": ABILITY_IDS[ability]})
    else:
        ability = SC_ABILITY[drone]
        base_att = SC[drone].score
    base_def = s.score[defender][ability] + MODIFIER[s.marker[defender]]
    die = s.roll()
    s.attack = Attack(defender, sentinel, drone, by, ability, base_def, base_att, die,
                      bool(s.rmask[defender] >> ability & 1))
    s.say(events, "attack", attacks(sentinel, drone, defender, ability, base_att, base_def, die),
          {"prisoner": defender, "ability": ABILITY_IDS[ability], "attacker": base_att,
           "prisoner_start": base_def, "die": die})
    s.stack.append(RESOLVE_ATTACK)
    open_window(s, ATTACK)


class ResolveAttack(Decision):
    """Roll the red die and settle the attack (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        a = s.attack
        assert a is not None
        s.attack = None
        d = a.defender
        if a.cancelled:
            s.last_result = AttackResult(d, a.sentinel, a.drone, a.ability, a.base_def,
                                         a.base_att, True, -1, -1, -1, -1)
            s.say(events, "attack_off", attack_called_off(d), {"prisoner": d})
            return
        red = s.roll()
        mine = a.base_def + a.die + a.bonus_def
        theirs = a.base_att + red + a.bonus_att
        won = mine > theirs
        s.last_result = AttackResult(d, a.sentinel, a.drone, a.ability, a.base_def,
                                     a.base_att, False, a.die, red, mine, theirs)
        s.say(events, "attack_result",
              attack_settled(d, a.sentinel, a.drone, mine, theirs, a.die, red),
              {"prisoner": d, "prisoner_total": mine, "attacker_total": theirs, "red": red,
               "prisoner_wins": won})
        if won:
            if a.sentinel >= 0:
                s.sentinel_home(a.sentinel)
                s.say(events, "sentinel_home", sentinel_home(a.sentinel),
                      {"sentinel": a.sentinel + 1})
        else:
            to_cell_block(s, d, events, caught=True)


RESOLVE_ATTACK = ResolveAttack()
