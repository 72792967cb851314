"""The content format (docs/blackstone-content-format.md): the core pack loads, and a malformed
file is refused with its file, field and problem."""

from __future__ import annotations

import pytest

from domain.kit.content import ContentError
from domain.systems.blackstone.loading import load_pack
from service.content import pack_folder
from tests.blackstone.game import CORE


def _files() -> dict[str, bytes]:
    folder = pack_folder("domain.systems.blackstone:packs/core")
    return {e.name: e.read_bytes() for e in folder.iterdir() if e.name.endswith(".toml")}


def test_the_core_pack_holds_what_the_issue_asks():
    assert len(CORE.explorers) >= 4 and len(CORE.combat_cards) >= 4 and len(CORE.encounter_cards) >= 6
    assert len(CORE.hostiles) == 6 and {h.size for h in CORE.hostiles} == {"small", "large", "huge"}
    assert [c.id for c in CORE.combat_cards if c.ambush] == ["passage-ambush"]
    twins = CORE.named("explorers", "Pim and Pell")
    assert twins.figures() == ("Pim", "Pell") and twins.size == "twin"


def test_the_core_pack_holds_the_expedition_cards():
    """The discovery deck's archeotech and clues, the challenge cards and the legacy deck, each
    with effects of the closed list (domain/systems/blackstone/effects.py)."""
    kinds = [c.kind for c in CORE.discovery_cards]
    assert (kinds.count("archeotech"), kinds.count("clue")) == (8, 7)
    assert sum(c.points for c in CORE.discovery_cards) == 18
    assert len(CORE.challenge_cards) == 8 and len(CORE.legacy_cards) == 8
    sealed = CORE.named("legacy_cards", "sealed-passage")
    assert [(e.kind, e.deck, e.card) for e in sealed.effects] == [("remove_card", "combat", "sunken-passage")]


def test_the_core_pack_holds_four_spacecraft_with_six_resource_cards_each():
    """#PRECIPICE, 3. Trading step and #RESOURCE CARDS: every explorer is based on one of them."""
    assert {s.id: len(s.resources) for s in CORE.spacecraft} == {"rusted-psalm": 6, "gilded-wake": 6, "quiet-anvil": 6, "pale-orchard": 6}
    uses = [r.use for s in CORE.spacecraft for r in s.resources]
    assert (uses.count("discarded"), uses.count("exhausted"), uses.count("permanent")) == (8, 5, 11)
    psalm = CORE.named("spacecraft", "rusted-psalm")
    assert [(r.id, r.cost, r.use) for r in psalm.resources[:2]] == [("patched-plating", 2, "permanent"), ("field-dressing", 1, "discarded")]
    assert {e.name: e.ship for e in CORE.explorers} == {"Ysolde Marr": "gilded-wake", "Brother Kettle": "rusted-psalm", "Oskra Vey": "quiet-anvil", "Pim and Pell": "pale-orchard", "Marek Dunn": "gilded-wake", "Sister Quill": "pale-orchard"}


def test_every_core_card_has_an_effect_the_server_plays():
    """#RESOURCE CARDS: no card is left to the table, stronghold artefacts included; Broker's
    credit counts at the trading step, Smuggler's map looks at the next exploration card."""
    kinds = {c.id: c.effect.kind for c in CORE.playable()}
    assert "none" not in kinds.values()
    assert (kinds["broker-credit"], kinds["smuggler-map"]) == ("trading_point", "peek_exploration")
    assert sorted(set(kinds.values())) == [
        "attack_dice", "cheaper_weapons", "defence_die", "extra_dice", "heal", "heal_ally", "ignore_cover", "inspiration", "peek_exploration", "push",
        "recovery_roll", "reroll", "retaliate", "trading_point", "vitality_die", "vitality_roll",
    ]  # fmt: skip


def test_the_action_dice_faces_are_data():
    """blackstone-fortress.md#SETUP: the d6, d8 and d12 read failure, success or critical success."""
    tables = {d.name: d.table().faces for d in CORE.action_dice}
    assert tables["d6"] == ("failure",) * 3 + ("success",) * 2 + ("critical",)
    assert tables["d8"].count("critical") == 1 and tables["d12"].count("critical") == 2


@pytest.mark.parametrize(
    ("file", "old", "new", "field", "problem"),
    [
        ("hostiles.toml", "rolls = [15, 20]", "rolls = [16, 20]", "hostiles[0].behaviour", "cover 1 to 20"),
        ("explorers.toml", 'agility = "d8"', 'agility = "d7"', "explorers[0].standard.agility", "no action die 'd7'"),
        ("encounters.toml", '{ hostile = "Scrap Wight", count = 3 }', '{ hostile = "Scrap Wraith", count = 3 }', "encounter_cards[0].encounters[0][0].hostile", "no hostile 'Scrap Wraith'"),
        ("combat.toml", "portals = [[6, 0]]", "portals = [[60, 0]]", "combat_cards[0].portals[0]", "on none of the card's chambers"),
        ("pack.toml", "critical = [6, 6]", "critical = [5, 6]", "action_dice[0]", "face 5 is in two bands"),
        ("chambers.toml", "walls = [[[1, 1], [2, 1]]]", "walls = [[[1, 1], [3, 1]]]", "chambers[2].walls[0]", "share no side"),
        ("hostiles.toml", 'size = "huge"', 'size = "vast"', "hostiles[5].size", "Invalid enum value 'vast'"),
        ("explorers.toml", 'size = "twin"', 'size = "small"', "explorers[3].size", "Invalid enum value 'small'"),
        ("combat.toml", 'at = [5, -2], turn = 1', 'at = [3, -1], turn = 1', "combat_cards[2].chambers[2]", "pack 'core': chamber 'gallery' overlaps chamber 'gallery' at hex [1, -1]"),
        ("combat.toml", "markers = [{ number = 1, at = [1, -1] }", "markers = [{ number = 1, at = [0, 0] }", "combat_cards[0].markers[0]", "pack 'core': hex [0, 0] is obstructed (chamber 'gallery')"),
        ("combat.toml", "portals = [[7, -2]]", "portals = [[5, -2]]", "combat_cards[2].portals[0]", "pack 'core': hex [5, -2] is obstructed (chamber 'gallery')"),
        ("combat.toml", "turn = 1", "turn = 6", "combat_cards[2].chambers[2].turn", "a chamber turns 0 to 5 sixths, not 6"),
        ("legacy.toml", 'kind = "start_wounds"', 'kind = "start_curse"', "legacy_cards[4].effects[0].kind", "unknown effect kind 'start_curse'; known: ['agility_for_discovery', "),
        ("challenges.toml", '"wounds_each", amount = 1', '"start_wounds", amount = 1', "challenge_cards[2].effects[0].kind", "effect kind 'start_wounds' is not for challenge_cards; it may be on: ['legacy_cards']"),
        ("challenges.toml", '"wounds_each", amount = 1', '"wounds_each"', "challenge_cards[2].effects[0].amount", "effect kind 'wounds_each' needs an amount of at least 1"),
        ("legacy.toml", 'hostile = "Scrap Wight"', 'hostile = "Scrap Wraith"', "legacy_cards[0].effects[0].hostile", "no hostile 'Scrap Wraith'; known: ['Ashen Drudge', "),
        ("legacy.toml", 'deck = "combat"', 'deck = "loot"', "legacy_cards[2].effects[0].deck", "no deck 'loot'; known: ['challenge', 'combat', 'discovery', 'encounter']"),
        ("legacy.toml", 'card = "sunken-passage"', 'card = "sunken-cave"', "legacy_cards[2].effects[0].card", "no card 'sunken-cave' in the combat deck"),
        ("discovery.toml", "points = 4", "points = 0", "discovery_cards[5].points", "archeotech is worth at least 1 trading point"),
        ("discovery.toml", 'kind = "clue"', 'kind = "clue"\npoints = 2', "discovery_cards[8].points", "a clue is worth no trading points"),
        ("discovery.toml", 'kind = "clue"', 'kind = "relic"', "discovery_cards[8].kind", "Invalid enum value 'relic'"),
        ("spacecraft.toml", 'cost = 2, use = "permanent", text = "Armour', 'cost = 0, use = "permanent", text = "Armour', "spacecraft[0].resources[0].cost", "a resource card costs at least 1 trading point"),
        ("spacecraft.toml", 'use = "exhausted", text = "Once a turn, for an', 'use = "spent", text = "Once a turn, for an', "spacecraft[0].resources[2].use", "Invalid enum value 'spent'"),
        ("spacecraft.toml", 'id = "spare-cell"', 'id = "field-dressing"', "spacecraft[2].resources[1].id", "'field-dressing' appears twice"),
        ("spacecraft.toml", 'kind = "heal", amount = 1 }', 'kind = "teleport", amount = 1 }', "spacecraft[0].resources[1].effect.kind", "unknown effect kind 'teleport'; known: ['attack_dice', 'cheaper_weapons', 'defence_die', 'extra_dice', 'heal', 'heal_ally', 'ignore_cover', 'inspiration', 'none', 'peek_exploration', 'push', 'recovery_roll', 'reroll', 'retaliate', 'trading_point', 'vitality_die', 'vitality_roll']"),
        ("spacecraft.toml", 'use = "discarded", text = "One wound off your card."', 'use = "permanent", text = "One wound off your card."', "spacecraft[0].resources[1].use", "effect kind 'heal' needs a card that is discarded or exhausted, not permanent"),
        ("spacecraft.toml", 'kind = "attack_dice", amount = 1, min_range = 4', 'kind = "attack_dice", min_range = 4', "spacecraft[0].resources[3].effect.amount", "effect kind 'attack_dice' needs an amount of at least 1"),
        ("spacecraft.toml", 'amount = 1, die = 4 }', 'amount = 1, die = 7 }', "spacecraft[0].resources[2].effect.die", "an activation die cost is 0 (none) to 6, not 7"),
        ("spacecraft.toml", 'kind = "attack_dice", amount = 1, min_range = 4', 'kind = "attack_dice", amount = 1, min_range = -4', "spacecraft[0].resources[3].effect.min_range", "ranges are 0 (no limit) or more hexes"),
        ("spacecraft.toml", 'kind = "ignore_cover", max_range = 3', 'kind = "ignore_cover", max_range = -3', "spacecraft[1].resources[1].effect.min_range", "ranges are 0 (no limit) or more hexes"),
        ("strongholds.toml", 'use = "exhausted", effect = { kind = "heal"', 'use = "discarded", effect = { kind = "heal"', "strongholds[1].artefacts[1].use", "Invalid enum value 'discarded'"),
        ("legacy.toml", 'rule = "stunning"', 'rule = "flying"', "legacy_cards[1].effects[1].rule", "no hostile rule 'flying'; known: ['stunning']"),
        ("legacy.toml", 'hostile = "Rust Stalker", rule = "stunning"', 'hostile = "Rust Stalker"', "legacy_cards[1].effects[1].rule", "effect kind 'hostile_rule' needs rule"),
        ("hostiles.toml", 'name = "Ashen Drudge"', 'name = "Ashen Drudge"\nrules = ["stunning"]', "hostiles[1].rules", "a hostile gains special rules from legacy cards"),
        ("explorers.toml", 'kind = "slay", amount = 2', 'kind = "survive", amount = 2', "explorers[0].agenda.kind", "unknown agenda kind 'survive'; known: ['discover', 'slay']"),
        ("explorers.toml", 'kind = "slay", amount = 2', 'kind = "slay", amount = 0', "explorers[0].agenda.amount", "an agenda needs an amount of at least 1"),
        ("explorers.toml", 'ship = "gilded-wake"', 'ship = "gilded-wreck"', "explorers[0].ship", "no spacecraft 'gilded-wreck'; known: ['gilded-wake', 'pale-orchard', 'quiet-anvil', 'rusted-psalm']"),
    ],
)
def test_a_malformed_file_names_file_field_and_problem(file, old, new, field, problem):
    files = _files()
    assert old.encode() in files[file]
    files[file] = files[file].replace(old.encode(), new.encode(), 1)
    with pytest.raises(ContentError) as caught:
        load_pack(files)
    assert (caught.value.file, caught.value.field) == (file, field)
    assert problem in caught.value.problem
