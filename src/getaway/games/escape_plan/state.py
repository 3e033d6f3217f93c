"""EscapePlanState: the whole truth of a game in flat lists, a cheap clone, determinize."""

from __future__ import annotations

import random
from typing import Any, Self

from getaway.core.chance import Rng
from getaway.core.decisions import DecisionState
from getaway.core.spec import Config
from getaway.games.escape_plan.actions import SPACE
from getaway.games.escape_plan.board import Cell, Side
from getaway.games.escape_plan.model import UNESCAPED_OPTION, Unescaped

SANDRA = -1
"""Sandra's id in the turn order (seats are 0..players-1)."""


class Player:
    """One crook: the pawn, the screen, the player board."""

    __slots__ = (
        "arrest",
        "arrested",
        "assets",
        "blue_box",
        "colour",
        "contacts",
        "discs",
        "escaped",
        "first_aid",
        "gang",
        "gang_markers",
        "gas",
        "handcuffs",
        "hexes",
        "income_hex",
        "items",
        "keys",
        "money",
        "node",
        "notoriety",
        "plan",
        "red",
        "red_box",
        "rested",
        "taken",
        "used_assets",
        "used_contacts",
        "used_items",
        "visited",
        "white",
        "wounds",
    )

    def __init__(self) -> None:
        self.colour = ""
        self.node = 0
        self.money = 0
        self.taken = 0              # Income cubes taken off the track
        self.white = 0              # cubes on the White hex
        self.red = 0                # cubes on the Red hex
        self.income_hex = 0         # cubes on the Income hex
        self.notoriety = 0          # position on the Notoriety track
        self.red_box = 0            # Notoriety cubes in the Red box this turn
        self.blue_box = 0
        self.wounds = 0
        self.handcuffs = 0
        self.first_aid = True       # the First Aid token is ready
        self.rested = False         # the Rest token shows the Moon
        self.plan = ""
        # Contact card row: 6 spaces, each "" (empty), "C:<card>", "A:<locked asset>", "X"
        self.contacts: list[str] = []
        self.used_contacts: list[bool] = []
        # Item row: "" / "A:<locked asset>" / "F:<fixer>" / "E:<equipment>" /
        # "L:<locker tile>" / "T:<exit tile>"
        self.items: list[str] = []
        self.used_items: list[bool] = []
        # unlocked Asset spaces, most expensive first: "" or the asset id
        self.assets: list[str] = []
        self.used_assets: list[bool] = []
        self.discs = 0
        self.gas = 0
        self.gang = 0               # Gang Members held
        self.gang_markers: list[str] = []  # Gang Locations holding one of my markers
        self.keys: list[str] = []   # Key colours held; "used:" prefix once flipped
        self.visited: list[str] = []  # Business / Safe House tiles visited
        # the hex each visit's cube went to, in visit order: "income", "white", "red"
        # ("" when the track had no cube left); public, it shows the Escape Plan card there
        self.hexes: list[str] = []
        self.escaped = False
        self.arrested = False
        # why: "end" (in the city when Round 3 ended), "broke" (could not pay the fee),
        # "refused" (chose not to pay it); "" while free
        self.arrest = ""

    def copy(self) -> Player:
        p = Player.__new__(Player)
        p.arrest = self.arrest
        p.arrested = self.arrested
        p.blue_box = self.blue_box
        p.colour = self.colour
        p.discs = self.discs
        p.escaped = self.escaped
        p.first_aid = self.first_aid
        p.gang = self.gang
        p.gas = self.gas
        p.handcuffs = self.handcuffs
        p.income_hex = self.income_hex
        p.money = self.money
        p.node = self.node
        p.notoriety = self.notoriety
        p.plan = self.plan
        p.red = self.red
        p.red_box = self.red_box
        p.rested = self.rested
        p.taken = self.taken
        p.white = self.white
        p.wounds = self.wounds
        p.assets = self.assets[:]
        p.contacts = self.contacts[:]
        p.gang_markers = self.gang_markers[:]
        p.hexes = self.hexes[:]
        p.items = self.items[:]
        p.keys = self.keys[:]
        p.used_assets = self.used_assets[:]
        p.used_contacts = self.used_contacts[:]
        p.used_items = self.used_items[:]
        p.visited = self.visited[:]
        return p

    def truth(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in Player.__slots__}

    @property
    def active(self) -> bool:
        """Still in the city (neither escaped nor arrested)."""
        return not (self.escaped or self.arrested)


class EscapePlanState(DecisionState):
    """The state of one game of Escape Plan."""

    action_space = SPACE
    __slots__ = (
        "bag",
        "blocked",
        "business_on",
        "business_visits",
        "cell_of_tile",
        "city",
        "config",
        "contact_deck",
        "contact_discard",
        "crew",
        "display",
        "equipment",
        "escapes",
        "exit_on",
        "exit_stacks",
        "fixers",
        "fixers_out",
        "gang_supply",
        "gangs",
        "gas_supply",
        "graph",
        "joined",
        "keys_on",
        "lockers",
        "log_turn",
        "move",
        "near",
        "order",
        "patrol_deck",
        "patrol_discard",
        "patrol_spaces",
        "placed",
        "plans_left",
        "police",
        "rng",
        "round",
        "sandra",
        "sandra_deck",
        "sandra_discard",
        "sandra_discs",
        "sandra_node",
        "sandra_notoriety",
        "sandra_red",
        "sandra_visited",
        "sandra_white",
        "seed",
        "side",
        "stacks",
    )

    def __init__(self, config: Config, seed: int, side: Side) -> None:
        self._init_base()
        self.config = config
        self.seed = seed
        self.side = side
        self.city: dict[Cell, tuple[str, int]] = {}   # cell -> (tile id, quarter turns)
        self.cell_of_tile: dict[str, Cell] = {}
        self.stacks: list[list[str]] = [[], [], [], []]  # top is the last item
        self.police: dict[str, list[str]] = {}   # tile id -> officer colours on it
        self.bag: list[str] = []
        self.patrol_deck: list[str] = []          # top is the last item
        self.patrol_discard = ""
        self.patrol_spaces: dict[int, int] = {}   # Exit number -> Patrol cards on its space
        self.blocked: list[int] = []
        self.exit_stacks: dict[str, list[str]] = {}   # colour -> face-down tiles
        self.exit_on: dict[int, str] = {}          # blocked Exit -> colour of the stack on it
        self.lockers: dict[str, list[str]] = {}    # colour -> face-down tiles (top last)
        self.contact_deck: list[str] = []
        self.display: list[str] = []
        self.contact_discard: list[str] = []
        self.fixers: list[str] = []                # the face-up stack, top last
        self.fixers_out: list[str] = []            # the 3 kinds left in the box
        self.equipment: dict[str, int] = {}        # equipment id -> tiles left
        self.keys_on: dict[str, list[str]] = {}    # safe house tile -> Key colours left
        self.business_on: dict[str, str] = {}      # Location id -> Business/Safe House tile
        self.business_visits: dict[str, int] = {}  # Business tile -> visits (closes at N)
        self.gangs: dict[str, list[int]] = {}      # Gang Location -> [members, controller+1]
        self.gas_supply = 0
        self.gang_supply = 0
        self.crew: list[Player] = []
        self.order: list[int] = []                 # turn order: seats and SANDRA
        self.round = 0
        self.sandra = False
        self.sandra_deck: list[str] = []
        self.sandra_discard: list[str] = []
        self.sandra_node = -1
        self.sandra_notoriety = 0
        self.sandra_discs = 0
        self.sandra_white = 0
        self.sandra_red = 0
        self.rng = Rng.derive(seed, "chance")
        self.escapes = 0
        self.graph: Any = None                     # movement graph of the laid City
        self.near: Any = None
        self.placed = 0                            # City tiles laid this City phase
        self.move: Any = None                      # the move in progress (moves.Move)
        self.log_turn = 0                          # 1..5 during the Player Action phase
        self.plans_left: list[str] = []            # Escape Plan cards not dealt
        self.joined: list[int] = []                # who takes part in the current turn
        self.sandra_visited: list[str] = []        # Businesses / Safe Houses Sandra visited

    def clone(self) -> Self:
        o = self.__class__.__new__(self.__class__)
        self._copy_base(o)
        o.config, o.seed, o.side = self.config, self.seed, self.side
        o.city = dict(self.city)
        o.cell_of_tile = dict(self.cell_of_tile)
        o.stacks = [s[:] for s in self.stacks]
        o.police = {k: v[:] for k, v in self.police.items()}
        o.bag = self.bag[:]
        o.patrol_deck = self.patrol_deck[:]
        o.patrol_discard = self.patrol_discard
        o.patrol_spaces = dict(self.patrol_spaces)
        o.blocked = self.blocked[:]
        o.exit_stacks = {k: v[:] for k, v in self.exit_stacks.items()}
        o.exit_on = dict(self.exit_on)
        o.lockers = {k: v[:] for k, v in self.lockers.items()}
        o.contact_deck = self.contact_deck[:]
        o.display = self.display[:]
        o.contact_discard = self.contact_discard[:]
        o.fixers = self.fixers[:]
        o.fixers_out = self.fixers_out[:]
        o.equipment = dict(self.equipment)
        o.keys_on = {k: v[:] for k, v in self.keys_on.items()}
        o.business_on = dict(self.business_on)
        o.business_visits = dict(self.business_visits)
        o.gangs = {k: v[:] for k, v in self.gangs.items()}
        o.gas_supply, o.gang_supply = self.gas_supply, self.gang_supply
        o.crew = [p.copy() for p in self.crew]
        o.order = self.order[:]
        o.round = self.round
        o.sandra = self.sandra
        o.sandra_deck = self.sandra_deck[:]
        o.sandra_discard = self.sandra_discard[:]
        o.sandra_node = self.sandra_node
        o.sandra_notoriety, o.sandra_discs = self.sandra_notoriety, self.sandra_discs
        o.sandra_white, o.sandra_red = self.sandra_white, self.sandra_red
        o.rng = self.rng.clone()
        o.escapes = self.escapes
        o.graph, o.near = self.graph, self.near
        o.placed = self.placed
        o.move = self.move.copy() if self.move is not None else None
        o.log_turn = self.log_turn
        o.plans_left = self.plans_left[:]
        o.joined = self.joined[:]
        o.sandra_visited = self.sandra_visited[:]
        return o

    def truth(self) -> dict[str, Any]:
        return {
            "round": self.round, "turn": self.log_turn,
            "city": sorted([list(c), t, r] for c, (t, r) in self.city.items()),
            "stacks": self.stacks, "police": self.police, "bag": sorted(self.bag),
            "patrol_deck": self.patrol_deck, "patrol_discard": self.patrol_discard,
            "patrol_spaces": sorted(self.patrol_spaces.items()), "blocked": self.blocked,
            "exit_stacks": self.exit_stacks, "exit_on": sorted(self.exit_on.items()),
            "lockers": self.lockers, "contact_deck": self.contact_deck,
            "display": self.display, "contact_discard": self.contact_discard,
            "fixers": self.fixers, "fixers_out": self.fixers_out,
            "equipment": self.equipment, "keys_on": self.keys_on,
            "business_on": self.business_on, "business_visits": self.business_visits,
            "gangs": self.gangs, "gas": self.gas_supply, "gang": self.gang_supply,
            "players": [p.truth() for p in self.crew], "order": self.order,
            "sandra": [self.sandra_deck, self.sandra_discard, self.sandra_node,
                       self.sandra_notoriety, self.sandra_discs, self.sandra_white,
                       self.sandra_red],
            "rng": self.rng.state, "escapes": self.escapes, "placed": self.placed,
            "move": self.move.truth() if self.move is not None else None,
            "plans_left": self.plans_left, "joined": self.joined,
            "sandra_visited": self.sandra_visited,
            "stack": [repr(d) for d in self.stack],
            "outcome": self._outcome.to_json() if self._outcome else None,
        }

    @property
    def unescaped(self) -> Unescaped:
        """The ``unescaped`` option: are players still in the city when Round 3 ends
        arrested (the default) or scored (EP-GAP-12)?"""
        return Unescaped(str(self.config.options.get(UNESCAPED_OPTION, Unescaped.ARRESTED)))

    def seat_name(self, seat: int) -> str:
        """A seat is named by the colour of its pawn."""
        return self.crew[seat].colour if seat < len(self.crew) else super().seat_name(seat)

    # -- views, determinize: in views.py / hidden.py ---------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        from getaway.games.escape_plan.views import view

        return view(self, seat)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        from getaway.games.escape_plan.hidden import determinize

        return determinize(self, seat, rng)

    def observation(self, seat: int) -> list[float]:
        from getaway.games.escape_plan.observe import observation

        return observation(self, seat)

    def progress(self, seat: int) -> float:
        from getaway.games.escape_plan.scoring import score

        return max(0.0, min(1.0, score(self, seat) / 150.0))
