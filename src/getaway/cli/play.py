"""Playing in the terminal: human seats through a numbered menu, bots beside them.

A human seat is a :class:`TerminalAgent`: it draws the seat's own view, lists
the engine's legal actions by number and reads a choice (bad input asks
again with the reason). In hot-seat play a pass-the-device screen hides the
table between two different human seats.

Long lists of actions are offered step by step: a game's view module
(the game folder's ``terminal`` module) may define ``menu_path(action, view)``, the
list of menu steps leading to an action (``["move a prisoner", "Cole",
"walking", "to coast-12"]``); actions sharing a first step are gathered under
one menu entry, and so on down. Without it, lists longer than
:data:`LONG_MENU` are grouped by the action's JSON fields. Short lists stay
flat. The module may also define ``menu_order(action, view)`` (a sort key: the
menu keeps a fixed order) and ``PUBLIC_TABLE = True`` (every seat sees the
same table, so hot-seat play needs no pass-the-device screen). Every action is
named by its engine label and every event by its engine sentence, as they are
(docs/words.md): a menu step is a group header of the terminal's own, never a
rewording.

Events are printed whole the moment they happen (a person at the table sees
them happen); whatever is read back later -- the recent events before a
decision, the ``l`` log, the events since a seat last decided -- goes through
``State.recall``, so a detail the players must by now remember (ESCAPE NOW!'s
expert rule) is no longer spelled out.

A decision screen fits 120 columns by 40 rows: the game's compact table
(its ``render``, the header on top), the recent events that still fit, the
menu and the prompt. The bulky parts stay behind the letters of the module's
``KEYS`` (``m`` the map, ``t`` the whole table), typed in the menu like
``l`` (the whole log) and ``r`` (the rules); ``?`` is the help. ``h`` prints a
hint -- what the Hard bot would do now and the seat's estimated chance of
winning (``getaway.agents.hints``, about a second, from the seat's view only);
a saved record keeps the hints in its ``meta["hints"]``, never as steps. ``q``
asks before it stops the game and, when no ``--save`` file was given, offers to
save the record.

Real-time games (``spec.realtime``) are played as a practice on the virtual
clock, scheduled exactly as the simulator schedules bots
(:mod:`getaway.core.rollout`): every action keeps its seat busy for
``state.action_seconds``; the seat free earliest decides next, a bot by
itself, a person through the menu; the clock moves on to that moment. Before
each decision a person sees the clock and what happened meanwhile. Typing
``w`` lets the clock run until something happens (another seat acts, or the
clock reaches a mark such as a countdown); ``w 10`` waits ten virtual
seconds. Waiting is an interface choice, not a game action: the record holds
only the actions and the clock's advances, and replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.text import Text

from getaway.agents.hints import advise
from getaway.cli.render import SCREEN_ROWS, TABLE_ROWS, render, rows, terminal_of
from getaway.core.actions import Action
from getaway.core.agent import Agent, Observation
from getaway.core.chance import derive_seed
from getaway.core.events import Event
from getaway.core.match import Match
from getaway.core.registry import Game
from getaway.core.rollout import busy, next_seat, schedule
from getaway.core.spec import Config
from getaway.core.state import State
from getaway.core.words import upper_first
from getaway.sim.driver import agent_rngs

HELP = ("Type the number of an action and press Enter. Other commands: "
        "b = back (in a sub-menu; else cancel a choice begun, or take back your last move "
        "while it showed nothing hidden and nobody acted since), h = hint (what the Hard bot "
        "would do now, and your estimated chance of winning; about a second), r = rules, "
        "l = full log, ? = this help, q = quit the game (asks first).")
WAIT_HELP = ("On the virtual clock: w = let the clock run until something happens (another "
             "seat acts, or a countdown or pause begins or ends); w 10 = wait 10 seconds.")
HINT_SECONDS = 1.0
"""The time budget of a hint in the terminal (``h``)."""
MEANWHILE = 14
"""At most this many events of the others are listed before a person's decision."""
FLAT_MENU = 15
"""Lists this short are always shown whole, one line per action."""
LONG_MENU = 40
"""Without a game's ``menu_path``, lists longer than this are grouped by action fields."""

MenuPath = tuple[str, ...]
Keys = dict[str, tuple[str, Callable[[dict[str, Any]], RenderableType]]]


def view_module(game_id: str) -> ModuleType | None:
    """The terminal module of a game (``<its package>.terminal``), if any."""
    return terminal_of(game_id)


def field_path(a: Action) -> MenuPath:
    """Menu steps from an action's JSON: its kind, then each field but the last, then its label."""
    data = a.to_json()
    fields = [f"{k} {v}" for k, v in data.items() if k != "kind"]
    return (str(data["kind"]), *fields[:-1], a.label())


def menu_entries(items: Sequence[tuple[Action, MenuPath]], depth: int,
                 label: Callable[[Action], str] | None = None
                 ) -> list[tuple[str, Action | MenuPath]]:
    """The numbered entries of one menu level: an action, or the path prefix of a group.

    ``label`` names a single action at the top level (default: ``Action.label``).
    """
    name = label or (lambda a: a.label())
    groups: dict[str, list[tuple[Action, MenuPath]]] = {}
    for a, p in items:
        groups.setdefault(p[depth] if len(p) > depth + 1 else "\0" + name(a), []).append((a, p))
    out: list[tuple[str, Action | MenuPath]] = []
    for key, members in groups.items():
        a, p = members[0]
        if key.startswith("\0") or len(members) == 1:
            out.append((name(a) if depth == 0 else " ".join(p[depth:]), a))
        else:
            out.append((f"{key}  ({len(members)} choices)", p[:depth + 1]))
    return out


class QuitGame(Exception):
    """The person at the keyboard asked to stop."""


class TakeBack(Exception):
    """The person takes back their last move (allowed: ``Match.take_back_refusal``)."""


class WaitRequest(Exception):
    """The person lets the clock run: ``seconds`` of virtual time, or (None) until something
    happens. Only for real-time games; never a game action."""

    def __init__(self, seconds: float | None = None) -> None:
        super().__init__(seconds)
        self.seconds = seconds


class TerminalAgent(Agent):
    """A person choosing from the numbered legal actions."""

    name = "human"

    def __init__(self, console: Console, game: Game, log: list[Event],
                 ask: Callable[[str], str] | None = None, realtime: bool = False,
                 state: State | None = None) -> None:
        self.console = console
        self.game = game
        self.log = log
        self.state = state
        """The game whose ``log`` this is: past events are read back through its ``recall``."""
        self.ask = ask or console.input
        self.module = view_module(game.id)
        self.realtime = realtime
        self.notes: Callable[[int, int], RenderableType | None] | None = None
        """Drawn after the table instead of the recent events (the practice's clock panel), in
        at most the rows given."""
        self.view: dict[str, Any] = {}
        """The view of the decision on screen (what the module's keys draw)."""
        self.refusal: Callable[[int], str | None] | None = None
        """Why a seat may not take back its last move now (None: it may); None: never."""
        self.hint: Callable[[int], str] | None = None
        """The hint line for a seat deciding now (``h``); None: no hints."""

    def keys(self) -> Keys:
        """The module's extra letters: ``{"m": ("the map", draw)}``."""
        keys: Keys = getattr(self.module, "KEYS", {})
        return keys

    def label(self, a: Action, view: dict[str, Any]) -> str:
        """An action's name in the menu: the engine's label, as it is."""
        return a.label()

    def ordered(self, legal: Sequence[Action], view: dict[str, Any]) -> list[Action]:
        """The legal actions in menu order (the game's ``menu_order`` when it has one)."""
        menu_order = getattr(self.module, "menu_order", None)
        if menu_order is None:
            return list(legal)
        return sorted(legal, key=lambda a: menu_order(a, view))

    def event_text(self, e: Event) -> str:
        """An event in words: the engine's sentence, as it is."""
        return e.text

    def read_back(self, seat: int | None) -> list[Event]:
        """The logged events ``seat`` may see, as they may be read back now."""
        state = self.state
        if state is None:
            return [e for e in self.log if e.visible_to(seat)]
        return [state.recall(e) for e in self.log if e.visible_to(seat)]

    def paths(self, legal: Sequence[Action], view: dict[str, Any]) -> list[MenuPath] | None:
        """The menu steps of each action, or None for one flat list."""
        if len(legal) <= FLAT_MENU:
            return None
        menu_path = getattr(self.module, "menu_path", None)
        if menu_path is not None:
            return [tuple(menu_path(a, view)) for a in legal]
        if len(legal) > LONG_MENU:
            return [field_path(a) for a in legal]
        return None

    def recent(self, seat: int, room: int) -> RenderableType | None:
        """The last events ``seat`` saw, in at most ``room`` rows (None: none, or no room)."""
        recent = self.read_back(seat)
        title = "Recent events"
        if getattr(self.module, "SHOWS_EVENTS", False):  # the view shows the public ones
            recent = [e for e in recent if not e.visible_to(None)]
            title = "Recent events only you saw"
        lines = [self.event_text(e) for e in recent[-8:]]
        while lines:
            panel = Panel(Text("\n".join(lines)), title=title, border_style="dim")
            if rows(panel, self.console.width) <= room:
                return panel
            lines.pop(0)
        return None

    def choose(self, obs: Observation, rng: random.Random) -> Action:
        c = self.console
        view = self.view = obs.view
        legal = self.ordered(obs.legal, view)
        paths = self.paths(legal, view)
        items = list(zip(legal, paths, strict=True)) if paths is not None else []
        levels: list[MenuPath] = [()]
        entries = self._level(items, levels, view) if paths is not None else [
            (self.label(a, view), a) for a in legal]
        menu = len(entries) + 1 + (levels[-1] != ())  # the entries, the prompt, a group's path
        table = render(view, self.game.id, limit=min(TABLE_ROWS, SCREEN_ROWS - menu))
        room = SCREEN_ROWS - rows(table, c.width) - menu
        c.print(table)
        notes = self.notes(obs.seat, room) if self.notes is not None else None
        if notes is not None:
            c.print(notes)
        elif self.notes is None and (recent := self.recent(obs.seat, room)) is not None:
            c.print(recent)
        if paths is None:
            pick: Action = self._pick(obs.seat, entries, back=False)
            return pick
        while True:
            prefix = levels[-1]
            if prefix:
                c.print(Text(" > ".join(prefix), style="bold"))
            got = self._pick(obs.seat, entries, back=len(levels) > 1)
            if got is None:
                levels.pop()
            elif isinstance(got, Action):
                return got
            else:
                levels.append(got)
            entries = self._level(items, levels, view)

    def _level(self, items: Sequence[tuple[Action, MenuPath]], levels: list[MenuPath],
               view: dict[str, Any]) -> list[tuple[str, Action | MenuPath]]:
        """The entries of the menu level ``levels[-1]`` (a lone group opens at once)."""
        while True:
            prefix = levels[-1]
            depth = len(prefix)
            entries = menu_entries([(a, p) for a, p in items if p[:depth] == prefix], depth,
                                   lambda a: self.label(a, view))
            if len(entries) == 1 and isinstance(entries[0][1], tuple):
                levels[-1] = entries[0][1]  # one group only: open it at once
                continue
            return entries

    def _pick(self, seat: int, entries: Sequence[tuple[str, Any]], back: bool) -> Any:
        """Show numbered entries and return the chosen one's value (None: go back)."""
        c = self.console
        for i, (text, _) in enumerate(entries, 1):
            c.print(f"  [bold]{i:2}[/bold]  {escape(text)}", highlight=False)
        n_max = len(entries)
        keys = self.keys()
        extra = ", b = back" if back else ""
        takeback = None if back or self.refusal is None else self.refusal(seat)
        if not back and self.refusal is not None and takeback is None:
            extra = ", b = take back"
        extra += ", h = hint" if self.hint is not None else ""
        extra += ", w = wait" if self.realtime else ""
        extra += "".join(f", {k} = {words.removeprefix('the ')}"
                         for k, (words, _) in keys.items())
        while True:
            who = upper_first(self.state.seat_name(seat)) if self.state is not None else "Your"
            raw = self.ask(f"{who}, your choice (1-{n_max}{extra}, ? for help): ").strip()
            low = raw.lower()
            if low in ("q", "quit", "exit"):
                if self.ask("Quit this game? (y/n) ").strip().lower() in ("y", "yes"):
                    raise QuitGame
                continue
            if back and low in ("b", "back"):
                return None
            if low in ("b", "back"):
                if takeback is None and self.refusal is not None:
                    raise TakeBack
                c.print(f"[yellow]Nothing to take back: {escape(takeback or 'not here')}.")
                continue
            if low in ("h", "hint"):
                if self.hint is None:
                    c.print("[yellow]No hints in this game.")
                else:
                    c.print("[dim]Thinking about a hint...[/dim]")
                    c.print(Text(self.hint(seat), "green"))
                continue
            if low in ("?", "help"):
                c.print(HELP)
                for k, (words, _) in keys.items():
                    c.print(f"{k} = {words}")
                if self.realtime:
                    c.print(WAIT_HELP)
                continue
            if low in keys:
                c.print(keys[low][1](self.view))
                continue
            if self.realtime and low.split()[:1] in (["w"], ["wait"]):
                request = self._wait_request(low)
                if request is not None:
                    raise request
                continue
            if low == "r":
                c.print(Markdown(self.game.rules()))
                continue
            if low == "l":
                c.print(Text("\n".join(self.event_text(e) for e in self.read_back(seat))))
                continue
            if not raw.isdigit():
                c.print(f"[red]{raw!r} is not a number; type 1 to {n_max} (? for help).")
                continue
            n = int(raw)
            if not 1 <= n <= n_max:
                c.print(f"[red]There is no action {n}; type 1 to {n_max}.")
                continue
            return entries[n - 1][1]

    def _wait_request(self, low: str) -> WaitRequest | None:
        """``w``: wait until something happens; ``w 10``: ten seconds; None if malformed."""
        words = low.split()
        if len(words) == 1:
            return WaitRequest()
        try:
            seconds = float(words[1])
        except ValueError:
            seconds = -1.0
        if len(words) != 2 or not 0 < seconds <= 3600:
            self.console.print(f"[red]{low!r}: type w, or w and a number of seconds from 0 "
                               "to 3600 (w 10).")
            return None
        return WaitRequest(seconds)


def play_terminal(game: Game, config: Config, seed: int, bots: Sequence[Agent | None],
                  console: Console, save: Path | None = None,
                  ask: Callable[[str], str] | None = None) -> Match:
    """Play one game; ``bots[seat]`` is None for a human seat.

    A real-time game is played on the virtual clock (see :class:`Practice`).
    """
    match = Match(game, config, seed)
    match.keep = True  # the state before each move, for taking it back
    state = match.state
    log: list[Event] = []
    marks: list[int] = []  # the log's length before each step
    realtime = state.clock() is not None
    human = TerminalAgent(console, game, log, ask, realtime=realtime, state=state)
    human.refusal = match.take_back_refusal
    humans = [s for s, b in enumerate(bots) if b is None]
    rngs = agent_rngs(seed, config.players)
    hints: list[dict[str, Any]] = []  # saved in the record's meta, never as steps

    def hint(seat: int) -> str:
        n = len(match.steps)
        advice = advise(game, Observation(match.state, seat), seat, HINT_SECONDS,
                        derive_seed(seed, "hint", n, seat, len(hints)))
        hints.append({"n": n, "seat": seat, "action": advice.action.to_json(),
                      "chance": advice.chance})
        return advice.line()

    human.hint = hint
    shown: int | None = None
    try:
        if realtime:
            Practice(match, bots, human, rngs).run()
        while not realtime and not state.is_over():
            seats = state.to_act()
            if not seats:
                marks.append(len(log))
                match.advance(state.wake_in() or 1.0)
                continue
            seat = next((s for s in seats if bots[s] is None), seats[0])
            bot = bots[seat]
            if bot is None:
                if len(humans) > 1 and seat != shown:
                    _pass_device(console, state.seat_name(seat), human.ask)
                shown = seat
                try:
                    action = human.choose(Observation(state, seat), rngs[seat])
                except TakeBack:
                    match.take_back(seat)
                    state = human.state = match.state
                    del log[marks.pop():]
                    console.print(f"[yellow]{escape(upper_first(state.seat_name(seat)))} takes "
                                  "back the last move.")
                    continue
            else:
                action = bot.choose(Observation(state, seat), rngs[seat])
            events = match.apply(seat, action)
            marks.append(len(log))
            log.extend(events)
            if bot is not None:  # everyone at the keyboard may see what a bot did in public
                for e in events:
                    if e.visible_to(None):
                        console.print(f"[dim]{escape(bot.describe())} bot "
                                      f"({escape(state.seat_name(seat))}):[/dim] "
                                      f"{escape(human.event_text(e))}")
            else:
                for e in events:
                    if e.visible_to(seat):
                        console.print(Text(human.event_text(e), "cyan"))
    except QuitGame:
        console.print("[yellow]Game stopped.")
        if save is None and not state.is_over():
            save = _offer_save(game, seed, human.ask)
    out = state.outcome()
    if out is not None:
        console.print(render(state.view(None), game.id))
    if save:
        meta: dict[str, Any] = {"seats": ["human" if b is None else b.describe()
                                          for b in bots]}
        if hints:
            meta["hints"] = hints
        match.record(meta).save(save)
        console.print(f"Record saved to {save}")
    return match


def clock_text(seconds: float) -> str:
    """A clock reading as ``m:ss.s`` (``4:03.5``)."""
    s = round(max(0.0, seconds), 1)
    return f"{int(s // 60)}:{s % 60:04.1f}"


class Practice:
    """A real-time game in the terminal, on the virtual clock of the simulations.

    Seats are scheduled by :func:`getaway.core.rollout.next_seat`: each action
    keeps its seat busy for ``state.action_seconds``, the seat free earliest
    decides next, and the clock (a recorded ``advance``) moves on to that
    moment or to the next mark of the game's timeline. Bots decide at once; a
    person first sees the table, the clock and what the others did since
    their last decision. A person who waits (``w``) is free again as soon as
    another seat acts or the clock reaches a mark; ``w 10`` waits ten
    seconds. With no person at the table every event is printed as it
    happens, with its time.
    """

    def __init__(self, match: Match, bots: Sequence[Agent | None], human: TerminalAgent,
                 rngs: Sequence[random.Random]) -> None:
        self.match = match
        self.state = match.state
        self.bots = bots
        self.human = human
        self.console = human.console
        self.rngs = rngs
        self.humans = [s for s, b in enumerate(bots) if b is None]
        self.free_at = schedule(self.state) or [0.0] * len(bots)
        self.waiting: set[int] = set()
        """People who wait until another seat acts."""
        self.history: list[tuple[int | None, Event, float, bool]] = []
        """Every event with the seat that caused it (None: the clock), its time and whether it
        leads its action's lines."""
        self.seen = dict.fromkeys(self.humans, 0)
        self.shown: int | None = None
        human.notes = self.notes

    def now(self) -> float:
        """The virtual clock."""
        return self.state.clock() or 0.0

    def run(self) -> None:
        """Play until the game ends (``QuitGame`` passes through)."""
        state = self.state
        while (seat := next_seat(state, self.free_at, self._advance)) is not None:
            self.waiting.discard(seat)
            bot = self.bots[seat]
            if bot is None:
                self._show_seat(seat)
                try:
                    action = self.human.choose(Observation(state, seat), self.rngs[seat])
                except WaitRequest as w:
                    self._wait(seat, w.seconds)
                    continue
            else:
                action = bot.choose(Observation(state, seat), self.rngs[seat])
            self._apply(seat, action)
        if self.humans:  # the end as the people saw it
            panel = self._meanwhile(None, min(self.seen.values()), "Until the end")
            if panel is not None:
                self.console.print(panel)

    # -- the clock and the seats ------------------------------------------------------

    def _advance(self, seconds: float) -> None:
        events = self.match.advance(seconds)
        self._note(None, events)

    def _apply(self, seat: int, action: Action) -> None:
        start = self.now()
        spent = self.state.action_seconds(seat, action)
        busy(self.state, self.free_at, seat, action)
        events = self.match.apply(seat, action)
        self._note(seat, events)
        for other in list(self.waiting):  # something happened: the waiting wake up
            if other != seat:
                self.free_at[other] = min(self.free_at[other], start)
                self.waiting.discard(other)
        if self.bots[seat] is None:
            c = self.console
            for e in events:
                if e.visible_to(seat):
                    c.print(Text(self.human.event_text(e), "cyan"))
            if not self.state.is_over():
                who = upper_first(self.state.seat_name(seat))
                c.print(f"[dim]{escape(who)} is busy {spent:g} s, until "
                        f"{clock_text(self.free_at[seat])}.[/dim]")
            self.seen[seat] = len(self.history)

    def _wait(self, seat: int, seconds: float | None) -> None:
        now = self.now()
        wake = self.state.wake_in()
        until = now + wake if wake is not None else None
        if seconds is not None:
            until = now + seconds if until is None else min(until, now + seconds)
        elif any(s != seat for s in self.state.to_act()):
            self.waiting.add(seat)
        if until is None:
            self.waiting.discard(seat)
            self.console.print("[red]Nothing would happen: the clock has no more marks and "
                               "nobody else can act.")
            return
        self.free_at[seat] = until
        what = f"{seconds:g} s" if seconds is not None else "until something happens"
        who = upper_first(self.state.seat_name(seat))
        self.console.print(f"[dim]{escape(who)} waits {what} (at most until "
                           f"{clock_text(until)}).[/dim]")

    def _note(self, seat: int | None, events: list[Event]) -> None:
        now = self.now()
        self.human.log.extend(events)
        for i, e in enumerate(events):
            lead = i == 0 or seat is None
            self.history.append((seat, e, now, lead))
            if not self.humans and e.visible_to(None):
                self.console.print(Text(self._line(now, seat, e, lead)))

    def _line(self, now: float, seat: int | None, e: Event, lead: bool) -> str:
        """``0:12.5  blue rolls ...``; the events an action caused are indented under it (a line
        that does not begin with the seat's name is led by it)."""
        text = self.human.event_text(e)
        if not lead:
            return " " * 10 + text
        if seat is None:
            text = "clock: " + text
        elif not text.startswith(name := self.state.seat_name(seat)):
            text = f"{name}: {text}"
        return f"{clock_text(now):>7}  {text}"

    # -- what a person sees -------------------------------------------------------------

    def _show_seat(self, seat: int) -> None:
        if len(self.humans) > 1 and seat != self.shown:
            if getattr(self.human.module, "PUBLIC_TABLE", False):
                self.console.rule(f"{upper_first(self.state.seat_name(seat))} decides")
            else:
                _pass_device(self.console, self.state.seat_name(seat), self.human.ask)
        self.shown = seat

    def _meanwhile(self, seat: int | None, since: int, title: str,
                   room: int = MEANWHILE + 2) -> Panel | None:
        """What the others did since ``since``, in at most ``room`` rows (None: nothing)."""
        recall = self.state.recall
        lines = [self._line(t, s, recall(e), lead) for s, e, t, lead in self.history[since:]
                 if (s is None or s != seat) and e.visible_to(seat)]
        if not lines:
            return None
        most = min(MEANWHILE, room - 2)
        while most >= 1:
            shown = lines if len(lines) <= most else [
                f"... {len(lines) - most + 1} earlier events (l = the whole log)",
                *lines[len(lines) - most + 1:]]
            panel = Panel(Text("\n".join(shown)), title=title, border_style="dim")
            if rows(panel, self.console.width) <= room:
                return panel
            most -= 1
        return None

    def notes(self, seat: int, room: int = SCREEN_ROWS) -> RenderableType:
        """The clock and what the others did since ``seat`` last decided, in at most ``room``
        rows (the clock's line always)."""
        since = self.seen.get(seat, 0)
        name = self.state.seat_name(seat)
        self.seen[seat] = len(self.history)
        now = self.now()
        others = []
        for s in range(len(self.bots)):
            if s == seat:
                continue
            who = self.state.seat_name(s) + (f" ({b.describe()} bot)" if (b := self.bots[s])
                                             else "")
            if s not in self.state.to_act():
                others.append(f"{who} out of dice")
            elif self.free_at[s] > now:
                others.append(f"{who} busy until {clock_text(self.free_at[s])}")
            else:
                others.append(f"{who} free")
        line = Text(f"Virtual clock {clock_text(now)}: {name} decides. ", "bold")
        line.append("; ".join(others) + ". Every action costs its time (w = wait).", "dim")
        panel = self._meanwhile(seat, since, f"Meanwhile, since {name} last decided",
                                room - rows(line, self.console.width))
        return line if panel is None else Group(panel, line)


def _offer_save(game: Game, seed: int, ask: Callable[[str], str]) -> Path | None:
    """Ask where to save the record of a stopped game (None: nowhere)."""
    default = f"getaway-{game.id}-{seed}.json"
    try:
        raw = ask(f"Save the record to a file? File name (y = {default}, Enter = do not save): ")
    except EOFError:  # the input ended: nothing to save to
        return None
    name = raw.strip()
    if not name or name.lower() in ("n", "no"):
        return None
    return Path(default if name.lower() in ("y", "yes") else name)


def _pass_device(console: Console, name: str, ask: Callable[[str], str]) -> None:
    """The hot-seat cover: hand the device to the seat the game calls ``name``."""
    console.clear()
    console.print(Panel(Text(f"Pass the device to {name}.\nEveryone else, look away.",
                             justify="center", style="bold"), title="Next player"))
    ask(f"{upper_first(name)}: press Enter when you are ready. ")
    console.clear()
