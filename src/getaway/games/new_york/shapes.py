"""The shape of Escape from New York's views (``views.build_view``), for every seat and
spectators.

``View`` is what ``State.view(seat)`` returns, at every player count and with every
module; the conformance suite checks every view of random games against it, and
``python -m getaway.server.typegen`` turns it into the TypeScript namespace
``NewYork`` the browser module is checked with. Closed sets (Heroes, the sides of a
space, Suburb icons, objective colours, the endings, decision keys) are ``Literal``
here; ``tests/games/new_york/test_shapes.py`` checks they agree with the game's
tables. Ids of spaces, tiles, POIs, cards and Enemies are plain strings (the content
data names them; the assets give their printed names).

What only some seats see: a Hero's ``hand_cards``, ``discard_cards``, ``objectives``
and the faces of its supply (its own seat; the others see the backs ``item``,
``case``, ``president``), ``you`` (the seat's own: the cards it played, what it
looked at, the Items it drew, an objective deck it chooses from), ``poi_seen`` on a
face-down POI (the seats that looked at it), and the Lone Victory offered to the
current player (the other seats read the step of the turn it happens in,
``turn_step``, or the current player's decision beneath it).
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

HeroId = Literal["snake", "maggie", "brain", "cabbie"]
"""The four Heroes (a seat is named by its Hero)."""
Side = Literal["N", "NE", "SE", "S", "SW", "NW"]
"""The six sides of a space, clockwise from the top."""
SuburbFace = Literal["face-down", "raft", "item", "prisoner", "event", "manhole"]
"""A Suburb token: face down, or the icon it shows."""
Colour = Literal["blue", "purple"]
"""The colours of the objective decks."""
Ending = Literal["collective_victory", "lone_victory", "new_york_wins"]
"""How a game ends."""


# -- the map ---------------------------------------------------------------------------


class Space(TypedDict):
    """A space of the map as it lies: its tile, POI, Suburb token and Item cubes."""

    id: str
    called: str
    """What the space is called now: the tile or face-up POI on it, else the name the
    board prints there (action labels always use the board's name, in the assets)."""
    revealed: bool
    tile: NotRequired[str]
    poi: NotRequired[str]
    """A face-up POI's id, or ``face-down``."""
    poi_seen: NotRequired[str]
    """The face-down POI this seat looked at."""
    suburb: NotRequired[SuburbFace]
    items: NotRequired[int]
    """The Item cubes on the space."""


class Roadblock(TypedDict):
    """A Roadblock on a road: up (closed) or destroyed (open)."""

    space: str
    side: Side
    up: bool


class Enemy(TypedDict):
    """An Enemy on the map: a Prisoner, a Car driven by one, or a Boss."""

    id: str
    name: str
    """As the board marks it: "Prisoner 7", "the Prisoner in Car 2", "Romero"."""
    space: str
    tricked: bool
    full_hp: int
    """Its Hit Points unhurt (a Prisoner's with the Prisoner Bonuses in force)."""
    hp: NotRequired[int]
    """A Boss's Hit Points left."""
    damage: NotRequired[int]
    """The damage a Prisoner has taken this turn."""


class CaseSpace(TypedDict):
    """One of the four Case spaces: whether a Case card lies there, and where its token is."""

    case: int
    card: bool
    token: str
    """``home``, or the space the token lies on."""


class President(TypedDict):
    """The President: found, held by a seat (-1: nobody), dead; the Dead-or-Alive deck."""

    found: bool
    holder: int
    dead: bool
    deck: int


class Helicopter(TypedDict):
    """The Helicopter's space in Central Park, and whether it has landed."""

    space: str
    landed: bool


# -- New York's board and the piles ---------------------------------------------------------


class Timer(TypedDict):
    """The Timer deck: tiles left, red ones among them, the colour of the top one."""

    left: int
    top_red: bool
    red_left: int
    gone: list[str]
    """The Timer tiles revealed or discarded, in order."""


class CardBack(TypedDict):
    """The back of the New York deck's top card: its cost, the sides it pulls Enemies
    from and the side of its Roadblock."""

    cost: int
    pull: list[Side]
    roadblock: Side


class NewYorkDeck(TypedDict):
    """The New York deck, its discards, the Prisoner Bonuses and the Special cards aside."""

    deck: int
    top_back: CardBack | None
    discards: list[str]
    bonus: list[str]
    specials_aside: int


class EventDeck(TypedDict):
    """The Event deck and its face-up discards."""

    deck: int
    discards: list[str]


class ItemDeck(TypedDict):
    """The Item deck and the size of its discards."""

    deck: int
    discards: int


class Tiles(TypedDict):
    """The City and Park tiles left to reveal."""

    city: int
    park: int


# -- the Heroes -------------------------------------------------------------------------------


class Hero(TypedDict):
    """A Hero's public state, and its cards for its own seat."""

    seat: int
    hero: HeroId
    name: str
    """The Hero's name, the seat's name in the game."""
    space: str
    hand: int
    discards: int
    supply: list[str]
    """Its supply cards: their ids for its own seat (and Brain's Diagram, a revealed
    Bracelet), else their backs (``item``, ``case``, ``president``)."""
    weapon: str | None
    ammo: int
    car: Literal["taxi", "car"] | None
    level: int
    bar: str | None
    """Its next Level Bar (None at Level 3)."""
    bar_prisoners: int
    bar_items: int
    wanted: int
    specials_taken: int
    president: bool
    hand_cards: NotRequired[list[str]]
    discard_cards: NotRequired[list[str]]
    objectives: NotRequired[list[str | None]]


class Played(TypedDict):
    """The cards of the current turn: how many lie face down, which were revealed."""

    face_down: int
    revealed: list[str]


class DeckTops(TypedDict):
    """The top cards of the decks the seat looked at, the top first."""

    timer: NotRequired[list[str]]
    new_york: NotRequired[list[str]]
    event: NotRequired[list[str]]
    item: NotRequired[list[str]]


class ObjectiveDeck(TypedDict):
    """An objective deck the seat is choosing from."""

    colour: Colour
    cards: list[str]


class You(TypedDict):
    """What only the seat knows: the cards it played face down, its set-aside card and
    the Items it drew (its own turn), the deck tops it looked at, an objective deck."""

    played: NotRequired[list[str]]
    aside: NotRequired[str | None]
    drawn: NotRequired[list[str]]
    deck_tops: DeckTops
    objective_deck: NotRequired[ObjectiveDeck]


# -- the pending decision ---------------------------------------------------------------------


class _Decision(TypedDict):
    prompt: str
    """What is being decided, in the game's words, to the deciding seat."""
    seats: list[int]
    """The seats that may decide it now."""


class DamageDecision(_Decision):
    """Which Enemy in range takes the next point of damage."""

    key: Literal["damage"]
    left: int
    range: int
    origin: str


class MoveDecision(_Decision):
    """Where the Hero steps next, or stop."""

    key: Literal["move"]
    steps: int
    taken: int


class SeatDecision(_Decision):
    """A decision about one Hero: ride along, or discard down to 3 supply cards."""

    key: Literal["ride", "discard"]
    seat: int


class ObjectiveDecision(_Decision):
    """Which objective of a deck the Hero takes."""

    key: Literal["take_objective"]
    colour: Colour


class VoteDecision(_Decision):
    """Every Hero on the bridgehead, at once: reveal the cards to cross, or not."""

    key: Literal["bridge_vote"]
    bridge: int
    pending: list[int]


class StepDecision(_Decision):
    """What the other seats read while the current player is offered a Lone Victory."""

    key: Literal["turn_step"]
    step: int


class OtherDecision(_Decision):
    """Every other decision (what each decides: the game's decision keys)."""

    key: Literal["timer_tile", "play_cards", "resolve_card", "car_step", "level_step",
                 "building", "reveal_space", "carry", "trick", "special", "swap_objective",
                 "pick_enemy", "route_enemy", "pick_rider", "recover", "keep_items", "steal",
                 "helicopter", "peek_poi", "place_prisoners", "reveal_poi", "claim_now",
                 "claim_first", "last_chance"]


Pending = (DamageDecision | MoveDecision | SeatDecision | ObjectiveDecision | VoteDecision
           | StepDecision | OtherDecision)
"""The decision now, told apart by its ``key`` (automatic steps are never shown)."""


class Outcome(TypedDict):
    """How the game ended: the winners, each seat's score and why."""

    winners: list[int]
    scores: list[float]
    reason: Ending
    detail: str
    """The ending in words."""


# -- the view ---------------------------------------------------------------------------------


class View(TypedDict):
    """What a seat (or a spectator) sees of Manhattan, New York's board and the Heroes."""

    game: Literal["new-york"]
    players: int
    turn: int
    current: int
    """The seat whose turn it is."""
    seat: int | None
    spaces: list[Space]
    roadblocks: list[Roadblock]
    enemies: list[Enemy]
    bosses: dict[str, str]
    """By Boss: ``waiting``, ``gone``, or the space it stands on."""
    abandoned_cars: list[str]
    """The spaces of the abandoned Cars."""
    prisoner_supply: int
    cars_in_supply: int
    case_spaces: list[CaseSpace]
    president: President
    bracelet_revealed: bool
    gullfire: str | None
    """The Gullfire's space (None: destroyed)."""
    helicopter: Helicopter
    noise: int
    mission: int
    event_level: int
    event_position: int
    hurry_up: bool
    timer: Timer
    new_york: NewYorkDeck
    events: EventDeck
    items: ItemDeck
    tiles: Tiles
    objective_decks: list[int]
    """The blue and purple objective decks' sizes."""
    wanted_left: int
    heroes: list[Hero]
    played: Played
    pending: Pending | None
    log: list[str]
    """The latest public events, in words."""
    outcome: Outcome | None
    you: NotRequired[You]
