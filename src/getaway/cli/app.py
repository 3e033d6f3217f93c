"""The ``getaway`` command: games, rules, play, sim, replay, bench.

Without a command it opens the game chooser in the terminal.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn
from rich.table import Table

from getaway import __version__
from getaway.agents import make_agent
from getaway.core.agent import Agent
from getaway.core.errors import ConfigError, GetawayError, RecordError
from getaway.core.events import Event
from getaway.core.records import Record, replay
from getaway.core.registry import Game
from getaway.core.spec import Config
from getaway.games import registry

app = typer.Typer(add_completion=False, no_args_is_help=False,
                  help="getaway: five escape-themed tabletop games, for people and machines.")
console = Console()
err = Console(stderr=True)

Variant = Annotated[list[str] | None, typer.Option(
    "--variant", "-v", help="A variant option KEY=VALUE (repeatable); see `getaway games`.")]


def _fail(message: str, code: int = 2) -> typer.Exit:
    err.print(f"[bold red]error:[/bold red] {message}", soft_wrap=True)
    return typer.Exit(code)


def _config(game_id: str, players: int | None, variant: list[str] | None) -> tuple[Game, Config]:
    try:
        game = registry().get(game_id)
        options = game.spec.parse_options(variant or [])
        return game, game.spec.configure(players, options)
    except ConfigError as e:
        raise _fail(str(e)) from None


@app.callback(invoke_without_command=True)
def _main(ctx: typer.Context,
          version: Annotated[bool, typer.Option("--version", help="Print the version.")] = False,
          ) -> None:
    """Without a command: choose a game and play it in the terminal."""
    if version:
        console.print(f"getaway {__version__}")
        raise typer.Exit
    if ctx.invoked_subcommand is None:
        from getaway.cli.chooser import choose_and_play

        choose_and_play(console)


@app.command()
def games(as_json: Annotated[bool, typer.Option("--json", help="Machine-readable.")] = False,
          ) -> None:
    """List the playable games with their player ranges and variant options."""
    specs = [g.spec for g in registry()]
    if as_json:
        print(json.dumps([s.describe() for s in specs], indent=1))
        return
    t = Table(title="getaway games")
    t.add_column("id", style="bold")
    t.add_column("title")
    t.add_column("players", justify="center")
    t.add_column("variants (KEY=VALUE, default first)")
    for s in specs:
        opts = []
        for o in s.options:
            values = [o.default, *[c for c in o.choices if c != o.default]] if o.choices \
                else [o.default, not o.default] if o.type is bool else [o.default]
            opts.append(f"{o.key}={'|'.join(str(v).lower() if isinstance(v, bool) else str(v) for v in values)}")  # noqa: E501
        t.add_row(s.id, f"{s.title}\n[dim]{s.summary}", f"{s.min_players}-{s.max_players}",
                  "\n".join(opts))
    console.print(t)


@app.command()
def rules(game: Annotated[str, typer.Argument(help="Game id (see `getaway games`).")]) -> None:
    """Print a game's rules, in the project's own words."""
    try:
        text = registry().get(game).rules()
    except ConfigError as e:
        raise _fail(str(e)) from None
    console.print(Markdown(text))


def _bots(text: str | None, game: Game, players: int) -> list[Agent | None]:
    """``--bots``: ``A,B`` fills the last seats; ``SEAT=AGENT`` names a seat."""
    bots: list[Agent | None] = [None] * players
    if not text:
        return bots
    specs = [s.strip() for s in text.split(",") if s.strip()]
    plain = [s for s in specs if "=" not in s.split(":")[0]]
    if len(plain) > players:
        raise ConfigError(f"{len(plain)} bots given for {players} seats")
    for i, s in enumerate(plain):
        bots[players - len(plain) + i] = make_agent(s, game)
    for s in specs:
        head, _, agent = s.partition("=")
        if s in plain:
            continue
        if not head.isdigit() or not 0 <= int(head) < players:
            raise ConfigError(f"bot {s!r}: seat must be 0 to {players - 1}")
        bots[int(head)] = make_agent(agent, game)
    return bots


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id (see `getaway games`).")],
    players: Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")] = None,
    bots: Annotated[str | None, typer.Option(
        help="Bots: 'heuristic,random' fills the last seats; '0=heuristic' names a seat. "
             "Other seats are humans at this keyboard (hot-seat).")] = None,
    variant: Variant = None,
    seed: Annotated[int | None, typer.Option(help="Seed (random if omitted).")] = None,
    save: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
) -> None:
    """Play in the terminal: each human seat sees only its own view."""
    g, config = _config(game, players, variant)
    try:
        seats = _bots(bots, g, config.players)
    except ConfigError as e:
        raise _fail(str(e)) from None
    from getaway.cli.play import play_terminal

    s = seed if seed is not None else int.from_bytes(__import__("os").urandom(4), "little")
    console.print(f"[dim]{config.label()}, seed {s}[/dim]")
    play_terminal(g, config, s, seats, console, save)


@app.command()
def sim(
    game: Annotated[str, typer.Argument(help="Game id.")],
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Games to play.")] = 100,
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    agents: Annotated[str, typer.Option(
        help="One agent for every seat, or one per seat: random, heuristic, "
             "ismcts:iterations=500, flat-mc:seconds=0.5, ...")] = "random",
    variant: Variant = None,
    seed: Annotated[int, typer.Option(help="Run seed; same seed, same games.")] = 0,
    backend: Annotated[str, typer.Option(help="local, pool (default) or ray.")] = "pool",
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, help="Worker processes (default: one per core).")] = None,
    address: Annotated[str | None, typer.Option(
        help="Ray cluster HOST:PORT (default: start a local Ray).")] = None,
    out: Annotated[Path | None, typer.Option(
        help="Stream every game's result to FILE.jsonl or FILE.parquet; "
             "running the same command again resumes an interrupted run.")] = None,
    records: Annotated[Path | None, typer.Option(help="Save every game's record here.")]
    = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")]
    = False,
) -> None:
    """Simulate many games with bots and summarise the results."""
    from getaway.sim.jobs import Job
    from getaway.sim.runner import simulate

    g, config = _config(game, players, variant)
    job = Job(g.id, config.players, dict(config.options), agents, seed,
              str(records) if records else None)
    show = sys.stderr.isatty() and not as_json
    try:
        if show:
            with Progress("[progress.description]{task.description}", BarColumn(),
                          MofNCompleteColumn(), TimeRemainingColumn(), console=err) as bar:
                task = bar.add_task(config.label(), total=games_)
                summary = simulate(job, games_, backend, jobs, address, out,
                                   lambda k: bar.advance(task, k))
        else:
            summary = simulate(job, games_, backend, jobs, address, out)
    except ConfigError as e:
        raise _fail(str(e)) from None
    data = summary.to_json()
    if as_json:
        print(json.dumps(data, indent=1))
        return
    t = Table(title=f"{config.label()} -- agents {agents} -- seed {seed}", show_header=False)
    lo, hi = data["win_rate_ci95"]
    t.add_row("games", str(data["games"]))
    t.add_row("wins", str(data["wins"]))
    t.add_row("win rate", f"{data['win_rate']:.1%}  (95% CI {lo:.1%} - {hi:.1%})")
    if data["mean_winning_score"] is not None:
        t.add_row("mean score of wins", f"{data['mean_winning_score']:.2f}")
    t.add_row("wins by seat", " ".join(map(str, data["seat_wins"])))
    t.add_row("endings", ", ".join(f"{k} {v}" for k, v in data["endings"].items()))
    t.add_row("mean decisions per game", f"{data['mean_decisions']:.1f}")
    t.add_row("decisions per second", f"{data['decisions_per_second']:,.0f}")
    t.add_row("seconds", f"{data['seconds']:.2f}")
    if out:
        t.add_row("results", str(out))
    console.print(t)


@app.command("replay")
def replay_cmd(
    file: Annotated[Path, typer.Argument(help="A record saved by play --save or sim --records.")],
    quiet: Annotated[bool, typer.Option("--quiet", "-q", help="Only verify.")] = False,
    seat: Annotated[int | None, typer.Option(
        help="Print the log as this seat may read it back at the end.")] = None,
    spectator: Annotated[bool, typer.Option(
        "--spectator", help="Print the log as a spectator may read it back at the end.")]
    = False,
) -> None:
    """Replay a record, verify its outcome and print the game's log.

    The log is the record's full account: every action by name and every
    event, private ones included. With --seat N or --spectator it is what that
    reader may read back once the game is over: only the events it may see,
    each as the final state recalls it (a detail the players must remember,
    such as the cards of a solved puzzle in ESCAPE NOW!'s expert game, is not
    spelled out), and no action names (they may name a card a seat kept
    secret or must remember).
    """
    if spectator and seat is not None:
        raise _fail("give --seat or --spectator, not both")
    try:
        record = Record.load(file)
        if record.engine != __version__:
            err.print(f"[yellow]note: recorded by engine {record.engine}, replaying with "
                      f"{__version__}")
        match = replay(record, registry())
    except RecordError as e:
        raise _fail(f"{file}: {e}", 1) from None
    if seat is not None and not 0 <= seat < record.players:
        raise _fail(f"seat must be 0 to {record.players - 1}")
    if not quiet and (spectator or seat is not None):
        _print_read_back(record, match.config, seat)
    elif not quiet:
        state = registry().get(record.game).new_state(match.config, record.seed)
        for i, step in enumerate(record.steps):
            if "advance" in step:
                events: list[Event] = state.advance(float(step["advance"]))
                head = f"[dim]{i:4}  clock +{step['advance']}s[/dim]"
            else:
                action = match.game.actions.from_json(step["action"])
                events = state.apply(step["seat"], action)
                who = escape(state.seat_name(step["seat"]))
                head = f"{i:4}  {who}: [bold]{escape(action.label())}[/bold]"
            console.print(head)
            for ev in events:
                console.print(f"        {ev.text}")
    out = match.state.outcome()
    verdict = out.detail or out.reason if out else "unfinished"
    console.print(f"[green]verified:[/green] {len(record.steps)} steps, {record.game} "
                  f"{record.players}p seed {record.seed}: {verdict}")


def _print_read_back(record: Record, config: Config, seat: int | None) -> None:
    """The log of a replayed record as ``seat`` (None: a spectator) may read it back at the end:
    its visible events, recalled by the final state, under the step that caused them."""
    game = registry().get(record.game)
    state = game.new_state(config, record.seed)
    steps: list[tuple[str, list[Event]]] = []
    for i, step in enumerate(record.steps):
        if "advance" in step:
            events = state.advance(float(step["advance"]))
            head = f"[dim]{i:4}  clock +{step['advance']}s[/dim]"
        else:
            events = state.apply(step["seat"], game.actions.from_json(step["action"]))
            head = f"{i:4}  {escape(state.seat_name(step['seat']))}"
        steps.append((head, [e for e in events if e.visible_to(seat)]))
    for head, events in steps:
        if events:
            console.print(head)
            for ev in events:
                console.print(f"        {escape(state.recall(ev).text)}")


@app.command()
def bench(
    game: Annotated[str, typer.Argument(help="Game id.")],
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    variant: Variant = None,
    seconds: Annotated[float, typer.Option(help="Seconds of rollouts.")] = 3.0,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Measure random-rollout speed and the cost of clone and determinize."""
    from getaway.sim.bench import bench as run_bench

    g, config = _config(game, players, variant)
    r = run_bench(g, config, seconds)
    if as_json:
        print(json.dumps(r.to_json(), indent=1))
        return
    t = Table(title=f"bench {r.config}", show_header=False)
    t.add_row("random-rollout decisions per second", f"{r.decisions_per_second:,.0f}")
    t.add_row("games per second", f"{r.games_per_second:,.1f}")
    t.add_row("clone", f"{r.clone_us:.1f} µs")
    t.add_row("determinize", f"{r.determinize_us:.1f} µs")
    t.add_row("games / decisions measured", f"{r.games} / {r.decisions}")
    console.print(t)


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL (default: SQLite in --data-dir); "
             "postgresql+psycopg://USER:PASSWORD@HOST/DB to share it between servers.")] = None,
    data_dir: Annotated[Path, typer.Option(help="Where the SQLite file lives.")]
    = Path("getaway-data"),
    bot_delay: Annotated[float, typer.Option(
        min=0.0, help="Seconds a bot waits before moving (turn-based games).")] = 0.6,
    bot_pace: Annotated[float, typer.Option(
        min=0.0,
        help="Real-time games: a bot rests this many times an action's time before its next "
             "action (1: a person's pace; 0.5: twice as fast).")] = 1.0,
    bot_seconds: Annotated[float, typer.Option(
        min=0.05, max=600.0,
        help="The most a bot may think about one move; a table asking for more is "
             "refused.")] = 1.5,
    bot_workers: Annotated[int, typer.Option(
        min=0, max=256, help="Processes bots think in (0: one per core).")] = 0,
    bot_grace: Annotated[float, typer.Option(
        min=0.0, max=600.0,
        help="Seconds a bot or a hint may run past its cap before its worker is stopped "
             "(its own deadline ends the thinking; this covers a slow or starved "
             "process).")] = 2.0,
    tables_per_minute: Annotated[int, typer.Option(
        min=0, help="Tables one client may create per minute (0: no limit).")] = 30,
    client_tables: Annotated[int, typer.Option(
        min=0, help="Open and running tables one client may have at once (0: no limit).")] = 20,
    table_sockets: Annotated[int, typer.Option(
        min=0, help="Live connections to one table (0: no limit).")] = 200,
    client_sockets: Annotated[int, typer.Option(
        min=0, help="Live connections from one client (0: no limit).")] = 50,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="A web origin (https://example.org) whose pages may open sockets here; "
             "repeatable. This server's own pages always may.")] = None,
) -> None:
    """Run the web app: lobby, tables, bots, live updates."""
    import uvicorn

    from getaway.server.app import create_app
    from getaway.server.settings import Settings

    try:
        settings = Settings.make(
            db, data_dir, bot_delay=bot_delay, bot_pace=bot_pace, bot_seconds=bot_seconds,
            bot_workers=bot_workers, bot_grace=bot_grace, tables_per_minute=tables_per_minute,
            client_tables=client_tables, table_sockets=table_sockets,
            client_sockets=client_sockets, allowed_origins=tuple(allow_origin or ()),
            freeze=True)
        web = create_app(settings)
    except GetawayError as e:
        raise _fail(str(e)) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    console.print(f"[bold green]getaway is running:[/bold green] http://{shown}:{port}/  "
                  "(Ctrl-C stops it)")
    uvicorn.run(web, host=host, port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False)


def main() -> None:
    """Console-script entry point."""
    try:
        app()
    except GetawayError as e:  # a last line of defence: bad input never shows a traceback
        err.print(f"[bold red]error:[/bold red] {e}")
        sys.exit(2)
