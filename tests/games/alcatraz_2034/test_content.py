"""Alcatraz 2034 content: the shipped data obeys the rulebook, and bad edits are caught on load."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from getaway.core.errors import ContentError
from getaway.games.alcatraz_2034.content import (
    ABILITIES,
    CARD_TOTAL,
    CONTENT,
    DATA,
    Ability,
    AfterRun,
    Board,
    BuildingSymbol,
    Combine,
    EffectKind,
    EscapeDeck,
    Movement,
    PunishmentKind,
    RouteColour,
    RunMethod,
    SentinelCardKind,
    Source,
    SpaceKind,
    Target,
    TileColour,
    Timing,
    escape_score,
    has_reroll,
    load,
)
from tests.games.content_checks import assert_rejected, copy_data, edit

B = CONTENT.board


# -- helpers -----------------------------------------------------------------


def one_move(board: Board, start: str, steps: int, may_end_on_safe: bool) -> set[str]:
    """Spaces one move of up to ``steps`` can end on, on an empty board (yellow stops it)."""
    ends: set[str] = set()
    seen = {(start, 0)}
    todo = [(start, 0)]
    while todo:
        here, used = todo.pop()
        if used == steps:
            continue
        for there, colour in board.neighbours(here):
            ends.add(there)
            if colour is not RouteColour.YELLOW and (there, used + 1) not in seen:
                seen.add((there, used + 1))
                todo.append((there, used + 1))
    ends.discard(start)
    return {s for s in ends if may_end_on_safe or board.space(s).kind is not SpaceKind.SAFE}


def fewest_moves(board: Board, start: str, ways: tuple[Movement, ...] = tuple(Movement)
                 ) -> dict[str, int]:
    """Fewest moves (the best of ``ways`` each time) from ``start`` to every space."""
    moves = [CONTENT.movement(m) for m in ways]
    best = {start: 0}
    frontier = {start}
    n = 0
    while frontier:
        n += 1
        nxt = set()
        for here in frontier:
            for m in moves:
                for there in one_move(board, here, m.steps, m.may_end_on_safe):
                    if there not in best:
                        best[there] = n
                        nxt.add(there)
        frontier = nxt
    return best


# -- card and component counts -----------------------------------------------


def test_165_cards() -> None:
    escape = sum(c.copies for c in CONTENT.escape_cards)
    sentinel = len(CONTENT.sentinel_deck())
    total = escape + len(CONTENT.run_cards) + sentinel + len(CONTENT.prisoners) \
        + len(CONTENT.professions)
    assert (escape, len(CONTENT.run_cards), sentinel) == (61, 64, 16), "AZ-6"
    assert (len(CONTENT.prisoners), len(CONTENT.professions)) == (12, 12), "AZ-6"
    assert total == CARD_TOTAL == 165, "AZ-6"


def test_escape_cards_make_four_decks() -> None:
    sizes = {d: len(CONTENT.escape_deck(d)) for d in EscapeDeck}
    assert set(sizes) == {EscapeDeck.SMARTS, EscapeDeck.TOUGHNESS, EscapeDeck.SKILLS,
                          EscapeDeck.SYSTEM}, "AZ-7 AZ-GAP-7"
    assert sum(sizes.values()) == 61, "AZ-7"
    # designed split: 15 per ability deck, 16 in the System deck
    assert sizes == {EscapeDeck.SMARTS: 15, EscapeDeck.TOUGHNESS: 15, EscapeDeck.SKILLS: 15,
                     EscapeDeck.SYSTEM: 16}, "AZ-GAP-7"


def test_every_escape_card_has_a_timing_and_all_four_occur() -> None:
    timings = {c.timing for c in CONTENT.escape_cards}
    assert timings == set(Timing), "AZ-100"
    # "during a Run" cards exist for improving a roll, a re-roll, and helping others
    kinds = {c.effect.kind for c in CONTENT.escape_cards if c.timing in (Timing.RUN,
                                                                         Timing.ANY_TIME)}
    assert {EffectKind.RUN_BONUS, EffectKind.REROLL, EffectKind.CANCEL_PUNISHMENT} <= kinds, \
        "designed Run cards"
    attack = {c.effect.kind for c in CONTENT.escape_cards if c.timing is Timing.ATTACK}
    assert EffectKind.ATTACK_BONUS in attack, "designed: cards for attacks"


def test_escape_cards_are_playable_for_any_prisoner_mostly() -> None:
    # "They can often be played for any prisoner at all."
    any_prisoner = sum(c.copies for c in CONTENT.escape_cards if c.target is Target.PRISONER)
    own = sum(c.copies for c in CONTENT.escape_cards if c.target is Target.OWN_PRISONER)
    assert any_prisoner > own, "AZ-28"


def test_boat_and_air_runs_have_starting_cards() -> None:
    starts = Counter(c.effect.method for c in CONTENT.escape_cards
                     for _ in range(c.copies) if c.effect.kind is EffectKind.START_RUN)
    # designed: one per boat space, one per air way (2 spaces and the helipad)
    assert starts == {RunMethod.BOAT: 4, RunMethod.AIR: 3}, "AZ-GAP-7"


def test_effect_parameters_fit_their_kind() -> None:
    for c in CONTENT.escape_cards:
        e = c.effect
        if e.kind in (EffectKind.ATTACK_BONUS, EffectKind.RUN_BONUS, EffectKind.SENTINEL_BONUS,
                      EffectKind.RUN_PENALTY, EffectKind.DRAW_ESCAPE):
            assert e.amount > 0, c.id
        else:
            assert e.amount == 0, c.id
        assert (e.steps > 0) == (e.kind in (EffectKind.MOVE_SENTINEL, EffectKind.EXTRA_MOVE)), \
            c.id
        assert (e.method is not None) == (e.kind is EffectKind.START_RUN), c.id
        assert c.text and c.name, c.id


def test_run_cards_make_four_decks_with_red_titles_set_aside() -> None:
    sizes = {m: len(CONTENT.run_deck(m)) for m in RunMethod}
    assert sum(sizes.values()) == 64, "AZ-8"
    assert set(sizes) == set(RunMethod), "AZ-1 AZ-8"
    red = {m: len(CONTENT.run_deck(m, red=True)) for m in RunMethod}
    for m in RunMethod:
        assert 0 < red[m] < sizes[m], f"red {m}"
        assert len(CONTENT.run_deck(m, red=False)) + red[m] == sizes[m], "the deck"
    # designed split
    assert sizes == {RunMethod.SWIM: 24, RunMethod.BOAT: 16, RunMethod.AIR: 12,
                     RunMethod.TUNNEL: 12}, "AZ-GAP-8"
    assert red == {RunMethod.SWIM: 6, RunMethod.BOAT: 4, RunMethod.AIR: 3,
                   RunMethod.TUNNEL: 3}, "AZ-GAP-8"


def test_each_run_deck_has_a_card_that_shuffles_the_red_cards_in() -> None:
    for m in RunMethod:
        adders = [c for c in CONTENT.run_deck(m) if c.adds_red]
        assert adders, f"AZ-120 {m}"
        assert all(not c.red for c in adders), "AZ-120: only the starting deck can bring them in"


def test_red_titled_run_cards_are_harder() -> None:
    for m in RunMethod:
        normal = [c for c in CONTENT.run_deck(m, red=False) if c.prisoners == 1
                  and c.combine is Combine.CHOOSE]
        red = [c for c in CONTENT.run_deck(m, red=True) if c.prisoners == 1
               and c.combine is Combine.CHOOSE]
        assert max(c.target for c in normal) < min(c.target for c in red), f"red {m}"


def test_run_card_structure() -> None:
    for c in CONTENT.run_cards:
        assert c.abilities and len(set(c.abilities)) == len(c.abilities), c.id
        assert c.combine is Combine.CHOOSE or len(c.abilities) >= 2, c.id
        assert c.prisoners >= 1 and c.fail, c.id
        for p in c.fail:
            needs_who = p.kind in (PunishmentKind.CELL_BLOCK, PunishmentKind.ELIMINATE,
                                   PunishmentKind.DISCARD_ESCAPE)
            assert (p.who is not None) == needs_who, c.id
    kinds = {p.kind for c in CONTENT.run_cards for p in c.fail}
    assert {PunishmentKind.CELL_BLOCK, PunishmentKind.ELIMINATE} <= kinds, "designed punishments"
    assert any(c.after_run is AfterRun.SHUFFLE_BACK for c in CONTENT.run_cards), \
        "a card not set aside"
    assert any(c.prisoners > 1 for c in CONTENT.run_cards), "one or more prisoners"
    assert any(c.combine is Combine.SUM for c in CONTENT.run_cards), \
        "one or more abilities"


def test_building_tiles() -> None:
    pile = CONTENT.building_pile()
    assert len(pile) == 12, "AZ-10"
    assert len(B.of_kind(SpaceKind.BUILDING)) == 11, "AZ-10"
    symbols = Counter(t.symbol for t in pile)
    assert set(symbols) == set(BuildingSymbol), "AZ-GAP-10"
    tunnel = [t for t in CONTENT.building_tiles if t.symbol is BuildingSymbol.TUNNEL]
    helipad = [t for t in CONTENT.building_tiles if t.symbol is BuildingSymbol.HELIPAD]
    assert all(t.run_cards == 3 and t.run_method is RunMethod.TUNNEL for t in tunnel), "tunnel"
    assert all(t.run_cards == 4 and t.run_method is RunMethod.AIR for t in helipad), "4 air cards"
    for t in CONTENT.building_tiles:
        if t.symbol in (BuildingSymbol.SMARTS, BuildingSymbol.TOUGHNESS, BuildingSymbol.SKILLS,
                        BuildingSymbol.SYSTEM):
            assert t.escape_deck is not None and t.escape_deck.value == t.symbol.value, "its deck"
            assert t.run_method is None
        else:
            assert t.escape_deck is None, "no deck"
    # designed: two of each Escape symbol, so the left-out tile never hides a deck
    assert all(symbols[BuildingSymbol(d.value)] == 2 for d in EscapeDeck), "AZ-GAP-10"


def test_run_tiles() -> None:
    assert len(CONTENT.run_tiles) == 18, "AZ-12"
    assert all(t.method is not RunMethod.TUNNEL for t in CONTENT.run_tiles), "AZ-12"
    spaces = Counter(s.method for s in B.of_kind(SpaceKind.RUN))
    tiles = Counter(t.method for t in CONTENT.run_tiles)
    for m, n in spaces.items():
        assert tiles[m] >= n, f"enough {m} tiles"
    assert sum(tiles.values()) - sum(spaces.values()) == 6, "AZ-13"
    assert tiles == {RunMethod.AIR: 3, RunMethod.BOAT: 6, RunMethod.SWIM: 9}, "AZ-GAP-9"
    assert all(t.cards >= 2 for t in CONTENT.run_tiles), "enough cards"
    assert len(CONTENT.run_tile_pile(RunMethod.SWIM)) == 9


def test_run_decks_hold_enough_cards_for_a_longest_run() -> None:
    for m in (RunMethod.SWIM, RunMethod.BOAT, RunMethod.AIR):
        longest = max(t.cards for t in CONTENT.run_tile_pile(m))
        assert len(CONTENT.run_deck(m, red=False)) >= longest, "enough cards"
    assert len(CONTENT.run_deck(RunMethod.AIR, red=False)) >= 4, "4 air cards"
    assert len(CONTENT.run_deck(RunMethod.TUNNEL, red=False)) >= 3, "tunnel"


def test_sentinels() -> None:
    pile = CONTENT.sentinel_pile()
    assert len(pile) == 6, "AZ-14"
    assert Counter(p.ability for p in pile) == dict.fromkeys(Ability, 2), "AZ-14 AZ-GAP-6"


def test_sentinel_cards() -> None:
    deck = CONTENT.sentinel_deck()
    assert len(deck) == 16, "AZ-16"
    assert {c.kind for c in deck} == set(SentinelCardKind), "AZ-70"
    for c in deck:
        if c.kind is SentinelCardKind.DRONE_SWARM:
            assert c.ability is not None and c.score > 0, "AZ-85"
        else:
            assert c.ability is None and c.score == 0
        assert (c.steps > 0) == (c.kind is SentinelCardKind.SENTINEL), "AZ-GAP-5"
    assert Counter(c.kind for c in deck) == {SentinelCardKind.SYSTEM_TILE: 6,
                                             SentinelCardKind.SENTINEL: 6,
                                             SentinelCardKind.DRONE_SWARM: 4}, "AZ-GAP-4"


def test_system_board_and_tiles() -> None:
    sb = CONTENT.system_board
    assert sb.base_score == 3, "AZ-91"
    assert sb.stacks == 3, "AZ-17"
    assert sb.grey_spaces == 3, "AZ-72"
    pile = CONTENT.system_tile_pile()
    assert len(pile) == 18, "AZ-17"
    colours = Counter(t.colour for t in pile)
    assert colours[TileColour.GREY] <= sb.grey_spaces, "AZ-72"
    assert len(sb.rows) == 3 and TileColour.GREY not in {r.colour for r in sb.rows}, "3 rows"
    for r in sb.rows:
        assert colours[r.colour] >= r.spaces, f"{r.colour}: the row can be filled"
        assert all(t.ability is r.ability for t in pile if t.colour is r.colour), "AZ-GAP-2"
    assert {r.ability for r in sb.rows} == set(Ability), "AZ-GAP-2"
    assert {t.ability for t in pile if t.colour is TileColour.GREY} == set(Ability), \
        "AZ-GAP-3"
    assert len(pile) % sb.stacks == 0, "AZ-17: three equal stacks"


def test_dice_and_scores() -> None:
    assert (CONTENT.dice, CONTENT.die_sides) == (2, 6), "AZ-18 AZ-GAP-12"
    assert CONTENT.token_points == 1, "AZ-19"
    assert CONTENT.escape_points == 1


# -- characters ----------------------------------------------------------------


def test_player_table() -> None:
    table = {p.players: p.characters for p in CONTENT.player_counts}
    assert table == {2: 6, 3: 4, 4: 3, 5: 2, 6: 2}, "AZ-20"
    for n in table:
        assert CONTENT.characters_per_player(n) * n <= 12, "AZ-20"
    with pytest.raises(ContentError, match="7 players"):
        CONTENT.characters_per_player(7)


def test_character_cards() -> None:
    assert len({c.id for c in CONTENT.prisoners}) == 12, "AZ-21"
    assert len({c.id for c in CONTENT.professions}) == 12, "AZ-21"
    for c in CONTENT.prisoners:
        assert not any(v.reroll for v in c.values), f"AZ-GAP-11 {c.id}: R only on professions"
    r_count = Counter(a for c in CONTENT.professions for a in ABILITIES if c.value(a).reroll)
    assert r_count == dict.fromkeys(Ability, 2), "AZ-23 AZ-GAP-11"
    # any pairing has at most one R per ability, and every score is from 1 to 7
    for p in CONTENT.prisoners:
        for q in CONTENT.professions:
            for a in ABILITIES:
                assert 1 <= escape_score(p, q, a) <= 7, "AZ-22"
                assert has_reroll(p, q, a) == q.value(a).reroll, "AZ-23"


def test_r_adds_nothing_to_the_score() -> None:
    cole, hacker = CONTENT.prisoner("cole"), CONTENT.profession("hacker")
    assert str(hacker.value(Ability.SMARTS)) == "R"
    assert escape_score(cole, hacker, Ability.SMARTS) == 5, "AZ-23"
    assert has_reroll(cole, hacker, Ability.SMARTS), "AZ-23"
    assert not has_reroll(cole, hacker, Ability.SKILLS), "AZ-23"


def test_movement_allowances() -> None:
    sneak, walk, run = (CONTENT.movement(m) for m in (Movement.SNEAK, Movement.WALK,
                                                      Movement.RUN))
    assert sneak.steps == 4, "AZ-36"
    assert walk.steps == 6, "AZ-37"
    assert run.steps == 8, "AZ-38"
    assert (sneak.passes_sentinels, walk.passes_sentinels, run.passes_sentinels) == \
        (True, False, False), "sneaking passes sentinels"
    assert (sneak.may_end_on_safe, walk.may_end_on_safe, run.may_end_on_safe) == \
        (True, True, False), "safe spaces"
    assert sneak.attack_modifier == 2, "AZ-42"
    assert walk.attack_modifier == 0, "AZ-43"
    assert run.attack_modifier == -2, "AZ-44"


# -- the worked examples can be reproduced with this content ---------------------------


def test_example_skills_sentinel_at_5() -> None:
    assert any(p.ability is Ability.SKILLS for p in CONTENT.sentinels), "example 1"
    skills_tiles = [t for t in CONTENT.system_tile_pile() if t.ability is Ability.SKILLS]
    assert len(skills_tiles) >= 2, "example 1"
    assert CONTENT.system_board.base_score + 2 == 5, "example 1"


def test_example_sue_scores_3_after_running_and_wins_9_to_8() -> None:
    sue = CONTENT.prisoner("sue")
    assert sue.value(Ability.SKILLS).number == 4, "example 2"
    ones = [q for q in CONTENT.professions if str(q.value(Ability.SKILLS)) == "1"]
    assert ones, "example 2: a profession with Skills 1 exists"
    score = escape_score(sue, ones[0], Ability.SKILLS)
    assert score == 5, "example 2"
    start = score + CONTENT.movement(Movement.RUN).attack_modifier
    assert start == 3, "example 2"
    sentinel = CONTENT.system_board.base_score + 2
    assert start + 6 == 9 and sentinel + 3 == 8 and start + 6 > sentinel + 3, "example 3"


def test_example_cole_rerolls_a_smarts_7_challenge() -> None:
    cole = CONTENT.prisoner("cole")
    assert cole.value(Ability.SMARTS).number == 5, "example 4"
    smarts_r = [q for q in CONTENT.professions if q.value(Ability.SMARTS).reroll]
    assert smarts_r, "example 4: a profession with R in Smarts exists"
    score = escape_score(cole, smarts_r[0], Ability.SMARTS)
    assert has_reroll(cole, smarts_r[0], Ability.SMARTS), "example 4"
    sevens = [c for c in CONTENT.run_cards if c.target == 7 and c.prisoners == 1
              and c.abilities == (Ability.SMARTS,) and not c.red]
    assert sevens, "example 4: a Smarts challenge of 7 exists"
    assert score + 1 < 7 <= score + 5, "example 4: 6 fails, 10 succeeds (equal would succeed)"


# -- the island ------------------------------------------------------------------


def test_board_spaces() -> None:
    kinds = Counter(s.kind for s in B.spaces)
    assert kinds[SpaceKind.CELL_BLOCK] == 1, "one cell block"
    assert kinds[SpaceKind.BUILDING] == 11, "AZ-10"
    assert kinds[SpaceKind.TUNNEL] == 1, "AZ-11"
    runs = Counter(s.method for s in B.of_kind(SpaceKind.RUN))
    assert runs == {RunMethod.AIR: 2, RunMethod.BOAT: 4, RunMethod.SWIM: 6}, "AZ-11"
    assert kinds[SpaceKind.SENTINEL] >= 6, "AZ-GAP-1: room for every sentinel"
    assert kinds[SpaceKind.SAFE] > 0, "AZ-GAP-1"
    assert B.cell_block.kind is SpaceKind.CELL_BLOCK and B.tunnel.kind is SpaceKind.TUNNEL
    for k in SpaceKind:
        assert k.holds_many == (k in (SpaceKind.BUILDING, SpaceKind.RUN, SpaceKind.TUNNEL,
                                      SpaceKind.CELL_BLOCK)), "which spaces hold many"


def test_every_run_space_has_its_own_hex_beside_it() -> None:
    used = [s.hex for s in B.of_kind(SpaceKind.RUN)]
    assert len(set(used)) == 12 == len(B.hexes), "AZ-12"
    for s in B.of_kind(SpaceKind.RUN):
        assert s.hex is not None
        h = B.hex(s.hex)
        assert (h.x - s.x) ** 2 + (h.y - s.y) ** 2 < 100 ** 2, s.id
    assert all(s.hex is None and s.method is None for s in B.spaces
               if s.kind is not SpaceKind.RUN)


def test_graph_is_connected_and_the_tunnel_space_is_apart() -> None:
    reach = B.distances(B.cell_block.id)
    assert set(reach) == {s.id for s in B.spaces} - {B.tunnel.id}, "AZ-GAP-1"
    assert B.neighbours(B.tunnel.id) == (), "reached only through a tunnel building"


def test_route_colours() -> None:
    colours = Counter(r.colour for r in B.routes)
    assert set(colours) == set(RouteColour), "every route colour is used"
    for r in B.routes:
        to_safe = SpaceKind.SAFE in (B.space(r.a).kind, B.space(r.b).kind)
        assert (r.colour is RouteColour.GREEN) == to_safe, f"{r.a}-{r.b}"
    pairs = [frozenset((r.a, r.b)) for r in B.routes]
    assert len(pairs) == len(set(pairs)), "one route per pair of spaces"


def test_a_run_space_takes_two_moves_from_the_cell_block() -> None:
    moves = fewest_moves(B, B.cell_block.id)
    steps = B.distances(B.cell_block.id)
    for s in B.of_kind(SpaceKind.RUN):
        assert moves[s.id] == 2, f"AZ-GAP-1 {s.id}: two moves, then a turn's wait"
        assert 8 <= steps[s.id] <= 10, s.id
    # sneaking takes three moves everywhere: the slow, safe way is really slower
    sneaking = fewest_moves(B, B.cell_block.id, (Movement.SNEAK,))
    for s in B.of_kind(SpaceKind.RUN):
        assert sneaking[s.id] == 3, f"sneaking {s.id}"


def test_yellow_routes_stop_a_move_early() -> None:
    # without the stop, the lane stairs would make a Run space reachable in one run
    yellow = [r for r in B.routes if r.colour is RouteColour.YELLOW]
    assert yellow, "yellow routes exist"
    run = CONTENT.movement(Movement.RUN)
    runs = {s.id for s in B.of_kind(SpaceKind.RUN)}
    steps = B.distances(B.cell_block.id)
    assert any(steps[r] <= run.steps for r in runs), "a short cut exists"
    assert not runs & one_move(B, B.cell_block.id, run.steps, False), "stairs stop a move"


def test_buildings_are_near_and_far() -> None:
    moves = fewest_moves(B, B.cell_block.id)
    near = [s.id for s in B.of_kind(SpaceKind.BUILDING) if moves[s.id] == 1]
    far = [s.id for s in B.of_kind(SpaceKind.BUILDING) if moves[s.id] == 2]
    assert len(near) >= 3 and len(far) >= 3, "search on the way"
    assert len(near) + len(far) == 11


def test_coordinates_fit_the_drawing() -> None:
    for s in B.spaces:
        assert 0 <= s.x <= B.width and 0 <= s.y <= B.height, s.id
    for h in B.hexes:
        assert 0 <= h.x <= B.width and 0 <= h.y <= B.height, h.id
    assert len(B.island) >= 3
    assert len(B.deck_spots) == 8
    assert len({(s.x, s.y) for s in B.spaces}) == len(B.spaces), "no two spaces overlap"


def test_board_lookups() -> None:
    assert B.space("coast-09").method is RunMethod.SWIM
    with pytest.raises(ContentError, match="board.toml: no space 'nowhere'"):
        B.space("nowhere")
    with pytest.raises(ContentError, match="board.toml: no hex 'hex-99'"):
        B.hex("hex-99")
    for getter, file in ((CONTENT.escape_card, "escape_cards.toml"),
                         (CONTENT.run_card, "run_cards.toml"),
                         (CONTENT.prisoner, "characters.toml"),
                         (CONTENT.profession, "characters.toml")):
        with pytest.raises(ContentError, match=f"^{file}"):
            getter("nope")
    with pytest.raises(ContentError, match="tiles.toml"):
        CONTENT.system_board.row(TileColour.GREY)


def test_every_entry_names_its_source_and_designed_ones_a_reason() -> None:
    entries = [*B.spaces, *B.routes, *B.hexes, *B.deck_spots, *CONTENT.escape_cards,
               *CONTENT.run_cards, *CONTENT.building_tiles, *CONTENT.run_tiles,
               *CONTENT.system_board.rows, *CONTENT.system_tiles, *CONTENT.sentinels,
               *CONTENT.sentinel_cards, *CONTENT.prisoners, *CONTENT.professions,
               *CONTENT.movements, *CONTENT.player_counts]
    assert all(isinstance(e.source, Source) for e in entries)
    for f in DATA.glob("*.toml"):
        raw = f.read_text()
        assert raw.count('source = "designed"') == raw.count("reason = "), f.name
    # the rulebook's own numbers are tagged as such
    assert all(m.source is Source.RULEBOOK for m in CONTENT.movements)
    assert all(p.source is Source.RULEBOOK for p in CONTENT.player_counts)


# -- corrupt copies of the data files ----------------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert load(data) == CONTENT


Y1 = '{ id = "yard-1", kind = "normal", called = "the east yard", x = 625, y = 350'
C9 = '{ id = "coast-09", kind = "run", name = "Agave Beach", method = "swim", hex = "hex-09"'
R_YARD = '{ from = "yard-1", to = "yard-2", colour = "white"'
R_B01 = ('  { from = "yard-2", to = "building-01", colour = "white", source = "designed", '
         'reason = "path into a building" },\n')
QUICK = 'id = "quick-thinking"\ndeck = "smarts"\nname = "Quick Thinking"\ncopies = 3'
QUICK_FX = 'effect = { kind = "attack_bonus", amount = 2, ability = "smarts" }'
SWIM1 = 'id = "swim-01"\ndeck = "swim"\nname = "Icy Water"\nred = false'
SWIM1_FAIL = 'target = 7\nfail = [{ kind = "cell_block", who = "roller" }]\ntext = "Toughness'
SUE = 'id = "sue"\nname = "Sue"\nsmarts = 2'
HACKER = 'id = "hacker"\nname = "Hacker"\nsmarts = "R"'

CASES = [
    # board.toml: spaces
    ("board.toml", Y1, Y1.replace('"normal"', '"swamp"'),
     ["space 'yard-1'", "kind must be one of"]),
    ("board.toml", Y1, Y1.replace("x = 625", "x = 1625"), ["space 'yard-1'", "'x'", "1000"]),
    ("board.toml", '{ id = "yard-2"', '{ id = "yard-1"', ["space 'yard-1' appears twice"]),
    ("board.toml", Y1, Y1 + ', method = "swim"', ["space 'yard-1'", "only a Run space"]),
    ("board.toml", C9, C9.replace(', hex = "hex-09"', ""), ["space 'coast-09'", "'hex'"]),
    ("board.toml", C9, C9.replace('"swim"', '"tunnel"'), ["space 'coast-09'", "method"]),
    ("board.toml", C9, C9.replace('"swim"', '"boat"'), ["4 boat Run spaces", "found 5"]),
    ("board.toml", C9, C9.replace('"hex-09"', '"hex-99"'), ["space 'coast-09'", "'hex-99'"]),
    ("board.toml", C9, C9.replace('"hex-09"', '"hex-11"'),
     ["space 'coast-11'", "'hex-11'", "already belongs"]),
    ("board.toml", '{ id = "building-02", kind = "building"', '{ id = "building-02", '
     'kind = "normal"', ["11 building spaces", "found 10"]),
    ("board.toml", '{ id = "building-01", kind = "building", name = "Warden\'s House", ',
     '{ id = "building-01", kind = "building", ', ["space 'building-01'", "'name'"]),
    ("board.toml", Y1, Y1.replace('called = "the east yard", ', ""),
     ["space 'yard-1'", "'called'"]),
    ("board.toml", Y1, Y1.replace('"the east yard"', '"the West Yard"'),
     ["spaces 'yard-1' and 'yard-4' are both called", "could not tell them apart"]),
    ("board.toml", 'called = "the Power House"', 'called = "the power station"',
     ["space 'building-05'", "printed name 'Power House'"]),
    ("board.toml", '{ id = "road-2-2", kind = "sentinel"', '{ id = "road-2-2", kind = "normal"',
     ["red sentinel start spaces", "found 5"]),
    ("board.toml", 'width = 1000', 'width = "wide"', ["board.toml: [board]", "'width'"]),
    ("board.toml", "[board]", "[bored]", ["missing table [board]"]),
    ("board.toml", "deck_spot = [", "deck_spots = [", ["unknown entry 'deck_spots'"]),
    # board.toml: routes
    ("board.toml", R_YARD, R_YARD.replace('"yard-2"', '"yard-9"'),
     ["route 'yard-1'-'yard-9'", "no space 'yard-9'"]),
    ("board.toml", R_YARD, R_YARD.replace('"yard-2"', '"yard-1"'),
     ["route 'yard-1'-'yard-1'", "two different"]),
    ("board.toml", R_YARD, R_YARD.replace('"yard-2"', '"tunnel"'),
     ["route 'yard-1'-'tunnel'", "tunnel space"]),
    ("board.toml", R_YARD, R_YARD.replace('"white"', '"purple"'),
     ["route 'yard-1'-'yard-2'", "colour must be one of"]),
    ("board.toml", R_YARD, R_YARD.replace('"white"', '"green"'),
     ["route 'yard-1'-'yard-2'", "green exactly when"]),
    ("board.toml", '{ from = "yard-2", to = "yard-3"', '{ from = "yard-2", to = "yard-1"',
     ["route 'yard-2'-'yard-1'", "already joined by route #1"]),
    ("board.toml", R_B01, "", ["space 'building-01'", "cannot be reached"]),
    ("board.toml", R_YARD + ", source", R_YARD + ', sauce = "x", source',
     ["route 'yard-1'-'yard-2'", "unknown field 'sauce'"]),
    ("board.toml", '{ id = "hex-03"', '{ id = "hex-05"', ["hex 'hex-05' appears twice"]),
    ("board.toml", 'id = "escape-system", kind = "escape", deck = "system"',
     'id = "escape-system", kind = "escape", deck = "swim"', ["deck_spot 'escape-system'"]),
    # escape_cards.toml
    ("escape_cards.toml", QUICK, QUICK.replace("copies = 3", "copies = 4"),
     ["escape_cards.toml", "61 Escape cards", "found 62"]),
    ("escape_cards.toml", QUICK, QUICK.replace('"smarts"', '"strength"'),
     ["card 'quick-thinking'", "deck must be one of"]),
    ("escape_cards.toml", 'copies = 3\ntiming = "attack"', 'copies = 3\ntiming = "lunch"',
     ["card 'quick-thinking'", "timing must be one of"]),
    ("escape_cards.toml", 'copies = 3\ntiming = "attack"', 'copies = 3\ntiming = "run"',
     ["card 'quick-thinking'", "attack_bonus", "timing 'run'"]),
    ("escape_cards.toml", 'timing = "attack"\ntarget = "prisoner"',
     'timing = "attack"\ntarget = "sentinel"',
     ["card 'quick-thinking'", "attack_bonus", "target 'sentinel'"]),
    ("escape_cards.toml", QUICK_FX, QUICK_FX.replace("amount = 2", "steps = 2"),
     ["card 'quick-thinking': effect", "takes no 'steps'"]),
    ("escape_cards.toml", QUICK_FX, QUICK_FX.replace("amount = 2, ", ""),
     ["card 'quick-thinking': effect", "needs 'amount'"]),
    ("escape_cards.toml", QUICK_FX, QUICK_FX.replace('"attack_bonus"', '"teleport"'),
     ["card 'quick-thinking': effect", "kind must be one of"]),
    ("escape_cards.toml", QUICK_FX, QUICK_FX.replace('"smarts"', '"luck"'),
     ["card 'quick-thinking': effect", "ability"]),
    ("escape_cards.toml", QUICK_FX, QUICK_FX.replace("amount = 2", "amount = 0"),
     ["card 'quick-thinking': effect", "'amount'", "from 1"]),
    ("escape_cards.toml", QUICK_FX, 'effect = "plus two"',
     ["card 'quick-thinking'", "'effect' must be a dict"]),
    ("escape_cards.toml", 'effect = { kind = "start_run", method = "air" }',
     'effect = { kind = "start_run", method = "swim" }',
     ["card 'flight-codes': effect", "method must be one of boat, air"]),
    ("escape_cards.toml", 'text = "In this attack, the prisoner\'s Smarts total gets +2."\n', "",
     ["card 'quick-thinking'", "missing field 'text'"]),
    ("escape_cards.toml", 'source = "designed"\nreason = "the Smarts deck strengthens Smarts in '
     'attacks"', 'source = "designed"', ["card 'quick-thinking'", "reason"]),
    ("escape_cards.toml", 'copies = 3\ntiming', 'copise = 3\ntiming',
     ["card 'quick-thinking'", "missing field 'copies'"]),
    ("escape_cards.toml", 'id = "worked-it-out"', 'id = "quick-thinking"',
     ["card 'quick-thinking' appears twice"]),
    # run_cards.toml
    ("run_cards.toml", SWIM1, SWIM1.replace("false", '"no"'),
     ["run_card 'swim-01'", "field 'red' must be a bool"]),
    ("run_cards.toml", 'abilities = ["toughness"]', 'abilities = ["toughness", "toughness"]',
     ["run_card 'swim-01'", "different abilities"]),
    ("run_cards.toml", 'abilities = ["toughness"]', 'abilities = []',
     ["run_card 'swim-01'", "abilities"]),
    ("run_cards.toml", 'abilities = ["toughness"]\ncombine = "choose"',
     'abilities = ["toughness"]\ncombine = "sum"', ["run_card 'swim-01'", "at least two"]),
    ("run_cards.toml", "prisoners = 1\ntarget = 7", "prisoners = 0\ntarget = 7",
     ["run_card 'swim-01'", "'prisoners'"]),
    ("run_cards.toml", SWIM1_FAIL, SWIM1_FAIL.replace(', who = "roller"', ""),
     ["run_card 'swim-01': fail #1", "missing field 'who'"]),
    ("run_cards.toml", SWIM1_FAIL, SWIM1_FAIL.replace('"roller"', '"nobody"'),
     ["run_card 'swim-01': fail #1", "who must be one of"]),
    ("run_cards.toml", SWIM1_FAIL, SWIM1_FAIL.replace('"cell_block", who = "roller"',
                                                      '"system_tile", who = "roller"'),
     ["run_card 'swim-01': fail #1", "takes no 'who'"]),
    ("run_cards.toml", SWIM1_FAIL, SWIM1_FAIL.replace('{ kind = "cell_block", who = "roller" }',
                                                      ""),
     ["run_card 'swim-01'", "at least one punishment"]),
    ("run_cards.toml", 'fail = [{ kind = "discard_escape", who = "roller", count = 1 }]',
     'fail = [{ kind = "discard_escape", who = "roller" }]',
     ["run_card 'swim-06': fail #1", "missing field 'count'"]),
    ("run_cards.toml", 'after_run = "shuffle_back"', 'after_run = "burn"',
     ["run_card 'swim-05'", "after_run must be one of"]),
    ("run_cards.toml", 'fail = [{ kind = "eliminate", who = "roller" }]',
     'fail = [{ kind = "add_red" }]', ["run_card 'swim-19': fail #1", "red-titled card cannot"]),
    ("run_cards.toml", 'fail = [{ kind = "add_red" }]', 'fail = [{ kind = "abort" }]',
     ["run_cards.toml", "no swim card brings the red-titled cards in"]),
    ("run_cards.toml", 'id = "swim-02"', 'id = "swim-01"', ["run_card 'swim-01' appears twice"]),
    ("run_cards.toml", "[[run_card]]\nid = \"swim-01\"", "[[run_kard]]\nid = \"swim-01\"",
     ["run_cards.toml", "unknown entry 'run_kard'"]),
    ("run_cards.toml", "[[run_card]]\nid = \"swim-01\"\n", "[[run_card]]\n",
     ["run_cards.toml: run_card #1", "missing field 'id'"]),
    # tiles.toml
    ("tiles.toml", "run_cards = 4", "run_cards = 5",
     ["building_tile 'helipad'", "run_cards must be 4"]),
    ("tiles.toml", 'symbol = "abandoned"\ncopies = 2', 'symbol = "abandoned"\ncopies = 2\n'
     'run_cards = 1', ["building_tile 'abandoned'", "only the tunnel"]),
    ("tiles.toml", 'symbol = "abandoned"\ncopies = 2', 'symbol = "abandoned"\ncopies = 3',
     ["tiles.toml", "12 building tiles", "found 13"]),
    ("tiles.toml", 'symbol = "helipad"', 'symbol = "heliport"',
     ["building_tile 'helipad'", "symbol must be one of"]),
    ("tiles.toml", 'id = "air-2"\nmethod = "air"', 'id = "air-2"\nmethod = "tunnel"',
     ["run_tile 'air-2'", "method must be one of"]),
    ("tiles.toml", 'method = "air"\ncards = 2', 'method = "air"\ncards = 0',
     ["run_tile 'air-2'", "'cards' must be from 1"]),
    ("tiles.toml", '[[run_tile]]\nid = "swim-2"', '[[rune_tile]]\nid = "swim-2"',
     ["tiles.toml", "unknown entry 'rune_tile'"]),
    ("tiles.toml", "base_score = 3", "base_score = 4",
     ["tiles.toml: [system_board]", "base_score must be 3"]),
    ("tiles.toml", 'colour = "blue"\nability = "smarts"\ncopies = 5',
     'colour = "blue"\nability = "skills"\ncopies = 5',
     ["system_tile 'blue'", "must show smarts"]),
    ("tiles.toml", 'id = "grey-skills"\ncolour = "grey"', 'id = "grey-skills"\ncolour = "pink"',
     ["system_tile 'grey-skills'", "colour must be one of"]),
    ("tiles.toml", 'colour = "blue"\nability = "smarts"\nspaces = 5',
     'colour = "blue"\nability = "smarts"\nspaces = 6',
     ["tiles.toml", "5 blue tiles can never fill the 6 spaces"]),
    ("tiles.toml", 'colour = "red"\nability = "toughness"\nspaces = 5',
     'colour = "blue"\nability = "toughness"\nspaces = 5', ["tiles.toml", "one row per colour"]),
    ("tiles.toml", 'colour = "red"\nability = "toughness"\nspaces = 5',
     'colour = "grey"\nability = "toughness"\nspaces = 5',
     ["system_row 'grey'", "colour must be one of blue, red, yellow"]),
    # sentinels.toml
    ("sentinels.toml", 'ability = "skills"\ncopies = 2', 'ability = "skills"\ncopies = 3',
     ["sentinels.toml", "6 sentinels", "found 7"]),
    ("sentinels.toml", 'ability = "smarts"\nscore = 5', 'ability = "smarts"',
     ["sentinel_card 'drone-smarts'", "drone swarm needs"]),
    ("sentinels.toml", 'kind = "system_tile"\nname = "Security Upgrade"',
     'kind = "system_tile"\nname = "Security Upgrade"\nsteps = 3',
     ["sentinel_card 'security-upgrade'", "'steps'"]),
    ("sentinels.toml", 'steps = 6\n', "", ["sentinel_card 'patrol'", "'steps'"]),
    ("sentinels.toml", 'kind = "drone_swarm"\nname = "Heavy Drone Swarm"',
     'kind = "drone"\nname = "Heavy Drone Swarm"', ["sentinel_card 'drone-heavy'", "kind"]),
    # characters.toml
    ("characters.toml", SUE, SUE.replace("smarts = 2", 'smarts = "R"'),
     ["prisoner 'sue'", "from 0 to 9, got 'R'"]),
    ("characters.toml", HACKER, HACKER.replace('"R"', "10"),
     ["profession 'hacker'", "or 'R', got 10"]),
    ("characters.toml", HACKER, HACKER.replace('"R"', '"X"'), ["profession 'hacker'", "'X'"]),
    ("characters.toml", 'toughness = 3\nskills = 4\n', 'toughness = 3\n',
     ["prisoner 'sue'", "missing field 'skills'"]),
    ("characters.toml", 'id = "cole"', 'id = "sue"', ["prisoner 'sue' appears twice"]),
    ("characters.toml", "[[profession]]\nid = \"climber\"", "[[professional]]\nid = \"climber\"",
     ["characters.toml", "unknown entry 'professional'"]),
    ("characters.toml", 'id = "climber"', 'id = "climber"\n[[profession]]\nid = "climber2"',
     ["profession 'climber'", "missing field 'name'"]),
    # game.toml
    ("game.toml", 'id = "sneak"\nsteps = 4', 'id = "sneak"\nsteps = 5',
     ["movement 'sneak'", "steps 4"]),
    ("game.toml", 'id = "run"\nsteps = 8\nattack_modifier = -2',
     'id = "run"\nsteps = 8\nattack_modifier = 0', ["movement 'run'", "attack_modifier -2"]),
    ("game.toml", 'id = "walk"', 'id = "stroll"', ["movement 'stroll'", "id must be one of"]),
    ("game.toml", "players = 3\ncharacters = 4", "players = 3\ncharacters = 5",
     ["player_count 3", "4 characters each at 3 players"]),
    ("game.toml", "players = 6\ncharacters = 2", "players = 5\ncharacters = 2",
     ["player_count '5' appears twice"]),
    ("game.toml", "count = 2\nsides = 6", "count = 3\nsides = 6",
     ["game.toml: [dice]", "count must be 2"]),
    ("game.toml", "escape_points = 1", "escape_points = 2", ["game.toml: [scores]", "1 point"]),
    ("game.toml", 'players = 2\ncharacters = 6\nsource = "rulebook"',
     'players = 2\ncharacters = 6\nsource = "folklore"',
     ["player_count 2", "'rulebook' or 'designed'"]),
    ("game.toml", "sides = 6", "sides = ", ["game.toml", "cannot be read"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_corrupt_data_is_rejected_naming_file_and_entry(
        data: Path, name: str, old: str, new: str, words: list[str]) -> None:
    assert_rejected(load, data, name, old, new, words)


def test_a_red_title_on_every_card_of_a_deck_is_refused(data: Path) -> None:
    path = data / "run_cards.toml"
    text = path.read_text()
    start = text.index('id = "tunnel-01"')
    path.write_text(text[:start] + text[start:].replace("red = false", "red = true"))
    with pytest.raises(ContentError, match=r"^run_cards\.toml: .*tunnel-05.*red-titled card "
                                           "cannot"):
        load(data)


def test_no_card_to_start_an_air_run_is_refused(data: Path) -> None:
    edit(data, "escape_cards.toml", 'effect = { kind = "start_run", method = "air" }',
         'effect = { kind = "draw_escape", amount = 1 }', count=2)
    with pytest.raises(ContentError, match=r"^escape_cards\.toml: no card starts a air Run"):
        load(data)


def test_too_few_run_tiles_for_the_run_spaces_are_refused(data: Path) -> None:
    edit(data, "tiles.toml", 'id = "air-3a"\nmethod = "air"', 'id = "air-3a"\nmethod = "boat"')
    edit(data, "tiles.toml", 'id = "air-3b"\nmethod = "air"', 'id = "air-3b"\nmethod = "boat"')
    with pytest.raises(ContentError, match=r"^tiles\.toml: 1 air Run tiles cannot fill the 2 "
                                           "air Run spaces"):
        load(data)


def test_missing_file_is_named(data: Path) -> None:
    (data / "sentinels.toml").unlink()
    with pytest.raises(ContentError, match=r"^sentinels\.toml: cannot be read"):
        load(data)


def test_content_error_is_a_value_error() -> None:
    assert issubclass(ContentError, ValueError)
    assert DATA.is_dir()
