"""Alcatraz 2034 actions and the game's fixed action space.

Prisoners are named by their Prisoner card id (``"sue"``), spaces by board id,
Escape cards by kind id, sentinels by number 1-6. JSON examples::

    {"kind": "move", "prisoner": "sue", "way": "walk", "to": "road-1-3"}
    {"kind": "start_run", "prisoner": "cole", "card": ""}          a swim Run
    {"kind": "start_run", "prisoner": "cole", "card": "crowbar"}   a boat Run
    {"kind": "play", "card": "brute-force", "target": "sue"}
    {"kind": "play", "card": "decoy", "target": "sentinel-3"}
    {"kind": "play", "card": "power-cut", "target": ""}
    {"kind": "draw", "deck": "toughness"}      {"kind": "discard", "card": "rope-work"}
    {"kind": "assign", "first": "rex", "second": "otto", "ability": "toughness"}
    {"kind": "choose", "prisoner": "ivy"}      a victim, or a drone swarm's target
    {"kind": "place_sentinel", "to": "road-2-2"}
    {"kind": "move_sentinel", "sentinel": 2, "to": "coast-07"}
    {"kind": "reroll"}  {"kind": "enter_tunnel"}  {"kind": "end_turn"}  {"kind": "pass"}
    {"kind": "look", "building": "building-04"}  {"kind": "return_tile", "row": "blue"}

A sneaking move to the prisoner's own space is the 0-step move: it stays
where it is with its marker on sneaking.
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.actions import Action, ActionSpace, action
from getaway.core.decisions import PASS
from getaway.games.alcatraz_2034.model import Target
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    BUILDINGS,
    DECK_IDS,
    ESC,
    ESC_IDS,
    N_PRISONERS,
    N_SENTINELS,
    PRISONER_IDS,
    RED_SPACES,
    ROW_IDS,
    SPACE_IDS,
    START_CARDS,
    WAY_IDS,
)
from getaway.games.alcatraz_2034.words import (
    assign_label,
    choose_label,
    discard_label,
    draw_label,
    look_label,
    move_label,
    move_sentinel_label,
    place_sentinel_label,
    play_label,
    return_tile_label,
    sentinel_id,
    start_run_label,
)


@action("move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move a prisoner one way (sneak, walk, run) to a space it can reach."""

    prisoner: str
    way: str
    to: str

    def label(self) -> str:
        return move_label(self.prisoner, self.way, self.to)


@action("start_run")
@dataclass(frozen=True, slots=True)
class StartRun(Action):
    """Attempt a Run with a prisoner on a Run location; ``card`` starts a boat or helicopter."""

    prisoner: str
    card: str

    def label(self) -> str:
        return start_run_label(self.prisoner, self.card)


@action("play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play an Escape card; ``target`` is a prisoner, a sentinel or ``''``."""

    card: str
    target: str

    def label(self) -> str:
        return play_label(self.card, self.target)


@action("draw")
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw an Escape card from this deck."""

    deck: str

    def label(self) -> str:
        return draw_label(self.deck)


@action("discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard an Escape card of this kind."""

    card: str

    def label(self) -> str:
        return discard_label(self.card)


@action("assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """The Run leader's choice for a challenge: one or two prisoners and an ability.

    ``second`` is ``''`` for one prisoner; ``ability`` is ``''`` when the card
    adds up all its abilities.
    """

    first: str
    second: str
    ability: str

    def label(self) -> str:
        return assign_label(self.first, self.second, self.ability)


@action("choose")
@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Pick a prisoner: the victim of an attack or a punishment, a drone swarm's target."""

    prisoner: str

    def label(self) -> str:
        return choose_label(self.prisoner)


@action("place_sentinel")
@dataclass(frozen=True, slots=True)
class PlaceSentinel(Action):
    """Put a sentinel from the System board on this free red start space."""

    to: str

    def label(self) -> str:
        return place_sentinel_label(self.to)


@action("move_sentinel")
@dataclass(frozen=True, slots=True)
class MoveSentinel(Action):
    """Move sentinel ``sentinel`` (1-6) to a space it can reach."""

    sentinel: int
    to: str

    def label(self) -> str:
        return move_sentinel_label(self.sentinel, self.to)


@action("reroll")
@dataclass(frozen=True, slots=True)
class Reroll(Action):
    """Use an R: roll the prisoner's die again (the new roll counts)."""

    def label(self) -> str:
        return "re-roll the die (R)"


@action("end_turn")
@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn by drawing a Sentinel card."""

    def label(self) -> str:
        return "end the turn: draw a Sentinel card"


@action("enter_tunnel")
@dataclass(frozen=True, slots=True)
class EnterTunnel(Action):
    """Go down the revealed tunnel to the tunnel space."""

    def label(self) -> str:
        return "go down the tunnel"


@action("look")
@dataclass(frozen=True, slots=True)
class Look(Action):
    """Look at the face-down tile of this building (Blueprints)."""

    building: str

    def label(self) -> str:
        return look_label(self.building)


@action("return_tile")
@dataclass(frozen=True, slots=True)
class ReturnTile(Action):
    """Take the last tile of this coloured row back (Rollback)."""

    row: str

    def label(self) -> str:
        return return_tile_label(self.row)


# -- interned tables ------------------------------------------------------------

MOVE: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(p, w, sp) for sp in SPACE_IDS) if w else ()
          for w in WAY_IDS) for p in PRISONER_IDS)
"""MOVE[prisoner][way 1-3][space]."""
START_RUN: tuple[dict[int, StartRun], ...] = tuple(
    {-1: StartRun(p, ""), **{k: StartRun(p, ESC_IDS[k]) for k in START_CARDS}}
    for p in PRISONER_IDS)
"""START_RUN[prisoner][start card kind, or -1 for none]."""
NO_TARGET = -1


def _play_table() -> tuple[dict[int, Play], ...]:
    out = []
    for c in ESC:
        if c.target in (Target.PRISONER, Target.OWN_PRISONER):
            out.append({p: Play(c.id, PRISONER_IDS[p]) for p in range(N_PRISONERS)})
        elif c.target is Target.SENTINEL:
            out.append({i: Play(c.id, sentinel_id(i)) for i in range(N_SENTINELS)})
        elif c.id in {ESC_IDS[k] for k in START_CARDS}:
            out.append({})
        else:
            out.append({NO_TARGET: Play(c.id, "")})
    return tuple(out)


PLAY = _play_table()
"""PLAY[card kind][target]: a prisoner or sentinel number, or NO_TARGET."""
DRAW = tuple(Draw(d) for d in DECK_IDS)
DISCARD = tuple(Discard(c) for c in ESC_IDS)
ASSIGN_ABILITIES = ("", *ABILITY_IDS)


def _assign_table() -> dict[tuple[int, int, int], Assign]:
    out = {}
    for a in range(N_PRISONERS):
        for b in range(-1, N_PRISONERS):
            if b != -1 and b <= a:
                continue
            for k, ab in enumerate(ASSIGN_ABILITIES):
                out[a, b, k - 1] = Assign(PRISONER_IDS[a], PRISONER_IDS[b] if b >= 0 else "", ab)
    return out


ASSIGN = _assign_table()
"""ASSIGN[first, second or -1 (first < second), ability or -1 for the card's sum]."""
CHOOSE = tuple(Choose(p) for p in PRISONER_IDS)
PLACE = {i: PlaceSentinel(SPACE_IDS[i]) for i in RED_SPACES}
MOVE_SENTINEL = tuple(tuple(MoveSentinel(i + 1, sp) for sp in SPACE_IDS)
                      for i in range(N_SENTINELS))
"""MOVE_SENTINEL[sentinel 0-5][space]."""
REROLL = Reroll()
END_TURN = EndTurn()
ENTER_TUNNEL = EnterTunnel()
LOOK = {i: Look(SPACE_IDS[i]) for i in BUILDINGS}
RETURN_TILE = tuple(ReturnTile(r) for r in ROW_IDS)

SPACE = ActionSpace([
    *(m for per_p in MOVE for per_w in per_p for m in per_w),
    *(a for d in START_RUN for a in d.values()),
    *(a for d in PLAY for a in d.values()),
    *DRAW, *DISCARD, *ASSIGN.values(), *CHOOSE, *PLACE.values(),
    *(a for row in MOVE_SENTINEL for a in row),
    REROLL, END_TURN, ENTER_TUNNEL, *LOOK.values(), *RETURN_TILE, PASS,
])
