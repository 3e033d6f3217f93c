"""Runs: escaping by swimming, by boat, by air or through the tunnel.

At the start of its turn a player may start a Run with a prisoner that stood
on a Run location when the turn began: a Run space whose Run tile is not set
aside (the tile's number of cards), a revealed helicopter pad (4 Air Run
cards) or the tunnel space (3 Tunnel Run cards). A boat or air Run (a
helicopter pad too) needs the leader to hold a card that starts it; the card
is spent. Every prisoner on that location takes part. The deck of the method
is shuffled and the cards are dealt face down (all it holds, if it is short;
an empty deck allows no Run).

Each card in turn: turned up (Improvise may skip it); the leader assigns one
or two participants and the ability; one die is added to their Escape scores;
reactions (R re-roll once if a contributing prisoner has an R in a used
ability, bonus cards, re-roll cards, Glitch); at least the target succeeds.
A failure may be saved by Plan B or Take the Blow, else its punishments
follow (the leader picks a victim where one is needed). Whoever is still in
the Run after the last card escapes. Revealed cards are set aside (or
shuffled back when the card says so); cards never turned up go back into the
deck; the Run tile of a Run space is set aside, so that space hosts no other
Run (helipads and tunnels can be used again). The first successful Run gives
its leader the Escape/Run token.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from getaway.core.actions import Action
from getaway.core.decisions import Decision
from getaway.core.events import Event
from getaway.games.alcatraz_2034.actions import ASSIGN, CHOOSE, START_RUN, Assign, Choose
from getaway.games.alcatraz_2034.cards import FAIL, ROLL, SKIP
from getaway.games.alcatraz_2034.common import (
    push_discard,
    reveal_system_tile,
    to_cell_block,
)
from getaway.games.alcatraz_2034.model import PunishmentKind, Who
from getaway.games.alcatraz_2034.scoring import check_island
from getaway.games.alcatraz_2034.state import AlcatrazState, ChallengeResult, Run
from getaway.games.alcatraz_2034.tables import (
    ABILITY_IDS,
    AIR,
    BOAT,
    BUILDING_SLOT,
    ESC_INDEX,
    ESCAPED,
    FACE_DOWN,
    FACE_UP,
    HELIPAD_CARDS,
    HELIPAD_TILE,
    METHOD_IDS,
    OUT,
    PRISONER_INDEX,
    RT_CARDS,
    RUN_METHOD_OF_SLOT,
    RUN_SLOT,
    RUNC,
    RUNC_ABILITIES,
    RUNC_BACK,
    RUNC_SUM,
    SET_ASIDE,
    SPACE_IDS,
    START_METHOD,
    TUNNEL,
    TUNNEL_CARDS,
    TUNNEL_RUN,
)
from getaway.games.alcatraz_2034.windows import open_window
from getaway.games.alcatraz_2034.words import (
    ABORTED,
    RUN_FAILED,
    assign_prompt,
    challenge_settled,
    challenge_taken,
    eliminated,
    escaped,
    extra_cards,
    punish_prompt,
    red_added,
    run_card_turned,
    run_started,
    saved,
    skipped,
    took_token,
)


def run_site(s: AlcatrazState, space: int) -> tuple[int, int, int]:
    """(method, cards, Run space slot) of a Run location, or (-1, 0, -1) if it is none."""
    slot = RUN_SLOT[space]
    if slot >= 0:
        if s.run_tile_state[slot] == SET_ASIDE:
            return -1, 0, -1
        return RUN_METHOD_OF_SLOT[slot], RT_CARDS[s.run_tile[slot]], slot
    if space == TUNNEL:
        return TUNNEL_RUN, TUNNEL_CARDS, -1
    b = BUILDING_SLOT[space]
    if b >= 0 and s.building_up >> b & 1 and s.building_tile[b] == HELIPAD_TILE:
        return AIR, HELIPAD_CARDS, -1
    return -1, 0, -1


def legal_runs(s: AlcatrazState, seat: int) -> list[Action]:
    """Every Run ``seat`` may start now (one per start card it could spend)."""
    out: list[Action] = []
    held = set(s.hands[seat])
    for p in s.seat_prisoners[seat]:
        x = s.pos[p]
        if x < 0 or s.since[p] >= s.turn:
            continue
        method, _, _ = run_site(s, x)
        if method < 0 or not s.run_pile[method]:
            continue
        table = START_RUN[p]
        if method in (BOAT, AIR):
            out.extend(table[k] for k in sorted(held) if START_METHOD[k] == method)
        else:
            out.append(table[-1])
    return out


def start_run(s: AlcatrazState, p: int, card: str, events: list[Event]) -> None:
    """The active player starts a legal Run with prisoner ``p`` (spending ``card``)."""
    seat = s.cur
    where = s.pos[p]
    method, n, slot = run_site(s, where)
    if card:
        s.discard_escape(seat, ESC_INDEX[card])
    if slot >= 0 and s.run_tile_state[slot] == FACE_DOWN:
        s.run_tile_state[slot] = FACE_UP
    members = [q for q in range(len(s.pos)) if s.pos[q] == where]
    pile = s.run_pile[method]
    s.rng.shuffle(pile)
    dealt = [pile.pop() for _ in range(min(n, len(pile)))]
    dealt.reverse()  # the first card dealt is the first turned up (last in the list)
    s.run = Run(seat, p, where, method, slot, members, dealt)
    s.acted = True
    s.say(events, "run_start", run_started(seat, method, where, ESC_INDEX[card] if card else -1,
                                           members, len(dealt)),
          {"seat": seat, "method": METHOD_IDS[method], "space": SPACE_IDS[where],
           "prisoners": members, "cards": len(dealt)})
    s.stack.append(RUN_NEXT)


class RunNext(Decision):
    """Turn up the next Run card, or end the Run (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        r = s.run
        assert r is not None
        if r.aborted or not r.members:
            end_run(s, events, False)
            return
        if not r.dealt:
            end_run(s, events, True)
            return
        c = r.dealt.pop()
        r.shown.append(c)
        r.card = c
        r.rollers, r.abil = (), ()
        r.base = r.die = r.bonus = 0
        r.r_left, r.r_owners = False, 0
        r.skipped = r.saved = False
        card = RUNC[c]
        s.say(events, "run_card", run_card_turned(c), {"card": card.id, "target": card.target})
        s.stack.append(AFTER_REVEAL)
        open_window(s, SKIP)


RUN_NEXT = RunNext()


class AfterReveal(Decision):
    """After the skip window: the leader assigns the challenge, unless it was skipped."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        r = s.run
        assert r is not None
        if r.skipped:
            s.say(events, "skipped", skipped(r.card), {"card": RUNC[r.card].id})
            s.stack.append(RUN_NEXT)
        else:
            s.stack.append(ASSIGN_CHOICE)


AFTER_REVEAL = AfterReveal()


def assignments(s: AlcatrazState) -> list[Action]:
    """The leader's choices for the current card: who takes it, with which ability."""
    r = s.run
    assert r is not None
    c = r.card
    abilities = (-1,) if RUNC_SUM[c] else RUNC_ABILITIES[c]
    members = sorted(r.members)
    out: list[Action] = []
    for a in members:
        for ab in abilities:
            out.append(ASSIGN[a, -1, ab])
    if RUNC[c].prisoners >= 2:
        for i, a in enumerate(members):
            for b in members[i + 1:]:
                for ab in abilities:
                    out.append(ASSIGN[a, b, ab])
    return out


class AssignChoice(Decision):
    """The leader assigns the current challenge; then the die is rolled."""

    key: ClassVar[str] = "assign"

    __slots__ = ()

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        assert s.run is not None
        return (s.run.leader,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return assignments(s)

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Assign)
        s.stack.pop()
        r = s.run
        assert r is not None
        c = r.card
        rollers = (PRISONER_INDEX[action.first],) + (
            (PRISONER_INDEX[action.second],) if action.second else ())
        abil = RUNC_ABILITIES[c] if not action.ability else (ABILITY_IDS.index(action.ability),)
        r.rollers, r.abil = rollers, abil
        r.base = sum(s.score[q][a] for q in rollers for a in abil)
        amask = sum(1 << a for a in abil)
        owners = 0
        for q in rollers:
            if s.rmask[q] & amask:
                owners |= 1 << s.owner[q]
        r.r_owners, r.r_left = owners, bool(owners)
        r.die = s.roll()
        s.say(events, "challenge", challenge_taken(rollers, c, abil, r.base, r.die),
              {"prisoners": list(rollers), "abilities": [ABILITY_IDS[a] for a in abil],
               "base": r.base, "die": r.die, "target": RUNC[c].target})
        s.stack.append(RESOLVE_CHALLENGE)
        open_window(s, ROLL)

    def prompt(self, s: AlcatrazState) -> str:
        assert s.run is not None
        return assign_prompt(s.run.card)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        assert s.run is not None
        return {**Decision.describe(self, s), "seat": s.run.leader,
                "card": RUNC[s.run.card].id}


ASSIGN_CHOICE = AssignChoice()


def challenge_total(s: AlcatrazState) -> int:
    """The current challenge's result: Escape scores, the die and the cards played."""
    r = s.run
    assert r is not None
    return r.base + r.die + r.bonus


class ResolveChallenge(Decision):
    """Compare the result with the card's target (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        r = s.run
        assert r is not None
        card = RUNC[r.card]
        total = challenge_total(s)
        ok = total >= card.target
        s.last_result = ChallengeResult(r.card, r.rollers, r.abil, r.base, r.die, total, ok)
        s.say(events, "challenge_result", challenge_settled(r.card, total, r.die, ok),
              {"card": card.id, "total": total, "target": card.target, "passed": ok})
        if ok:
            s.stack.append(RUN_NEXT)
        else:
            s.stack.append(APPLY_PUNISHMENT)
            open_window(s, FAIL)


RESOLVE_CHALLENGE = ResolveChallenge()


class ApplyPunishment(Decision):
    """Carry out a failed card's punishments, unless a card saved it (automatic)."""

    __slots__ = ()
    automatic: ClassVar[bool] = True

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        r = s.run
        assert r is not None
        s.stack.append(RUN_NEXT)
        if r.saved:
            s.say(events, "saved", saved(r.card), {"card": RUNC[r.card].id})
            return
        for k in range(len(RUNC[r.card].fail) - 1, -1, -1):
            s.stack.append(Punish(k))


APPLY_PUNISHMENT = ApplyPunishment()


def hit(s: AlcatrazState, q: int, kind: PunishmentKind, events: list[Event]) -> None:
    """Punish participant ``q``: back to the cell block, or out of the game."""
    r = s.run
    assert r is not None
    if q in r.members:
        r.members.remove(q)
    if kind is PunishmentKind.ELIMINATE:
        s.pos[q] = OUT
        s.marker[q] = 0
        s.say(events, "eliminated", eliminated(q), {"prisoner": q})
    else:
        to_cell_block(s, q, events, caught=False)


@dataclass(frozen=True, slots=True)
class Punish(Decision):
    """Punishment number ``k`` of the failed card (automatic)."""

    automatic: ClassVar[bool] = True
    k: int

    def run(self, s: AlcatrazState, events: list[Event]) -> None:
        r = s.run
        assert r is not None
        card = RUNC[r.card]
        pun = card.fail[self.k]
        kind = pun.kind
        if kind in (PunishmentKind.CELL_BLOCK, PunishmentKind.ELIMINATE):
            if pun.who is Who.ONE:
                if len(r.members) > 1:
                    s.stack.append(PickPunished(tuple(sorted(r.members)), kind))
                    return
                victims = list(r.members)
            elif pun.who is Who.ALL:
                victims = list(r.members)
            else:
                victims = [q for q in r.rollers if q in r.members]
            for q in reversed(victims):
                hit(s, q, kind, events)
        elif kind is PunishmentKind.DISCARD_ESCAPE:
            for q in reversed(r.rollers):
                push_discard(s, s.owner[q], pun.count)
        elif kind is PunishmentKind.SYSTEM_TILE:
            reveal_system_tile(s, events)
        elif kind is PunishmentKind.ADD_RED:
            m = r.method
            n = len(s.run_aside[m])
            s.run_pile[m].extend(s.run_aside[m])
            s.run_aside[m].clear()
            s.rng.shuffle(s.run_pile[m])
            s.say(events, "add_red", red_added(m, n), {"method": METHOD_IDS[m], "cards": n})
        elif kind is PunishmentKind.EXTRA_CARD:
            pile = s.run_pile[r.method]
            n = min(pun.count, len(pile))
            for _ in range(n):
                r.dealt.insert(0, pile.pop())
            s.say(events, "extra_card", extra_cards(n), {"cards": n})
        else:  # ABORT
            r.aborted = True
            s.say(events, "abort", ABORTED)


@dataclass(frozen=True, slots=True)
class PickPunished(Decision):
    """The leader picks the participant who suffers the punishment."""

    key: ClassVar[str] = "punish"

    candidates: tuple[int, ...]
    kind: PunishmentKind

    def seats(self, s: AlcatrazState) -> tuple[int, ...]:
        assert s.run is not None
        return (s.run.leader,)

    def legal(self, s: AlcatrazState, seat: int) -> Sequence[Action]:
        return [CHOOSE[p] for p in self.candidates]

    def choose(self, s: AlcatrazState, seat: int, action: Action, events: list[Event]) -> None:
        assert isinstance(action, Choose)
        s.stack.pop()
        hit(s, PRISONER_INDEX[action.prisoner], self.kind, events)

    def prompt(self, s: AlcatrazState) -> str:
        return punish_prompt(self.kind is PunishmentKind.ELIMINATE)

    def describe(self, s: AlcatrazState) -> dict[str, Any]:
        return {**Decision.describe(self, s), "candidates": list(self.candidates)}


def end_run(s: AlcatrazState, events: list[Event], success: bool) -> None:
    """Finish the Run: escapes, the token, the cards and the Run tile."""
    r = s.run
    assert r is not None
    s.run = None
    if success:
        for q in r.members:
            s.pos[q] = ESCAPED
            s.points[s.owner[q]] += 1
            s.escaped += 1
        s.say(events, "escape", escaped(r.members), {"prisoners": list(r.members)})
        if s.token < 0:
            s.token = r.leader
            s.say(events, "token", took_token(r.leader), {"seat": r.leader})
    else:
        s.say(events, "run_over", RUN_FAILED)
    pile = s.run_pile[r.method]
    for c in r.shown:
        if RUNC_BACK[c]:
            pile.append(c)
        else:
            s.run_out.append(c)
    pile.extend(r.dealt)
    s.rng.shuffle(pile)
    if r.slot >= 0:
        s.run_tile_state[r.slot] = SET_ASIDE
    check_island(s, events)

