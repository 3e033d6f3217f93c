"""ESCAPE NOW! rules: the decisions of a game and what each choice does.

Flow: the start offer goes around the hands (each may volunteer to start by
placing its pawn, or pass; if all pass, hand 0 must start); the other hands
then place their pawns clockwise from the starter; then turns go clockwise
from the starter, each turn exactly one of solve / move / replenish / ask.
Move, replenish and ask continue with a sub-decision (the card to discard,
the question) and a question with the answers of every other hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import compress
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import PASS, Decision, Simultaneous
from getaway.core.errors import IllegalAction
from getaway.core.events import Event
from getaway.core.state import Outcome
from getaway.core.words import listing
from getaway.games.escape_now import words
from getaway.games.escape_now.actions import (
    ANSWER,
    ASK,
    DISCARD,
    FINISH,
    LUCKY_AS,
    MOVE,
    PLACE,
    PLAY,
    POINT,
    QUESTION,
    REPLENISH,
    SPACE,
    Answer,
    Discard,
    MoveTo,
    PlacePawn,
    Play,
    Point,
    Question,
    Replenish,
)
from getaway.games.escape_now.content import CARD_IDS, COLOURS, CONTENT, TRAITS
from getaway.games.escape_now.state import FINISHED, LUCKY, POPCOUNT, EscapeNowState
from getaway.games.escape_now.words import CARD_NAMES as NAMES
from getaway.games.escape_now.words import puzzle_name as slot_name

CARD_INDEX = {c: i for i, c in enumerate(CARD_IDS)}
ANSWERS = {q.id: q.answers for q in CONTENT.questions}
HAND_LIMIT = 5
ALONE = tuple((seat,) for seat in range(len(COLOURS)))
"""``(seat,)`` for each seat: what ``seats()`` returns when one seat decides (made once)."""


class Reason(StrEnum):
    """Why the game ended (``Outcome.reason``)."""

    ESCAPED = "escaped"
    TIME_UP = "time_up"


def _describe(d: Decision, s: EscapeNowState) -> dict[str, Any]:
    """``{"key", "prompt"}`` of a decision, for views (clients dispatch on the key)."""
    return {"key": d.key, "prompt": d.prompt(s)}


# -- start of the game ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class StartOffer(Decision):
    """Hand ``hand`` may volunteer to start by placing its pawn, or pass."""

    key: ClassVar[str] = "start"
    hand: int
    last: bool = False  # everyone passed: this hand must start

    def seats(self, s: EscapeNowState) -> tuple[int, ...]:
        return ALONE[s.controller(self.hand)]

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        acts: list[Action] = [PLACE[i] for i in range(len(PLACE)) if s.visible >> i & 1]
        if not self.last:
            acts.append(PASS)
        return acts

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        s.stack.pop()
        hand = self.hand
        touched(s, hand)
        if action is PASS:
            events.append(words.pass_start(s, hand))
            nxt = hand + 1
            if nxt < s.hands_n:
                s.stack.append(StartOffer(nxt))
            else:
                s.stack.append(StartOffer(0, last=True))
            return
        assert isinstance(action, type(PLACE[0]))
        place_pawn(s, hand, action.puzzle, events, first=True)
        s.starter = hand
        order = tuple((hand + k) % s.hands_n for k in range(1, s.hands_n))
        if order:
            s.stack.append(PlaceRest(order))
        else:
            begin_turns(s)

    def prompt(self, s: EscapeNowState) -> str:
        return words.start_prompt(s, self.hand, self.last)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": self.hand}


@dataclass(frozen=True, slots=True)
class PlaceRest(Decision):
    """The other hands place their pawns, clockwise from the starter."""

    key: ClassVar[str] = "place_pawn"
    order: tuple[int, ...]

    def seats(self, s: EscapeNowState) -> tuple[int, ...]:
        return ALONE[s.controller(self.order[0])]

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        return [PLACE[i] for i in range(len(PLACE)) if s.visible >> i & 1]

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        hand = self.order[0]
        assert isinstance(action, type(PLACE[0]))
        place_pawn(s, hand, action.puzzle, events, first=False)
        touched(s, hand)
        if len(self.order) > 1:
            s.stack[-1] = PlaceRest(self.order[1:])
        else:
            s.stack.pop()
            begin_turns(s)

    def prompt(self, s: EscapeNowState) -> str:
        return words.place_prompt(s, self.order[0])

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": self.order[0]}


def place_pawn(s: EscapeNowState, hand: int, slot: int, events: list[Event], first: bool) -> None:
    """Put a hand's pawn on a slot at the start."""
    s.pawns[hand] = slot
    events.append(words.place_pawn(s, hand, slot, first))


def begin_turns(s: EscapeNowState) -> None:
    """The starter takes the first turn."""
    s.cur = s.starter
    s.stack.append(TURN)


def touched(s: EscapeNowState, hand: int) -> None:
    """Two-player rule: an action involving the fictional hand passes it to the other player."""
    if hand == s.fict:
        s.holder ^= 1


# -- the turn ---------------------------------------------------------------


class ByCurrentHand(Decision):
    """A decision of the hand whose turn it is: its seat's, or the fictional hand's holder's
    (``EscapeNowState.controller``, written out: every decision of a turn asks it twice)."""

    __slots__ = ()

    def seats(self, s: EscapeNowState) -> tuple[int, ...]:
        h = s.cur
        return ALONE[s.holder if h == s.fict else h]


class Turn(ByCurrentHand):
    """The hand ``s.cur`` takes one action: solve, move, replenish or ask."""

    __slots__ = ()
    key: ClassVar[str] = "turn"

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        h = s.cur
        hand = s.hands[h]
        size = s.sizes[h]
        p = s.pawns[h]
        left = len(s.pile)
        acts: tuple[Action, ...] = ()
        if size:
            if not s.solved >> p & 1:
                key = (s.masks[p], s.present[p], s.need[p] - len(s.placed[p]) - 1)
                traits = _PLAYABLE.get(key)
                if traits is None:
                    traits = _PLAYABLE[key] = _playable(*key)
                lucky = hand[LUCKY]
                plays: list[Action] = []
                for t in traits:
                    if hand[t]:
                        plays.append(PLAY[t])
                    if lucky:
                        plays.append(LUCKY_AS[t])
                if lucky and key[1] == key[0]:
                    plays.append(FINISH)
                acts = tuple(plays)
            moves = _MOVES.get((s.visible, p))
            if moves is None:
                vis = s.visible
                moves = _MOVES[vis, p] = tuple(MOVE[q] for q in range(len(MOVE))
                                               if vis >> q & 1 and q != p)
            acts += moves
        if size <= HAND_LIMIT:
            return acts + _LAST[s.hands_n > 1][size][min(left, HAND_LIMIT)]
        return acts + _last(s.hands_n > 1, size, left)  # a hand built above the limit

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        h = s.cur
        kind = type(action)
        s.lacked[h], s.drew[h] = _lacking(s, h, action), 0
        if kind is Play:
            assert isinstance(action, Play)
            t = TRAITS.index(action.trait)
            play_card(s, h, CARD_INDEX[action.card], t, events)
        elif action is FINISH:
            play_card(s, h, LUCKY, FINISHED, events)
        elif kind is MoveTo:
            assert isinstance(action, MoveTo)
            s.stack.append(MOVE_DISCARD[action.puzzle])
            return
        elif kind is Replenish:
            assert isinstance(action, Replenish)
            draw(s, h, action.draw, events)
            s.drew[h] = action.draw
            s.stack.append(REPLENISH_DISCARD)
            return
        else:  # ASK
            card = s.pile.pop()
            s.discard[card] += 1
            s.stack.append(CHOOSE_QUESTION)
            return
        if s._outcome is None:
            next_turn(s, events)

    def prompt(self, s: EscapeNowState) -> str:
        return words.turn_prompt(s, s.cur)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": s.cur}


def _lacking(s: EscapeNowState, h: int, action: Action) -> int:
    """The traits hand ``h`` shows it holds no card of by taking ``action`` now, if it
    plays the game's own strategy (the heuristic): that places a card whenever one fits
    its puzzle, and one of a trait the puzzle still misses when it has one. So a move or
    a replenish away from an unsolved puzzle shows none that fits; a card placed of a
    trait already there shows none of the missing ones. A mask over the traits (0: no
    such sign). The puzzle and the action are public: anyone could work this out."""
    p = s.pawns[h]
    kind = type(action)
    if s.solved >> p & 1 or kind not in (MoveTo, Replenish, Play):
        return 0
    mask = 0
    for t in _playable(s.masks[p], s.present[p], s.need[p] - len(s.placed[p]) - 1):
        mask |= 1 << t
    if kind is Play:
        assert isinstance(action, Play)
        missing = s.masks[p] & ~s.present[p]
        if action.card == CARD_IDS[LUCKY] or missing >> TRAITS.index(action.trait) & 1:
            return 0
        return mask & missing
    return mask


def _last(others: bool, size: int, left: int) -> tuple[Action, ...]:
    """The last choices of a turn: replenish by each number the hand limit and the draw
    pile allow (at least 1 with an empty hand), then ask if a card is left to pay with and
    ``others`` could answer."""
    return (REPLENISH[0 if size else 1: min(HAND_LIMIT - size, left) + 1]
            + ((ASK,) if left and others else ()))


TURN = Turn()
_LAST = tuple(tuple(tuple(_last(others, size, left) for left in range(HAND_LIMIT + 1))
                    for size in range(HAND_LIMIT + 1))
              for others in (False, True))
"""``_last`` by its arguments, for hands within the limit (cards left beyond what the limit
lets a hand draw count as the limit)."""
_MOVES: dict[tuple[int, int], tuple[Action, ...]] = {}
"""The moves of a turn by (visible slots, the pawn's slot)."""
_PLAYABLE: dict[tuple[int, int, int], tuple[int, ...]] = {}
"""``_playable`` by its arguments."""


def _playable(mask: int, present: int, room: int) -> tuple[int, ...]:
    """The traits a card may count as on a puzzle needing ``mask``, with ``present``
    among its placed cards and ``room`` places left after this card: each needed trait
    that leaves room for the traits still missing."""
    return tuple(t for t in range(5)
                 if mask & 1 << t and POPCOUNT[mask & ~(present | 1 << t)] <= room)


def play_card(s: EscapeNowState, h: int, card: int, trait: int, events: list[Event]) -> None:
    """Place ``card`` (counted as ``trait``, or finishing) by hand ``h``'s puzzle."""
    p = s.pawns[h]
    s.hands[h][card] -= 1
    s.sizes[h] -= 1
    s.placed[p] = (*s.placed[p], (card, trait))
    if trait == FINISHED:
        done = True
    else:
        s.present[p] |= 1 << trait
        done = len(s.placed[p]) >= s.need[p]
    events.append(words.play(s, h, p, CARD_IDS[card], TRAITS[trait] if trait >= 0 else None,
                             s.attempts[p]))
    if done:
        solve(s, p, events)


def recall_play(s: EscapeNowState, event: Event) -> Event:
    """A ``play`` event as read back under ``expert``: a card of a solved puzzle is "a card".

    The cards of a solved puzzle lie face down in the discard pile, so the
    players must remember them: ``"red plays TENACIOUS on puzzle B"`` (or
    ``"... plays a LUCKY SHOT and finishes puzzle B"``) becomes ``"red plays a
    card on puzzle B"``, with ``card`` and ``as`` gone from its data. A card
    played in an earlier attempt on that puzzle (``attempt`` below the
    puzzle's count of abandonments) went to the discard pile when the puzzle
    was abandoned, in every mode, and is read back whole, as without
    ``expert``. An event without ``attempt`` is redacted once its puzzle is
    solved.
    """
    d = event.data
    p, h = d.get("puzzle"), d.get("hand")
    if not (isinstance(p, int) and isinstance(h, int) and 0 <= p < len(s.attempts)
            and 0 <= h < s.hands_n and s.solved >> p & 1
            and d.get("attempt", s.attempts[p]) == s.attempts[p]):
        return event
    return words.play_recalled(s, h, p, s.attempts[p], event.seats)


def solve(s: EscapeNowState, p: int, events: list[Event]) -> None:
    """Mark a puzzle solved, reveal what it unlocks, and check for the escape."""
    s.solved |= 1 << p
    events.append(words.solved(p, len(s.placed[p])))
    if s.expert:  # advanced rule: the placed cards go face down onto the discard pile
        for card, _ in s.placed[p]:
            s.discard[card] += 1
        s.placed[p] = ()
    if p == s.layout.final:
        minutes = s.minutes_left()
        n = s.config.players
        s.finish(Outcome(tuple(range(n)), (float(minutes),) * n, Reason.ESCAPED,
                         words.escaped(minutes)), events)
        return
    for q, slot in enumerate(s.layout.slots):
        if not s.visible >> q & 1 and slot.after and all(s.solved >> a & 1 for a in slot.after):
            s.visible |= 1 << q
            shown = [s.cards[q], s.aside[0]] if q == s.layout.final else [s.cards[q]]
            events.append(words.revealed(q, [CONTENT.puzzles[c].id for c in shown]))


def draw(s: EscapeNowState, h: int, n: int, events: list[Event]) -> None:
    """Hand ``h`` draws ``n`` cards from the top of the pile."""
    hand = s.hands[h]
    pile = s.pile
    got = []
    for _ in range(n):
        card = pile.pop()
        hand[card] += 1
        got.append(CARD_IDS[card])
    s.sizes[h] += n
    events.append(words.draw(s, h, n))
    if n:
        events.append(words.drawn(s, h, got, s.controller(h)))


def discard(s: EscapeNowState, h: int, card: int) -> None:
    """Hand ``h`` discards one ``card`` face down."""
    s.hands[h][card] -= 1
    s.sizes[h] -= 1
    s.discard[card] += 1


def discards(s: EscapeNowState, h: int) -> tuple[Action, ...]:
    """The discard choices of hand ``h`` (one per kind of card it holds)."""
    return tuple(compress(DISCARD, s.hands[h]))


def next_turn(s: EscapeNowState, events: list[Event]) -> None:
    """End the current hand's action and pass the turn clockwise; check for time up."""
    touched(s, s.cur)
    s.turns += 1
    h = s.cur = (s.cur + 1) % s.hands_n
    if not s.sizes[h] and not s.pile:
        n = s.config.players
        s.finish(Outcome((), (0.0,) * n, Reason.TIME_UP, words.time_up(s, h)), events)


@dataclass(frozen=True, slots=True)
class MoveDiscard(ByCurrentHand):
    """Moving to ``dest``: choose the card to discard."""

    key: ClassVar[str] = "move_discard"
    dest: int

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        return discards(s, s.cur)

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        assert isinstance(action, Discard)
        s.stack.pop()
        h = s.cur
        discard(s, h, CARD_INDEX[action.card])
        src = s.pawns[h]
        s.pawns[h] = self.dest
        events.append(words.moved(s, h, src, self.dest))
        if not s.solved >> src & 1 and s.placed[src] and src not in s.pawns:
            n = len(s.placed[src])
            for card, _ in s.placed[src]:
                s.discard[card] += 1
            s.placed[src] = ()
            s.present[src] = 0
            s.attempts[src] += 1
            events.append(words.abandoned(src, n))
        next_turn(s, events)

    def prompt(self, s: EscapeNowState) -> str:
        return words.move_discard_prompt(s, s.cur, self.dest)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": s.cur, "puzzle": self.dest}


MOVE_DISCARD = tuple(MoveDiscard(dest) for dest in range(len(MOVE)))
"""The ``MoveDiscard`` frame of each destination (frames are immutable values, so shared)."""


class ReplenishDiscard(ByCurrentHand):
    """After drawing: choose the card to discard."""

    __slots__ = ()
    key: ClassVar[str] = "replenish_discard"

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        return discards(s, s.cur)

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        assert isinstance(action, Discard)
        s.stack.pop()
        discard(s, s.cur, CARD_INDEX[action.card])
        events.append(words.discarded(s, s.cur))
        next_turn(s, events)

    def prompt(self, s: EscapeNowState) -> str:
        return words.replenish_discard_prompt(s, s.cur)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": s.cur}


REPLENISH_DISCARD = ReplenishDiscard()


class ChooseQuestion(ByCurrentHand):
    """The asker picks one question from the allowed list."""

    __slots__ = ()
    key: ClassVar[str] = "question"

    def legal(self, s: EscapeNowState, seat: int) -> Sequence[Action]:
        return QUESTION

    def choose(self, s: EscapeNowState, seat: int, action: Action,
               events: list[Event]) -> None:
        assert isinstance(action, Question)
        s.stack.pop()
        h = s.cur
        s.qa = (*s.qa, (h, action.question, ()))
        events.append(words.asked(s, h, action.question))
        s.stack.append(asking(s.hands_n, h, action.question))

    def prompt(self, s: EscapeNowState) -> str:
        return words.question_prompt(s, s.cur)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hand": s.cur}


CHOOSE_QUESTION = ChooseQuestion()


@dataclass(frozen=True, slots=True, kw_only=True)
class Answers(Simultaneous):
    """Every other hand may answer the question with one allowed word, or stay silent."""

    key: ClassVar[str] = "answer"
    asker: int
    question: str

    def controller(self, s: EscapeNowState, party: int) -> int:
        return s.controller(party)

    # Without a fictional hand every hand is its own seat's: the two lookups below need
    # no controller then (``Simultaneous``'s general ones are named, as a slotted
    # dataclass cannot call ``super()``).

    def seats(self, s: EscapeNowState) -> tuple[int, ...]:
        return self.pending if s.fict < 0 else Simultaneous.seats(self, s)

    def party_of(self, s: EscapeNowState, seat: int) -> int:
        if s.fict < 0 and seat in self.pending:
            return seat
        return Simultaneous.party_of(self, s, seat)

    def options(self, s: EscapeNowState, party: int) -> Sequence[Action]:
        return answer_options(s, self.question)

    def take(self, s: EscapeNowState, party: int, action: Action, events: list[Event]) -> None:
        word = answer_word(action)
        a, q, ans = s.qa[-1]
        s.qa = (*s.qa[:-1], (a, q, (*ans, (party, word))))
        touched(s, party)
        pointed = action.puzzle if isinstance(action, Point) else None
        events.append(words.answered(s, party, word, pointed))

    def complete(self, s: EscapeNowState, answers: dict[int, Action],
                 events: list[Event]) -> None:
        next_turn(s, events)

    def prompt(self, s: EscapeNowState) -> str:
        return words.answer_prompt(self.question)

    def describe(self, s: EscapeNowState) -> dict[str, Any]:
        return {**_describe(self, s), "hands": list(self.pending), "asker": self.asker,
                "question": self.question}


@cache
def asking(hands: int, asker: int, question: str) -> Answers:
    """The answer round of a question: every other hand, clockwise from the asker (a
    frame is an immutable value, so one per asker and question serves every game)."""
    order = tuple((asker + k) % hands for k in range(1, hands))
    return Answers(order, asker=asker, question=question)


def answer_options(s: EscapeNowState, question: str) -> tuple[Action, ...]:
    """The allowed answers to a question (``here`` expands to every visible puzzle)."""
    acts = _ANSWER_OPTIONS.get((question, s.visible))
    if acts is None:
        found: list[Action] = []
        for w in ANSWERS[question]:
            if w == "here":
                found.extend(POINT[i] for i in range(len(POINT)) if s.visible >> i & 1)
            else:
                found.append(ANSWER[w])
        found.append(PASS)
        acts = _ANSWER_OPTIONS[question, s.visible] = tuple(found)
    return acts


_ANSWER_OPTIONS: dict[tuple[str, int], tuple[Action, ...]] = {}
"""``answer_options`` by question and visible slots."""


def answer_word(action: Action) -> str:
    """The recorded answer: a word, ``here:<slot>``, or ``''`` for silence."""
    if isinstance(action, Answer):
        return action.word
    if isinstance(action, Point):
        return f"here:{action.puzzle}"
    return ""


def explain(s: EscapeNowState, seat: int, action: Action) -> str:
    """Why a well-formed action is not legal now (for error messages)."""
    try:
        action = SPACE.intern(action)  # compare by identity below
    except IllegalAction:
        if not isinstance(action, Replenish):
            return "it is not an action of ESCAPE NOW!"
    top = s.stack[-1] if s.stack else None
    h = s.cur
    if isinstance(top, (StartOffer, PlaceRest)):
        if isinstance(action, PlacePawn) and not s.visible >> action.puzzle & 1:
            return f"{slot_name(action.puzzle)} is face down"
        if action is PASS and isinstance(top, StartOffer):
            return "every hand passed, so this one must start"
    if isinstance(top, Turn):
        hand, p = s.hands[h], s.pawns[h]
        if isinstance(action, Play) or action is FINISH:
            card = CARD_INDEX[action.card] if isinstance(action, Play) else LUCKY
            if not hand[card]:
                return f"this hand holds no {NAMES[card]} card"
            if s.solved >> p & 1:
                return f"{slot_name(p)} is already solved"
            need = [TRAITS[t] for t in range(5) if s.masks[p] >> t & 1]
            if action is FINISH:
                missing = [TRAITS[t] for t in range(5)
                           if s.masks[p] >> t & 1 and not s.present[p] >> t & 1]
                return f"a LUCKY SHOT can finish only once every trait is present; missing: " \
                       f"{listing([words.card_name(m) for m in missing])}"
            assert isinstance(action, Play)
            if action.trait not in need:
                return f"{slot_name(p)} needs only {listing([words.card_name(n) for n in need])}"
            return (f"{slot_name(p)} has {len(s.placed[p])} of {s.need[p]} cards; after this "
                    "card too few places would remain for the traits still missing")
        if isinstance(action, MoveTo):
            if not s.sizes[h]:
                return "moving costs a card and this hand is empty"
            if action.puzzle == p:
                return f"the pawn is already on {slot_name(p)}"
            return f"{slot_name(action.puzzle)} is face down"
        if isinstance(action, Replenish):
            return (f"this hand holds {s.sizes[h]} and the pile {len(s.pile)}: draw between "
                    f"{0 if s.sizes[h] else 1} and {min(HAND_LIMIT - s.sizes[h], len(s.pile))}")
        if action is ASK:
            return "nobody can answer" if s.hands_n == 1 else "the draw pile is empty"
    if isinstance(action, Discard):
        if not isinstance(top, (MoveDiscard, ReplenishDiscard)):
            return "a card is discarded only to pay for a move or after replenishing"
        return f"this hand holds no {NAMES[CARD_INDEX[action.card]]} card"
    if isinstance(action, (Answer, Point)) and isinstance(top, Answers):
        return f'"{answer_word(action)}" is not an allowed answer to this question'
    return ""

