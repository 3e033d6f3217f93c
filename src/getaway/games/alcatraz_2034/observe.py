"""Alcatraz 2034 as numbers: a fixed-length encoding of what one seat may know.

Learning agents (``getaway.rl``) read this list of floats in [0, 1]; it holds
only what ``view(seat)`` holds, so determinizing for the seat never changes
it. Layout, in order (sizes in brackets):

* per Prisoner card, 12 blocks [12 x 113]: dealt, the seat's own, owner
  one-hot (6), on the island / escaped / out (3), space one-hot (91), marker
  one-hot (none, sneak, walk, run), Escape scores / 7 (3), R per ability (3),
  ready to start a Run;
* per sentinel, 6 blocks [6 x 95]: on the island, space one-hot (91), symbol
  one-hot if the seat knows it (3);
* per building, 11 blocks [11 x 8]: revealed, tile kind one-hot if known (7);
* per Run space, 12 blocks [12 x 4]: tile face down / up / set aside, cards / 5;
* the System board [10]: tiles per row / spaces, grey tiles / 3, sentinel
  scores / 10, tiles left per stack / 6;
* the seat's hand, count per card kind / 3 [33]; every hand's cards per deck
  / 8 [6 x 4];
* piles [18]: Escape draw piles and discards / 16, Run piles / 24, red-titled
  aside / 6, Sentinel pile and discard / 16;
* points per seat / 6, token holder one-hot (7) [13]; seats [19]: active seat,
  this seat, player count (2-6), turn / 200, whether the active seat acted;
* the attack under way [22], the Run under way [107], the Sentinel card being
  carried out [8], the pending decision [21].
"""

from __future__ import annotations

from getaway.games.alcatraz_2034.cards import WINDOW_NAMES
from getaway.games.alcatraz_2034.state import AlcatrazState
from getaway.games.alcatraz_2034.tables import (
    BT_IDS,
    BUILDINGS,
    ESCAPED,
    FACE_DOWN,
    N_ABILITIES,
    N_ESC,
    N_PRISONERS,
    N_RUNC,
    N_SENTINELS,
    N_SPACES,
    OUT,
    ROW_SPACES,
    RT_CARDS,
    RUN_SPACES,
    SC_IDS,
)

MAX_SEATS = 6
PRISONER_BLOCK = 2 + MAX_SEATS + 3 + N_SPACES + 4 + 3 + 3 + 1
SENTINEL_BLOCK = 1 + N_SPACES + 3
FRAMES = ("DrawChoice", "DiscardChoice", "TunnelChoice", "ExtraMove", "Turn", "PlaceChoice",
          "SentinelMove", "PickTarget", "Window", "AssignChoice", "PickPunished", "LookChoice",
          "RowChoice", "_Closing")
RUN_BLOCK = 1 + 4 + MAX_SEATS + N_PRISONERS + 1 + N_RUNC + N_PRISONERS + N_ABILITIES + 4
# (name, length, meaning): the slices of the observation, in order; every value in [0, 1]
LAYOUT: tuple[tuple[str, int, str], ...] = (
    ("prisoners", N_PRISONERS * PRISONER_BLOCK, f"{N_PRISONERS} blocks of {PRISONER_BLOCK}, "
     f"one per Prisoner card: dealt, the seat's own, owner one-hot ({MAX_SEATS}), on the "
     f"island / escaped / out, space one-hot ({N_SPACES}), marker one-hot (none, sneak, "
     f"walk, run), Escape scores / 7 ({N_ABILITIES}), R per ability ({N_ABILITIES}), ready "
     "to start a Run"),
    ("sentinels", N_SENTINELS * SENTINEL_BLOCK, f"{N_SENTINELS} blocks of {SENTINEL_BLOCK}: "
     f"on the island, space one-hot ({N_SPACES}), symbol one-hot if the seat knows it "
     f"({N_ABILITIES})"),
    ("buildings", len(BUILDINGS) * (1 + len(BT_IDS)), f"{len(BUILDINGS)} blocks of "
     f"{1 + len(BT_IDS)}: revealed, tile kind one-hot if the seat knows it"),
    ("run_spaces", len(RUN_SPACES) * 4, f"{len(RUN_SPACES)} blocks of 4: tile face down, "
     "face up, set aside; its cards / 5"),
    ("system", 10, "the System board: tiles per row / spaces (3), grey tiles / 3, sentinel "
     "scores / 10 (3), tiles left per stack / 6 (3)"),
    ("hand", N_ESC, f"the seat's hand: count per Escape card kind / 3 ({N_ESC})"),
    ("hand_sizes", MAX_SEATS * 4, f"{MAX_SEATS} blocks of 4: every hand's cards per deck / 8"),
    ("piles", 18, "Escape draw piles and discards / 16, Run piles / 24, red-titled cards set "
     "aside / 6, Sentinel pile and discard / 16"),
    ("points", 13, f"points per seat (with the token) / 6 ({MAX_SEATS}), token holder "
     f"one-hot ({MAX_SEATS}, then nobody)"),
    ("seats", 19, f"active seat one-hot ({MAX_SEATS}), this seat one-hot ({MAX_SEATS}), "
     "player count one-hot (2-6), turn / 200, the active seat acted"),
    ("attack", 22, "the attack under way: present, ability one-hot, defender one-hot "
     f"({N_PRISONERS}), base defence / 10, die / 6, defence bonus / 6, base attack / 12, "
     "attack bonus / 6, R left"),
    ("run", RUN_BLOCK, "the Run under way: present, method one-hot (4), leader one-hot "
     f"({MAX_SEATS}), members ({N_PRISONERS}), cards dealt / 8, Run card one-hot ({N_RUNC}), "
     f"rollers ({N_PRISONERS}), abilities ({N_ABILITIES}), base / 14, die / 6, "
     "(bonus + 8) / 16, R left"),
    ("sentinel_card", len(SC_IDS) + 1, "one-hot: the Sentinel card being carried out, then "
     "none"),
    ("decision", len(FRAMES), "one-hot: the pending decision (" + ", ".join(FRAMES) + ")"),
    ("window", len(WINDOW_NAMES), "one-hot: the reaction window open ("
     + ", ".join(WINDOW_NAMES) + ")"),
    ("flags", 2, "this seat may act now, the game is over"),
)
SIZE = sum(n for _, n, _ in LAYOUT)


def _c(x: float) -> float:
    return 0.0 if x < 0 else 1.0 if x > 1 else x


def observation(s: AlcatrazState, seat: int) -> list[float]:
    """The encoding of ``view(seat)``; always :data:`SIZE` floats."""
    out: list[float] = []
    add = out.append
    ext = out.extend
    zeros_spaces = [0.0] * N_SPACES
    for p in range(N_PRISONERS):
        o = s.owner[p]
        if o < 0:
            ext([0.0] * PRISONER_BLOCK)
            continue
        x = s.pos[p]
        add(1.0)
        add(float(o == seat))
        ext(float(o == k) for k in range(MAX_SEATS))
        ext((float(x >= 0), float(x == ESCAPED), float(x == OUT)))
        where = zeros_spaces[:]
        if x >= 0:
            where[x] = 1.0
        ext(where)
        ext(float(s.marker[p] == m) for m in range(4))
        ext(s.score[p][a] / 7 for a in range(N_ABILITIES))
        ext(float(s.rmask[p] >> a & 1) for a in range(N_ABILITIES))
        add(float(x >= 0 and s.since[p] < s.turn))
    for i in range(N_SENTINELS):
        x = s.sent_pos[i]
        add(float(x >= 0))
        where = zeros_spaces[:]
        if x >= 0:
            where[x] = 1.0
        ext(where)
        known = x >= 0 and s.knows_symbol(seat, i)
        ext(float(known and s.sent_sym[i] == a) for a in range(N_ABILITIES))
    for b in range(len(BUILDINGS)):
        add(float(s.building_up >> b & 1))
        known = s.knows_building(seat, b)
        ext(float(known and s.building_tile[b] == t) for t in range(len(BT_IDS)))
    for slot in range(len(RUN_SPACES)):
        st = s.run_tile_state[slot]
        ext(float(st == k) for k in range(3))
        add(RT_CARDS[s.run_tile[slot]] / 5 if st != FACE_DOWN else 0.0)
    ext(len(s.sys_rows[r]) / ROW_SPACES[r] for r in range(3))
    add(len(s.sys_grey) / 3)
    ext(_c(s.sentinel_score(a) / 10) for a in range(N_ABILITIES))
    ext(_c(len(st) / 6) for st in s.sys_stacks)
    counts = [0] * N_ESC
    for k in s.hands[seat]:
        counts[k] += 1
    ext(_c(c / 3) for c in counts)
    for h in range(MAX_SEATS):
        if h < s.n:
            ext(_c(c / 8) for c in s.deck_counts(h))
        else:
            ext((0.0,) * 4)
    ext(_c(len(p) / 16) for p in s.edeck)
    ext(_c(len(p) / 16) for p in s.ediscard)
    ext(_c(len(p) / 24) for p in s.run_pile)
    ext(_c(len(p) / 6) for p in s.run_aside)
    add(_c(len(s.spile) / 16))
    add(_c(len(s.sdiscard) / 16))
    for h in range(MAX_SEATS):
        add(_c((s.points[h] + (s.token == h)) / 6) if h < s.n else 0.0)
    ext(float(s.token == h) for h in range(MAX_SEATS))
    add(float(s.token < 0))
    ext(float(s.cur == h) for h in range(MAX_SEATS))
    ext(float(seat == h) for h in range(MAX_SEATS))
    ext(float(s.n == k) for k in range(2, 7))
    add(_c(s.turn / 200))
    add(float(s.acted))
    _attack(s, out)
    _run(s, out)
    ext(float(s.scard == k) for k in range(len(SC_IDS)))
    add(float(s.scard < 0))
    top = s.stack[-1] if s.stack else None
    name = type(top).__name__ if top is not None else ""
    ext(float(name == f) for f in FRAMES)
    window = getattr(top, "window", -1)
    ext(float(window == w) for w in range(len(WINDOW_NAMES)))
    add(float(seat in s.to_act()))
    add(float(s.is_over()))
    return out


def _attack(s: AlcatrazState, out: list[float]) -> None:
    a = s.attack
    if a is None:
        out.extend([0.0] * 22)
        return
    out.append(1.0)
    out.extend(float(a.ability == k) for k in range(N_ABILITIES))
    out.extend(float(a.defender == p) for p in range(N_PRISONERS))
    out.append(_c(a.base_def / 10))
    out.append(a.die / 6)
    out.append(_c(a.bonus_def / 6))
    out.append(_c(a.base_att / 12))
    out.append(_c(a.bonus_att / 6))
    out.append(float(a.r_left))


def _run(s: AlcatrazState, out: list[float]) -> None:
    r = s.run
    if r is None:
        out.extend([0.0] * (1 + 4 + 6 + 12 + 1 + N_RUNC + 12 + 3 + 4))
        return
    out.append(1.0)
    out.extend(float(r.method == m) for m in range(4))
    out.extend(float(r.leader == h) for h in range(MAX_SEATS))
    out.extend(float(p in r.members) for p in range(N_PRISONERS))
    out.append(_c(len(r.dealt) / 8))
    out.extend(float(r.card == c) for c in range(N_RUNC))
    out.extend(float(p in r.rollers) for p in range(N_PRISONERS))
    out.extend(float(a in r.abil) for a in range(N_ABILITIES))
    out.append(_c(r.base / 14))
    out.append(r.die / 6)
    out.append(_c((r.bonus + 8) / 16))
    out.append(float(r.r_left))


def progress(s: AlcatrazState, seat: int) -> float:
    """A rough 0-1 estimate of how well ``seat`` does: its share of points, and of
    prisoners near a Run location."""
    o = s.outcome()
    if o is not None:
        return 1.0 if seat in o.winners else 0.0
    mine = s.seat_prisoners[seat]
    if not mine:
        return 0.0
    pts = s.points[seat] + (s.token == seat)
    on = sum(1 for p in mine if s.pos[p] >= 0)
    ready = sum(1 for p in mine if s.pos[p] >= 0 and _near_run(s, p))
    return _c((pts + 0.3 * ready + 0.05 * on) / (len(mine) + 1))


def _near_run(s: AlcatrazState, p: int) -> bool:
    from getaway.games.alcatraz_2034.runs import run_site

    return run_site(s, s.pos[p])[0] >= 0
