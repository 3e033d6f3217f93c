"""A heuristic Escape Plan agent: fast, deterministic, seat-aware.

It reads only what ``view(seat)`` shows the seat: the City, the officers, every pawn,
the Business / Safe House tiles and their visit counts, the Keys on the Safe Houses,
the Exits and their stacks (by colour), the display, the Fixer on top, the Locker
stacks' need on top, and its own screen and board (money, Escape Plan card, Income
cubes, Notoriety, Wounds, Contact and Item rows, Assets, Keys, tiles it drew). Nothing
else of the state enters a decision, and a look-ahead never reads what it draws from
a hidden stack (a drawn tile counts at its stack's mean).

The plan, recomputed at every turn (``heuristic_route``, ``heuristic_value``):

* **Where to go.** Every Location is worth its visit to this seat now: a Business or
  Safe House its cube (Income now where its Escape Plan card shows the symbol, else the
  White or Red hex), a dollar for every later Income, the Contact card, the Key and the
  Fixer, and a group bonus when it completes a group; an Exit its Income (or an Exit
  tile) and a card, every visit; the Church and the Clinic a card and an unlock (and a
  heal); a Store its Equipment, Gas and a Locker it holds the Key for; the Hospital its
  heals. A search over (node, MP spent) finds, for every Location within this move (Gas
  included), the path leaving the fewest officers: each officer on a tile left costs
  the cheapest unused avoid tool that covers it, else a Wound. The search may spend the
  seat's movement cards and Gang Members (``heuristic_travel``): a Chopper, Helicopter,
  Gang card or Motorcycle flight, a Helipad flight, the Sewer, a Jet Ski or Scuba Gear,
  a Medevac, Gas Cans, each at what spending it costs the seat's value. The move goes
  to the best visit less that cost, plus a share of the best move from there.
* **Resting** when its unlock, the refreshed cards and Equipment and First Aid are
  worth more than the best move (once a round).
* **Executive Actions** (Assets, Fixers, Contact cards for Income, heals, unlocks,
  discs, police moves), the visit menus (Equipment, Fixers, Lockers, Exit tiles,
  Income), the avoid step, kept tiles and room: a one-step look-ahead on the seat's
  own end score (``scoring.score``) plus what its position promises (Income to come,
  unused Assets by their $10 flip less their price, cards and tiles by their use,
  Keys by the Locker they open, pending unlocks and cards). At most a few Contact
  cards a turn, so no refresh loop.
* **Officers** it moves leave the tiles its route leaves, for tiles far from its
  pawn (a rival's if possible); an officer it must bring nearer to another player
  comes from far away.
* **City tiles** go near its pawn when they hold Locations it values, far when they
  carry officers; the Business or Safe House tile it chooses for a new Location is
  one its Escape Plan card shows the Income symbol on when it is near.
* **The way out** (Day 3, when the game option ``unescaped`` is ``arrested``, the
  default, shown in every view): every move ends where an open (public) Exit stays
  within the moves its turns left allow (its discs' optional turns counted), the last
  one on an open Exit; it keeps the Escape Cost it expects (the others out first) and
  the fees, escapes earlier when that saves more than its turns left would bring, and
  at the Exit takes the Income and uses what raises its score before it leaves. Its
  last move of Round 2 pays for ending more than 2 moves from an open Exit.
* **Escaping** under ``unescaped=scored`` on Day 3 when the score now less the Escape
  Cost, plus a share of the $1 a turn the others then pay, beats the score now plus
  the turns it has left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.games.escape_plan import economy as eco
from getaway.games.escape_plan.actions import (
    Fly,
    Go,
    Officer,
    Pick,
    Place,
    PutTile,
    Simple,
    ToCell,
    Unlock,
    Use,
    Visit,
)
from getaway.games.escape_plan.city import node_cell
from getaway.games.escape_plan.effects import Op
from getaway.games.escape_plan.frames import slot_of
from getaway.games.escape_plan.heuristic_route import (
    HOP,
    INF,
    Deadline,
    Plan,
    distances,
    in_time,
    path_cells,
    place_score,
    plan_move,
    police_choice,
    rest_value,
    threat_costs,
)
from getaway.games.escape_plan.heuristic_value import (
    ESCAPE_SHARE,
    arrests,
    card_pick_value,
    escape_savings,
    evaluate,
    my_turns_left,
    notoriety_term,
    plays_after,
    turn_worth,
)
from getaway.games.escape_plan.model import ESCAPE_DAY
from getaway.games.escape_plan.scoring import score
from getaway.games.escape_plan.state import EscapePlanState
from getaway.games.escape_plan.tables import (
    CARDS,
    CELLS,
    EXIT_TILE,
    LOCKER,
    WATERS,
    effects_of,
    water_node,
)
from getaway.games.escape_plan.visits import KeepTile

USES_PER_TURN = 4           # Contact cards, Fixers and Assets used in one turn, at most
MOVE_POLICE_BONUS = 0.5     # share of a cleared tile's cost credited to moving its officer
REST_BIAS = 0.0
UNLOCK_ORDER = ("move-red", "move-blue", "move-black", "avoid-all", "heal", "master-key")


class _Memo:
    """The seat's plan for the turn in progress and the uses it made this turn."""

    __slots__ = ("plan", "plan_key", "turn", "uses")

    def __init__(self) -> None:
        self.turn: tuple[int, int] = (-1, -1)
        self.uses = 0
        self.plan: Plan | None = None
        self.plan_key: tuple[object, ...] = ()


class HeuristicAgent(Agent):
    """Plans each move for the visits its Escape Plan card rewards and the officers it
    must pass, uses its Assets, cards and Equipment when they pay, and decides every
    other choice by a one-step look-ahead on its own end score."""

    name = "heuristic"

    def __init__(self) -> None:
        self._memo: dict[int, _Memo] = {}

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        s = obs._state
        assert isinstance(s, EscapePlanState)
        memo = self._memo.setdefault(obs.seat, _Memo())
        if memo.turn != (s.round, s.log_turn):
            memo.turn = (s.round, s.log_turn)
            memo.uses = 0
        a = _decide(s, obs.seat, legal, rng, memo)
        if isinstance(a, Use) or a in (_SIMPLE_FIRST_AID, _SIMPLE_GANG):
            memo.uses += 1
        return a


_ESCAPE = Visit("escape")
_SIMPLE_FIRST_AID = Simple("first_aid")
_SIMPLE_GANG = Simple("gang_member")


def _simple(legal: Sequence[Action], what: str) -> Action | None:
    for a in legal:
        if isinstance(a, Simple) and a.what == what:
            return a
    return None


def _decide(s: EscapePlanState, me: int, legal: Sequence[Action], rng: random.Random,
            memo: _Memo) -> Action:
    for what in ("pay_fee", "first_aid"):
        a = _simple(legal, what)
        if a is not None:
            return a
    join = _simple(legal, "join")
    if join is not None:
        # an optional turn starts with the $1 fee once someone escaped; on Day 3 a seat
        # still in the city, arrested when the round ends, takes every turn it can
        p = s.crew[me]
        if _must_escape(s, me):
            return join
        return join if not s.escapes or p.money >= 2 else (_simple(legal, "sit_out") or join)
    first = legal[0]
    if isinstance(first, Place):
        return max((a for a in legal if isinstance(a, Place)),
                   key=lambda a: place_score(s, me, a.stack, CELLS[a.cell]))
    if isinstance(first, PutTile):
        return _put_tile(s, me, legal)
    if any(isinstance(a, (Officer, ToCell)) for a in legal):
        plan = _plan(s, me, memo)
        return police_choice(s, me, [a for a in legal if isinstance(a, (Officer, ToCell))],
                             path_cells(s, me, plan))
    top = s.stack[-1] if s.stack else None
    key = top.key if top is not None else ""      # the decision, by its public key
    if key == "take_contact":
        picks = [a for a in legal if isinstance(a, Pick) and a.what == "display"]
        if picks:
            p = s.crew[me]
            return max(picks, key=lambda a: card_pick_value(s, p, s.display[a.index]))
    if key == "keep_tile":
        assert isinstance(top, KeepTile)
        frame = top
        picks = [a for a in legal if isinstance(a, Pick) and a.what == "tile"]
        if picks:
            return max(picks, key=lambda a: _tile_value(frame, a.index))
    unlocks = [a for a in legal if isinstance(a, Unlock)]
    if unlocks:
        return _unlock(s, me, unlocks)
    if (key == "visit" and getattr(top, "where", "") == "exit" and _ESCAPE in legal
            and _must_escape(s, me) and _leaves_now(s, me, memo)):
        return _leave(s, me, legal, memo)
    if key == "move" and s.move is not None:
        return _move(s, me, legal, rng, memo)
    if key == "water":
        w = _water_pick(s, legal, memo)
        if w is not None:
            return w
    if key == "rest_or_move":
        return _action_choice(s, me, legal, memo)
    return _lookahead(s, me, legal, memo)


def _tile_value(frame: KeepTile, index: int) -> int:
    t = frame.drawn[index]
    return LOCKER[t].value if frame.prefix == "L" else EXIT_TILE[t].value


def _put_tile(s: EscapePlanState, me: int, legal: Sequence[Action]) -> Action:
    """The free tile its own Escape Plan card values most (the Income symbol), unless
    the new Location is far from its pawn and a plainer tile can go there instead."""
    p = s.crew[me]
    plan = CARDS.plan(p.plan)
    top = s.stack[-1] if s.stack else None
    loc = getattr(top, "location", "")
    far = False
    if loc and s.graph is not None:
        from getaway.games.escape_plan.tables import loc_node

        d = distances(s.graph, p.node).get(loc_node(loc), INF) // HOP
        far = d > 5

    def value(a: Action) -> float:
        assert isinstance(a, PutTile)
        mine = plan.shows_income(a.tile) and a.tile not in p.visited
        v = 10.0 if mine else 7.0
        if "safe-house" in a.tile:
            v += 2.0
        return -v if far else v

    return max(legal, key=lambda a: value(a) if isinstance(a, PutTile) else -INF)


def _unlock(s: EscapePlanState, me: int, unlocks: list[Unlock]) -> Action:
    p = s.crew[me]
    order = list(UNLOCK_ORDER)
    if p.wounds:
        order.remove("heal")
        order.insert(0, "heal")
    # the Contact row first: each space it frees holds one more card for the end payout
    order.sort(key=lambda a: a in ("move-red", "move-blue", "move-black"))
    rank = {a: i for i, a in enumerate(order)}
    return min(unlocks, key=lambda a: rank.get(a.asset, 99))


# -- the plan of the turn --------------------------------------------------------------


def _police_key(s: EscapePlanState) -> tuple[object, ...]:
    return tuple((t, tuple(c)) for t, c in s.police.items() if c)


def _plan(s: EscapePlanState, me: int, memo: _Memo) -> Plan | None:
    p = s.crew[me]
    mp = s.move.mp if s.move is not None else None
    steps = s.move.steps if s.move is not None else 0
    deadline = _deadline(s, me)
    m = s.move
    ready = (m.free_fly, m.sewer, tuple(m.waters)) if m is not None else None
    key = (s.round, s.log_turn, p.node, mp, p.gas, p.money, _police_key(s),
           tuple(p.used_contacts), tuple(p.used_items), tuple(p.used_assets), s.sandra_node,
           deadline.after if deadline is not None else None, s.escapes, p.discs, p.gang,
           ready)
    if memo.plan_key != key:
        memo.plan_key = key
        memo.plan = plan_move(s, me, mp, steps, deadline)
    return memo.plan


# -- the way out (Day 3, option unescaped=arrested) -----------------------------------


def _must_escape(s: EscapePlanState, me: int) -> bool:
    """Day 3 in a game where a player still in the city when it ends is arrested."""
    return s.round == ESCAPE_DAY and arrests(s) and s.crew[me].active


def _deadline(s: EscapePlanState, me: int) -> Deadline | None:
    """The seat's escape deadline on Day 3 (None when it need not escape): the turns it
    has left after this one."""
    return Deadline(my_turns_left(s, me)) if _must_escape(s, me) else None


def _stay_gain(s: EscapePlanState, me: int, after: int) -> float:
    """Staying ``after`` more turns (the last one ending on an open Exit) rather than
    escaping now: the best move a turn (at most ``turn_worth``) less what escaping now
    saves (``escape_savings``)."""
    p = s.crew[me]
    nxt = plan_move(s, me, None, 0, Deadline(after))
    per_turn = min(max(0.0, nxt.value if nxt is not None else 0.0), turn_worth(p))
    return after * per_turn - escape_savings(s, me, after)


def _action_choice(s: EscapePlanState, me: int, legal: Sequence[Action],
                   memo: _Memo) -> Action:
    uses = [a for a in legal if not (isinstance(a, Simple) and a.what in ("rest", "move"))]
    if uses:
        a, v, noop = _best(s, me, uses, memo, floor=0.4)
        if v > noop:
            return a
    rest = _simple(legal, "rest")
    move = _simple(legal, "move")
    assert move is not None
    if rest is None:
        return move
    plan = _plan(s, me, memo)
    deadline = _deadline(s, me)
    if deadline is not None and not in_time(s, me, s.crew[me].node, deadline.after):
        return move                  # resting would leave no turn to reach an Exit
    mv = plan.value if plan is not None else -INF
    rv = rest_value(s, me) + REST_BIAS
    last = my_turns_left(s, me) == 0
    if rv >= mv or (last and rv >= mv - 6.0) or plan is None:
        return rest
    return move


def _is_noop(a: Action) -> bool:
    return isinstance(a, Simple) and a.what in ("end_turn", "move", "rest")


# -- moving ------------------------------------------------------------------------------


def _move(s: EscapePlanState, me: int, legal: Sequence[Action], rng: random.Random,
          memo: _Memo) -> Action:
    p = s.crew[me]
    m = s.move
    end = _simple(legal, "end_move")
    if m.steps > 14:
        if end is not None:
            return end
        loose: list[Action] = [a for a in legal if isinstance(a, (Go, Fly))] or list(legal)
        return loose[rng.randrange(len(loose))]   # a safety net: never seen to loop
    for attempt in range(2):
        plan = _plan(s, me, memo) if attempt == 0 else _replan(s, me, memo)
        if plan is None:
            break
        if p.node == plan.target and m.steps and end is not None:
            return end
        step = _next_step(plan, p.node)
        if step is None:
            continue
        a = _step_action(plan, step, legal)
        if a is not None:
            return a
        gas = _simple(legal, "gas_token")
        if gas is not None:
            return gas
        for _cost, can in plan.rides.cans if plan.rides is not None else ():
            if can in legal:
                return can                        # a Gas Can when the tokens are spent
    return _fallback_step(s, me, legal)


_FLY_MODE = {"fly": "heliport", "helipad": "helipad", "card": "card", "card1": "card",
             "sewer": "sewer"}


def _step_action(plan: Plan, step: tuple[int, str], legal: Sequence[Action]) -> Action | None:
    """The action taking the planned step (a ride's card first when the move does not
    hold it yet), None when it is not legal now."""
    node, how = step
    mode = _FLY_MODE.get(how)
    a: Action = Fly(node, mode) if mode is not None else Go(node)
    if a in legal:
        return a
    start = plan.rides.use(how) if plan.rides is not None else None
    if start is not None and start in legal:
        return start
    return None


def _water_pick(s: EscapePlanState, legal: Sequence[Action], memo: _Memo) -> Action | None:
    """The body of water a Jet Ski or Scuba Gear opens: the one the planned path
    enters."""
    plan = memo.plan
    if plan is None:
        return None
    for node, how in plan.path:
        if how == "water":
            for a in legal:
                if isinstance(a, Pick) and a.what == "water" and water_node(
                        WATERS[a.index]) == node:
                    return a
    return None


def _replan(s: EscapePlanState, me: int, memo: _Memo) -> Plan | None:
    """A plan on foot, when the planned step cannot be taken (kept for the turn's
    position, as ``_plan`` would)."""
    _plan(s, me, memo)
    m = s.move
    memo.plan = plan_move(s, me, m.mp if m is not None else None,
                          m.steps if m is not None else 0, _deadline(s, me), ride=False)
    return memo.plan


def _next_step(plan: Plan, node: int) -> tuple[int, str] | None:
    path = plan.path
    for i, (n, _how) in enumerate(path):
        if n == node:
            return path[i + 1] if i + 1 < len(path) else None
    return path[0] if path else None


def _fallback_step(s: EscapePlanState, me: int, legal: Sequence[Action]) -> Action:
    end = _simple(legal, "end_move")
    if end is not None:
        return end
    steps = [a for a in legal if isinstance(a, (Go, Fly))]
    if not steps:
        return legal[0]
    g = s.graph
    return min(steps, key=lambda a: g.near.get(a.node, INF))


# -- the one-step look-ahead -----------------------------------------------------------


def _lookahead(s: EscapePlanState, me: int, legal: Sequence[Action], memo: _Memo,
               floor: float = 0.0) -> Action:
    """The action whose copy of the state evaluates best for the seat; Executive
    Actions must gain more than ``floor`` over doing nothing."""
    best, best_v, noop = _best(s, me, legal, memo, floor)
    if best_v < noop and any(_is_noop(a) for a in legal):
        return next(a for a in legal if _is_noop(a))
    return best


def _best(s: EscapePlanState, me: int, legal: Sequence[Action], memo: _Memo,
          floor: float) -> tuple[Action, float, float]:
    """The best action, its value and the value of doing nothing (plus ``floor``)."""
    base = evaluate(s, me)
    best: Action = legal[0]
    best_v = -float(INF)
    noop = base + floor
    for a in legal:
        if isinstance(a, Use) or a in (_SIMPLE_FIRST_AID, _SIMPLE_GANG):
            if memo.uses >= USES_PER_TURN:
                continue
            v = _use_value(s, me, a) + _police_bonus(s, me, a, memo) - floor
        elif isinstance(a, Visit) and a.what == "escape":
            if _must_escape(s, me):
                v = -float(INF)               # only as planned (``_leave``)
            else:
                v = _escape_value(s, me, base)
        elif isinstance(a, Simple) and a.what in ("end_turn", "move", "rest"):
            v = noop
        else:
            c = s.clone()
            c.apply(me, a)
            v = evaluate(c, me)
            if isinstance(a, Visit) and a.what == "done":
                v += 0.1
        if v > best_v + 1e-9:
            best, best_v = a, v
    return best, best_v, noop


def _use_value(s: EscapePlanState, me: int, a: Action) -> float:
    c = s.clone()
    c.apply(me, a)
    return evaluate(c, me)


def _police_bonus(s: EscapePlanState, me: int, a: Action, memo: _Memo) -> float:
    """Moving or removing an officer off the tiles the seat's route leaves."""
    if not isinstance(a, Use):
        return 0.0
    p = s.crew[me]
    what, _ = slot_of(p, a.source, a.index)
    effs = effects_of(what)
    if not effs or effs[0].op not in (Op.MOVE_POLICE, Op.REMOVE_POLICE):
        return 0.0
    colour = effs[0]["colour"].value
    plan = memo.plan if memo.plan is not None else _plan(s, me, memo)
    cells = path_cells(s, me, plan)
    tc = threat_costs(s, me)
    from getaway.games.escape_plan.city import tile_at

    best = 0.0
    for c in cells:
        t = tile_at(s, c)
        if t is not None and colour in s.police.get(t, ()):
            best = max(best, min(tc.get(c, 0.0), 20.0))
    return MOVE_POLICE_BONUS * best + (1.0 if best else 0.0)


def _leaves_now(s: EscapePlanState, me: int, memo: _Memo) -> bool:
    """At an open Exit on Day 3 (arrested otherwise): out on its last turn, when its
    move came here to escape, or when staying pays less."""
    after = my_turns_left(s, me)
    plan = memo.plan
    planned = plan is not None and plan.escape and plan.target == s.crew[me].node
    return after == 0 or planned or _stay_gain(s, me, after) < 0


def _leave(s: EscapePlanState, me: int, legal: Sequence[Action], memo: _Memo) -> Action:
    """The Exit visit of the turn it escapes: the Income or an Exit tile first, then
    whatever raises its end score now (an unused Asset's $10 flip, a heal, Income from a
    card: lost once out) while the Escape Cost stays paid, then out."""
    firsts = [a for a in legal if isinstance(a, Visit) and a.what in ("income", "exit_tile")]
    if firsts:
        return _best(s, me, firsts, memo, 0.0)[0]
    if memo.uses < 2 * USES_PER_TURN:
        cost = CARDS.escape_cost(len(s.crew), s.escapes)
        now = score(s, me)
        best: Action = _ESCAPE
        gain = 0.0
        for a in legal:
            if not (isinstance(a, Use) or a in (_SIMPLE_FIRST_AID, _SIMPLE_GANG)):
                continue
            c = s.clone()
            c.apply(me, a)
            if c.crew[me].money < cost:
                continue
            g = score(c, me) - now + _police_bonus(s, me, a, memo)
            if g > gain:
                best, gain = a, g
        return best
    return _ESCAPE


def _escape_value(s: EscapePlanState, me: int, base: float) -> float:
    """Escaping now against staying, on ``scoring.score``: the score now less the Escape
    Cost and the officers on the Exit tile, plus a share of the $1 a turn every other
    active player then pays, against the score now plus the best move for each turn the
    seat has left (less the fees); the gain is added to ``base`` (doing nothing)."""
    if s.round != ESCAPE_DAY:
        return -float(INF)
    p = s.crew[me]
    cost = CARDS.escape_cost(len(s.crew), s.escapes)
    cell = node_cell(s, p.node)
    danger = threat_costs(s, me).get(cell, 0.0) if cell is not None else 0.0
    mine = my_turns_left(s, me)
    fees = sum(my_turns_left(s, i) + int(plays_after(s, me, i))
               for i, q in enumerate(s.crew) if i != me and q.active)
    now = float(score(s, me)) + notoriety_term(p)
    escaped = now - cost - danger + ESCAPE_SHARE * fees
    # staying: the same end score (what the seat would still use this turn counts on
    # both sides), plus the best move for each turn it has left, less the fees
    stay = now
    if mine:
        nxt = plan_move(s, me)        # what a move from here would bring next turn
        per_turn = max(0.0, nxt.value if nxt is not None else 0.0)
        stay += mine * (min(per_turn, 0.6 * eco.income(p) + 8.0) - (1.0 if s.escapes else 0.0))
    return base + (escaped - stay) if escaped > stay else -float(INF)
