"""A heuristic ESCAPE NOW! agent that plays from its view alone.

Every turn costs the team one card of the sixty, so the agent tries to make
each turn a placement and to waste as few cards as possible. Its habits, in
order:

* **Solve.** If a card fits its pawn's puzzle it places one: a missing trait
  first (so that a LUCKY SHOT can finish), otherwise the card the rest of the
  room needs least. A LUCKY SHOT finishes the final whenever it can, and a
  single puzzle as soon as that saves a card -- two cards when the deck holds
  fewer LUCKY SHOTs (solo, or the 'hard' option), unless nothing else fits --
  but is not spent as a puzzle's last card while the pile lasts. LUCKY SHOTs
  are not hoarded for the final: a card held back blocks a hand slot for the
  whole game. A LUCKY SHOT stands in for a missing trait when the hand holds
  enough of them to finish on its own, once the draw pile is empty, and on the
  final puzzle when it misses one trait that the hand cannot give while
  another LUCKY SHOT may still be about (whoever holds it can then finish).
* **Move.** Otherwise it walks to the visible puzzle where its cards would
  place the most, counting only the share the hands already standing there
  are likely to leave it (they play first). Leaving a puzzle that is still
  open needs a better promise, the more so with four hands or more, and it
  never abandons a puzzle that holds cards when nobody else stands on it.
  Standing on a solved puzzle with a spare card and a single puzzle open, it
  walks there before drawing (the next replenish then draws one card more).
* **Replenish.** Otherwise it draws as many cards as it may: drawing one card
  at a time near the end only burns the pile. But it leaves enough in the pile
  for every other hand to reach two cards (three with four hands or more), so
  that nobody faces an empty hand and an empty pile, which loses at once.
* **Discard.** It throws away the card the room needs least: cards for its
  (next) puzzle are kept first, then cards for the other visible puzzles, then
  cards for the face-down ones; spare copies of a trait count for little, and
  a LUCKY SHOT goes only when nothing else can. Ties are broken in a trait
  order that differs from hand to hand, so that the hands do not all throw
  away the same trait.
* **Start.** A hand volunteers to start when its cards fit a visible puzzle
  well, and every hand picks the puzzle its cards fit best, allowing for the
  hands already there.

It never asks a question (none is needed to win) and answers every question
honestly, for the hand it is answering for.
"""

from __future__ import annotations

import random
from typing import Any

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.decisions import Pass
from getaway.games.escape_now.actions import (
    Answer,
    Ask,
    Discard,
    Finish,
    MoveTo,
    PlacePawn,
    Play,
    Point,
    Question,
    Replenish,
)
from getaway.games.escape_now.content import CONTENT, TRAITS
from getaway.games.escape_now.state import EscapeNowState
from getaway.games.escape_now.views import SeatView

LUCKY = "lucky"
View = dict[str, Any]
Hand = dict[str, Any]
Puzzle = dict[str, Any]
Cards = dict[str, int]

# Solving: a LUCKY SHOT finishes a single puzzle with at least this many cards left
# (more when the deck holds fewer LUCKY SHOTs: solo, or the 'hard' option).
FINISH_MIN = 2
FINISH_MIN_SCARCE = 3
# Moving: a move must promise this many placements; leaving an open puzzle must
# promise more, and more again with four hands or more.
MOVE_MIN = 0.7
STAY_BONUS = 0.5
STAY_BONUS_MANY = 1.0
# Sharing a puzzle: chance that a hand already there places before our next turn,
# and how strongly the cards left after that are shared with it.
P_OTHER = 0.7
SHARE_K = 0.8
# Card values (higher: keep). A card for the focus puzzle is worth 10 or more.
W_STORE = 2.0  # per other visible puzzle that can take the card
W_STORE_MISS = 1.0  # ... which still misses its trait
W_HIDDEN = 0.3  # per face-down puzzle card expected to show the trait
W_DUP = 2.5  # less for every further copy in hand
W_LUCKY = 50.0
# Breaking ties between equally useful cards: the trait order is turned by this
# much per hand, so that the hands do not all discard the same trait.
TIE_TURN = 2
START_MIN = 3.0  # volunteer to start with at least this good a fit
SUPPLY = 0.45  # cards per card held that a hand standing on a puzzle gives it
# Replenishing: leave enough in the pile for every other hand to reach this many
# cards (one more with four hands or more).
KEEP_FOR_OTHERS = 2


class HeuristicAgent(Agent):
    """Rule-of-thumb play; see the module docstring."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        s = obs._state
        assert isinstance(s, EscapeNowState)
        v = SeatView(s, obs.seat)  # the seat's view, each part built when first read
        legal = list(obs.legal)
        kinds = {type(a) for a in legal}
        pending = v.get("pending") or {}
        if pending.get("key") == "answer" or Answer in kinds or Point in kinds:
            return _answer(v, legal)
        me = _acting_hand(v)
        if PlacePawn in kinds:
            return _start(v, legal, me)
        if Discard in kinds:
            focus = pending.get("puzzle", me["pawn"])  # a move's destination, else here
            worst = _worst_card(v, dict(me.get("cards", {})), focus, me["hand"])
            return next((a for a in legal if isinstance(a, Discard) and a.card == worst),
                        legal[0])
        if Question in kinds:
            return legal[0]  # never reached: the agent does not ask
        return _turn(v, legal, me)


# -- reading the view -------------------------------------------------------------


def _acting_hand(v: View) -> Hand:
    """The hand this seat decides for now (its own, or the fictional one it holds)."""
    pending = v.get("pending") or {}
    if pending.get("key") in ("turn", "move_discard", "replenish_discard",
                              "question") and v.get("turn") is not None:
        return v["hands"][v["turn"]]  # type: ignore[no-any-return]
    if pending.get("key") in ("start", "place_pawn"):  # the start decisions name the hand
        return v["hands"][pending["hand"]]  # type: ignore[no-any-return]
    for h in v["hands"]:
        if h["seat"] == v["seat"]:
            return h  # type: ignore[no-any-return]
    return v["hands"][0]  # type: ignore[no-any-return]


def _rem(p: Puzzle) -> int:
    """Cards still to place on ``p`` (without a LUCKY SHOT finish)."""
    return int(p["needed"]) - len(p["placed"])


def _missing(p: Puzzle) -> list[str]:
    return [t for t in p["traits"] if t not in p["present"]]


def _cap(p: Puzzle, t: str) -> int:
    """How many more cards of trait ``t`` puzzle ``p`` can take."""
    if t not in p["traits"]:
        return 0
    others = sum(1 for m in _missing(p) if m != t)
    return max(0, _rem(p) - others)


def _open(v: View) -> list[Puzzle]:
    return [p for p in v["puzzles"] if p["visible"] and not p["solved"]]


def _fit(p: Puzzle, cards: Cards) -> float:
    """How many of ``cards`` could go on ``p`` (a LUCKY SHOT counts once)."""
    if not p["visible"] or p["solved"]:
        return 0.0
    rem = _rem(p)
    lucky = cards.get(LUCKY, 0)
    uncovered = sum(1 for t in _missing(p) if not cards.get(t, 0))
    real = sum(min(cards.get(t, 0), _cap(p, t)) for t in p["traits"])
    n = min(real, rem - max(0, uncovered - lucky)) + (1 if lucky else 0)
    return float(max(0, min(n, rem)))


def _share(v: View, p: Puzzle, me: int) -> float:
    """Cards of ``p`` likely left for this hand if it joins the hands already there:
    each of them may place once before our next turn, then the rest is shared."""
    others = sum(1 for h in p["pawns"] if h != me and v["hands"][h]["size"] > 0)
    first = min(others, _rem(p)) * P_OTHER
    return max(0.0, _rem(p) - first) / (1 + SHARE_K * others)


def _supply(v: View, p: Puzzle, me: int) -> float:
    """Cards the other hands on ``p`` are expected to give it."""
    return SUPPLY * sum(int(v["hands"][h]["size"]) for h in p["pawns"] if h != me)


def _hidden_weight(v: View) -> dict[str, float]:
    """Expected number of face-down puzzle cards that show each trait."""
    seen: set[str] = set()
    hidden = 0
    for p in v["puzzles"]:
        if p["visible"]:
            seen.update(c["id"] for c in p["cards"])
        else:
            hidden += 2 if p["final"] else 1
    key = (frozenset(seen), hidden)
    out = _HIDDEN_WEIGHT.get(key)
    if out is None:
        rest = [c for c in CONTENT.puzzles if c.id not in seen]
        out = dict.fromkeys(TRAITS, 0.0)
        for c in rest:
            for t in c.traits:
                out[t] += hidden / len(rest)
        if len(_HIDDEN_WEIGHT) < 50_000:
            _HIDDEN_WEIGHT[key] = out
    return dict(out)


_HIDDEN_WEIGHT: dict[tuple[frozenset[str], int], dict[str, float]] = {}
"""``_hidden_weight`` by the puzzle cards seen and the face-down cards (read only)."""


# -- keeping and discarding ---------------------------------------------------------


def _card_values(v: View, cards: Cards, focus: int | None,
                 base: dict[str, float] | None = None) -> dict[str, float]:
    """The value of the last copy of each kind of card held (higher: keep); ``base`` is
    ``_base_values(v, cards)``, when the caller has it already."""
    out = dict(_base_values(v, cards) if base is None else base)
    fp = v["puzzles"][focus] if focus is not None else None
    if fp is None or fp["solved"] or not fp["visible"]:
        return out
    for k, n in cards.items():
        if n and k != LUCKY and _cap(fp, k) >= n:  # every copy can go on the focus puzzle
            out[k] = 10.0 + (2.0 if k in _missing(fp) else 0.0) - 0.1 * n
    return out


def _base_values(v: View, cards: Cards) -> dict[str, float]:
    """``_card_values`` without a focus puzzle: what each kind held is worth to the room."""
    out: dict[str, float] = {}
    hidden = _hidden_weight(v)
    puzzles = _open(v)
    for k, n in cards.items():
        if not n:
            continue
        if k == LUCKY:
            out[k] = W_LUCKY
            continue
        val = 0.0
        for p in puzzles:
            cap = _cap(p, k)
            if cap:
                w = W_STORE + (W_STORE_MISS if k in _missing(p) else 0.0)
                val += w if n <= cap else 0.3 * w
        out[k] = val + W_HIDDEN * hidden[k] - W_DUP * (n - 1)
    return out


def _worst_card(v: View, cards: Cards, focus: int | None, hand: int,
                base: dict[str, float] | None = None) -> str:
    """The card to throw away (ties broken in a trait order turned per hand)."""
    vals = _card_values(v, cards, focus, base)
    return min(vals, key=lambda k: (round(vals[k], 6), _TIE_ORDER[hand % len(_KINDS)][k]))


_KINDS = (*TRAITS, LUCKY)
_TIE_ORDER = tuple({k: (i - hand * TIE_TURN) % len(_KINDS) for i, k in enumerate(_KINDS)}
                   for hand in range(len(_KINDS)))
"""The order in which each hand breaks ties between equally useful cards."""


# -- the start ------------------------------------------------------------------------


def _start(v: View, legal: list[Action], me: Hand) -> Action:
    """Volunteer to start with a good fit; place the pawn where the cards fit best."""
    cards = me.get("cards", {})
    best, best_score = None, -99.0
    for a in legal:
        if not isinstance(a, PlacePawn):
            continue
        p = v["puzzles"][a.puzzle]
        score = min(_fit(p, cards), max(0.5, _rem(p) - _supply(v, p, me["hand"])))
        score += 0.3 * sum(1 for t in _missing(p) if cards.get(t, 0))
        if score > best_score:
            best, best_score = a, score
    if any(isinstance(a, Pass) for a in legal) and best_score < START_MIN:
        return next(a for a in legal if isinstance(a, Pass))
    return best if best is not None else legal[0]


# -- a turn -----------------------------------------------------------------------------


def _turn(v: View, legal: list[Action], me: Hand) -> Action:
    cards: Cards = dict(me.get("cards", {}))
    here = v["puzzles"][me["pawn"]]
    play = _choose_play(v, here, cards, [a for a in legal if isinstance(a, (Play, Finish))])
    if play is not None:
        return play
    moves = {a.puzzle: a for a in legal if isinstance(a, MoveTo)}
    target = _move_target(v, me, cards)
    if target is None and here["solved"]:
        target = _idle_target(v, me, cards)
    if target is not None and target in moves:
        return moves[target]
    reps = [a for a in legal if isinstance(a, Replenish)]
    if reps:
        return _replenish(v, me, reps)
    lucky_as = [a for a in legal if isinstance(a, Play)]
    if lucky_as:
        return lucky_as[0]
    if moves:
        return next(iter(moves.values()))
    rest = [a for a in legal if not isinstance(a, Ask)]
    return (rest or legal)[0]


def _lucky_total(v: View) -> int:
    """LUCKY SHOTs in the deck: 2 solo, 3 or 4 with the 'hard' option, else 5."""
    if v["players"] == 1:
        return 2
    if v["options"].get("hard"):
        return 4 if v["players"] == 4 else 3
    return 5


def _luckies_elsewhere(v: View, cards: Cards) -> int:
    """LUCKY SHOTs neither in this hand nor seen on a puzzle (another hand's, in the
    pile, or discarded)."""
    placed = sum(1 for p in v["puzzles"] if p["visible"]
                 for c in p["placed"] if c["card"] == LUCKY)
    return max(0, _lucky_total(v) - placed - cards.get(LUCKY, 0))


def _choose_play(v: View, p: Puzzle, cards: Cards, plays: list[Action]) -> Action | None:
    """The card to place on this hand's puzzle, or None to do something else."""
    if not plays:
        return None
    rem = _rem(p)
    missing = _missing(p)
    luckies = cards.get(LUCKY, 0)
    fin = next((a for a in plays if isinstance(a, Finish)), None)
    least = FINISH_MIN if _lucky_total(v) >= 5 else FINISH_MIN_SCARCE
    if fin is not None and (p["final"] or rem >= least or (rem >= 2 and luckies >= 2)):
        return fin
    real = [a for a in plays if isinstance(a, Play) and a.card != LUCKY]
    if p["final"] and len(missing) == 1 and luckies and rem >= 3 \
            and not any(isinstance(a, Play) and a.trait in missing for a in real) \
            and _luckies_elsewhere(v, cards):
        # the final misses one trait nobody here can give: stand in for it, so that
        # any other LUCKY SHOT can finish
        return next(a for a in plays if isinstance(a, Play) and a.trait in missing)
    if real:
        vals = _card_values(v, cards, None)  # what each card is worth elsewhere
        pool = [a for a in real if a.trait in missing] or real
        return min(pool, key=lambda a: vals.get(a.card, 0.0) if isinstance(a, Play) else 0.0)
    late = v["draw_pile"] == 0
    if fin is not None and (rem >= 2 or late):
        return fin
    for a in plays:  # a LUCKY SHOT as a trait, when this hand can finish on its own
        if isinstance(a, Play) and a.trait in missing and (late or luckies > len(missing)):
            return a
    return None


def _move_target(v: View, me: Hand, cards: Cards) -> int | None:
    """The visible puzzle worth paying a card to walk to, if any."""
    if me["size"] < 2:
        return None  # the card paid would be the last one
    here = v["puzzles"][me["pawn"]]
    if here["pawns"] == [me["hand"]] and not here["solved"] and here["placed"]:
        return None  # never throw away the cards placed here
    stay = STAY_BONUS if len(v["hands"]) <= 3 else STAY_BONUS_MANY
    best, best_score = None, MOVE_MIN + (0.0 if here["solved"] else stay) - 1e-9
    base = _base_values(v, cards)
    for p in _open(v):
        if p["index"] == me["pawn"]:
            continue
        rest = dict(cards)
        rest[_worst_card(v, cards, p["index"], me["hand"], base)] -= 1
        f = _fit(p, rest)
        if f <= 0:
            continue
        score = min(f, _share(v, p, me["hand"]))
        score += 0.5 * sum(1 for t in _missing(p) if rest.get(t, 0))
        if score > best_score:
            best, best_score = p["index"], score
    return best


def _idle_target(v: View, me: Hand, cards: Cards) -> int | None:
    """Standing on a solved puzzle with nothing that fits and a single puzzle open:
    walk there now if a card can be spared, and draw there (with one card fewer in
    hand, the next replenish draws one card more)."""
    puzzles = _open(v)
    if len(puzzles) != 1 or me["size"] < 1:
        return None
    p = puzzles[0]
    worst = _worst_card(v, cards, p["index"], me["hand"])
    if worst == LUCKY or _cap(p, worst) or _rem(p) - _supply(v, p, me["hand"]) <= 1.0:
        return None
    return int(p["index"])


def _replenish(v: View, me: Hand, reps: list[Replenish]) -> Action:
    """Draw as many cards as allowed, but leave the others enough to go on with."""
    want = 5 - me["size"]
    keep = KEEP_FOR_OTHERS + (1 if len(v["hands"]) >= 4 else 0)
    short = sum(max(0, keep - h["size"]) for h in v["hands"] if h["hand"] != me["hand"])
    if v["draw_pile"] - want < short:
        want = max(1, v["draw_pile"] - short)
    return max((a for a in reps if a.draw <= want), key=lambda a: a.draw, default=reps[0])


# -- answering ----------------------------------------------------------------------------


def _answering_hand(v: View) -> Hand:
    """The hand whose answer this seat gives now: the first hand after the asker that
    has not answered yet and that this seat decides for."""
    q = v["questions"][-1]
    answered = {a["hand"] for a in q["answers"]}
    n = len(v["hands"])
    for k in range(1, n):
        h = v["hands"][(q["asker"] + k) % n]
        if h["hand"] in answered:
            continue
        controller = v.get("fictional_holder") if h["fictional"] else h["seat"]
        if controller == v["seat"]:
            return h  # type: ignore[no-any-return]
    return _acting_hand(v)


def _answer(v: View, legal: list[Action]) -> Action:
    """An honest one-word answer to the last question (silence when none fits)."""
    silent = next(a for a in legal if isinstance(a, Pass))
    if not v["questions"]:
        return silent
    me = _answering_hand(v)
    q = v["questions"][-1]["question"]
    cards: Cards = me.get("cards", {})
    words = {a.word: a for a in legal if isinstance(a, Answer)}
    if q.startswith("who-"):
        return words.get("me" if cards.get(q[4:], 0) else "no", silent)
    if q == "most-colour":
        colours = dict(zip(TRAITS, ("green", "blue", "yellow", "purple", "red"), strict=True))
        held = [t for t in TRAITS if cards.get(t, 0)]
        if not held:
            return silent
        return words.get(colours[max(held, key=lambda t: cards[t])], silent)
    asker = v["hands"][v["questions"][-1]["asker"]]
    asker_puzzle = v["puzzles"][asker["pawn"]] if asker["pawn"] is not None else None
    if q in ("can-help", "should-move") and asker_puzzle is not None:
        helps = _fit(asker_puzzle, cards) >= 1
        if q == "can-help":
            return words.get("yes" if helps else "no", silent)
        return words.get("no" if helps else "yes", silent)
    points = {a.puzzle: a for a in legal if isinstance(a, Point)}
    if points:
        if q == "heading":  # where this hand will work next: its puzzle, or its move target
            here = v["puzzles"][me["pawn"]] if me["pawn"] is not None else None
            target = me["pawn"] if here is not None and not here["solved"] else \
                _move_target(v, me, cards)
        else:  # where the asker should go: the open puzzle these cards fit best
            scores = {i: _fit(v["puzzles"][i], cards) for i in points}
            target = max(scores, key=lambda i: scores[i]) if scores else None
        if target is not None and target in points:
            return points[target]
    return silent
