"""A heuristic Zombie City team that plays from its view alone.

Zombies walk only when a zombie card is turned, and the team turns every card
itself (a reveal or a rescue). So it turns one only when the card is unlikely
to walk a zombie into the church: while a zombie stands one move from the
church (two in the scenarios with two-step moves), nobody reveals, and a
rescue waits; the zombie is killed first.

Every seat works out the same team plan from the table (everything on it is
public) and takes its own part, so the seats act as one team without talking:

* **Go home** when a door slam is near (walking time from the clock, the
  distance and the time of a roll, with a minute to spare), when carrying an
  item the cargo bay lacks, and once the exit is known and the cargo bay will
  be full.
* **Defend**: every zombie one card from the church is a threat. The nearest
  free seats form a crew whose free dice can pay its icons and the panics the
  fight brings; the crew gathers on the church (where cautions work) until
  it is ready, then steps in and pools its fists and bats.
* **Help** a seat whose dice all show panic: the nearest free seat comes to
  its section and rolls for a caution to give it.
* **Fetch**: the nearest free seats go to the buildings whose tile can still
  be a missing kind of item, search and carry it home.
* **Explore**: the others reveal, far from the church while pile A lasts (new
  zombies rise far away) and from the open streets nearest the church once
  the exit can come (so that the van's trip is short); no reveal once the
  exit is known unless items are missing and no building can give them.
  While a threat stands, explorers join the crew instead.
* **Van**: drive along the cheapest way to the exit (a section with zombies
  counts as longer), fight every zombie on the van's section together.

Each decision: deposit, shed a bite, free blocked dice with a caution (the
neediest seat on the section first), strike a zombie (with every die against
a threat, with spare dice one move further out), use a duplicate item to
reroll panics, then the plan's step; otherwise roll every die that does not
show what the step needs. A seat whose dice all show panic waits while a
caution can come, takes a rescue card at once when the card is safe, and
otherwise after a patience that grows with the card's danger (drawn with the
agent's generator, so play is deterministic given it). The board analysis
(streets, distances, the zombies' walk to the church) is cached per layout.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from typing import Any

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.games.zombie_city import actions as A
from getaway.games.zombie_city.content import CONTENT, Edge, opposite, step
from getaway.games.zombie_city.state import ZombieCityState
from getaway.games.zombie_city.tables import END_TIME, SECONDS, TIMELINE
from getaway.games.zombie_city.views import SeatView

SECTION = {s.id: s for s in CONTENT.sections}
ENTRY = {s.id: tuple(i.value for i in s.entry) for s in CONTENT.sections}
SEARCH = {s.id: tuple(i.value for i in s.search) for s in CONTENT.sections}
NEED = {z.id: (sum(i.value == "fist" for i in z.defeat), sum(i.value == "bat" for i in z.defeat))
        for z in CONTENT.zombies}
COLOUR = {z.id: z.colour.value for z in CONTENT.zombies}
BAG = {c: sum(z.copies for z in CONTENT.zombies if z.colour.value == c)
       for c in set(COLOUR.values())}
BUILDING = {s.id: s.building.value if s.building else "" for s in CONTENT.sections}
KINDS = {b.value: frozenset(i.id for i in CONTENT.item_stack(b))
         for b in {s.building for s in CONTENT.sections if s.building}}
# each scenario's cards as (spawns, ((colour, steps), ...)): what a turned card may do
CARDS = {sc.number: tuple((sum(i.spawns for i in c.icons),
                            tuple((i.colour.value, i.steps) for i in c.icons if i.colour))
                           for c in CONTENT.cards if sc.number in c.scenarios)
         for sc in CONTENT.scenarios}
REACH = {n: max((st for _, moves in cards for _, st in moves), default=0)
         for n, cards in CARDS.items()}
CHURCH = CONTENT.church.id
EXIT = next(s.id for s in CONTENT.sections if s.kind.value == "exit")
SLAMS = tuple(t for t, tag in TIMELINE.marks if tag.startswith("slam"))
FAR = 99
USABLE = frozenset({"getaway", "fist", "bat", "panic", "caution", "spent"})
ROLLABLE = frozenset({"getaway", "fist", "bat", "caution", "spent"})
# the team's judgement, in seconds, steps and chances (measured with
# benchmarks/zombie_pace.py; see the README, "Agents and figures")
HOME_MARGIN = 60.0  # seconds to spare when walking home for a door slam
CARD_RISK = 0.12  # the most a reveal's card may risk a zombie walking into the church
RESCUE_RISK = 0.03  # a rescue card this safe is taken at once
PATIENCE = 10.0  # mean seconds a seat in full panic waits before a riskier rescue ...
RISK_PATIENCE = 10.0  # ... times (1 + this * the card's risk)
POWER_MARGIN = 2.0  # spare free dice a crew brings to a fight
MIXED = 0.6  # dice a zombie blocks per icon when fists and bats both serve
B_NEAR = 0.75  # extra steps per step from the church, revealing once the exit can come
DEEP = {1: 2.5, 2: 0.8}  # extra steps not to reveal next to the church while pile A lasts


class Town:
    """A board layout: streets, walking distances and the zombies' way to the church."""

    __slots__ = ("dist", "hop", "links", "open", "zdist")

    def __init__(self, board: Sequence[dict[str, Any]]) -> None:
        cells = {(b["x"], b["y"]): b for b in board}
        self.links: dict[str, list[str]] = {}
        self.open: dict[str, list[str]] = {}
        for b in board:
            links, free = [], []
            for e in b["streets"]:
                n = cells.get(step(b["x"], b["y"], Edge(e)))
                if n is None:
                    free.append(e)
                elif opposite(Edge(e)).value in n["streets"]:
                    links.append(n["section"])
            self.links[b["section"]] = links
            self.open[b["section"]] = free
        # the zombies' walk: out through the skull, into the cell beyond (ZC-59)
        toward: dict[str, str | None] = {}
        for b in board:
            skull = SECTION[b["section"]].skull_at(b["turns"])
            n = None if skull is None else cells.get(step(b["x"], b["y"], skull))
            toward[b["section"]] = (n["section"] if n is not None
                                    and SECTION[n["section"]].enterable else None)
        self.zdist: dict[str, int] = {CHURCH: 0}
        for sec in toward:
            path: list[str] = []
            walk: str | None = sec
            while walk is not None and walk not in self.zdist and len(path) < 30:
                path.append(walk)
                walk = toward[walk]
            base = FAR if walk is None or walk not in self.zdist else self.zdist[walk]
            for i, p in enumerate(reversed(path)):
                self.zdist[p] = min(FAR, base + i + 1)
        # walking distances to every section, and the first step towards it
        self.dist: dict[str, dict[str, int]] = {}
        self.hop: dict[str, dict[str, str]] = {}
        for goal in self.links:
            d = {goal: 0}
            h: dict[str, str] = {}
            frontier = [goal]
            while frontier:
                nxt = []
                for s in frontier:
                    for t in self.links[s]:
                        if t not in d:
                            d[t] = d[s] + 1
                            h[t] = s
                            nxt.append(t)
                frontier = nxt
            self.dist[goal] = d
            self.hop[goal] = h

    def distance(self, a: str, b: str) -> int:
        """Steps from ``a`` to ``b`` (FAR when there is no way)."""
        return self.dist[b].get(a, FAR)

    def next_step(self, a: str, b: str) -> str | None:
        """The section to enter from ``a`` on a shortest way to ``b``."""
        return self.hop[b].get(a)


_TOWNS: dict[tuple[Any, ...], Town] = {}


def town_of(board: Sequence[dict[str, Any]]) -> Town:
    """The (cached) analysis of a board."""
    key = tuple((b["section"], b["x"], b["y"], b["turns"]) for b in board)
    town = _TOWNS.get(key)
    if town is None:
        if len(_TOWNS) > 2048:
            _TOWNS.clear()
        town = _TOWNS[key] = Town(board)
    return town


_TOWN_OF_LAID: dict[tuple[tuple[int, tuple[int, int, int]], ...], Town] = {}
"""``town_of`` by the board as the state lays it: (section, (x, y, turns)) in section order."""


class Mate:
    """One seat as the team plan sees it."""

    __slots__ = ("at", "dice", "free", "item", "panics", "seat", "stuck")

    def __init__(self, p: dict[str, Any], at: str) -> None:
        d = p["dice"]
        self.seat: int = p["seat"]
        self.at = at
        self.free = sum(f in ROLLABLE for f in d)
        self.dice = sum(f in USABLE for f in d)
        self.panics = d.count("panic")
        self.item: str | None = p["item"]
        self.stuck = self.free == 0 and self.panics > 0


def step_seconds() -> float:
    """About how long a step takes: two rolls or so for its icons, then the move."""
    return 2.2 * SECONDS[A.Roll] + SECONDS[A.Enter]


def remaining(z: dict[str, Any]) -> int:
    """Icons a zombie still needs."""
    nf, nb = NEED[z["kind"]]
    hf: int = z["hits"][0]
    hb: int = z["hits"][1]
    return nf + nb - hf - hb


def cost(z: dict[str, Any]) -> float:
    """About how many of a crew's dice a zombie's fight blocks with panics."""
    nf, nb = NEED[z["kind"]]
    hf: int = z["hits"][0]
    hb: int = z["hits"][1]
    lf, lb = nf - hf, nb - hb
    return (lf + lb) * (MIXED if lf and lb else 1.0)


class Plan:
    """The team's plan: a task (what, where) for every seat, the same from every seat."""

    def __init__(self, v: dict[str, Any], town: Town) -> None:
        self.v, self.town = v, town
        self.clock: float = v["clock"]
        self.mates = [Mate(p, p["section"] or CHURCH) for p in v["players"]]
        self.cargo = set(v["cargo"])
        self.reach = REACH[v["scenario"]]
        self.zombies: dict[str, list[dict[str, Any]]] = {}
        self.near: dict[str, int] = {}  # colour -> moves its nearest zombie needs
        for z in v["zombies"]:
            self.zombies.setdefault(z["section"], []).append(z)
            c = COLOUR[z["kind"]]
            self.near[c] = min(self.near.get(c, FAR), town.zdist.get(z["section"], FAR))
        self.task: dict[int, tuple[str, str]] = {}
        self.slam = next((t for t in SLAMS if t > self.clock), None)
        # items: the carrier nearest the church keeps a kind; others hold duplicates
        carried: dict[str, Mate] = {}
        for m in sorted(self.mates, key=lambda m: (town.distance(m.at, CHURCH), m.seat)):
            if m.item is not None and m.item not in self.cargo and m.item not in carried:
                carried[m.item] = m
        self.carriers = {m.seat for m in carried.values()}
        self.have = self.cargo | set(carried)
        self.missing = v["need"] - len(self.have)
        self._assign()

    # -- what a zombie card would do ------------------------------------------------

    def risk(self, spawn_at: int, rescue: bool = False) -> float:
        """The chance that a card turned now walks a zombie into the church.

        ``spawn_at``: moves from the section its zombies rise on to the church.
        A rescue's zombies rising on the church (where they block every caution)
        or two moves out count as a part of a danger too.
        """
        bag = dict(BAG)
        for z in self.v["zombies"]:
            bag[COLOUR[z["kind"]]] -= 1
        total = max(1, sum(bag.values()))
        cards = CARDS[self.v["scenario"]]
        out = 0.0
        for spawns, moves in cards:
            p = spawns * (0.25 if spawn_at == 0 else 0.05 if spawn_at == 2 else 0.0) * rescue
            for colour, steps in moves:
                if self.near.get(colour, FAR) <= steps:
                    p = 1.0
                elif spawns and 1 <= spawn_at <= steps:
                    p = max(p, 1.0 - (1.0 - bag.get(colour, 0) / total) ** spawns)
            out += min(1.0, p)
        return out / len(cards)

    # -- pieces of the plan -------------------------------------------------------

    def slam_near(self, m: Mate) -> bool:
        """Whether ``m`` should walk home now to be on the church at the next door slam."""
        if self.slam is None or m.at == CHURCH:
            return False
        left = self.slam - self.clock
        need = self.town.distance(m.at, CHURCH) * step_seconds() * math.sqrt(5.0 / max(1, m.free))
        return left <= need + HOME_MARGIN and left >= 0.5 * need

    def stay_home(self) -> bool:
        """Whether seats on the church should stay there for the coming door slam."""
        return self.slam is not None and self.slam - self.clock <= 2 * step_seconds() + 8.0

    def _assign(self) -> None:
        town, task = self.town, self.task
        live = [m for m in self.mates if m.dice > 0]
        for m in live:
            if m.stuck:
                task[m.seat] = ("stuck", m.at)
            elif (self.slam_near(m) or m.seat in self.carriers
                  or (m.at == CHURCH and self.stay_home())):
                task[m.seat] = ("home", CHURCH)
        done = self.v["exit_revealed"] and self.missing <= 0
        if done:
            for m in live:
                task.setdefault(m.seat, ("home", CHURCH))
            return
        # threats: zombies one card from the church, the strongest first
        threats = sorted((town.zdist.get(sec, FAR), -sum(remaining(z) for z in zs), sec)
                         for sec, zs in self.zombies.items()
                         if 1 <= town.zdist.get(sec, FAR) <= self.reach)
        ready: dict[str, bool] = {}
        for _, _, sec in threats:
            # enough free dice to kill them before panics block everyone (a panic
            # per fist a zombie of fists alone needs, half as many when fists and bats
            # both serve): gather on the church, where cautions work, until then
            need = POWER_MARGIN + sum(cost(z) for z in self.zombies[sec])
            crew = [m for m in live if m.at == sec and m.seat not in task]
            power = sum(m.free for m in crew)
            near = sorted((town.distance(m.at, sec), m.seat, m) for m in live
                          if m.seat not in task and m.at != sec and m.free >= 2)
            for d, _, m in near:
                if power >= need or d >= FAR:
                    break
                crew.append(m)
                power += m.free
            gate = town.distance(CHURCH, sec)  # the church or nearer the zombies
            present = sum(m.free for m in crew if m.at in (sec, CHURCH) or (
                town.distance(m.at, sec) < gate and town.distance(m.at, CHURCH) < gate))
            # a horde stronger than the whole crew: go once the crew is gathered and rested
            ready[sec] = present >= min(need, 0.85 * sum(m.dice for m in crew))
            for m in crew:
                task[m.seat] = ("defend", sec) if ready[sec] else ("stage", sec)
        # a seat in full panic gets a visitor with a caution (not where zombies stand)
        for m in live:
            if m.stuck and m.at not in self.zombies:
                if any(o.at == m.at and o.free >= 2 for o in live if o is not m):
                    continue
                near = sorted((town.distance(o.at, m.at), o.seat, o) for o in live
                              if o.free >= 2 and task.get(o.seat, ("", ""))[0] in ("", "home")
                              and (o.seat not in task or town.distance(o.at, m.at) <= 2))
                if near and near[0][0] <= 4:
                    task[near[0][2].seat] = ("help", m.at)
        # fetch: buildings whose tile may hold a missing kind
        if self.missing > 0:
            wanted = [b["section"] for b in self.v["board"] if b["item_tile"]
                      and KINDS[BUILDING[b["section"]]] - self.have]
            pairs = sorted((town.distance(m.at, b) + 2 * (b in self.zombies), m.seat, b)
                           for m in live for b in wanted if m.seat not in task)
            used: set[str] = set()
            quota = self.missing
            for d, seat, b in pairs:
                if quota <= 0:
                    break
                if b in used or seat in task or d >= FAR:
                    continue
                task[seat] = ("search", b)
                used.add(b)
                quota -= 1
        # explore: reveal while the exit is missing, or items are missing and no tile left
        pile = self.v["street_pile"]
        if pile and (not self.v["exit_revealed"]
                     or (self.missing > 0 and not any(t[0] == "search" for t in task.values()))):
            b_phase = self.v["street_pile_a"] == 0
            spots = {s: len(e) for s, e in town.open.items() if e}
            blocked = [sec for _, _, sec in threats]
            for m in live:
                if m.seat in task or not spots:
                    continue
                if blocked:  # no card may be turned: help the defenders instead
                    sec = min(blocked, key=lambda s: (town.distance(m.at, s), s))
                    if town.distance(m.at, sec) < FAR:
                        task[m.seat] = ("defend", sec) if ready[sec] else ("stage", sec)
                        continue
                best = min(spots, key=lambda s: (
                    town.distance(m.at, s) + (B_NEAR * town.distance(CHURCH, s)
                                              if b_phase else
                                              DEEP.get(town.zdist.get(s, FAR), 0.0)), s))
                if town.distance(m.at, best) >= FAR:
                    continue
                task[m.seat] = ("reveal", best)
                spots[best] -= 1
                if not spots[best]:
                    del spots[best]
        for m in live:
            task.setdefault(m.seat, ("home", CHURCH))


class HeuristicAgent(Agent):
    """A team plan from the table: defend the church, fetch, explore, then drive out."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        s = obs._state
        assert isinstance(s, ZombieCityState)
        v = SeatView(s, obs.seat)  # the seat's view, each part built when first read
        laid = tuple(sorted(s.placed.items()))  # the board as laid (public)
        town = _TOWN_OF_LAID.get(laid)
        if town is None:
            if len(_TOWN_OF_LAID) > 2048:
                _TOWN_OF_LAID.clear()
            town = _TOWN_OF_LAID[laid] = town_of(v["board"])
        if v["phase"] == 2:
            return self._van(obs.seat, v, town, legal)
        return self._town(obs.seat, v, town, legal, rng)

    # -- phase 1 ----------------------------------------------------------------------

    def _town(self, seat: int, v: dict[str, Any], town: Town, legal: Sequence[Action],
              rng: random.Random) -> Action:
        plan = Plan(v, town)
        me = plan.mates[seat]
        here = me.at
        kind, target = plan.task.get(seat, ("home", CHURCH))
        dice: list[str] = v["players"][seat]["dice"]
        kinds = {type(a) for a in legal}  # quick tests before looking for an action
        if A.Deposit in kinds:
            return A.DEPOSIT
        if A.Shed in kinds:
            return next(a for a in legal if isinstance(a, A.Shed))
        if A.CautionSelf in kinds or A.CautionHelp in kinds:
            return self._caution(plan, seat, legal)
        # what the next step needs
        want: list[str] = []
        step_to: str | None = None
        if kind == "stage":  # wait on the church, ready to step towards the zombies
            if here == CHURCH:  # every die rolls: the cautions heal the crew's dice
                target = here
            else:
                target = CHURCH
        if target != here:
            step_to = town.next_step(here, target)
            if step_to is not None:
                want = list(ENTRY[step_to])
        elif kind == "search":
            want = list(SEARCH[here])
        elif kind == "reveal":
            want = ["getaway", "getaway"]
        zs = plan.zombies.get(here, [])
        if zs:
            zd = town.zdist.get(here, FAR)
            all_in = kind == "defend" or zd <= plan.reach
            if A.Commit in kinds and (all_in or zd == plan.reach + 1):
                hit = self._strike(zs, dice, [] if all_in else want, legal)
                if hit is not None:
                    return hit
            if all_in:
                want = self._fight_want(zs) + ([] if kind == "defend" else want)
        elif any(m.stuck and m.at == here for m in plan.mates):
            want = ["caution"]  # every die rolls for a friend's caution
        # duplicates: reroll panics with them, or clear the hands for a search
        if A.DiscardItem in kinds:
            if A.UseItem in kinds and (me.panics >= 2 or me.stuck or kind == "search"):
                return A.USE_ITEM
            if kind == "search" and target == here:
                return A.DISCARD
        if step_to is not None:
            enter = A.ENTERS[A.SECTION_INDEX[step_to]]
            if A.Enter in kinds and enter in legal:
                return enter
        elif kind == "search" and A.Search in kinds:
            return A.SEARCH
        elif (kind == "reveal" and A.Reveal in kinds
              and plan.risk(town.zdist.get(here, FAR) + 1) <= CARD_RISK):
            return next(a for a in legal if isinstance(a, A.Reveal))
        if me.stuck:
            return self._stuck(plan, me, legal, rng)
        return self._roll(v["players"][seat], want, legal)

    @staticmethod
    def _caution(plan: Plan, seat: int, legal: Sequence[Action]) -> Action:
        """Free the neediest seat on the section: one in full panic, else the most panics."""
        best: tuple[int, bool] | None = None
        choice: Action | None = None
        for a in legal:
            if isinstance(a, A.CautionSelf):
                m = plan.mates[seat]
            elif isinstance(a, A.CautionHelp):
                m = plan.mates[a.seat]
            else:
                continue
            score = (10 * m.stuck + min(2, m.panics), isinstance(a, A.CautionSelf))
            if best is None or score > best:
                best, choice = score, a
        assert choice is not None
        return choice

    @staticmethod
    def _strike(zs: list[dict[str, Any]], dice: list[str], keep: list[str],
                legal: Sequence[Action]) -> Action | None:
        """A die against the zombie nearest defeat, never one of the ``keep`` icons."""
        spare = {"fist": dice.count("fist") - keep.count("fist"),
                 "bat": dice.count("bat") - keep.count("bat")}
        best: tuple[int, int] | None = None
        choice: Action | None = None
        for z in zs:
            nf, nb = NEED[z["kind"]]
            hf, hb = z["hits"]
            left = nf + nb - hf - hb
            for icon, short in (("fist", nf - hf), ("bat", nb - hb)):
                if short > 0 and spare[icon] > 0:
                    key = (left, z["piece"])
                    if best is None or key < best:
                        best = key
                        choice = A.COMMITS[z["piece"]][icon == "bat"]
        return choice if choice is not None and choice in legal else None

    @staticmethod
    def _fight_want(zs: list[dict[str, Any]]) -> list[str]:
        """The icons the zombie nearest defeat still needs."""
        z = min(zs, key=lambda z: (remaining(z), z["piece"]))
        nf, nb = NEED[z["kind"]]
        return ["fist"] * (nf - z["hits"][0]) + ["bat"] * (nb - z["hits"][1])

    def _stuck(self, plan: Plan, me: Mate, legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Every die in panic: wait for a caution while one can come, else a rescue."""
        if A.USE_ITEM in legal:
            return A.USE_ITEM
        if A.WAIT not in legal:
            return A.RESCUE if A.RESCUE in legal else legal[0]
        others = [m for m in plan.mates if m is not me and m.free > 0]
        friends = [m for m in others if m.at == me.at]
        zs = plan.zombies.get(me.at)
        if not zs:
            if (any(m.free >= 2 for m in friends)
                    or any(k == "help" and where == me.at for k, where in plan.task.values())):
                return A.WAIT  # a caution is coming
        elif sum(m.free for m in friends) >= 3 and any(
                plan.task.get(m.seat, ("",))[0] == "defend" for m in friends):
            return A.WAIT  # friends kill the zombies here, then free my dice
        zd = plan.town.zdist.get(me.at, FAR)
        risk = plan.risk(zd, rescue=True)
        if risk <= RESCUE_RISK:
            return A.RESCUE
        if not any(m.free >= 2 for m in others):
            return A.RESCUE
        # a dangerous card: wait for the defenders, but not for ever (a patience of
        # some tens of seconds, longer the more dangerous the card)
        patience = PATIENCE * (1.0 + RISK_PATIENCE * risk) * (2.0 if zd <= plan.reach else 1.0)
        if rng.random() < SECONDS[A.Wait] / patience:
            return A.RESCUE
        return A.WAIT

    # -- phase 2 ----------------------------------------------------------------------

    def _van(self, seat: int, v: dict[str, Any], town: Town, legal: Sequence[Action]) -> Action:
        here: str = v["van"]
        players = v["players"]
        p = players[seat]
        for a in legal:
            if isinstance(a, A.Shed):
                return a
        zombies: dict[str, list[dict[str, Any]]] = {}
        for z in v["zombies"]:
            zombies.setdefault(z["section"], []).append(z)
        zs = zombies.get(here, [])
        want: list[str] = []
        if zs:
            hit = self._strike(zs, p["dice"], [], legal)
            if hit is not None:
                return hit
            want = self._fight_want(zs)
        else:
            best: tuple[bool, int] | None = None
            choice: Action | None = None
            for a in legal:
                if isinstance(a, (A.CautionSelf, A.CautionHelp)):
                    who = players[a.seat] if isinstance(a, A.CautionHelp) else p
                    score = (not who["drove"], who["dice"].count("panic"))
                    if best is None or score > best:
                        best, choice = score, a
            if choice is not None:
                return choice
            target = v["drive_target"] or self._route(town, here, zombies)
            if target is not None:
                drive = A.DRIVES[A.SECTION_INDEX[target]]
                if drive in legal:
                    return drive
                if not p["drove"]:
                    want = [*ENTRY[target], "getaway"]
                elif target in zombies:
                    want = self._fight_want(zombies[target])
        if A.USE_ITEM in legal and p["dice"].count("panic") >= 2:
            return A.USE_ITEM
        if A.WAIT in legal:
            helpers = any(o["seat"] != seat and any(f in ROLLABLE for f in o["dice"])
                          for o in players)
            if helpers and END_TIME - v["clock"] > 45.0:
                return A.WAIT
            return A.RESCUE
        return self._roll(p, want, legal)

    @staticmethod
    def _route(town: Town, here: str, zombies: dict[str, list[dict[str, Any]]]) -> str | None:
        """The first drive on the cheapest way to the exit (zombies on a section cost more)."""
        if EXIT not in town.links:
            return None
        cost = {here: 0.0}
        first: dict[str, str] = {}
        todo = [here]
        while todo:
            todo.sort(key=lambda s: (-cost[s], s))
            s = todo.pop()
            if s == EXIT:
                return first.get(s)
            for t in town.links[s]:
                c = cost[s] + 1.0 + 0.4 * len(zombies.get(t, ()))
                if c < cost.get(t, 1e9):
                    cost[t] = c
                    first[t] = t if s == here else first[s]
                    todo.append(t)
        return None

    # -- the dice -----------------------------------------------------------------------

    @staticmethod
    def _roll(p: dict[str, Any], want: list[str], legal: Sequence[Action]) -> Action:
        """Reroll every die that does not show a wanted icon (every die if all do)."""
        dice: list[str] = p["dice"]
        rollable = 0
        mask = 0
        need = {"getaway": 0, "fist": 0, "bat": 0, "caution": 0}
        for icon in want:
            need[icon] += 1
        for i, face in enumerate(dice):
            if face not in ROLLABLE:
                continue
            rollable |= 1 << i
            if need.get(face, 0) > 0:
                need[face] -= 1
            else:
                mask |= 1 << i
        if not rollable:
            return A.RESCUE if A.RESCUE in legal else legal[0]
        if not mask:
            mask = rollable
        if not p["bites"]:
            return A.ROLLS[mask - 1]
        rolls = [a for a in legal if isinstance(a, A.Roll)]
        return max(rolls, key=lambda r: (bin(r.mask & mask).count("1")
                                         - 2 * bin(r.mask & ~mask).count("1"), -r.mask))
