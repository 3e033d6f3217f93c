"""A heuristic Zombie City agent that plays from its view alone.

Each time its seat is free it takes the first of these that applies:

* **Fight and help**: shed a bite, deposit an item, strike a zombie on its
  section, free its own blocked dice (or a neighbour's) with a caution, use or
  throw away a duplicate item.
* **Defend**: walk to a zombie on the church's section or next to it.
* **Go home**: during a countdown, or holding an item the cargo bay lacks, or
  once the van can leave, walk the shortest way back to the church.
* **Van**: in the van phase, drive along the shortest way to the exit.
* **Explore**: search a building it stands on; walk to the nearest building
  with a tile; reveal from its section (only while the exit is missing or no
  tile is left: every reveal turns a zombie card); walk towards the nearest
  open street.
* **Roll** the dice that do not show what the next step needs (all of them
  when nothing is wanted); rescue when every die shows panic.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import CONTENT, Edge, opposite, step

ENTRY = {s.id: [i.value for i in s.entry] for s in CONTENT.sections}
SEARCH = {s.id: [i.value for i in s.search] for s in CONTENT.sections}
DEFEAT = {z.id: Counter(i.value for i in z.defeat) for z in CONTENT.zombies}
CHURCH = CONTENT.church.id
EXIT = next(s.id for s in CONTENT.sections if s.kind.value == "exit")


class Town:
    """The laid sections of a view, with streets joined on both sides."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.cells = {(b["x"], b["y"]): b for b in view["board"]}
        self.at = {b["section"]: b for b in view["board"]}

    def joined(self, sec: str) -> list[str]:
        """Sections joined to ``sec``."""
        b = self.at[sec]
        out = []
        for e in b["streets"]:
            n = self.cells.get(step(b["x"], b["y"], Edge(e)))
            if n is not None and opposite(Edge(e)).value in n["streets"]:
                out.append(n["section"])
        return out

    def open_streets(self, sec: str) -> list[str]:
        """Street edges of ``sec`` with an empty cell beyond."""
        b = self.at[sec]
        return [e for e in b["streets"] if step(b["x"], b["y"], Edge(e)) not in self.cells]

    def first_step(self, start: str, goal: Any) -> str | None:
        """The first section on a shortest way from ``start`` to one where ``goal`` holds."""
        prev: dict[str, str | None] = {start: None}
        frontier = [start]
        while frontier:
            nxt = []
            for s in frontier:
                if goal(s) and s != start:
                    walk = s
                    while (back := prev[walk]) is not None and back != start:
                        walk = back
                    return walk
                for t in self.joined(s):
                    if t not in prev and CONTENT.section(t).entry:
                        prev[t] = s
                        nxt.append(t)
            frontier = nxt
        return None


class HeuristicAgent(Agent):
    """Explore, collect, go home on the countdowns, then drive to the exit."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        kinds: dict[type[Action], list[Action]] = {}
        for a in legal:
            kinds.setdefault(type(a), []).append(a)
        for cls in (A.Shed, A.Deposit, A.Commit, A.CautionSelf, A.CautionHelp, A.UseItem,
                    A.DiscardItem):
            if cls in kinds:
                return kinds[cls][0]
        v = obs.view
        me = v["players"][obs.seat]
        town = Town(v)
        want: list[str] = []
        if v["phase"] == 2:
            here = v["van"]
            target = v["drive_target"] or town.first_step(here, lambda s: s == EXIT)
            if target is not None:
                act: Action = A.DRIVES[A.SECTION_INDEX[target]]
                if act in legal:
                    return act
                if not me["drove"]:
                    want = [*ENTRY[target], "getaway"]
        else:
            here = me["section"]
            cargo = set(v["cargo"])
            home = (v["countdown"] in (1, 2) or (me["item"] is not None
                                                  and me["item"] not in cargo)
                    or (v["exit_revealed"] and len(cargo) >= v["need"]))
            threats = {CHURCH, *town.joined(CHURCH)}
            danger = {z["section"] for z in v["zombies"] if z["section"] in threats}
            if danger and here not in danger and not v["countdown"]:
                nxt = town.first_step(here, lambda s: s in danger)
                if nxt is not None:
                    act = A.ENTERS[A.SECTION_INDEX[nxt]]
                    if act in legal:
                        return act
                    want = ENTRY[nxt]
            elif home and here != CHURCH:
                nxt = town.first_step(here, lambda s: s == CHURCH)
                if nxt is not None:
                    act = A.ENTERS[A.SECTION_INDEX[nxt]]
                    if act in legal:
                        return act
                    want = ENTRY[nxt]
            elif not home:
                tiles = any(b["item_tile"] for b in v["board"])
                explore = bool(v["street_pile"]) and (not v["exit_revealed"] or not tiles)
                if A.SEARCH in legal:
                    return A.SEARCH
                near = town.first_step(here, lambda s: town.at[s]["item_tile"])
                if me["item"] is None and town.at[here]["item_tile"]:
                    want = SEARCH[here]
                elif me["item"] is None and near is not None and A.ENTERS[
                        A.SECTION_INDEX[near]] in legal:
                    return A.ENTERS[A.SECTION_INDEX[near]]
                elif A.Reveal in kinds and explore:
                    return kinds[A.Reveal][0]
                elif town.open_streets(here) and explore:
                    want = ["getaway", "getaway"]
                else:
                    def goal(s: str) -> bool:
                        if me["item"] is None and town.at[s]["item_tile"]:
                            return True
                        return bool(explore and town.open_streets(s))

                    nxt = town.first_step(here, goal)
                    if nxt is not None:
                        act = A.ENTERS[A.SECTION_INDEX[nxt]]
                        if act in legal:
                            return act
                        want = ENTRY[nxt]
        zombies = [z for z in v["zombies"] if z["section"] == here]
        if zombies:
            need = DEFEAT[zombies[0]["kind"]]
            hits = {"fist": zombies[0]["hits"][0], "bat": zombies[0]["hits"][1]}
            want = [i for i in ("fist", "bat") for _ in range(need[i] - hits[i])]
        return self._roll(me["dice"], want, legal, kinds)

    def _roll(self, dice: list[str], want: list[str], legal: Any,
              kinds: dict[type[Action], list[Action]]) -> Action:
        if A.Roll not in kinds:
            return A.RESCUE if A.RESCUE in legal else legal[0]
        need = Counter(want)
        mask = 0
        for i, face in enumerate(dice):
            if face in ("panic", "lost", "locked"):
                continue
            if need[face] > 0:
                need[face] -= 1
            else:
                mask |= 1 << i
        rolls = [r for r in kinds[A.Roll] if isinstance(r, A.Roll)]
        if mask:
            return max(rolls, key=lambda r: (bin(r.mask & mask).count("1")
                                             - 2 * bin(r.mask & ~mask).count("1")))
        return max(rolls, key=lambda r: bin(r.mask).count("1"))
