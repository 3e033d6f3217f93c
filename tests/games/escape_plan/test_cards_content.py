"""Escape Plan cards, tiles and the player board: the shipped data holds the rulebook's
tables, the designed numbers fit every rule, and bad edits are caught on load naming the
file and the entry."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from getaway.core.content import Source
from getaway.core.errors import ContentError
from getaway.games.escape_plan.card_tables import ContactKind
from getaway.games.escape_plan.cards import (
    BUSINESS_GROUPS,
    BUSINESS_IDS,
    SAFE_HOUSE_IDS,
    AssetStart,
)
from getaway.games.escape_plan.effects import GANG_OPTIONS, GangOption, Op, Scope, Timing
from getaway.games.escape_plan.load_cards import DATA, cards_from
from getaway.games.escape_plan.model import (
    ASSET_TILES,
    FIXER_TILES,
    INCOME_UNLOCK_BELOW,
    PLAYERS,
    Equipment,
    ExitColour,
    LocationKind,
    LockerColour,
    PlayerColour,
    Police,
    Store,
)
from tests.games.content_checks import assert_rejected, copy_data, edit

CARDS = cards_from()
BOARD = CARDS.board
ALL = set(Police)


def texts(thing) -> list[str]:
    return [e.text() for e in thing.effects]


def named(name: str):
    return [c for c in CARDS.contacts if c.name == name]


def fixer(name: str):
    (t,) = [t for t in CARDS.fixers if t.name == name]
    return t


def equipment(kind: Equipment):
    (t,) = [t for t in CARDS.equipment if t.kind is kind]
    return t


# -- counts -------------------------------------------------------------------------------


def test_component_counts() -> None:
    assert len(CARDS.contact_deck()) == 32 and len(set(CARDS.contact_deck())) == 24
    assert len(CARDS.fixers) == 11 and CARDS.fixers_per_game == FIXER_TILES == 8, \
        "designed: the 11 kinds of the table, 8 tiles a game"
    assert len(CARDS.assets) * len(PlayerColour) == ASSET_TILES == 35, "EP-29"
    assert len(CARDS.player_assets(PlayerColour.GREY)) == 7, "EP-29"
    assert sum(len(CARDS.equipment_supply(k)) for k in Equipment) == 16, "EP-15"
    assert {len(CARDS.locker_stack(c)) for c in LockerColour} == {5}, "EP-14"
    assert {len(CARDS.exit_stack(c)) for c in ExitColour} == {5}, "EP-16"
    assert len(CARDS.plans) == 9 and len(CARDS.sandra) == 15 and len(CARDS.exit_costs) == 2
    assert BOARD.handcuffs.cards == 10, "EP-84"


def test_every_entry_is_tagged() -> None:
    things = [*CARDS.contacts, *CARDS.fixers, *CARDS.assets, *CARDS.equipment,
              *CARDS.locker_stacks, *CARDS.lockers, *CARDS.store_lockers, *CARDS.exits,
              *CARDS.exit_costs, *CARDS.plans, *CARDS.sandra, BOARD.income, BOARD.hexes,
              BOARD.contacts, BOARD.items, BOARD.assets, BOARD.notoriety,
              *BOARD.notoriety.thresholds, BOARD.handcuffs]
    assert all(isinstance(t.source, Source) for t in things)


# -- Contact cards ------------------------------------------------------------------------

PRINTED = {  # name: (cost, star), the rulebook's Contact table
    "Bribe": (2, True), "Rally": (2, True),               # EP-185
    "Chopper": (2, True),                                 # EP-186
    "Fast Car": (3, True),                                # EP-187
    "Boxer": (2, True), "Fight": (2, True), "Ninja": (2, True),  # EP-188
    "Fixer": (4, False),                                  # EP-189
    "Gang": (2, True),                                    # EP-190
    "Gas Can": (0, False),                                # EP-191
    "General Store": (2, False),                          # EP-192
    "Informer": (3, False),                               # EP-193
    "Jet Ski": (0, False),                                # EP-194
    "Medevac": (0, False),                                # EP-195
    "Medic": (2, True),                                   # EP-196
    "Sewer": (2, True),                                   # EP-197
    "Snitch": (1, True),                                  # EP-198
    "Spy 1": (2, True), "Spy 2": (3, True), "Spy 3": (3, True),  # EP-199..201
    "Stunt": (1, True),                                   # EP-202
}


def test_contact_costs_and_stars() -> None:
    assert {c.name for c in CARDS.contacts} == set(PRINTED)
    for c in CARDS.contacts:
        assert (c.cost, c.star) == PRINTED[c.name], f"EP-185..202: {c.id}"
    assert {c.name for c in CARDS.contacts if not c.star} == {
        "Fixer", "Gas Can", "General Store", "Informer", "Jet Ski", "Medevac"}, "EP-203"
    assert len({c.kind for c in CARDS.contacts}) == len(ContactKind) == 16


def test_contact_benefits() -> None:
    one = {c.name: texts(c) for c in CARDS.contacts}
    assert one["Chopper"] == ["fly(start=heliport, mp=0)"], "EP-186"
    assert one["Fast Car"] == ["avoid(scope=all, colours=red+blue+black)"], "EP-187"
    assert one["Fixer"] == ["extra_action(count=1)"], "EP-189"
    assert one["Gang"] == ["gang()"], "EP-190"
    assert one["Gas Can"] == ["gas(mp=1)"], "EP-191"
    assert one["General Store"] == ["income()"], "EP-192"
    assert one["Informer"] == ["notoriety(delta=-1)"], "EP-193"
    assert one["Jet Ski"] == ["water()"], "EP-194"
    assert one["Medevac"] == ["medevac()"], "EP-195"
    assert one["Medic"] == ["heal(wounds=1)"], "EP-196"
    assert one["Sewer"] == ["sewer()"], "EP-197"
    assert one["Spy 1"] == ["take_contact(count=1)"], "EP-199"
    assert one["Spy 2"] == ["refresh()"], "EP-200"
    assert one["Spy 3"] == ["unlock_asset(count=1)"], "EP-201"
    assert one["Stunt"] == ["avoid(scope=one, colours=red+blue+black)"], "EP-202"


def test_coloured_contacts() -> None:
    move = named("Bribe") + named("Rally")
    assert all(c.effects[0].op is Op.MOVE_POLICE for c in move), "EP-185"
    assert {c.colour for c in move} == ALL, "EP-GAP-26: every colour can be moved"
    fight = [c for c in CARDS.contacts if c.kind is ContactKind.BOXER_FIGHT_NINJA]
    assert {c.name: c.colour for c in fight} == {
        "Boxer": Police.RED, "Fight": Police.BLUE, "Ninja": Police.BLACK}, "EP-GAP-26"
    assert all(c.effects[0]["scope"] is Scope.COLOUR for c in fight), "EP-188"
    snitch = named("Snitch")
    assert all(c.effects[0].op is Op.REMOVE_POLICE for c in snitch), "EP-198"
    assert {c.colour for c in snitch} == ALL, "EP-GAP-26"


def test_sandra_gains_discs_only_from_the_fixer() -> None:
    grants = {c.name: c.discs for c in CARDS.contacts if c.discs}
    assert grants == {"Fixer": 1}, "EP-92"


def test_timings() -> None:
    by_name = {c.name: c.timing for c in CARDS.contacts}
    for name in ("Fast Car", "Boxer", "Fight", "Ninja", "Stunt"):
        assert by_name[name] is Timing.AVOID, f"EP-157: {name}"
    for name in ("Chopper", "Gas Can", "Jet Ski", "Medevac", "Sewer"):
        assert by_name[name] is Timing.MOVEMENT, f"EP-157: {name}"
    for name in ("Bribe", "Fixer", "Informer", "Medic", "Snitch", "Spy 1", "General Store"):
        assert by_name[name] is Timing.ANY, f"EP-157: {name}"
    assert GANG_OPTIONS == {GangOption.NOTORIETY: Timing.ANY, GangOption.FLY: Timing.MOVEMENT,
                            GangOption.AVOID: Timing.AVOID}, "EP-163"
    assert {t.timing for t in CARDS.equipment} == {Timing.AVOID}, "EP-223..226"
    assert CARDS.asset("master-key").timing is Timing.KEY, "EP-219"


# -- Fixer tiles ------------------------------------------------------------------------------


def test_fixer_prices_and_benefits() -> None:
    table = {  # name: (price, benefit)
        "Disguise": (2, "notoriety(delta=-1)"),                          # EP-205
        "Energy Drink": (2, "refresh()"),                                # EP-206
        "First Aid Kit": (1, "heal(wounds=1)"),                          # EP-207
        "Gold Bar": (3, "unlock_asset(count=1)"),                        # EP-208
        "ID Card": (4, "extra_action(count=1)"),                         # EP-209
        "Motorcycle": (2, "gang()"),                                     # EP-210
        "Safe": (3, "income()"),                                         # EP-211
        "Scuba Gear": (1, "water()"),                                    # EP-212
        "Helicopter": (1, "fly(start=heliport, mp=0)"),                  # EP-213
        "Skateboard": (1, "avoid(scope=all, colours=red+blue+black)"),   # EP-214
        "Telephone": (2, "take_contact(count=1)"),                       # EP-215
    }
    assert {t.name: (t.price, texts(t)[0]) for t in CARDS.fixers} == table, "EP-205..215"
    assert all(t.source is Source.RULEBOOK for t in CARDS.fixers)


# -- Asset tiles --------------------------------------------------------------------------------


def test_assets_start_as_the_rulebook_says() -> None:
    rows = {s: [a.name for a in sorted(CARDS.assets, key=lambda a: a.slot) if a.start is s]
            for s in AssetStart}
    assert rows[AssetStart.ITEM_ROW] == ["Move Red", "Move Blue", "Move Black"], "EP-29"
    assert rows[AssetStart.UNLOCKED] == ["Extra Action"], "EP-29"
    assert set(rows[AssetStart.CONTACT_ROW]) == {"Avoid All", "Master Key", "Heal"}, "EP-29"
    assert BOARD.assets.prices[0] == 5, "EP-29: the Extra Action starts on the $5 space"


def test_asset_benefits() -> None:
    assert texts(CARDS.asset("avoid-all")) == ["avoid(scope=all, colours=red+blue+black)"], \
        "EP-218"
    assert texts(CARDS.asset("master-key")) == ["master_key()"], "EP-219"
    for c in Police:
        assert texts(CARDS.asset(f"move-{c.value}")) == [f"move_police(colour={c.value})"], \
            "EP-220"
    assert texts(CARDS.asset("heal")) == ["heal(wounds=1)"], "EP-221"
    assert texts(CARDS.asset("extra-action")) == ["extra_action(count=1)"], "EP-222"


# -- Equipment ------------------------------------------------------------------------------------


def test_equipment() -> None:
    want = {Equipment.VEST: (2, (Police.RED,)),                       # EP-223
            Equipment.HAT: (2, (Police.BLUE,)),                       # EP-224
            Equipment.HELMET: (2, (Police.BLACK,)),                   # EP-225
            Equipment.GAS_MASK: (3, (Police.BLUE, Police.BLACK))}     # EP-226
    for kind, (price, colours) in want.items():
        t = equipment(kind)
        assert t.price == price and t.effects[0].colours == colours, f"EP-223..226: {kind}"
        assert t.effects[0]["scope"] is Scope.ONE, "one officer each"
        assert not t.effects[0].covers_sandra, "EP-227, EP-GAP-27: Sandra has no colour"
    assert Police.RED not in equipment(Equipment.GAS_MASK).effects[0].colours, "EP-227"
    assert CARDS.contact("stunt").effects[0].covers_sandra, "designed: any-colour avoids"
    assert CARDS.contact("fast-car").effects[0].covers_sandra


# -- Lockers and Exits --------------------------------------------------------------------------


def test_locker_draws_ep_ex_5() -> None:
    draws = {c: CARDS.locker_draws(c, notoriety=2, contacts=3) for c in LockerColour}
    assert draws == {LockerColour.GREEN: 6, LockerColour.BLACK: 5, LockerColour.BROWN: 4}, \
        "EP-EX-5, EP-129"
    assert CARDS.locker_draws(LockerColour.BROWN, 0, 0) == 0


def test_locker_needs() -> None:
    tile = CARDS.locker_stack(LockerColour.BROWN)[-1]
    assert CARDS.can_open(tile, tile.need - 1, 1) and not CARDS.can_open(tile, tile.need - 2, 1), \
        "EP-127: Notoriety position plus Contact cards, at least the number"
    mean = {c: sum(t.value for t in CARDS.locker_stack(c)) / 5 for c in LockerColour}
    assert mean[LockerColour.GREEN] < mean[LockerColour.BLACK] < mean[LockerColour.BROWN], \
        "designed: fewer draws, richer stack"
    assert all(1 <= t.need <= 5 for t in CARDS.lockers), "designed: reachable in Round 1"


def test_store_stacks() -> None:
    assert CARDS.depicted(Store.D) == tuple(LockerColour), "EP-99: one from each stack"
    assert {CARDS.depicted(s)[0] for s in (Store.A, Store.B, Store.C)} == set(LockerColour), \
        "EP-99, EP-GAP-34: designed, one stack each"


def test_exits_and_escape_cost() -> None:
    for players in PLAYERS:
        costs = [CARDS.escape_cost(players, n) for n in range(players)]
        assert costs == sorted(costs) and costs[0] > 0, f"EP-104: {players} players"
    assert CARDS.escape_cost(2, 1) == 7 and CARDS.escape_cost(5, 4) == 15, "designed"
    assert all(t.value > 0 for t in CARDS.exits), "EP-108"


# -- Escape Plan and Sandra cards ----------------------------------------------------------------


def test_escape_plans_are_even() -> None:
    shown = Counter(loc for p in CARDS.plans for loc in p.income)
    assert shown == dict.fromkeys(BUSINESS_IDS + SAFE_HOUSE_IDS, 3), "designed"
    for p in CARDS.plans:
        assert [sum(loc in g for loc in p.income) for g in BUSINESS_GROUPS] == [1, 1]
        assert sum(loc in SAFE_HOUSE_IDS for loc in p.income) == 1
    pairs = Counter(frozenset(q) for p in CARDS.plans for q in
                    ((p.income[0], p.income[1]), (p.income[0], p.income[2]),
                     (p.income[1], p.income[2])))
    assert set(pairs.values()) == {1}, "designed: any two columns meet once"
    plan = CARDS.plan("plan-1")
    assert plan.shows_income("business-1") and not plan.shows_income("business-2"), \
        "EP-116, EP-117"


def test_sandra_deck() -> None:
    kinds = Counter(c.kind for c in CARDS.sandra)
    assert kinds == {LocationKind.BUSINESS: 6, LocationKind.SAFE_HOUSE: 3,
                     LocationKind.STORE: 4, LocationKind.EXIT: 2}, "EP-86..100: designed"
    stores = {c.location for c in CARDS.sandra if c.kind is LocationKind.STORE}
    assert stores == {"store-A", "store-B", "store-C", "store-D"}, "EP-97, EP-99"
    assert len({c.location for c in CARDS.sandra}) == 15


# -- the player board ------------------------------------------------------------------------------


def test_income_track_rises() -> None:
    inc = BOARD.income
    assert len(inc.values) == 9, "EP-20"
    seq = [inc.income(n) for n in range(10)]
    assert seq == sorted(seq) and len(set(seq)) == 10, "EP-39, EP-40"
    assert inc.income(0) == 3 and inc.income(9) == 12, "designed"
    with pytest.raises(ValueError):
        inc.income(10)


def test_notoriety_track() -> None:
    n = BOARD.notoriety
    assert n.start == 0, "EP-28: players start at the bottom"
    assert 0 <= n.sandra_start <= n.top, "EP-33"
    assert [(t.unlocks, t.discs) for t in n.thresholds] == [(1, 0), (2, 0), (1, 1)], \
        "EP-181, EP-182, EP-183"
    assert [t.at for t in n.crossed(3, 12)] == [4, 8, 12], "EP-179: each one on its own"
    assert n.crossed(4, 7) == () and n.crossed(8, 3) == ()
    assert n.thresholds[0].at > INCOME_UNLOCK_BELOW - 1, "EP-41: the cutoff is below it"
    assert len(n.penalty) == n.top + 1 and list(n.penalty) == sorted(n.penalty), "EP-108"
    assert n.penalty[0] == 0 and n.penalty[n.top] > 0


def test_board_rows_and_payouts() -> None:
    c = BOARD.contacts
    assert c.pay(0) == 0 and list(c.payout) == sorted(c.payout), "EP-108, EP-GAP-13"
    rows = Counter(a.start for a in CARDS.assets)
    assert BOARD.items.spaces > rows[AssetStart.ITEM_ROW], "EP-29: room for tiles"
    assert c.spaces > rows[AssetStart.CONTACT_ROW], "EP-29: room for Contact cards"
    prices = BOARD.assets.prices
    assert list(prices) == sorted(prices, reverse=True), "EP-172"
    assert len(prices) < len(CARDS.assets), "EP-173: an unlock can find no space"
    assert BOARD.hexes.income == 0 and BOARD.hexes.white > 0 and BOARD.hexes.red > 0, \
        "EP-108, EP-116, EP-117"


# -- balance ------------------------------------------------------------------------------------


def average_player() -> dict[str, float]:
    """The designed average line of README.cards.md ("Balance"), from the shipped numbers."""
    inc, hexes = BOARD.income, BOARD.hexes
    gained = 9 + inc.income(2) + inc.income(4)     # start, Income phases of Rounds 2 and 3
    gained += inc.income(2) + inc.income(4)        # 2 visits showing the Income symbol
    gained += inc.income(5)                        # one Exit visit taking Income
    deck = CARDS.contact_deck()
    spent = 4 * sum(c.cost for c in deck) / len(deck)          # 4 Contact uses
    spent += sum(BOARD.assets.prices[:4])                      # 4 Asset uses
    spent += equipment(Equipment.VEST).price
    spent += sum(t.price for t in CARDS.fixers) / len(CARDS.fixers)
    spent += CARDS.escape_cost(4, 1)
    stack = CARDS.locker_stack(LockerColour.BLACK)
    return {
        "screen": gained - spent,
        "hexes": 2 * hexes.white + hexes.red + 2 * hexes.income,   # 5 visits, 2 with symbol
        "assets": 4 * 10,
        "contacts": BOARD.contacts.pay(3),
        "locker": sorted(t.value for t in stack)[2],
        "exit": sum(t.value for t in CARDS.exit_stack(ExitColour.SILVER)) / 5,
        "notoriety": -BOARD.notoriety.penalty[7],
        "wounds": -0.5 * 20,
    }


def test_an_average_player_ends_with_a_sensible_total() -> None:
    line = average_player()
    assert 0 <= line["screen"] <= 30, line
    assert 60 <= sum(line.values()) <= 110, line


# -- corrupt files are refused, naming the file and the entry ------------------------------------


@pytest.fixture
def data(tmp_path: Path) -> Path:
    return copy_data(DATA, tmp_path)


def test_unchanged_copy_loads(data: Path) -> None:
    assert cards_from(data) == CARDS


FIXER_CARD = 'name = "Fixer"\nkind = "fixer"\ncost = 4\nstar = false'
CASES: list[tuple[str, str, str, list[str]]] = [
    # contacts.toml: the rulebook's table
    ("contacts.toml", "cost = 3", "cost = 4",
     ["contacts.toml: contact 'fast-car'", "cost must be 3 (EP-187)"]),
    ("contacts.toml", FIXER_CARD, FIXER_CARD.replace("false", "true"),
     ["contact 'fixer'", "star must be false (EP-189)"]),
    ("contacts.toml", 'effects = [{ do = "heal" }]', 'effects = [{ do = "heal", wounds = 2 }]',
     ["contact 'medic'", "the benefit must be heal(wounds=1) (EP-196)"]),
    ("contacts.toml", 'name = "Stunt"', 'name = "Stuntman"',
     ["contact 'stunt'", "name 'Stuntman' is not a Contact card"]),
    ("contacts.toml", 'kind = "chopper"', 'kind = "sewer"',
     ["contact 'chopper'", "kind must be chopper (EP-186)"]),
    ("contacts.toml", 'colours = ["blue"]', 'colours = ["red"]',
     ["contacts.toml", "boxer_fight_ninja cards must name every officer colour"]),
    # contacts.toml: the effect vocabulary
    ("contacts.toml", '{ do = "sewer" }', '{ do = "tunnel" }',
     ["contact 'sewer': effects #1", "do must be one of"]),
    ("contacts.toml", '{ do = "gas" }', '{ do = "gas", mp = 3 }',
     ["contact 'gas-can': effects #1", "'mp' must be from 1 to 2, got 3"]),
    ("contacts.toml", '{ do = "water" }', '{ do = "water", bodies = 2 }',
     ["contact 'jet-ski': effects #1", "unknown field 'bodies'"]),
    ("contacts.toml", '{ do = "move_police", colour = "red" }', '{ do = "move_police" }',
     ["contact 'bribe-red': effects #1", "missing field 'colour'"]),
    ("contacts.toml", '{ do = "remove_police", colour = "red" }',
     '{ do = "remove_police", colour = "green" }',
     ["contact 'snitch-red': effects #1", "colour must be one of"]),
    ("contacts.toml", 'colours = ["red"]', 'colours = ["red", "blue"]',
     ["contact 'boxer': effects #1", "names exactly one colour"]),
    ("contacts.toml", 'colours = ["red"]', 'colours = ["red", "red"]',
     ["contact 'boxer': effects #1", "distinct values"]),
    ("contacts.toml", 'colours = ["red"]', 'colours = ["pink"]',
     ["contact 'boxer': effects #1", "colours must list only"]),
    ("contacts.toml", '{ do = "avoid", scope = "all" }',
     '{ do = "avoid", scope = "all", colours = ["red"] }',
     ["contact 'fast-car': effects #1", "give no colours"]),
    ("contacts.toml", "delta = -1", "delta = 0",
     ["contact 'informer': effects #1", "delta must not be 0"]),
    ("contacts.toml", 'effects = [{ do = "heal" }]', 'effects = [{ do = "heal" }, { do = "gas" }]',
     ["contact 'medic'", "mix timings (any, movement)"]),
    ("contacts.toml", 'effects = [{ do = "heal" }]', "effects = []",
     ["contact 'medic'", "at least one effect"]),
    # contacts.toml: the deck
    ("contacts.toml", 'copies = 2\neffects = [{ do = "fly"', 'copies = 3\neffects = [{ do = "fly"',
     ["contacts.toml", "32 Contact cards", "found 33"]),
    ("contacts.toml", "cards = 32", "cards = 30",
     ["contacts.toml", "32 Contact cards in [deck]", "found 30"]),
    ("contacts.toml", 'id = "fight"', 'id = "boxer"',
     ["contacts.toml: contact 'boxer' appears twice"]),
    ("contacts.toml", 'reason = "cost, star and benefit are the rulebook\'s (EP-185); Bribe',
     'oops = "cost, star and benefit are the rulebook\'s (EP-185); Bribe',
     ["contact 'bribe-red'", "'reason'"]),
    ("contacts.toml", 'copies = 2\neffects = [{ do = "gang" }]',
     'copies = 2\nrank = 1\neffects = [{ do = "gang" }]',
     ["contact 'gang'", "unknown field 'rank'"]),
    ("contacts.toml", "[deck]\ncards", "[decks]\ncards",
     ["contacts.toml", "unknown entry 'decks'"]),
    # fixers.toml
    ("fixers.toml", 'name = "Safe"\nprice = 3', 'name = "Safe"\nprice = 2',
     ["fixers.toml: fixer 'safe'", "price must be 3 (EP-211)"]),
    ("fixers.toml", "tiles = 8", "tiles = 9",
     ["fixers.toml", "8 Fixer tiles in [stack]", "found 9"]),
    ("fixers.toml", '{ do = "avoid", scope = "all" }', '{ do = "avoid", scope = "one" }',
     ["fixer 'skateboard'", "the benefit must be avoid(scope=all", "EP-214"]),
    ("fixers.toml", 'id = "safe"', 'id = "gold-bar"',
     ["fixers.toml: fixer 'gold-bar' appears twice"]),
    # assets.toml
    ('assets.toml', 'start = "item_row"\nslot = 2', 'start = "contact_row"\nslot = 4',
     ["assets.toml", "top row starts with the 3 Police Officer tiles (EP-29)"]),
    ("assets.toml", 'start = "unlocked"', 'start = "item_row"',
     ["assets.toml", "top row starts with the 3 Police Officer tiles"]),
    ("assets.toml", 'name = "Master Key"\nstart = "contact_row"\nslot = 2',
     'name = "Master Key"\nstart = "contact_row"\nslot = 1',
     ["assets.toml", "contact_row tiles need slots 1 to 3"]),
    ("assets.toml", 'effects = [{ do = "heal" }]', 'effects = [{ do = "heal", wounds = 2 }]',
     ["assets.toml: asset 'heal'", "heal(wounds=1) (EP-221)"]),
    ("assets.toml", 'name = "Heal"', 'name = "Cure"', ["asset 'heal'", "not an Asset tile"]),
    # equipment.toml
    ("equipment.toml", "price = 3", "price = 2",
     ["equipment.toml: equipment 'gas-mask'", "price must be 3 (EP-226)"]),
    ("equipment.toml", 'colours = ["red"]', 'colours = ["blue"]',
     ["equipment 'vest'", "avoid(scope=one, colours=red) (EP-223)"]),
    ("equipment.toml", 'kind = "helmet"', 'kind = "cap"', ["equipment 'helmet'", "kind must be"]),
    ("equipment.toml", "copies = 4", "copies = 5", ["equipment.toml", "16 Equipment tiles",
                                                    "found 17"]),
    # lockers.toml
    ("lockers.toml", "bonus = -1", "bonus = 0",
     ["lockers.toml: stack 'brown'", "bonus must be -1 (EP-129)"]),
    ("lockers.toml", 'stacks = ["green"]', 'stacks = ["green", "black"]',
     ["lockers.toml: store 'A'", "depicts 1 different stack(s) (EP-99)"]),
    ("lockers.toml", 'stacks = ["green", "black", "brown"]', 'stacks = ["green", "black"]',
     ["store 'D'", "depicts 3 different stack(s)"]),
    ("lockers.toml", 'id = "green-2"', 'id = "green-1"',
     ["lockers.toml: locker 'green-1' appears twice"]),
    ("lockers.toml", "need = 1\nvalue = 3", "need = 40\nvalue = 3",
     ["lockers.toml: locker 'green-1'", "'need' must be from 0 to 30, got 40"]),
    ("lockers.toml", 'store = "B"', 'store = "A"', ["lockers.toml: store 'A' appears twice"]),
    # exits.toml
    ("exits.toml", "costs = [4, 7, 10]", "costs = [4, 7]",
     ["exits.toml: exit cost 'exit-cost-small'", "one price for 0 to 2 players", "EP-104"]),
    ("exits.toml", "players = [4, 5]", "players = [3, 4, 5]",
     ["exits.toml", "serve each player count"]),
    ("exits.toml", 'colour = "gold"', 'colour = "bronze"',
     ["exit tile 'gold-1'", "colour must be"]),
    ("exits.toml", 'id = "gold-5"', 'id = "gold-4"',
     ["exits.toml: exit tile 'gold-4' appears twice"]),
    ("exits.toml", "costs = [4, 7, 10]", "costs = [4, 7, -1]",
     ["exit cost 'exit-cost-small'", "whole numbers from 0"]),
    # player.toml
    ("player.toml", "values = [4, 5, 6, 7,", "values = [4, 5, 6, 6,",
     ["player.toml: [income]", "must rise", "EP-40", "6 is followed by 6"]),
    ("player.toml", "values = [4, 5, 6, 7,", "values = [5, 6, 7,",
     ["player.toml: [income]", "one number under each of the 9 cubes", "found 8"]),
    ("player.toml", "payout = [0, 1, 3, 6, 10, 15, 21]", "payout = [0, 1, 3, 6, 10, 15]",
     ["player.toml: [contacts]", "a value for 0 to 6 cards"]),
    ("player.toml", "payout = [0, 1, 3, 6, 10, 15, 21]", "payout = [0, 1, 3, 6, 10, 9, 21]",
     ["player.toml: [contacts]", "payout must never fall"]),
    ("player.toml", "prices = [5, 4,", "prices = [4, 4,",
     ["player.toml: [assets]", "the $5 space", "EP-29"]),
    ("player.toml", "prices = [5, 4, 3, 2, 2, 1]", "prices = [5, 3, 4, 2, 2, 1]",
     ["player.toml: [assets]", "most expensive down (EP-172)"]),
    ("player.toml", "20, 20, 20, 30]", "20, 20, 20, 10]",
     ["player.toml: [notoriety]", "penalty must never fall"]),
    ("player.toml", "20, 20, 20, 30]", "20, 20, 30]",
     ["player.toml: [notoriety]", "a value for each position 0 to 15"]),
    ("player.toml", "at = 8\nunlocks = 2", "at = 8\nunlocks = 1",
     ["player.toml: threshold #2", "the reward must be 2 unlock(s) and 0 disc(s) (EP-182)"]),
    ("player.toml", "at = 8", "at = 13",
     ["player.toml: [notoriety]", "threshold positions must rise", "13 is followed by 12"]),
    ("player.toml", "at = 12", "at = 16",
     ["player.toml: threshold #3", "'at' must be from 1 to 15"]),
    ("player.toml", "cards = 10", "cards = 9", ["player.toml: [handcuffs]", "10 Handcuffs"]),
    ("player.toml", "[items]\nspaces = 6", "[items]\nspaces = 3",
     ["player.toml: [items]", "no room beside the 3 Asset tiles"]),
    ("player.toml", "[hexes]", "[hex]", ["player.toml", "unknown entry 'hex'"]),
    ("player.toml", "white = 7", "white = 7\nblack = 3", ["player.toml: [hexes]",
                                                         "unknown field 'black'"]),
    # plans.toml
    ("plans.toml", '"business-1", "business-4", "safe-house-1"',
     '"business-7", "business-4", "safe-house-1"',
     ["plans.toml: plan 'plan-1'", "income names 'business-7'"]),
    ("plans.toml", '"business-1", "business-4", "safe-house-1"',
     '"business-1", "business-1", "safe-house-1"', ["plan 'plan-1'", "each once"]),
    ("plans.toml", 'id = "plan-2"', 'id = "plan-1"', ["plans.toml: plan 'plan-1' appears twice"]),
    # sandra.toml
    ("sandra.toml", 'location = "store-A"', 'location = "store-E"',
     ["sandra.toml: card 'sandra-store-A'", "'store-E' is not the id of a store"]),
    ("sandra.toml", 'location = "exit-1"', 'location = "exit-one"',
     ["card 'sandra-exit-1'", "not the id of a exit"]),
    ("sandra.toml", 'kind = "business"', 'kind = "hospital"',
     ["card 'sandra-business-1'", "kind must be one of business, safe_house, store, exit"]),
    ("sandra.toml", 'id = "sandra-store-B"', 'id = "sandra-store-A"',
     ["sandra.toml: card 'sandra-store-A' appears twice"]),
]


@pytest.mark.parametrize(("name", "old", "new", "words"), CASES)
def test_corrupt_data_is_rejected_naming_file_and_entry(
        data: Path, name: str, old: str, new: str, words: list[str]) -> None:
    assert_rejected(cards_from, data, name, old, new, words)


def drop(data: Path, name: str, start: str) -> None:
    """Remove the table of ``name`` that begins with ``start``."""
    path = data / name
    text = path.read_text()
    begin = text.index(start)
    end = text.find("\n[[", begin + 1)
    path.write_text(text[:begin] + (text[end + 1:] if end >= 0 else ""))


def test_a_missing_rulebook_contact_is_named(data: Path) -> None:
    drop(data, "contacts.toml", '[[contact]]\nid = "sewer"')
    assert_rejected(cards_from, data, "contacts.toml", 'copies = 2\neffects = [{ do = "gas"',
                    'copies = 3\neffects = [{ do = "gas"',
                    ["contacts.toml", "no card named 'Sewer'", "EP-197"])


def test_a_missing_fixer_kind_is_counted(data: Path) -> None:
    drop(data, "fixers.toml", '[[fixer]]\nid = "telephone"')
    assert_rejected(cards_from, data, "fixers.toml", "tiles = 8", "tiles = 8",
                    ["fixers.toml", "11 Fixer kinds", "found 10"])


def test_a_missing_locker_colour_is_named(data: Path) -> None:
    for i in range(1, 6):
        edit(data, "lockers.toml", f'id = "brown-{i}"\ncolour = "brown"',
             f'id = "brown-{i}"\ncolour = "black"')
    assert_rejected(cards_from, data, "lockers.toml", "bonus = 1", "bonus = 1",
                    ["lockers.toml", "no Locker tile of colour 'brown'"])


def test_a_deck_without_exits_for_sandra_is_refused(data: Path) -> None:
    for i in (1, 2):
        edit(data, "sandra.toml", f'kind = "exit"\nlocation = "exit-{i}"',
             'kind = "store"\nlocation = "store-A"')
    assert_rejected(cards_from, data, "sandra.toml", "[[sandra]]", "[[sandra]]",
                    ["sandra.toml", "every kind of Location she acts at", "EP-90..100"])


def test_missing_file_is_named(data: Path) -> None:
    (data / "plans.toml").unlink()
    with pytest.raises(ContentError, match=r"^plans\.toml: cannot be read"):
        cards_from(data)
