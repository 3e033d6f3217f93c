"""A heuristic ESCAPE NOW! agent that plays from its view alone.

Its habits, in order: place a card on its own puzzle when one fits (a missing
trait first, a LUCKY SHOT to finish when that saves cards -- always on the
final puzzle); otherwise walk to the visible puzzle where its hand helps most;
otherwise replenish, drawing fewer cards near the end so that the others can
still draw. It discards the card the room needs least, never asks questions,
and answers every question honestly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
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
from getaway.games.escape_now.content import TRAITS

LUCKY = "lucky"


class HeuristicAgent(Agent):
    """Rule-of-thumb play; see the module docstring."""

    name = "heuristic"

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        v = obs.view
        legal = list(obs.legal)
        kinds = {type(a) for a in legal}
        me = _my_hand(v)
        if PlacePawn in kinds:
            return self._start(v, legal, me)
        if Discard in kinds:
            return min((a for a in legal if isinstance(a, Discard)),
                       key=lambda a: _usefulness(v, me, a.card))
        if Answer in kinds or Point in kinds or (Pass in kinds and len(kinds) <= 3):
            return _answer(v, legal, me)
        if Question in kinds:
            return legal[0]
        return self._turn(v, legal, me)

    def _start(self, v: dict[str, Any], legal: list[Action], me: dict[str, Any]) -> Action:
        cards = me.get("cards", {})
        best, best_score = None, -1.0
        for a in legal:
            if not isinstance(a, PlacePawn):
                continue
            p = v["puzzles"][a.puzzle]
            score = _fit(p, cards) - 0.5 * len(p["pawns"])
            if score > best_score:
                best, best_score = a, score
        if any(isinstance(a, Pass) for a in legal) and best_score < 3:
            return next(a for a in legal if isinstance(a, Pass))
        return best if best is not None else legal[0]

    def _turn(self, v: dict[str, Any], legal: list[Action], me: dict[str, Any]) -> Action:
        cards: dict[str, int] = me.get("cards", {})
        plays = [a for a in legal if isinstance(a, (Play, Finish))]
        if plays:
            return _best_play(v, me, plays)
        moves = {a.puzzle: a for a in legal if isinstance(a, MoveTo)}
        reps = [a for a in legal if isinstance(a, Replenish)]
        here = v["puzzles"][me["pawn"]]
        alone = here["pawns"] == [me["hand"]]
        abandon = len(here["placed"]) if alone and not here["solved"] else 0
        target = _best_target(v, cards, me["pawn"])
        move = moves.get(target) if target is not None else None
        if move is not None and abandon and me["size"] < 4 and reps:
            move = None  # rather draw than throw away the cards placed here
        if move is not None and (me["size"] >= 3 or not reps):
            return move
        if reps:
            want = 5 - me["size"]
            hands = len(v["hands"])
            if v["draw_pile"] < 4 * hands:  # near the end: leave cards for the others
                want = min(want, max(1, v["draw_pile"] // hands))
            return max((a for a in reps if a.draw <= want), key=lambda a: a.draw,
                       default=reps[0])
        if move is not None:
            return move
        if moves:
            return next(iter(moves.values()))
        rest = [a for a in legal if not isinstance(a, Ask)]
        return (rest or legal)[0]


def _my_hand(v: dict[str, Any]) -> dict[str, Any]:
    """The hand this seat decides for now (its own, or the fictional one it holds)."""
    pending = v.get("pending") or {}
    for h in v["hands"]:
        if "cards" in h and h["name"] in pending.get("prompt", ""):
            return h  # type: ignore[no-any-return]
    for h in v["hands"]:
        if h["seat"] == v["seat"]:
            return h  # type: ignore[no-any-return]
    return v["hands"][0]  # type: ignore[no-any-return]


def _remaining(p: dict[str, Any]) -> int:
    return int(p["needed"]) - len(p["placed"])


def _fit(p: dict[str, Any], cards: dict[str, int]) -> float:
    """How many cards of ``cards`` could go on puzzle ``p`` (0 if it is not open)."""
    if not p["visible"] or p["solved"]:
        return 0.0
    useful = sum(cards.get(t, 0) for t in p["traits"]) + cards.get(LUCKY, 0)
    missing = [t for t in p["traits"] if t not in p["present"]]
    covers = sum(1 for t in missing if cards.get(t, 0))
    return min(useful, _remaining(p)) + 0.5 * covers


def _best_target(v: dict[str, Any], cards: dict[str, int], here: int) -> int | None:
    best, score = None, 0.0
    for p in v["puzzles"]:
        if p["index"] == here or not p["visible"] or p["solved"]:
            continue
        s = _fit(p, cards) - 0.1 * _remaining(p)
        if s > score:
            best, score = p["index"], s
    return best


def _best_play(v: dict[str, Any], me: dict[str, Any], plays: Sequence[Action]) -> Action:
    p = v["puzzles"][me["pawn"]]
    cards = me.get("cards", {})
    remaining = _remaining(p)
    missing = [t for t in p["traits"] if t not in p["present"]]
    luckies = cards.get(LUCKY, 0)
    for a in plays:
        if isinstance(a, Finish) and (p["final"] or remaining >= 3
                                      or (remaining >= 2 and luckies >= 2)):
            return a
    real = [a for a in plays if isinstance(a, Play) and a.card != LUCKY]
    for a in real:
        if a.trait in missing:
            return a
    if real:
        return max(real, key=lambda a: cards.get(a.card, 0))
    lucky = [a for a in plays if isinstance(a, Play)]
    for a in lucky:
        if a.trait in missing and (remaining == 1 or p["final"]):
            return a
    fin = [a for a in plays if isinstance(a, Finish)]
    if fin and remaining >= 2:
        return fin[0]
    return lucky[0] if lucky else plays[0]


def _usefulness(v: dict[str, Any], me: dict[str, Any], card: str) -> float:
    """How much the open puzzles need a card of this kind (LUCKY SHOTs most)."""
    if card == LUCKY:
        return 100.0
    score = 0.0
    cards = me.get("cards", {})
    pending = v.get("pending") or {}
    focus = pending.get("puzzle", me["pawn"])
    for p in v["puzzles"]:
        if p["solved"]:
            continue
        if not p["visible"]:
            score += 0.3  # face-down puzzles need every trait eventually
            continue
        if card in p["traits"]:
            weight = 2.0 if card not in p["present"] else 1.0
            if p["index"] == focus:
                weight *= 2
            score += weight
    return score - 0.2 * float(cards.get(card, 0))


def _answer(v: dict[str, Any], legal: list[Action], me: dict[str, Any]) -> Action:
    """An honest one-word answer to the last question (silence when none fits)."""
    q = v["questions"][-1]["question"] if v["questions"] else ""
    cards: dict[str, int] = me.get("cards", {})
    words = {a.word: a for a in legal if isinstance(a, Answer)}
    silent = next(a for a in legal if isinstance(a, Pass))
    if q.startswith("who-"):
        kind = q[4:]
        return words["me"] if cards.get(kind, 0) else words.get("no", silent)
    if q == "most-colour" and cards:
        colours = dict(zip(TRAITS, ("green", "blue", "yellow", "purple", "red"), strict=True))
        best = max((t for t in TRAITS if cards.get(t, 0)), key=lambda t: cards[t], default=None)
        return words.get(colours[best], silent) if best else silent
    asker = v["questions"][-1]["asker"]
    asker_puzzle = v["puzzles"][v["hands"][asker]["pawn"]]
    if q == "can-help":
        return words["yes"] if _fit(asker_puzzle, cards) >= 1 else words["no"]
    if q == "should-move":
        return words["no"] if _fit(asker_puzzle, cards) >= 1 else words["yes"]
    points = {a.puzzle: a for a in legal if isinstance(a, Point)}
    if points:
        target = _best_target(v, cards, -1)
        return points.get(target if target is not None else -1, silent)
    return silent
