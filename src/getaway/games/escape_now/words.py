"""ESCAPE NOW! in words: every prompt, action label, event sentence and outcome.

The only module of the game that composes text a person reads. Cards are
named as printed ("LOGICAL", "LUCKY SHOT"), puzzles by their place in the
room ("puzzle C", "the FINAL puzzle"), puzzle cards by their names ("The Old
Radio"), questions by their text. A hand that belongs to a seat is that seat
(``words.seat``, named by its colour, which the server turns into "Ann
(red)"); the fictional third hand of a two-player game is a thing on the
table, "the fictional blue hand".

Prompts are addressed to the seat that decides, which may be deciding for
the fictional hand ("Your turn: ..." / "The fictional blue hand's turn: ...").

Examples::

    >>> play_label("lucky", "dexterous"), replenish_label(1), replenish_label(0)
    ('play LUCKY SHOT as DEXTEROUS', 'replenish: draw 1 card, then discard one', \
'replenish: draw no cards, then discard one')
    >>> puzzle_name(2), puzzle_name(6), escaped(1)
    ('puzzle C', 'the FINAL puzzle', 'escaped with 1 minute left')
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING

from getaway.core import words
from getaway.core.events import Event
from getaway.core.words import Ref, Sentence, count, listing, upper_first
from getaway.games.escape_now.content import CARD_IDS, COLOURS, CONTENT, SLOTS

if TYPE_CHECKING:
    from getaway.games.escape_now.state import EscapeNowState

NAMES = {c.id: c.name for c in CONTENT.cards}
"""Card id -> the name printed on the card ("lucky" -> "LUCKY SHOT")."""
CARD_NAMES = tuple(NAMES[c] for c in CARD_IDS)
QUESTION_TEXT = {q.id: q.text for q in CONTENT.questions}
PUZZLE_NAMES = {p.id: p.name for p in CONTENT.puzzles}


# -- names and references ------------------------------------------------------------


def puzzle_name(i: int) -> str:
    """``'puzzle C'`` or ``'the FINAL puzzle'`` (``'puzzle #9'`` for a place that does not
    exist, which only an error message about a malformed action may name)."""
    if not 0 <= i < len(SLOTS):
        return f"puzzle #{i}"
    return "the FINAL puzzle" if SLOTS[i] == "FINAL" else f"puzzle {SLOTS[i]}"


@cache
def puzzle(i: int, first: bool = False) -> Ref:
    """A puzzle's place in the room (``first``: it starts a sentence)."""
    name = puzzle_name(i)
    return words.place(i, upper_first(name) if first else name)


def card_name(card: str) -> str:
    """A card kind as printed (an unknown id as given, for error messages)."""
    return NAMES.get(card, card)


def card(card_id: str) -> Ref:
    """A kind of action card, as printed."""
    ref = _CARD_REFS.get(card_id)
    if ref is None:
        ref = words.card(card_id, card_name(card_id))
    return ref


_CARD_REFS = {c: words.card(c, NAMES[c]) for c in NAMES}
"""``card`` of each card id (references are immutable named tuples)."""


def trait(trait_id: str) -> Ref:
    """A trait a card counts as (a LUCKY SHOT's copy)."""
    return words.thing(trait_id, card_name(trait_id))


def fictional_name(colour: str) -> str:
    """The fictional hand of a two-player game: "the fictional blue hand"."""
    return f"the fictional {colour} hand"


def hand_name(s: EscapeNowState, hand: int) -> str:
    """A hand as the game names it: its seat's name (its colour), or the fictional hand."""
    return fictional_name(COLOURS[hand]) if hand == s.fict else s.seat_name(hand)


def hand(s: EscapeNowState, h: int, first: bool = False) -> Ref:
    """A hand in a sentence: its seat, or the fictional hand (a thing, not a seat)."""
    return _hand(s.fict, h, first)


@cache
def _hand(fict: int, h: int, first: bool = False) -> Ref:
    """``hand`` in a game whose fictional hand is ``fict`` (-1: none). A seat is named
    by its colour, as ``EscapeNowState.seat_name`` names it."""
    if h == fict:
        name = fictional_name(COLOURS[h])
        return words.thing(h, upper_first(name) if first else name)
    return words.seat(h, COLOURS[h])


def question(qid: str) -> Ref:
    """A question of the list, by its text."""
    return words.thing(qid, QUESTION_TEXT.get(qid, qid))


def _whose(s: EscapeNowState, h: int) -> str:
    """"your" for the deciding seat's own hand, "the fictional blue hand's" for the other."""
    return f"{fictional_name(COLOURS[h])}'s" if h == s.fict else "your"


# -- action labels (pure: only the action's own fields) ------------------------------------


def place_pawn_label(slot: int) -> str:
    return f"place your pawn on {puzzle_name(slot)}"


def play_label(card_id: str, trait_id: str) -> str:
    if card_id == trait_id:
        return f"play {card_name(card_id)}"
    return f"play {card_name(card_id)} as {card_name(trait_id)}"


def finish_label() -> str:
    return f"play {NAMES['lucky']} to finish the puzzle"


def move_label(slot: int) -> str:
    return f"move to {puzzle_name(slot)} (discard a card)"


def discard_label(card_id: str) -> str:
    return f"discard {card_name(card_id)}"


def replenish_label(n: int) -> str:
    return f"replenish: draw {count(n, 'card')}, then discard one"


def ask_label() -> str:
    return "ask a question (costs the top card of the draw pile)"


def question_label(qid: str) -> str:
    return f'ask: "{QUESTION_TEXT.get(qid, qid)}"'


def answer_label(word: str) -> str:
    return f'answer "{word}"'


def point_label(slot: int) -> str:
    return f'answer "here", pointing at {puzzle_name(slot)}'


# -- prompts (to the seat that decides) --------------------------------------------------------


def start_prompt(s: EscapeNowState, h: int, last: bool) -> str:
    """A hand is offered the start (``last``: everyone passed, it must start)."""
    if last:
        return (f"Nobody volunteered: start the game by placing {_whose(s, h)} pawn on a "
                "face-up puzzle")
    if h == s.fict:
        return (f"Start the game with {fictional_name(COLOURS[h])} by placing its pawn on a "
                "face-up puzzle, or pass")
    return "Start the game by placing your pawn on a face-up puzzle, or pass"


def place_prompt(s: EscapeNowState, h: int) -> str:
    return f"Place {_whose(s, h)} pawn on a face-up puzzle"


def turn_prompt(s: EscapeNowState, h: int) -> str:
    choices = "solve, move, replenish or ask" if s.hands_n > 1 else "solve, move or replenish"
    return f"{upper_first(_whose(s, h))} turn: {choices}"


def move_discard_prompt(s: EscapeNowState, h: int, dest: int) -> str:
    if h == s.fict:
        return (f"Discard one of {fictional_name(COLOURS[h])}'s cards to pay for its move to "
                f"{puzzle_name(dest)}")
    return f"Discard a card to pay for your move to {puzzle_name(dest)}"


def replenish_discard_prompt(s: EscapeNowState, h: int) -> str:
    if h == s.fict:
        return f"Discard one of {fictional_name(COLOURS[h])}'s cards to end its replenish"
    return "Discard a card to end your replenish"


def question_prompt(s: EscapeNowState, h: int) -> str:
    if h == s.fict:
        return f"Choose the question {fictional_name(COLOURS[h])} asks"
    return "Choose the question to ask"


def answer_prompt(qid: str) -> str:
    return f'Answer "{QUESTION_TEXT[qid]}" with one word, or stay silent'


# -- events ------------------------------------------------------------------------------------
#
# Playouts make an event for nearly every decision, so the sentences of the frequent ones
# are made once per distinct subject (``functools.cache`` on the few small values they
# depend on: the fictional hand's number, hands, puzzles, cards, words) and shared by every
# event that says the same. A sentence is never changed once made; each event's ``data``
# stays its own dict.


def pass_start(s: EscapeNowState, h: int) -> Event:
    return Event.said("pass_start", _pass_start(s.fict, h), {"hand": h})


@cache
def _pass_start(fict: int, h: int) -> Sentence:
    return Sentence("{hand} lets another hand start", {"hand": _hand(fict, h)})


def place_pawn(s: EscapeNowState, h: int, slot: int, first: bool) -> Event:
    return Event.said("place_pawn", _place_pawn(s.fict, h, slot, first),
                      {"hand": h, "puzzle": slot, "starter": first})


@cache
def _place_pawn(fict: int, h: int, slot: int, first: bool) -> Sentence:
    template = ("{hand} starts the game on {puzzle}" if first else
                "{hand} places a pawn on {puzzle}")
    return Sentence(template, {"hand": _hand(fict, h), "puzzle": puzzle(slot)})


def play(s: EscapeNowState, h: int, slot: int, card_id: str, counted_as: str | None,
         attempt: int) -> Event:
    """A card placed by a puzzle; ``counted_as`` is the trait (None: a LUCKY SHOT finish)."""
    return Event.said("play", _play(s.fict, h, slot, card_id, counted_as),
                      {"hand": h, "puzzle": slot, "attempt": attempt, "card": card_id,
                       "as": counted_as if counted_as is not None else "finish"})


@cache
def _play(fict: int, h: int, slot: int, card_id: str, counted_as: str | None) -> Sentence:
    args: dict[str, Ref | str | int] = {"hand": _hand(fict, h), "card": card(card_id),
                                        "puzzle": puzzle(slot)}
    if counted_as is None:
        template = "{hand} plays a {card} and finishes {puzzle}"
    elif counted_as != card_id:
        template = "{hand} plays {card} as {trait} on {puzzle}"
        args["trait"] = trait(counted_as)
    else:
        template = "{hand} plays {card} on {puzzle}"
    return Sentence(template, args)


def play_recalled(s: EscapeNowState, h: int, slot: int, attempt: int,
                  seats: tuple[int, ...] | None) -> Event:
    """A play read back once its card lies face down (the expert rule): "a card"."""
    return Event.said("play", Sentence("{hand} plays a card on {puzzle}",
                                       {"hand": hand(s, h), "puzzle": puzzle(slot)}),
                      {"hand": h, "puzzle": slot, "attempt": attempt}, seats)


def solved(slot: int, cards: int) -> Event:
    return Event.said("solved", _solved(slot), {"puzzle": slot, "cards": cards})


@cache
def _solved(slot: int) -> Sentence:
    return Sentence("{puzzle} is solved", {"puzzle": puzzle(slot, True)})


def revealed(slot: int, puzzle_ids: list[str]) -> Event:
    """A face-down puzzle turns face up, showing its card (the FINAL, its two)."""
    args: dict[str, Ref | str | int] = {"puzzle": puzzle(slot, True)}
    slots = []
    for k, pid in enumerate(puzzle_ids):
        args[f"card{k}"] = words.card(pid, PUZZLE_NAMES[pid])
        slots.append(f"{{card{k}}}")
    template = f"{{puzzle}} turns face up: {listing(slots)}"
    return Event.said("revealed", Sentence(template, args),
                      {"puzzle": slot, "card": puzzle_ids[0], "cards": list(puzzle_ids)})


def draw(s: EscapeNowState, h: int, n: int) -> Event:
    return Event.said("draw", _draw(s.fict, h, n), {"hand": h, "count": n})


@cache
def _draw(fict: int, h: int, n: int) -> Sentence:
    return Sentence("{hand} draws {cards}",
                    {"hand": _hand(fict, h), "cards": words.amount(n, "card")})


def drawn(s: EscapeNowState, h: int, got: list[str], seat: int) -> Event:
    """What a hand drew, told to the seat that holds it only."""
    return Event.said("drawn", _drawn(tuple(got), h if h == s.fict else -1),
                      {"hand": h, "cards": got}, seats=(seat,))


@lru_cache(maxsize=2048)
def _drawn(got: tuple[str, ...], fictional: int) -> Sentence:
    """``drawn``'s sentence for the cards in the order drawn, drawn for the ``fictional``
    hand (-1: for the seat's own). At most 5 are drawn at once (the hand limit), so the
    orders of up to 3 cards, most draws, stay here; a cache of them all would hold 9,330."""
    n = len(got)
    template = (_YOU_DRAW[n] if n < len(_YOU_DRAW)
                else f"you draw {listing([f'{{card{k}}}' for k in range(n)])}")
    args: dict[str, Ref | str | int] = {f"card{k}": card(c) for k, c in enumerate(got)}
    if fictional >= 0:
        template += " for {hand}"
        args["hand"] = _hand(fictional, fictional)
    return Sentence(template, args)


_YOU_DRAW = tuple(f"you draw {listing([f'{{card{k}}}' for k in range(n)])}" for n in range(8))
"""The template of ``drawn`` by how many cards were drawn."""


def discarded(s: EscapeNowState, h: int) -> Event:
    return Event.said("discard", _discarded(s.fict, h), {"hand": h})


@cache
def _discarded(fict: int, h: int) -> Sentence:
    return Sentence("{hand} discards a card", {"hand": _hand(fict, h)})


def moved(s: EscapeNowState, h: int, src: int, dest: int) -> Event:
    return Event.said("move", _moved(s.fict, h, src, dest), {"hand": h, "from": src, "to": dest})


@cache
def _moved(fict: int, h: int, src: int, dest: int) -> Sentence:
    return Sentence("{hand} discards a card and moves from {src} to {dest}",
                    {"hand": _hand(fict, h), "src": puzzle(src), "dest": puzzle(dest)})


def abandoned(slot: int, n: int) -> Event:
    template = ("nobody is left on {puzzle}: its card goes to the discard pile" if n == 1 else
                "nobody is left on {puzzle}: its {cards} go to the discard pile")
    return Event.said("abandoned", Sentence(template, {"puzzle": puzzle(slot),
                                                       "cards": words.amount(n, "card")}),
                      {"puzzle": slot, "cards": n})


def asked(s: EscapeNowState, h: int, qid: str) -> Event:
    return Event.said("question", _asked(s.fict, h, qid), {"hand": h, "question": qid})


@cache
def _asked(fict: int, h: int, qid: str) -> Sentence:
    return Sentence('{hand} pays a minute and asks: "{question}"',
                    {"hand": _hand(fict, h), "question": question(qid)})


def answered(s: EscapeNowState, h: int, word: str, pointed: int | None) -> Event:
    """An answer: a word, "here" with the puzzle pointed at, or silence (``word == ""``)."""
    return Event.said("answer", _answered(s.fict, h, word, pointed), {"hand": h, "answer": word})


@cache
def _answered(fict: int, h: int, word: str, pointed: int | None) -> Sentence:
    args: dict[str, Ref | str | int] = {"hand": _hand(fict, h)}
    if pointed is not None:
        template = '{hand} answers "here", pointing at {puzzle}'
        args["puzzle"] = puzzle(pointed)
    elif word == "":
        template = "{hand} stays silent"
    else:
        template = '{hand} answers "{word}"'
        args["word"] = word
    return Sentence(template, args)


# -- outcomes ------------------------------------------------------------------------------------


def escaped(minutes: int) -> str:
    return f"escaped with {count(minutes, 'minute')} left"


def time_up(s: EscapeNowState, h: int) -> str:
    name = (fictional_name(COLOURS[h]) if h == s.fict
            else f"the {s.seat_name(h)} hand")
    return f"time is up: {name} has no cards and the draw pile is empty"


# -- what the decisions and events are (the public contract) ------------------------------------

DECISION_KEYS = {
    "start": "a hand may volunteer to start by placing its pawn on a face-up puzzle, or pass "
             "(when every hand has passed, the first must start)",
    "place_pawn": "where a hand places its pawn at the start, after the starter",
    "turn": "the action of the hand whose turn it is: solve, move, replenish or ask",
    "move_discard": "the card a moving hand discards to pay for its move",
    "replenish_discard": "the card a hand discards after replenishing",
    "question": "the question the asking hand asks",
    "answer": "each other hand answers the question with one allowed word, or stays silent",
}

EVENT_KINDS = {
    "pass_start": "a hand lets another hand start",
    "place_pawn": "a hand's pawn goes onto a face-up puzzle at the start (the first starts "
                  "the game)",
    "play": 'a card goes beside the puzzle of the acting hand (read back as "a card" once it '
            "lies face down under the expert rule)",
    "solved": "a puzzle is solved",
    "revealed": "a face-down puzzle turns face up",
    "draw": "a hand draws cards from the draw pile (how many)",
    "drawn": "the cards drawn, told only to the seat holding the hand",
    "discard": "a hand discards a card after replenishing",
    "move": "a hand discards a card and moves its pawn to another puzzle",
    "abandoned": "the cards of a puzzle nobody is left on go to the discard pile",
    "question": "a hand pays a minute and asks a question",
    "answer": "a hand answers the question, or stays silent",
}

