"""The words of Escape Run: Alcatraz 2034: every prompt, label and sentence people read.

This is the only module that composes them. Things are named as the components
print them, read from the content data: prisoners by their Prisoner card
("Sue"), Escape, Run and Sentinel cards by their titles ("Brute Force", "Icy
Water", "Patrol"), spaces as ``board.toml`` calls them -- a printed place with
its article ("the Power House", "Agave Beach") or, where the board prints no
name, where the space lies by what the board shows ("the east yard", "the
coast road by Sally Port", "the safe space on the east road"). Seats are their
table colours (``SEAT_COLOURS``); sentinels are numbered 1 to 6 as their pieces
are drawn. Ids stay in the actions' fields and the events' data.

Sentences carry typed references (:mod:`getaway.core.words`) for every seat,
place, card, piece and amount they name, so clients name the seats their own
way and highlight the rest. Examples::

    >>> move_label("sue", "walk", "coast-02")
    'walk Sue to the coast road by Sally Port'
    >>> play_label("decoy", "sentinel-3")
    'play Decoy on sentinel 3'
    >>> moved(0, 2, 3, 45).text()
    'Sue walks from the south-east yard to the coast road by Sally Port'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from getaway.core.words import (
    Ref,
    Sentence,
    amount,
    card,
    count,
    listing,
    piece,
    place,
    seat,
    thing,
    upper_first,
)
from getaway.games.alcatraz_2034.model import BuildingSymbol
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    BOARD,
    BT,
    BT_IDS,
    CELL,
    DECK_IDS,
    ESC,
    ESC_IDS,
    METHOD_IDS,
    N_SENTINELS,
    PRISONER_IDS,
    PRISONER_INDEX,
    PRISONER_NAMES,
    ROW_IDS,
    RUNC,
    RUNC_IDS,
    SC,
    SC_IDS,
    SPACE_IDS,
    SPACE_INDEX,
    TILE_KINDS,
    TUNNEL,
)

if TYPE_CHECKING:
    from getaway.games.alcatraz_2034.state import AlcatrazState

# -- names ------------------------------------------------------------------------

SEAT_COLOURS = ("orange", "blue", "purple", "pink", "teal", "brown")
"""The seats' colours on the table (their pieces and places are drawn so)."""
ABILITY_NAMES = tuple(a.capitalize() for a in ABILITY_IDS)
"""Smarts, Toughness, Skills: as the cards print them."""
DECK_NAMES = tuple(d.capitalize() for d in DECK_IDS)
"""The Escape decks: Smarts, Toughness, Skills, System."""
METHOD_NAMES = METHOD_IDS
"""The ways off the island, as in "a swim Run", "the boat deck"."""
PLACE_NAMES = tuple(s.called for s in BOARD.spaces)
"""Every space as sentences name it, by space index (unique: ``board.toml`` checks)."""
WAY_VERBS = ("", "sneaks", "walks", "runs")
WAY_GERUNDS = ("", "sneaking", "walking", "running")
SENTINEL_PREFIX = "sentinel-"
TILE_WORDS = {
    BuildingSymbol.SMARTS: "a Smarts deck symbol",
    BuildingSymbol.TOUGHNESS: "a Toughness deck symbol",
    BuildingSymbol.SKILLS: "a Skills deck symbol",
    BuildingSymbol.SYSTEM: "a System deck symbol",
    BuildingSymbol.TUNNEL: "the tunnel",
    BuildingSymbol.HELIPAD: "a helicopter pad",
    BuildingSymbol.ABANDONED: "a cross (abandoned)",
}
"""What a building tile shows, in words."""
_PRISONER_BY_ID = dict(zip(PRISONER_IDS, PRISONER_NAMES, strict=True))
_CARD_BY_ID = {c.id: c.name for c in ESC}


def seat_name(i: int) -> str:
    """A seat's name: its table colour."""
    return SEAT_COLOURS[i]


def place_name(space: int) -> str:
    """A space as sentences name it ("the Power House", "the east yard")."""
    return PLACE_NAMES[space]


def place_named(space_id: str) -> str:
    """A space's name from its id."""
    return PLACE_NAMES[SPACE_INDEX[space_id]]


def prisoner_named(prisoner_id: str) -> str:
    """A prisoner's name from its id."""
    return _PRISONER_BY_ID[prisoner_id]


def card_named(card_id: str) -> str:
    """An Escape card's title from its id."""
    return _CARD_BY_ID[card_id]


def sentinel_id(i: int) -> str:
    """``'sentinel-3'`` for sentinel number 2 (0-based): the id of a card's target."""
    return f"{SENTINEL_PREFIX}{i + 1}"


def sentinel_number(target: str) -> int:
    """The 0-based sentinel of a ``'sentinel-3'`` target."""
    return int(target.removeprefix(SENTINEL_PREFIX)) - 1


def sentinel_name(i: int) -> str:
    """``'sentinel 3'`` for sentinel number 2 (0-based), as its piece is numbered."""
    return f"sentinel {i + 1}"


def deck_spot_name(family: str, deck_id: str) -> str:
    """A deck's name on the board: "Smarts" (an Escape deck), "swim" (a Run deck)."""
    if family == "escape":
        return DECK_NAMES[DECK_IDS.index(deck_id)]
    return METHOD_NAMES[METHOD_IDS.index(deck_id)]


def system_tile_name(t: int) -> str:
    """A System tile kind: "blue Smarts", "grey Toughness"."""
    k = TILE_KINDS[t]
    return f"{k.colour.value} {ABILITY_NAMES[ABILITY_IDS.index(k.ability.value)]}"


def tile_words(tile: int) -> str:
    """What building tile kind ``tile`` shows ("a helicopter pad")."""
    return TILE_WORDS[BT[tile].symbol]


# -- references ----------------------------------------------------------------------


# References are immutable (named tuples): each is made once here and shared by every
# sentence that names it (events are made by the hundred thousand in playouts).


def who(i: int) -> Ref:
    """A seat."""
    return _WHO[i] if i >= 0 else seat(i, seat_name(i))


def prisoner(p: int) -> Ref:
    """A prisoner piece."""
    return _PRISONERS[p]


def sentinel(i: int) -> Ref:
    """A sentinel piece (0-based)."""
    return _SENTINELS[i] if 0 <= i < len(_SENTINELS) else piece(sentinel_id(i), sentinel_name(i))


def space(i: int) -> Ref:
    """A space of the island."""
    return _SPACES[i]


def escape_card(k: int) -> Ref:
    """An Escape card (by kind)."""
    return _ESCAPE_CARDS[k]


def run_card(c: int) -> Ref:
    """A Run card."""
    return _RUN_CARDS[c]


def sentinel_card(k: int) -> Ref:
    """A Sentinel card (by kind)."""
    return _SENTINEL_CARDS[k]


def deck(d: int) -> Ref:
    """An Escape deck, by its name ("Smarts")."""
    return _DECKS[d]


def ability(a: int) -> Ref:
    """An ability ("Toughness")."""
    return _ABILITIES[a]


def tile(t: int) -> Ref:
    """What a building tile shows."""
    return _TILES[t]


_WHO = tuple(seat(i, seat_name(i)) for i in range(len(SEAT_COLOURS)))
_PRISONERS = tuple(piece(pid, name) for pid, name in zip(PRISONER_IDS, PRISONER_NAMES,
                                                          strict=True))
_SENTINELS = tuple(piece(sentinel_id(i), sentinel_name(i)) for i in range(N_SENTINELS))
_SPACES = tuple(place(sid, name) for sid, name in zip(SPACE_IDS, PLACE_NAMES, strict=True))
_ESCAPE_CARDS = tuple(card(ESC_IDS[k], ESC[k].name) for k in range(len(ESC)))
_RUN_CARDS = tuple(card(RUNC_IDS[c], RUNC[c].name) for c in range(len(RUNC)))
_SENTINEL_CARDS = tuple(card(SC_IDS[k], SC[k].name) for k in range(len(SC)))
_DECKS = tuple(thing(DECK_IDS[d], DECK_NAMES[d]) for d in range(len(DECK_IDS)))
_ABILITIES = tuple(thing(ABILITY_IDS[a], ABILITY_NAMES[a]) for a in range(len(ABILITY_IDS)))
_TILES = tuple(thing(BT_IDS[t], tile_words(t)) for t in range(len(BT_IDS)))


def _listed(prefix: str, refs: Sequence[Ref], args: dict[str, Ref | str | int],
            last: str = "and") -> str:
    """A template part listing ``refs`` ("{p0}, {p1} and {p2}"), filling ``args``."""
    slots = []
    for i, r in enumerate(refs):
        args[f"{prefix}{i}"] = r
        slots.append(f"{{{prefix}{i}}}")
    return listing(slots, last)


# -- action labels (pure: from the action's own fields) ------------------------------


def move_label(prisoner_id: str, way: str, to: str) -> str:
    """"walk Sue to the Power House"."""
    return f"{way} {prisoner_named(prisoner_id)} to {place_named(to)}"


def start_run_label(prisoner_id: str, card_id: str) -> str:
    """"start a Run with Sue" (spending a card: "... with Sue, spending Crowbar")."""
    spend = f", spending {card_named(card_id)}" if card_id else ""
    return f"start a Run with {prisoner_named(prisoner_id)}{spend}"


def play_label(card_id: str, target: str) -> str:
    """"play Brute Force on Sue", "play Decoy on sentinel 3", "play Power Cut"."""
    name = card_named(card_id)
    if not target:
        return f"play {name}"
    if target.startswith(SENTINEL_PREFIX):
        return f"play {name} on {sentinel_name(sentinel_number(target))}"
    return f"play {name} on {prisoner_named(target)}"


def draw_label(deck_id: str) -> str:
    """"draw from the Smarts deck"."""
    return f"draw from the {DECK_NAMES[DECK_IDS.index(deck_id)]} deck"


def discard_label(card_id: str) -> str:
    """"discard Rope Work"."""
    return f"discard {card_named(card_id)}"


def assign_label(first: str, second: str, ability_id: str) -> str:
    """"Rex takes the challenge with Toughness", "Rex and Otto take the challenge"."""
    names = prisoner_named(first) + (f" and {prisoner_named(second)}" if second else "")
    verb = "take" if second else "takes"
    with_ = f" with {ABILITY_NAMES[ABILITY_IDS.index(ability_id)]}" if ability_id else ""
    return f"{names} {verb} the challenge{with_}"


def choose_label(prisoner_id: str) -> str:
    """"choose Sue"."""
    return f"choose {prisoner_named(prisoner_id)}"


def place_sentinel_label(to: str) -> str:
    """"place a sentinel on the red start space by Barge Landing"."""
    return f"place a sentinel on {place_named(to)}"


def move_sentinel_label(number: int, to: str) -> str:
    """"move sentinel 3 to the east yard" (``number`` 1-6)."""
    return f"move {sentinel_name(number - 1)} to {place_named(to)}"


def look_label(building: str) -> str:
    """"look at the tile of the Water Tower"."""
    return f"look at the tile of {place_named(building)}"


def return_tile_label(row: str) -> str:
    """"take back the last blue System tile"."""
    return f"take back the last {row} System tile"


# -- prompts ---------------------------------------------------------------------------

FIRST_CARDS = "your first Escape cards"


def back_in_cell_block(p: int) -> str:
    """Why a draw is offered: the prisoner is back in the cell block."""
    return f"{PRISONER_NAMES[p]} is back in {PLACE_NAMES[CELL]}"


def searches(p: int, building: int) -> str:
    """Why a draw is offered: the prisoner searches a building."""
    return f"{PRISONER_NAMES[p]} searches {PLACE_NAMES[building]}"


def draw_prompt(why: str, n: int, d: int, optional: bool) -> str:
    """"Sue searches the Power House: draw an Escape card from the Smarts deck, or pass"."""
    what = "draw an Escape card" if n == 1 else f"draw {count(n, 'Escape card')}"
    if d >= 0:
        what += f" from the {DECK_NAMES[d]} deck"
    else:
        what += ", choosing the deck" + (" of each" if n > 1 else "")
    text = f"{why}: {what}" if why else what
    return upper_first(text + (", or pass" if optional else ""))


def discard_prompt(n: int) -> str:
    """"Discard an Escape card" (a punishment; ``n`` still to discard)."""
    if n == 1:
        return "A failed Run challenge: discard an Escape card"
    return f"A failed Run challenge: discard {count(n, 'Escape card')}, one at a time"


def turn_prompt(acted: bool) -> str:
    """The active seat's turn, before and after its prisoner acted."""
    if acted:
        return "Play Escape cards, or end your turn (a Sentinel card is drawn)"
    return "Move one of your prisoners or start a Run with one (you may play cards first)"


def tunnel_prompt(p: int, at: int) -> str:
    """A prisoner found the tunnel."""
    return (f"{PRISONER_NAMES[p]} found the tunnel in {PLACE_NAMES[at]}: go down to "
            f"{PLACE_NAMES[TUNNEL]}, or pass to stay")


def extra_move_prompt(p: int, way: int, steps: int) -> str:
    """A card's extra move."""
    return (f"{PRISONER_NAMES[p]} may go up to {count(steps, 'more step')}, "
            f"{WAY_GERUNDS[way]}: choose where, or pass")


def assign_prompt(c: int) -> str:
    """The Run leader assigns Run card ``c``."""
    rc = RUNC[c]
    names = [ABILITY_NAMES[ABILITY_IDS.index(a.value)] for a in rc.abilities]
    joined = " + ".join(names) if rc.combine.value == "sum" else listing(names, "or")
    who_ = "one prisoner" if rc.prisoners < 2 else f"up to {rc.prisoners} prisoners"
    return (f"You lead the Run: choose who takes {rc.name} ({joined}, at least "
            f"{rc.target}; {who_})")


def punish_prompt(eliminate: bool) -> str:
    """The Run leader picks the punished participant."""
    what = "is out of the game" if eliminate else f"goes back to {PLACE_NAMES[CELL]}"
    return f"You lead the Run: choose the prisoner who {what}"


PLACE_PROMPT = "Place a sentinel on a free red start space"


def sentinel_move_prompt(steps: int, only: int, optional: bool, can_move: bool) -> str:
    """Move a sentinel (``only`` >= 0: that one)."""
    if not can_move:
        return "No sentinel can move: pass"
    which = sentinel_name(only) if only >= 0 else "a sentinel"
    return (f"Move {which} up to {count(steps, 'step')}"
            + (", or pass to leave it where it is" if optional else ""))


def attack_target_prompt(attacker: str, candidates: Sequence[int]) -> str:
    """Whom a sentinel or a drone swarm attacks."""
    names = listing([PRISONER_NAMES[p] for p in candidates], "or")
    return f"Choose the prisoner attacked by {attacker}: {names}"


def attacker_name(sentinel_index: int, drone: int) -> str:
    """The attacker: "sentinel 3", or the drone swarm card's title."""
    return sentinel_name(sentinel_index) if sentinel_index >= 0 else SC[drone].name


LOOK_PROMPT = "Choose a building whose face-down tile you look at"
ROW_PROMPT = ("Choose the coloured row whose last System tile goes back under the last "
              "System stack")


def window_prompt(s: AlcatrazState, window: int, party: int) -> str:
    """What a reaction window asks of ``party`` (public words: never a hand's cards)."""
    from getaway.games.alcatraz_2034.cards import ATTACK, FAIL, POWER, ROLL, SKIP, may_reroll

    act = ("play a card, use an R, or pass" if may_reroll(s, party, window)
           else "play a card or pass")
    if window == ATTACK:
        a = s.attack
        assert a is not None
        total = a.base_def + a.die + a.bonus_def
        return (f"{PRISONER_NAMES[a.defender]} is attacked by "
                f"{attacker_name(a.sentinel, a.drone)} on {ABILITY_NAMES[a.ability]} (the "
                f"prisoner has {total}, the attacker {a.base_att + a.bonus_att} before the red "
                f"die): {act}")
    if window == POWER:
        return f"{upper_first(SC[s.scard].name)} was drawn: {act}"
    r = s.run
    assert r is not None
    name = RUNC[r.card].name
    if window == SKIP:
        return f"{name} is turned up: {act}"
    if window == ROLL:
        return f"{name}: {r.base + r.die + r.bonus} against {RUNC[r.card].target}: {act}"
    assert window == FAIL
    return f"{name} failed: {act}"


# -- sentences of events ---------------------------------------------------------------------


def drew_from(i: int, d: int) -> Sentence:
    """Public: a seat draws from a deck."""
    return Sentence("{seat} draws a card from the {deck} deck", {"seat": who(i), "deck": deck(d)})


def drew_card(i: int, k: int) -> Sentence:
    """Private: the card a seat drew."""
    return Sentence("{seat} drew {card}", {"seat": who(i), "card": escape_card(k)})


def drew_none(i: int) -> Sentence:
    """A seat declines a draw."""
    return Sentence("{seat} draws no card", {"seat": who(i)})


def discarded(i: int, k: int) -> Sentence:
    """A seat discards an Escape card."""
    return Sentence("{seat} discards {card}", {"seat": who(i), "card": escape_card(k)})


def sent_back(p: int, caught: bool) -> Sentence:
    """A prisoner goes back to the cell block, caught or punished."""
    args: dict[str, Ref | str | int] = {"prisoner": prisoner(p), "cell": space(CELL)}
    if caught:
        return Sentence("{prisoner} is caught and goes back to {cell}", args)
    return Sentence("{prisoner} goes back to {cell} (a failed Run challenge)", args)


def system_tile(ab: int, row: int) -> Sentence:
    """A System tile goes on the board (``row`` -1: a grey corner space)."""
    args: dict[str, Ref | str | int] = {"ability": ability(ab)}
    if row < 0:
        return Sentence("a {ability} System tile goes on a grey corner space", args)
    args["row"] = thing(ROW_IDS[row], ROW_IDS[row])
    return Sentence("a {ability} System tile goes on the {row} row", args)


def stayed(p: int, at: int) -> Sentence:
    """A prisoner sneaks 0 steps."""
    return Sentence("{prisoner} stays on {place}, sneaking (0 steps)",
                    {"prisoner": prisoner(p), "place": space(at)})


def moved(p: int, way: int, start: int, dest: int) -> Sentence:
    """A prisoner moves."""
    return Sentence("{prisoner} {verb} from {start} to {dest}",
                    {"prisoner": prisoner(p), "verb": WAY_VERBS[way], "start": space(start),
                     "dest": space(dest)})


def went_on(p: int, dest: int) -> Sentence:
    """A card's extra move."""
    return Sentence("{prisoner} goes on to {dest}", {"prisoner": prisoner(p), "dest": space(dest)})


def building_revealed(b: int, t: int) -> Sentence:
    """A building tile turns face up."""
    return Sentence("the tile of {place} is turned up: {tile}",
                    {"place": space(b), "tile": tile(t)})


def run_tile_revealed(at: int, cards: int) -> Sentence:
    """A Run tile turns face up."""
    return Sentence("the Run tile at {place} is turned up: {cards}",
                    {"place": space(at), "cards": amount(cards, "Run card")})


def down_the_tunnel(p: int) -> Sentence:
    """A prisoner goes down the tunnel."""
    return Sentence("{prisoner} goes down the tunnel to {tunnel}",
                    {"prisoner": prisoner(p), "tunnel": space(TUNNEL)})


def run_started(i: int, method: int, at: int, spent: int, members: Sequence[int],
                dealt: int) -> Sentence:
    """A Run starts (``spent``: the start card's kind, or -1)."""
    args: dict[str, Ref | str | int] = {"seat": who(i), "method": METHOD_NAMES[method],
                                        "place": space(at), "cards": amount(dealt, "Run card")}
    spend = ""
    if spent >= 0:
        args["card"] = escape_card(spent)
        spend = ", spending {card}"
    names = _listed("p", [prisoner(q) for q in members], args)
    verb = "is" if dealt == 1 else "are"
    return Sentence(f"{{seat}} leads a {{method}} Run from {{place}}{spend} with {names}; "
                    f"{{cards}} {verb} dealt", args)


def run_card_turned(c: int) -> Sentence:
    """A Run card is turned up."""
    return Sentence("{card} is turned up: {text}", {"card": run_card(c), "text": RUNC[c].text})


def skipped(c: int) -> Sentence:
    """A Run card skipped by a card."""
    return Sentence("{card} counts as passed", {"card": run_card(c)})


def challenge_taken(rollers: Sequence[int], c: int, abil: Sequence[int], base: int,
                    die: int) -> Sentence:
    """The leader's assignment and the die."""
    args: dict[str, Ref | str | int] = {"card": run_card(c), "base": base, "die": die,
                                        "target": RUNC[c].target}
    names = _listed("p", [prisoner(q) for q in rollers], args)
    abilities = " + ".join(f"{{a{i}}}" for i in range(len(abil)))
    for i, a in enumerate(abil):
        args[f"a{i}"] = ability(a)
    verb = "takes" if len(rollers) == 1 else "take"
    return Sentence(f"{names} {verb} {{card}} with {abilities}: {{base}}, and the die shows "
                    "{die} (at least {target} needed)", args)


def challenge_settled(c: int, total: int, die: int, passed: bool) -> Sentence:
    """A challenge's result."""
    return Sentence("{card}: {total} (die {die}) against {target}: {result}",
                    {"card": run_card(c), "total": total, "die": die,
                     "target": RUNC[c].target, "result": "passed" if passed else "failed"})


def saved(c: int) -> Sentence:
    """A failure's punishment is cancelled."""
    return Sentence("the punishment of {card} is not carried out", {"card": run_card(c)})


def eliminated(p: int) -> Sentence:
    """A prisoner is out of the game."""
    return Sentence("{prisoner} is out of the game", {"prisoner": prisoner(p)})


def red_added(method: int, n: int) -> Sentence:
    """Red-titled Run cards are shuffled in."""
    verb = "is" if n == 1 else "are"
    return Sentence(f"{{cards}} {verb} shuffled into the {{method}} deck",
                    {"cards": amount(n, "red-titled Run card"), "method": METHOD_NAMES[method]})


def extra_cards(n: int) -> Sentence:
    """More Run cards are dealt to the Run."""
    verb = "is" if n == 1 else "are"
    return Sentence(f"{{cards}} {verb} dealt to the Run",
                    {"cards": amount(n, "more Run card", "more Run cards")})


ABORTED = Sentence("the Run is called off: everybody stays where they are")
RUN_FAILED = Sentence("the Run fails: nobody escapes")
RESHUFFLED = Sentence("the Sentinel discards are shuffled into a new pile")
NO_SENTINEL = Sentence("no sentinel can be placed or moved")


def escaped(members: Sequence[int]) -> Sentence:
    """A Run succeeds."""
    args: dict[str, Ref | str | int] = {}
    names = _listed("p", [prisoner(q) for q in members], args)
    verb = "escapes" if len(members) == 1 else "escape"
    return Sentence(f"the Run succeeds: {names} {verb}", args)


def took_token(i: int) -> Sentence:
    """The first successful Run's leader takes the token."""
    return Sentence("{seat} takes the Escape/Run token", {"seat": who(i)})


def sentinel_card_drawn(i: int, k: int) -> Sentence:
    """A Sentinel card is drawn."""
    return Sentence("{seat} draws the Sentinel card {card}",
                    {"seat": who(i), "card": sentinel_card(k)})


def nobody_in_the_open(k: int) -> Sentence:
    """A drone swarm without a target."""
    return Sentence("{card} finds nobody in the open", {"card": sentinel_card(k)})


def sentinel_placed(i: int, at: int) -> Sentence:
    """A sentinel comes onto the island."""
    return Sentence("{sentinel} is placed on {place}",
                    {"sentinel": sentinel(i), "place": space(at)})


def sentinel_moved(i: int, start: int, dest: int) -> Sentence:
    """A sentinel moves."""
    return Sentence("{sentinel} is moved from {start} to {dest}",
                    {"sentinel": sentinel(i), "start": space(start), "dest": space(dest)})


def sentinel_turned(i: int, ab: int) -> Sentence:
    """A sentinel's symbol is revealed."""
    return Sentence("{sentinel} is turned over: {ability}",
                    {"sentinel": sentinel(i), "ability": ability(ab)})


def attacks(sentinel_index: int, drone: int, p: int, ab: int, att: int, dfn: int,
            die: int) -> Sentence:
    """An attack begins."""
    by = sentinel(sentinel_index) if sentinel_index >= 0 else sentinel_card(drone)
    return Sentence("{prisoner} is attacked by {attacker} on {ability}: {dfn} against {att}; "
                    "the orange die shows {die}",
                    {"attacker": by, "prisoner": prisoner(p), "ability": ability(ab),
                     "att": att, "dfn": dfn, "die": die})


def attack_called_off(p: int) -> Sentence:
    """An attack is cancelled."""
    return Sentence("the attack on {prisoner} is called off", {"prisoner": prisoner(p)})


def attack_settled(p: int, sentinel_index: int, drone: int, mine: int, theirs: int,
                   die: int, red: int) -> Sentence:
    """An attack's result."""
    by = sentinel(sentinel_index) if sentinel_index >= 0 else sentinel_card(drone)
    won = mine > theirs
    return Sentence("{prisoner} {mine} against {theirs} (orange die {die}, red die {red}): "
                    "won by {winner}",
                    {"prisoner": prisoner(p), "mine": mine, "theirs": theirs, "die": die,
                     "red": red, "winner": prisoner(p) if won else by})


def sentinel_home(i: int) -> Sentence:
    """A sentinel goes back to the System board."""
    return Sentence("{sentinel} is sent back to the System board", {"sentinel": sentinel(i)})


def played(i: int, k: int, target: str) -> Sentence:
    """A seat plays an Escape card (``target``: a prisoner id, a sentinel id or '')."""
    args: dict[str, Ref | str | int] = {"seat": who(i), "card": escape_card(k)}
    if not target:
        return Sentence("{seat} plays {card}", args)
    if target.startswith(SENTINEL_PREFIX):
        args["target"] = sentinel(sentinel_number(target))
    else:
        args["target"] = prisoner(PRISONER_INDEX[target])
    return Sentence("{seat} plays {card} on {target}", args)


def rerolled(old: int, new: int, by_card: int = -1, by_seat: int = -1) -> Sentence:
    """A die rolled again, by a card or by a seat's R."""
    args: dict[str, Ref | str | int] = {"old": old, "new": new}
    if by_card >= 0:
        args["card"] = escape_card(by_card)
        return Sentence("{card}: the die is rolled again and shows {new} (it showed {old})",
                        args)
    args["seat"] = who(by_seat)
    return Sentence("{seat} uses an R: the die is rolled again and shows {new} (it showed "
                    "{old})", args)


def peeked(i: int, ab: int) -> Sentence:
    """Private: a sentinel's symbol (Camera Feed)."""
    return Sentence("the symbol under {sentinel} is {ability}",
                    {"sentinel": sentinel(i), "ability": ability(ab)})


def looked_at(i: int, b: int) -> Sentence:
    """A seat looks at a building tile."""
    return Sentence("{seat} looks at the tile of {place}", {"seat": who(i), "place": space(b)})


def saw_tile(b: int, t: int) -> Sentence:
    """Private: what a building tile shows (Blueprints)."""
    return Sentence("the tile of {place} shows {tile}", {"place": space(b), "tile": tile(t)})


def rolled_back(row: int, ab: int) -> Sentence:
    """Rollback: a System tile goes back."""
    return Sentence("the last {row} System tile ({ability}) goes back under the last System "
                    "stack", {"row": thing(ROW_IDS[row], ROW_IDS[row]), "ability": ability(ab)})


def new_turn(turn: int, i: int) -> Sentence:
    """A turn begins."""
    return Sentence("turn {turn}: {seat} to play", {"turn": turn, "seat": who(i)})


# -- the end --------------------------------------------------------------------------------


def outcome_detail(lockdown: bool, anyone_escaped: bool, winners: Sequence[int]) -> str:
    """The outcome in words."""
    if not anyone_escaped:
        why = ("the prison is fully operational before anyone escaped" if lockdown
               else "no prisoner is left on the island and none escaped")
        return f"{why}: the prison wins"
    why = ("the security system is fully operational" if lockdown
           else "no prisoner is left on the island")
    names = listing([seat_name(w) for w in winners])
    return f"{why}; {names} win{'s' if len(winners) == 1 else ''}"


# -- the public contract ------------------------------------------------------------------------

DECISION_KEYS: Mapping[str, str] = {
    "turn": "the active player's turn: move a prisoner or start a Run, play own-turn "
            "cards, then end the turn",
    "draw": "which Escape deck to draw a card from (or, when offered, whether to draw)",
    "discard": "which Escape card to discard (a Run punishment)",
    "tunnel": "whether a prisoner that found the tunnel goes down to the tunnel space",
    "extra_move": "where a prisoner goes with a card's extra steps, or whether it stays",
    "assign": "the Run leader: who takes the Run card's challenge, with which ability",
    "punish": "the Run leader: which participant suffers a failed challenge's punishment",
    "place_sentinel": "on which free red start space a new sentinel goes",
    "move_sentinel": "which sentinel moves where (a Sentinel card, or a card's move)",
    "attack_target": "which prisoner a sentinel or a drone swarm attacks",
    "look": "which face-down building tile to look at (Blueprints)",
    "rollback": "which coloured row gives back its last System tile (Rollback)",
    "react": "in an attack, a Run or after a Sentinel card: play a card, use an R, or pass",
}
"""Every decision key, with what it decides."""

EVENT_KINDS: Mapping[str, str] = {
    "turn": "a new turn begins",
    "draw": "a seat draws an Escape card from a deck (which card is private)",
    "drawn": "private to the drawer: the Escape card drawn",
    "no_draw": "a seat declines an offered draw",
    "discard": "a seat discards an Escape card",
    "play": "a seat plays an Escape card, perhaps on a prisoner or a sentinel",
    "reroll": "a die is rolled again (an R or a card)",
    "stay": "a prisoner sneaks 0 steps and stays where it is",
    "move": "a prisoner moves (also a card's extra move)",
    "building": "a building's tile is turned face up",
    "run_tile": "a Run tile is turned face up",
    "tunnel": "a prisoner goes down the tunnel to the tunnel space",
    "cell_block": "a prisoner goes back to the main cell block",
    "eliminated": "a prisoner is out of the game",
    "run_start": "a Run starts: its leader, place, participants and cards dealt",
    "run_card": "a Run card is turned up",
    "skipped": "a Run card counts as passed (skipped by a card)",
    "challenge": "the leader assigns a challenge and the die is rolled",
    "challenge_result": "a challenge is passed or failed",
    "saved": "a failed challenge's punishment is cancelled",
    "add_red": "red-titled Run cards are shuffled into their deck",
    "extra_card": "more Run cards are dealt to the Run",
    "abort": "the Run is called off",
    "escape": "a Run succeeds: its participants escape",
    "run_over": "a Run fails: nobody escapes",
    "token": "the first successful Run's leader takes the Escape/Run token",
    "reshuffle": "the Sentinel discards become a new pile",
    "sentinel_card": "a Sentinel card is drawn",
    "system_tile": "a System tile goes on the System board",
    "no_sentinel": "a Sentinel card finds no sentinel to place or move",
    "no_target": "a drone swarm finds nobody in the open",
    "place_sentinel": "a sentinel comes onto a red start space",
    "move_sentinel": "a sentinel moves",
    "reveal": "a sentinel is turned over: its symbol shows",
    "attack": "a sentinel or a drone swarm attacks a prisoner",
    "attack_off": "an attack is called off",
    "attack_result": "an attack is settled: the prisoner or the attacker wins",
    "sentinel_home": "a sentinel goes back to the System board",
    "peek": "private to the player: a sentinel's hidden symbol (Camera Feed)",
    "look": "a seat looks at a face-down building tile (Blueprints)",
    "looked": "private to the player: what that building tile shows",
    "rollback": "a coloured row's last System tile goes back under the stacks (Rollback)",
}
"""Every event kind (besides the core's ``game_over``), with what it says."""


def log_entry(event: Any) -> dict[str, Any]:
    """A logged event for views: its kind, its text and its template with references."""
    out: dict[str, Any] = event.to_json()
    out.pop("data", None)
    return out
