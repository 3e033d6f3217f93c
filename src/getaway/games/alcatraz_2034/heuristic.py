"""A heuristic Alcatraz 2034 agent that plays from its view alone.

Points come only from Runs, so the agent heads for the Run locations it can
use and runs as soon as it can. Its habits:

* **Turn.** Start a Run whenever one is offered (with a spare start card for
  a boat or a helicopter). Otherwise move the prisoner that gains most: onto a
  usable Run location if it can (a swim or tunnel location, or a boat / air
  one when it holds the card that starts it), else as close to one as it
  gets, counting a Run space two steps closer than it is (it waits there);
  walking is preferred to running unless running arrives, and sneaking when
  it only waits. Prisoners already waiting on a Run location stay (sneaking
  0 steps). A tunnel found is always taken.
* **Cards.** On its own turn it draws (Backdoor), takes back a System tile
  when a row is nearly full (Rollback) and sends home a sentinel next to one
  of its prisoners (Reboot Sequence). In windows it helps only itself: bonus,
  re-roll and cancel cards when its prisoner would lose an attack or its Run
  challenge would fail, Improvise on a hard card, Plan B / Take the Blow when
  its prisoners would be punished, Power Cut on a System tile when a row is
  nearly full; Glitch and Raise the Alarm against the others' prisoners.
* **Sentinels and drones.** It aims them at the others' prisoners, closest to
  escaping first, and keeps them away from its own.
* **Runs it leads.** Each challenge goes to the participant(s) with the best
  score, the others' prisoners first when a failure punishes the roller; the
  leader's own prisoners are the last to be punished.
* **Draws.** From the deck of the ability its prisoners are weakest in, as
  the rulebook advises; a building's card is always taken.
"""

from __future__ import annotations

import random
from collections import deque
from functools import cache
from typing import Any

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.actions import (
    MOVE,
    Assign,
    Choose,
    Discard,
    Draw,
    EndTurn,
    EnterTunnel,
    Look,
    Move,
    MoveSentinel,
    PlaceSentinel,
    Play,
    Reroll,
    ReturnTile,
    StartRun,
)
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import ADJ, N_SPACES, SPACE_INDEX
from getaway.games.alcatraz_2034.views import SeatView

View = dict[str, Any]
FAR = 99
START_METHOD_OF = {"flight-codes": "air", "flight-override": "air", "crowbar": "boat",
                   "hot-wire": "boat", "dock-override": "boat"}
HELP_ATTACK = {"quick-thinking", "brute-force", "nimble-fingers", "stand-together",
               "second-guess", "grit-your-teeth", "steady-hands", "duck-and-cover",
               "signal-jammer"}
HELP_RUN = {"worked-it-out", "push-through", "rope-work", "second-guess", "grit-your-teeth",
            "steady-hands"}


@cache
def distances() -> tuple[tuple[int, ...], ...]:
    """Steps between every two spaces, ignoring pieces."""
    out = []
    for a in range(N_SPACES):
        dist = [FAR] * N_SPACES
        dist[a] = 0
        todo = deque([a])
        while todo:
            i = todo.popleft()
            for j, _ in ADJ[i]:
                if dist[j] == FAR:
                    dist[j] = dist[i] + 1
                    todo.append(j)
        out.append(tuple(dist))
    return tuple(out)


class HeuristicAgent(Agent):
    """Heads for usable Run locations, runs at once, helps itself, hinders the others."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = list(obs.legal)
        if len(legal) == 1:
            return legal[0]
        s = obs._state
        assert isinstance(s, AlcatrazState)
        v = SeatView(s, obs.seat)  # the seat's view, each part built when first read
        pending = v["pending"] or {}
        kind = pending.get("key", "")
        me = obs.seat
        pick = _DISPATCH.get(kind)
        choice = pick(v, me, legal) if pick is not None else None
        if choice is not None:
            return choice
        return PASS if PASS in legal else legal[0]


# -- what the view says ---------------------------------------------------------


def _hand(v: View, me: int) -> list[str]:
    return [c["id"] for c in v["hands"][me].get("cards", [])]


def _mine(v: View, me: int) -> list[dict[str, Any]]:
    return [p for p in v["prisoners"] if p["owner"] == me and p["status"] == "island"]


def _targets(v: View, me: int) -> list[int]:
    """Spaces of the Run locations ``me`` can use (its start cards counted)."""
    hand = _hand(v, me)
    methods = {"swim", "tunnel"} | {START_METHOD_OF[c] for c in hand if c in START_METHOD_OF}
    out = [SPACE_INDEX[r["space"]] for r in v["run_spaces"]
           if r["tile"] != "set_aside" and r["method"] in methods]
    for b in v["buildings"]:
        if b["tile"] == "helipad" and "air" in methods:
            out.append(SPACE_INDEX[b["space"]])
        if b["tile"] == "tunnel":
            out.append(SPACE_INDEX[b["space"]])
    return out


def _dist_to(targets: list[int], space: int) -> int:
    d = distances()[space]
    return min((d[t] for t in targets), default=FAR)


def _sentinel_spaces(v: View) -> list[int]:
    return [SPACE_INDEX[s["space"]] for s in v["sentinels"] if s["space"]]


def _danger(v: View, space: int) -> int:
    """How many sentinels stand within 6 steps of ``space``."""
    d = distances()[space]
    return sum(1 for x in _sentinel_spaces(v) if d[x] <= 6)


# -- decisions ----------------------------------------------------------------------


def _draw(v: View, me: int, legal: list[Action]) -> Action | None:
    draws = [a for a in legal if isinstance(a, Draw)]
    if not draws:
        return None
    weakest: dict[str, int] = {"smarts": 0, "toughness": 0, "skills": 0}
    for p in _mine(v, me):
        for ab, sc in p["scores"].items():
            weakest[ab] += sc
    order = sorted(weakest, key=lambda ab: weakest[ab])
    for deck in (*order, "system"):
        for a in draws:
            if a.deck == deck:
                return a
    return draws[0]


_SNEAK, _WALK, _RUN = 0, 1, 2
_WAY_CODE = {"sneak": _SNEAK, "walk": _WALK, "run": _RUN}
_MOVE_FIELDS: dict[int, tuple[str, int, int]] = {
    id(m): (m.prisoner, SPACE_INDEX[m.to], _WAY_CODE[m.way])
    for per_prisoner in MOVE for per_way in per_prisoner for m in per_way}
"""By the identity of each interned Move: (prisoner, destination space, way code)."""


def _move_fields(a: Action) -> tuple[str, int, int] | None:
    """(prisoner, destination space, way code) of a Move, else None."""
    f = _MOVE_FIELDS.get(id(a))
    if f is None and isinstance(a, Move):
        f = (a.prisoner, SPACE_INDEX[a.to], _WAY_CODE[a.way])
    return f


def _turn(v: View, me: int, legal: list[Action]) -> Action | None:
    hand = _hand(v, me)
    if v["acted"]:
        return _own_cards(v, me, legal, hand)
    runs = [a for a in legal if isinstance(a, StartRun)]
    if runs:
        return max(runs, key=lambda a: (a.card == "", a.prisoner))
    targets = _targets(v, me)
    where = {p["id"]: SPACE_INDEX[p["space"]] for p in _mine(v, me)}
    run_spaces = set(targets)
    sentinels = _sentinel_spaces(v)
    cell_block = SPACE_INDEX[v["cell_block"]]
    dist = distances()
    near: dict[int, int] = {}  # space -> _dist_to(targets, space)
    danger: dict[int, int] = {}  # space -> _danger(v, space)
    fields = _MOVE_FIELDS
    best: tuple[float, Action] | None = None
    for a in legal:
        f = fields.get(id(a))
        if f is None:
            f = _move_fields(a)
            if f is None:
                continue
        prisoner, dest, way = f
        start = where[prisoner]
        if start in run_spaces:
            score = 5.0 if dest == start and way == _SNEAK else -5.0
        else:
            before = near.get(start)
            if before is None:
                d = dist[start]
                before = near[start] = min((d[t] for t in targets), default=FAR)
            after = near.get(dest)
            if after is None:
                d = dist[dest]
                after = near[dest] = min((d[t] for t in targets), default=FAR)
            score = float(before - after)
            if dest in run_spaces:
                score += 8.0
            if way == _RUN:
                score -= 1.5 if dest not in run_spaces else 0.5
            elif way == _SNEAK:
                score -= 0.5
            risk = danger.get(dest)
            if risk is None:
                d = dist[dest]
                risk = danger[dest] = sum(1 for x in sentinels if d[x] <= 6)
            score -= 0.3 * risk
            if dest == cell_block:
                score -= 3.0
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best else None


def _own_cards(v: View, me: int, legal: list[Action], hand: list[str]) -> Action:
    rows = max(r["tiles"] / r["spaces"] for r in v["system"]["rows"])
    mine = [SPACE_INDEX[p["space"]] for p in _mine(v, me)]
    for a in legal:
        if not isinstance(a, Play):
            continue
        if a.card == "backdoor":
            return a
        if a.card == "rollback" and rows >= 0.6:
            return a
        if a.card == "reboot-sequence":
            num = int(a.target.rsplit("-", 1)[1])
            sp = next(s["space"] for s in v["sentinels"] if s["number"] == num)
            if sp and any(distances()[SPACE_INDEX[sp]][m] <= 4 for m in mine):
                return a
    return next(a for a in legal if isinstance(a, EndTurn))


def _place(v: View, me: int, legal: list[Action]) -> Action | None:
    places = [a for a in legal if isinstance(a, PlaceSentinel)]
    mine = [SPACE_INDEX[p["space"]] for p in _mine(v, me)]
    theirs = [SPACE_INDEX[p["space"]] for p in v["prisoners"]
              if p["owner"] != me and p["status"] == "island"]
    d = distances()

    def score(a: PlaceSentinel) -> float:
        x = SPACE_INDEX[a.to]
        return (min((d[x][m] for m in mine), default=FAR)
                - 0.5 * min((d[x][t] for t in theirs), default=FAR))

    return max(places, key=score) if places else None


def _move_sentinel(v: View, me: int, legal: list[Action]) -> Action | None:
    moves = [a for a in legal if isinstance(a, MoveSentinel)]
    if not moves:
        return PASS if PASS in legal else None
    owners: dict[int, list[int]] = {}
    for p in v["prisoners"]:
        if p["status"] == "island":
            owners.setdefault(SPACE_INDEX[p["space"]], []).append(p["owner"])
    mine = [SPACE_INDEX[p["space"]] for p in _mine(v, me)]
    theirs = [SPACE_INDEX[p["space"]] for p in v["prisoners"]
              if p["owner"] != me and p["status"] == "island"]
    d = distances()

    def score(a: MoveSentinel) -> float:
        x = SPACE_INDEX[a.to]
        here = owners.get(x, [])
        if here:
            return 20.0 if any(o != me for o in here) else -20.0
        return (0.3 * min((d[x][m] for m in mine), default=FAR)
                - min((d[x][t] for t in theirs), default=FAR))

    best = max(moves, key=score)
    if PASS in legal and score(best) < -10:
        return PASS
    return best


def _pick_target(v: View, me: int, legal: list[Action]) -> Action | None:
    chooses = [a for a in legal if isinstance(a, Choose)]
    owner = {p["id"]: p["owner"] for p in v["prisoners"]}
    targets = _targets(v, me)
    space = {p["id"]: SPACE_INDEX[p["space"]] for p in v["prisoners"] if p["space"]}

    def score(a: Choose) -> float:
        if owner[a.prisoner] == me:
            return -100.0
        return -_dist_to(targets, space[a.prisoner])

    return max(chooses, key=score) if chooses else None


def _punished(v: View, me: int, legal: list[Action]) -> Action | None:
    chooses = [a for a in legal if isinstance(a, Choose)]
    owner = {p["id"]: p["owner"] for p in v["prisoners"]}
    others = [a for a in chooses if owner[a.prisoner] != me]
    return (others or chooses)[0] if chooses else None


def _assign(v: View, me: int, legal: list[Action]) -> Action | None:
    run = v["run"]
    card = run["card"]
    scores = {p["id"]: p for p in v["prisoners"]}
    roller_hurts = any(w in card["text"] for w in ("who rolled", "discards"))

    def value(a: Assign) -> float:
        who = [a.first] + ([a.second] if a.second else [])
        abil = [a.ability] if a.ability else card["abilities"]
        total: int = sum(scores[q]["scores"][ab] for q in who for ab in abil)
        r = any(ab in scores[q]["reroll"] for q in who for ab in abil)
        mine = sum(1 for q in who if scores[q]["owner"] == me)
        return total + (1.5 if r else 0.0) - (0.6 * mine if roller_hurts else 0.0)

    assigns = [a for a in legal if isinstance(a, Assign)]
    return max(assigns, key=value) if assigns else None


def _window(v: View, me: int, legal: list[Action]) -> Action | None:
    plays = [a for a in legal if a is not PASS]
    if not plays:
        return PASS
    hand_owner = {p["id"]: p["owner"] for p in v["prisoners"]}
    window = v["pending"].get("window")
    if window == "attack" and v["attack"]:
        a = v["attack"]
        mine = hand_owner[a["prisoner"]] == me
        need = a["attacker_start"] + 3.5 + a["attacker_bonus"]
        have = a["prisoner_total"]
        if mine and have <= need:
            for p in plays:
                if isinstance(p, Reroll) and a["die"] <= 3:
                    return p
                if isinstance(p, Play) and p.card in HELP_ATTACK:
                    if p.card in ("second-guess", "grit-your-teeth", "steady-hands") \
                            and a["die"] > 3:
                        continue
                    return p
        if not mine and have > need - 2:
            for p in plays:
                if isinstance(p, Play) and p.card == "false-alarm":
                    return p
        return PASS
    if window == "sentinel card":
        card = v["sentinel_card"] or ""
        rows = max(r["tiles"] / r["spaces"] for r in v["system"]["rows"])
        if card == "security-upgrade" and rows >= 0.6:
            return plays[0]
        return PASS
    run = v["run"]
    if not run:
        return PASS
    mine = any(hand_owner[q] == me for q in run["prisoners"])
    target = run["card"]["target"] if run["card"] else 0
    if window == "run card revealed":
        hard = run["card"] and run["card"]["red"]
        return plays[0] if mine and hard else PASS
    if window == "run failure":
        return plays[0] if mine else PASS
    total = run["total"] or 0
    if mine and total < target:
        for p in plays:
            if isinstance(p, Reroll):
                return p
            if isinstance(p, Play) and p.card in HELP_RUN:
                if p.card in ("second-guess", "grit-your-teeth", "steady-hands") \
                        and run["die"] > 3:
                    continue
                if total + 2 >= target or p.card not in ("worked-it-out", "push-through",
                                                          "rope-work"):
                    return p
    if not mine and total >= target > total - 2:
        for p in plays:
            if isinstance(p, Play) and p.card == "glitch":
                return p
    return PASS


def _discard(v: View, me: int, legal: list[Action]) -> Action | None:
    discards = [a for a in legal if isinstance(a, Discard)]
    useful = set(START_METHOD_OF) | HELP_RUN
    rest = [a for a in discards if a.card not in useful]
    return (rest or discards)[0] if discards else None


def _tunnel(v: View, me: int, legal: list[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, EnterTunnel)), None)


def _extra(v: View, me: int, legal: list[Action]) -> Action | None:
    targets = _targets(v, me)
    moves = [a for a in legal if isinstance(a, Move)]
    if not moves:
        return PASS
    return min(moves, key=lambda a: _dist_to(targets, SPACE_INDEX[a.to]))


def _row(v: View, me: int, legal: list[Action]) -> Action | None:
    rows = {r["colour"]: r["tiles"] for r in v["system"]["rows"]}
    backs = [a for a in legal if isinstance(a, ReturnTile)]
    return max(backs, key=lambda a: rows[a.row]) if backs else None


def _look(v: View, me: int, legal: list[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, Look)), None)


_DISPATCH = {
    "draw": _draw, "turn": _turn, "place_sentinel": _place, "move_sentinel": _move_sentinel,
    "attack_target": _pick_target, "punish": _punished, "assign": _assign,
    "react": _window, "discard": _discard, "tunnel": _tunnel,
    "extra_move": _extra, "rollback": _row, "look": _look,
}
"""What the agent does, by decision key."""

