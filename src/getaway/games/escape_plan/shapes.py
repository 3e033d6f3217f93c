"""The shape of Escape Plan's views (``views.view``), for every seat and spectators.

``View`` is what ``State.view(seat)`` returns, at every player count and either
``unescaped`` option; the conformance suite checks every view of random games
against it, and ``python -m getaway.server.typegen`` turns it into the TypeScript
namespace ``EscapePlan`` the browser module is checked with. Closed sets (colours,
board sides, decision keys...) are ``Literal`` here;
``tests/games/escape_plan/test_shapes.py`` checks they agree with the game's tables.
Ids of tiles, Locations, cards and movement nodes are plain strings (the content data
names them), but for the keys of ``equipment``, one per Equipment tile, always all of them
(``Equipment``, checked against the content too).

What only some seats see: a player's ``money`` and Escape ``plan`` (its owner), the
faces of Locker and Exit tiles on an Item row (its owner; the others see
``L:<colour>:<need>`` / ``T:<colour>``), the faces of tiles drawn and not kept yet
(``drawn.tiles``: the drawing seat).

A few values are positional lists (``city``, ``move``, ``patrol.spaces``,
``patrol.exit_stacks_on``, ``gangs``, ``cubes``): fixed-length ``tuple`` shapes (a JSON
array, a TypeScript tuple) whose positions each have their own type; each field's note
says what each position holds.
"""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

PlayerColour = Literal["yellow", "green", "purple", "orange", "grey"]
"""The players' pawn colours (a seat is named by its colour)."""
PoliceColour = Literal["red", "blue", "black"]
"""The police officers' colours."""
LockerColour = Literal["green", "black", "brown"]
"""The Locker stacks' colours (and the Keys')."""
ExitColour = Literal["silver", "gold"]
"""The Exit tile stacks' colours."""
VisitPlace = Literal["store", "church", "gang", "safe_house", "exit", "clinic", "hospital"]
"""The kinds of Location a visit's choices are about."""
Hex = Literal["income", "white", "red"]
"""Where a visit's cube went: the income hex, the white or the red hex."""

Cell = tuple[int, int]
"""A grid cell: ``[column, row]``."""


# -- the City and its pieces ----------------------------------------------------------


class Stack(TypedDict):
    """One of the four lettered City tile stacks: its face-up top tile and its size."""

    top: str | None
    left: int


class Patrol(TypedDict):
    """The Patrol deck and the Patrol cards on the Exits."""

    deck: int
    revealed: list[str]
    """The Patrol cards revealed so far."""
    spaces: list[tuple[int, int]]
    """``[Exit number, Patrol cards on its space]`` for each Exit with some."""
    blocked: list[int]
    """The blocked Exits."""
    exit_stacks_on: list[tuple[int, ExitColour]]
    """``[Exit number, Exit tile stack colour]``: the stack on each blocked Exit."""


# (the functional form: "gas-mask" is not an identifier)
Equipment = TypedDict("Equipment", {"vest": int, "hat": int, "helmet": int,
                                     "gas-mask": int})
Equipment.__doc__ = "The Equipment tiles the Stores have left, by Equipment (all of them)."


class LockerStack(TypedDict):
    """A Locker stack: its tiles left and the need printed on the top tile's back."""

    left: int
    need: int | None


class Lockers(TypedDict):
    """The three Locker stacks."""

    green: LockerStack
    black: LockerStack
    brown: LockerStack


class ExitStacks(TypedDict):
    """The face-down Exit tiles left in each stack."""

    silver: int
    gold: int


class Contacts(TypedDict):
    """The Contact cards: the deck's size, the face-up display and the discards."""

    deck: int
    display: list[str]
    discard: list[str]


class Fixers(TypedDict):
    """The face-up Fixer stack: its top tile and its size."""

    top: str | None
    left: int


class FreeTiles(TypedDict):
    """The Business and Safe House tiles not on a Location yet."""

    business: list[str]
    safe_house: list[str]


class Sandra(TypedDict):
    """Sandra, the extra crook of a 2-player game: her pawn, Notoriety and cards."""

    at: str
    """Her pawn's movement node."""
    where: str
    """Her pawn's place, in words."""
    notoriety: int
    discs: int
    deck: int
    discard: list[str]
    white: int
    red: int


# -- the players ---------------------------------------------------------------------


class RowNames(TypedDict):
    """What lies on each space of a player board's rows, in words ("" for empty)."""

    contacts: list[str]
    items: list[str]
    assets: list[str]


class Player(TypedDict):
    """A crook: the pawn, the player board and, for its owner, what is behind the screen."""

    colour: PlayerColour
    at: str
    """The pawn's movement node."""
    where: str
    """The pawn's place, in words."""
    notoriety: int
    red_box: int
    blue_box: int
    wounds: int
    handcuffs: int
    first_aid: bool
    rested: bool
    income_cubes_taken: int
    white_hex: int
    red_hex: int
    income_hex: int
    contacts: list[str]
    """The Contact row: "" (empty), "C:<card>", "A:<locked Asset>" or "X"."""
    used_contacts: list[bool]
    items: list[str]
    """The Item row: "" or "A:", "F:", "E:", "L:", "T:" and the tile (another seat sees a
    Locker tile as "L:<colour>:<need>", an Exit tile as "T:<colour>")."""
    used_items: list[bool]
    assets: list[str]
    """The unlocked Asset spaces: "" or the Asset."""
    used_assets: list[bool]
    discs: int
    gas: int
    gang_members: int
    gang_markers: list[str]
    keys: list[str]
    """Key colours held ("used:<colour>" once flipped)."""
    visited: list[str]
    escaped: bool
    arrested: bool
    cubes: list[tuple[str, Hex]]
    """``[Business or Safe House tile, hex]``: where each visit's cube went ("income",
    "white", "red")."""
    income: int
    names: RowNames
    money: NotRequired[int]
    """Only in the owner's view."""
    plan: NotRequired[str]
    """The Escape Plan card: only in the owner's view."""


# -- tiles drawn, the tile coming to the Item row ----------------------------------------


class DrawnTile(TypedDict):
    """The face of a tile drawn, for the seat that drew it (``Pick("tile", index)``)."""

    index: int
    id: str
    colour: LockerColour | ExitColour
    need: NotRequired[int]
    """A Locker tile's need (Locker tiles only)."""
    value: int


class Drawn(TypedDict):
    """The Locker or Exit tiles drawn and not kept yet: public who, how many, which colour."""

    seat: int
    kind: Literal["locker", "exit_tile"]
    colour: LockerColour | ExitColour
    count: int
    needs: NotRequired[list[int]]
    """The needs printed on the Locker tiles' backs (Locker tiles only)."""
    tiles: NotRequired[list[DrawnTile]]
    """Only in the drawing seat's view."""


class Incoming(TypedDict):
    """The tile waiting for room on a full Item row (seen as on the Item row)."""

    seat: int
    item: str
    optional: bool


# -- the pending decision ---------------------------------------------------------------


class _Decision(TypedDict):
    prompt: str
    """What is being decided, in the game's words, to the deciding seat."""
    seats: list[int]
    """The seats that may decide it now."""


class VisitDecision(_Decision):
    """The choices of a visit, then the end of the visit."""

    key: Literal["visit"]
    where: VisitPlace


class BusinessTileDecision(_Decision):
    """Which free Business or Safe House tile goes on the Location of the tile just laid."""

    key: Literal["business_tile"]
    location: str
    free: list[str]


class KeepTileDecision(_Decision):
    """Which of the Locker or Exit tiles drawn to keep."""

    key: Literal["keep_tile"]
    kind: Literal["locker", "exit_tile"]
    colour: LockerColour | ExitColour
    count: int


class OtherDecision(_Decision):
    """Every other decision a seat takes (what each decides: the game's decision keys)."""

    key: Literal["lay_tile", "join_turn", "fee", "rest_or_move", "move", "water", "avoid",
                 "closed_business", "unlock_asset", "take_contact", "place_contact",
                 "make_room", "move_officer", "remove_officer", "group_bonus",
                 "income_unlock", "end_turn"]


Pending = VisitDecision | BusinessTileDecision | KeepTileDecision | OtherDecision
"""The decision now, told apart by its ``key`` (automatic steps are never shown)."""


class Outcome(TypedDict):
    """How the game ended: the winners, each seat's score and why."""

    winners: list[int]
    scores: list[float]
    """Per seat: its final money (an arrested player scores 0)."""
    reason: Literal["end_of_round_3"]
    """The game always ends after Round 3."""
    detail: str
    """The ending in words."""


class SeatResult(TypedDict):
    """One seat's end (the view's ``ending``)."""

    seat: int
    escaped: bool
    arrested: bool
    why: Literal["", "end", "broke", "refused"]
    """Why arrested: in the city when Round 3 ended, could not pay the $1 fee, chose not
    to pay it ("" when not arrested)."""
    score: int
    text: str
    """The result in words, without the seat's name: escaped or arrested and why, the
    score item by item."""


class Ending(TypedDict):
    """The end told seat by seat, once the game is over."""

    seats: list[SeatResult]
    tie_break: str
    """How a tie on the best score was settled ("" when there was none)."""


# -- the view ------------------------------------------------------------------------------


class View(TypedDict):
    """What a seat (or a spectator) sees of the City, the police, the supplies and the crew."""

    game: Literal["escape-plan"]
    seat: int | None
    round: int
    """The round (Day), 1 to 3 (4 once the game is over)."""
    turn: int
    """The turn of the Player Action phase, 1 to 5 (0 outside it)."""
    side: Literal["small", "large"]
    """The board side in play."""
    unescaped: Literal["arrested", "scored"]
    """The ``unescaped`` option."""
    city: list[tuple[Cell, str, int]]
    """The City tiles laid: ``[[column, row], tile, quarter turns clockwise]``."""
    stacks: list[Stack]
    police: dict[str, list[PoliceColour]]
    """By tile: the officers on it (tiles with none left out)."""
    bag: int
    """The officers in the bag."""
    patrol: Patrol
    exit_stacks: ExitStacks
    lockers: Lockers
    contacts: Contacts
    fixers: Fixers
    equipment: Equipment
    """By Equipment tile: how many the Stores have left."""
    keys: dict[str, list[LockerColour]]
    """By Safe House tile: the Keys above it."""
    businesses: dict[str, str]
    """By Location: the Business or Safe House tile on it."""
    business_visits: dict[str, int]
    """By Business tile: its visits (it closes at a number of them)."""
    free_tiles: FreeTiles
    gangs: dict[str, tuple[int, int]]
    """By Gang Location: ``[Gang Members, controlling seat + 1 (0: nobody)]``."""
    gas_supply: int
    gang_supply: int
    order: list[int | Literal["sandra"]]
    """The turn order: seats, and Sandra."""
    joined: list[int | Literal["sandra"]]
    """Who takes part in the current turn."""
    sandra: Sandra | None
    """Only in a 2-player game."""
    escapes: int
    move: tuple[int, int, list[Cell], int, bool, list[int], bool, bool, bool, int] | None
    """The move in progress (``Move.truth``): ``[start node, MP left, [[column, row] of
    each tile left behind], steps, refund, [Water areas opened], free flight, Medevac,
    Sewer, flight MP]``; None outside a move."""
    players: list[Player]
    pending: Pending | None
    drawn: Drawn | None
    incoming: Incoming | None
    outcome: Outcome | None
    ending: Ending | None
    """The end seat by seat (only once the game is over)."""
