"""Paired comparisons: the statistics against hand-computed values, pairing, seat rotation,
determinism, the command."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from getaway.cli import app
from getaway.sim.compare import compare, lineup, seats_under_test
from getaway.sim.jobs import game_seed
from getaway.sim.paired import (
    PairedScores,
    PairedWins,
    binomial_two_sided,
    mcnemar_exact,
    mean_ci,
    newcombe_paired,
    t_quantile,
)
from getaway.sim.summary import wilson

# -- statistics ---------------------------------------------------------------------------------


def test_mcnemar_exact_by_hand() -> None:
    assert mcnemar_exact(2, 0) == 0.5  # 2 * (1/2)^2
    assert mcnemar_exact(0, 0) == 1.0  # no discordant deal: no evidence
    assert mcnemar_exact(5, 0) == 2 / 32
    assert mcnemar_exact(3, 7) == mcnemar_exact(7, 3) == 2 * (1 + 10 + 45 + 120) / 1024
    assert mcnemar_exact(5, 5) == 1.0  # capped
    assert binomial_two_sided(0, 1) == 1.0


def test_binomial_matches_scipy_when_present() -> None:
    stats = pytest.importorskip("scipy.stats")
    for k, n in ((3, 10), (40, 100), (0, 25), (480, 1000)):
        assert binomial_two_sided(k, n) == pytest.approx(stats.binomtest(k, n).pvalue,
                                                         rel=1e-9)


def test_newcombe_by_hand() -> None:
    # b=2, c=0 of 2 deals: p1 = 1, p2 = 0; phi = 0 (a margin is empty); Wilson(2 of 2) and
    # Wilson(0 of 2) mirror each other, so the lower limit is 1 - sqrt(2) * (1 - l1).
    l1, _ = wilson(2, 2)
    assert l1 == pytest.approx(0.342372, abs=1e-6)
    lo, hi = newcombe_paired(0, 2, 0, 0)
    assert lo == pytest.approx(1 - math.sqrt(2) * (1 - l1)) and lo == pytest.approx(0.069973,
                                                                                    abs=1e-6)
    assert hi == 1.0
    # No difference and no discordant deal: symmetric about 0.
    lo, hi = newcombe_paired(3, 0, 0, 7)
    assert lo == pytest.approx(-hi)


@pytest.mark.parametrize(("table", "expected"), [
    # Fagerland, Lydersen and Laake's examples of the paired 2x2 table (Bentur et al. 2009;
    # Cavo et al. 2012), Newcombe's square-and-add interval to 4 decimals.
    ((1, 1, 7, 12), (-0.5069, -0.0256)),
    ((59, 6, 16, 80), (-0.1186, -0.0046)),
])
def test_newcombe_known_values(table: tuple[int, int, int, int],
                               expected: tuple[float, float]) -> None:
    lo, hi = newcombe_paired(*table)
    assert (round(lo, 4), round(hi, 4)) == expected


def test_t_quantiles() -> None:
    for df, t in ((1, 12.7062), (2, 4.3027), (9, 2.2622), (30, 2.0423), (1000, 1.9623)):
        assert t_quantile(0.975, df) == pytest.approx(t, abs=1e-4)
    assert t_quantile(0.025, 9) == pytest.approx(-2.2622, abs=1e-4)


def test_mean_ci_by_hand() -> None:
    mean, ci = mean_ci([1.0, 2.0, 3.0, 4.0])  # sd = sqrt(5/3), t(0.975, 3) = 3.182446
    h = 3.182446 * math.sqrt(5 / 3) / 2
    assert mean == 2.5 and ci is not None
    assert ci == pytest.approx((2.5 - h, 2.5 + h), abs=1e-5)
    assert mean_ci([2.0]) == (2.0, None) and mean_ci([]) == (0.0, None)


def test_paired_tables() -> None:
    t = PairedWins.of([True, True, False, False, True], [True, False, True, False, False])
    assert (t.both, t.only_a, t.only_b, t.neither) == (1, 2, 1, 1)
    d = t.to_json()
    assert d["difference"] == pytest.approx(0.2) and d["mcnemar_p"] == 1.0
    assert d["wins"] == {"a": 3, "b": 2} and d["pairs"] == 5
    s = PairedScores((3.0, 0.0, 5.0, 1.0), (1.0, 0.0, 2.0, 4.0)).to_json()
    assert (s["a_higher"], s["b_higher"], s["ties"]) == (2, 1, 1)
    assert s["sign_test_p"] == 1.0 and s["mean_difference"] == pytest.approx(0.5)
    with pytest.raises(ValueError, match="same deals"):
        PairedWins.of([True], [True, False])


# -- pairing and seats --------------------------------------------------------------------------


def test_seats_rotate() -> None:
    assert [seats_under_test("one", 3, i) for i in range(5)] == [(0,), (1,), (2,), (0,), (1,)]
    assert seats_under_test("all", 3, 4) == (0, 1, 2)
    assert seats_under_test("one", 1, 4) == (0,)
    assert lineup("a", "w", (1,), 3) == ["w", "a", "w"]


def test_both_line_ups_play_the_same_deals_with_seats_rotated() -> None:
    c = compare("alcatraz-2034", 3, {}, "random", "normal", 6, seed=5, backend="local")
    assert c.seats == "one" and c.partner == "normal" and not c.cooperative
    for i, d in enumerate(c.deals):
        assert d.seed == d.a.seed == d.b.seed == game_seed(5, i)
        assert d.seats == (i % 3,)
        a_seats, b_seats = d.a.agents.split(","), d.b.agents.split(",")
        assert a_seats == lineup("random", "normal", d.seats, 3)
        assert b_seats == ["normal"] * 3
    assert sorted({d.seats for d in c.deals}) == [(0,), (1,), (2,)]  # every seat, twice


def test_a_cooperative_game_compares_whole_teams_by_default() -> None:
    c = compare("escape-now", 2, {}, "normal", "random", 4, backend="local")
    assert c.seats == "all" and c.partner is None and c.cooperative
    assert all(d.a.agents == "normal,normal" and d.b.agents == "random,random"
               for d in c.deals)
    assert all(d.won("a") == bool(d.a.winners) for d in c.deals)


def test_an_agent_against_itself_gives_identical_games() -> None:
    """Both line-ups draw the same random numbers: the only difference is the agent."""
    c = compare("escape-now", 2, {}, "random", "random", 6, backend="local")
    assert all(d.a == d.b for d in c.deals)
    w = c.wins()
    assert w.only_a == w.only_b == 0 and w.mcnemar_p() == 1.0


def test_deterministic_whatever_the_backend() -> None:
    one = compare("escape-now", 2, {}, "easy", "random", 6, seed=9, seats="one",
                  backend="local").to_json()
    two = compare("escape-now", 2, {}, "easy", "random", 6, seed=9, seats="one",
                  backend="pool", jobs=2).to_json()
    assert one == two
    other = compare("escape-now", 2, {}, "easy", "random", 6, seed=10, seats="one",
                    backend="local").to_json()
    assert [d["seed"] for d in other["deals"]] != [d["seed"] for d in one["deals"]]


def test_labels_name_the_settings() -> None:
    c = compare("escape-now", 2, {}, "ismcts:progress_weight=0.5:iterations=3:depth=5",
                "ismcts:iterations=3:depth=5", 1, backend="local")
    assert (c.a, c.b) == ("ismcts:iterations=3:depth=5:progress_weight=0.5",
                          "ismcts:iterations=3:depth=5")


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"a": "nope"}, "unknown agent 'nope'"),
    ({"b": "ismcts:depth=0"}, "depth"),
    ({"seats": "half"}, "--seats must be one of"),
    ({"seats": "all", "partner": "random"}, "every seat is under test"),
    ({"players": 1, "partner": "random"}, "a one-player game has none"),
    ({"games": 0}, "--games"),
])
def test_bad_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    from getaway.core.errors import ConfigError

    args: dict[str, object] = {"game": "escape-now", "players": 2, "options": {}, "a": "normal",
                               "b": "random", "games": 2, "backend": "local", **kwargs}
    with pytest.raises(ConfigError, match=message):
        compare(**args)  # type: ignore[arg-type]


# -- the command --------------------------------------------------------------------------------


def test_compare_command_escape_now_random_vs_normal(tmp_path: Path) -> None:
    out = tmp_path / "cmp.json"
    r = CliRunner().invoke(app, ["compare", "escape-now", "random", "normal", "-p", "2",
                                 "-n", "6", "--backend", "local", "--json", "--out", str(out)])
    assert r.exit_code == 0, r.stdout + r.stderr
    d = json.loads(r.stdout)
    assert d == json.loads(out.read_text(encoding="utf-8"))
    assert (d["a"], d["b"], d["seats"], d["pairs"]) == ("random", "normal", "all", 6)
    assert sum(d["table"].values()) == 6 and len(d["deals"]) == 6
    assert d["wins"]["a"] == 0  # random play never escapes
    assert d["difference"] <= 0 and d["difference_ci95"][0] <= d["difference"]
    assert 0 < d["mcnemar_p"] <= 1
    shown = CliRunner().invoke(app, ["compare", "escape-now", "random", "normal", "-p", "2",
                                     "-n", "6", "--backend", "local", "--seats", "one",
                                     "--options", "layout=easy"])
    assert shown.exit_code == 0, shown.stdout + shown.stderr
    text = " ".join(shown.stdout.split())  # as wrapped to the terminal's width
    assert "McNemar exact p" in text and "Newcombe" in text and "sign test p" in text
    assert "one seat, rotating; the others normal" in text


@pytest.mark.parametrize(("argv", "message"), [
    (["escape-now", "nope", "random"], "unknown agent 'nope'"),
    (["escape-now", "normal", "ismcts:budget=3"], "does not accept"),
    (["escape-now", "normal", "random", "--options", "layout=weird"], "layout"),
    (["escape-now", "normal", "random", "--options", "layout"], "KEY=VALUE"),
    (["no-such-game", "normal", "random"], "no-such-game"),
    (["escape-now", "normal", "random", "-p", "2", "--seats", "all", "--with", "easy"],
     "every seat is under test"),
])
def test_compare_command_refuses_bad_input(argv: list[str], message: str) -> None:
    r = CliRunner().invoke(app, ["compare", *argv, "-n", "2", "--backend", "local"])
    assert r.exit_code == 2
    assert message in r.stderr


def test_compare_help() -> None:
    r = CliRunner().invoke(app, ["compare", "--help"])
    assert r.exit_code == 0 and "McNemar" in r.stdout and "--with" in r.stdout
