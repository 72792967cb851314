"""Army Forge lists taken into a battle (docs/grimdark-future-content-format.md, Army Forge lists;
grimdark-future-1.5.md#Preparation, #Playing Bigger Games): a player replaces its army's units with
its own list before the deployment roll-off, in either of Army Forge's shapes; the game's size is
enforced; a list with rules 1.5 does not know is refused naming them, or taken with a warning per
unit that every reader sees."""

from __future__ import annotations

import json

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.armyforge import UnitWarning
from service import i18n
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game
from tests.grimdark.solo import play
from tests.grimdark.test_armyforge import BOOK, FLAT, KINDS, SAVED
from tests.grimdark.test_buildings import BLOCKHOUSE
from tests.harness import Campaign

LIST, BOOK_JSON, SAVED_JSON, KINDS_JSON = json.loads(FLAT), json.loads(BOOK), json.loads(SAVED), json.loads(KINDS)


def test_a_player_takes_a_flat_export_into_the_duel_and_sees_its_warnings_over_http(client):
    campaign = Campaign(client, "Marsh War")
    ann = campaign.invite("ann", "player", [VANGUARD])
    bob = campaign.invite("bob", "player", [BROOD])
    battle = campaign.mission("Duel", "grimdark-future", options={"mission": "duel", "armies": f"{VANGUARD},{BROOD}"}, dice_mode="manual", client_seed="gf")
    submit = {"type": "SubmitArmyList", "army": VANGUARD, "army_list": LIST}

    refused = ann.command(battle, submit, headers={"accept-language": "de"})
    assert refused.status_code == 422
    assert (refused.json()["code"], refused.json()["rule"], refused.json()["field"]) == ("army_list_unknown_rules", "grimdark-future-1.5.md#Special Rules", "command.army_list")
    assert refused.json()["message"] == (
        "die Liste hat Regeln, die Grimdark Future 1.5 nicht kennt (1 Einheiten): Warden Squad 2: Relentless, Reliable (Reed Rifle); mit accept_unknown wird ohne sie gespielt"
    )
    english = ann.command(battle, submit).json()["message"]
    assert english.startswith("the list has rules Grimdark Future 1.5 does not know (1 units): Warden Squad 2: Relentless, Reliable (Reed Rifle)")
    theirs = bob.command(battle, submit | {"accept_unknown": True})
    assert (theirs.status_code, theirs.json()["code"]) == (403, "not_your_unit")

    taken = ann.accepted(battle, submit | {"accept_unknown": True})["events"][-1]["event"]
    assert (taken["type"], taken["points"], taken["warnings"]) == ("ArmyListTaken", 255, [{"unit": "Warden Squad 2", "unknown": ["Relentless", "Reliable (Reed Rifle)"]}])
    game = ann.mission(battle)["game"]
    assert game["list_warnings"] == {VANGUARD: [{"unit": "Warden Squad 2", "unknown": ["Relentless", "Reliable (Reed Rifle)"]}]}
    ours = {k: (u["army"], u["side"], len(u["models"])) for k, u in game["units"].items() if u["army"] == VANGUARD}
    assert ours == {"captain-odile-frane": (VANGUARD, VANGUARD, 1), "warden-squad": (VANGUARD, VANGUARD, 5), "warden-squad-2": (VANGUARD, VANGUARD, 3)}
    assert game["units"]["warden-squad"]["models"][4]["weapons"][0]["name"] == "Bog Mortar"

    ann.accepted(battle, {"type": "RollOff", "purpose": "deployment"}, faces=[5, 2])
    late = ann.command(battle, submit | {"accept_unknown": True})
    assert (late.status_code, late.json()["code"], late.json()["rule"]) == (422, "lists_closed", "grimdark-future-1.5.md#Preparation")
    assert late.json()["message"] == "an army list is taken before the deployment roll-off; the battle is at edge"
    ann.accepted(battle, {"type": "PickEdge", "side": VANGUARD, "edge": "south"})
    ann.accepted(battle, {"type": "RollOff", "purpose": "objectives"}, faces=[1, 2, 6])
    bob.accepted(battle, {"type": "ChooseFirstMarker", "side": BROOD, "first": BROOD})
    for who, side, x in ((bob, BROOD, 20), (ann, VANGUARD, 50), (bob, BROOD, 35)):
        who.accepted(battle, {"type": "PlaceMarker", "side": side, "x": x, "y": 24})
    deployed = ann.accepted(battle, {"type": "Deploy", "unit": "captain-odile-frane", "positions": [[10, 6]]})
    assert deployed["events"][-1]["event"]["unit"] == "captain-odile-frane"


def test_a_saved_list_with_its_army_book_replaces_the_army_and_its_unit_ids_stay_apart():
    game = Game()
    events = game.do(cmd.SubmitArmyList(army=BROOD, army_list=SAVED_JSON, book=BOOK_JSON))
    assert (events[0].army.id, events[0].army.name, events[0].points, events[0].warnings) == (BROOD, "Marsh Patrol", 190, [])
    brood = sorted(k for k, u in game.game.units.items() if u.army == BROOD)
    assert brood == ["captain-odile-frane", "warden-squad"]
    assert [u.side for u in game.game.units.values() if u.army == BROOD] == [BROOD, BROOD]
    assert game.game.spells[BROOD] == ()
    # A second list for the other seat: its units are numbered apart from the first's.
    game.do(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))
    assert sorted(k for k, u in game.game.units.items() if u.army == VANGUARD) == ["captain-odile-frane-2", "warden-squad-2", "warden-squad-2-2"]
    assert game.game.list_warnings == {VANGUARD: (UnitWarning("Warden Squad 2", ("Relentless", "Reliable (Reed Rifle)")),)}
    # The Brood's list taken again, without warnings: the Vanguard's stay as they were.
    game.do(cmd.SubmitArmyList(army=BROOD, army_list=SAVED_JSON, book=BOOK_JSON))
    assert game.game.list_warnings == {VANGUARD: (UnitWarning("Warden Squad 2", ("Relentless", "Reliable (Reed Rifle)")),)}


def test_a_list_over_the_games_points_or_outside_its_hero_limits_is_refused():
    game = Game()
    dear = dict(LIST, units=[dict(LIST["units"][0], cost=430), *LIST["units"][1:]])
    over = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=dear, accept_unknown=True))
    assert (over.code, over.rule, over.field, over.params) == ("army_over_points", "grimdark-future-1.5.md#Preparation", "army_list", {"army": VANGUARD, "points": 620, "max": 500})
    heroless = dict(LIST, units=LIST["units"][1:])
    none = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=heroless, accept_unknown=True))
    assert (none.code, none.params) == ("army_heroes", {"army": VANGUARD, "heroes": 0, "min": 1, "max": 1})
    # 750 pts takes the dearer list (#Playing Bigger Games).
    bigger = Game(points=750)
    assert bigger.do(cmd.SubmitArmyList(army=VANGUARD, army_list=dear, accept_unknown=True))[0].points == 620


def test_a_list_over_the_games_vehicle_or_titan_limits_is_refused():
    """#Playing Bigger Games at 500 pts: two Vehicles or Monsters at most and no Titan. The kinds
    list at 50 pts a unit (300 pts) brings a Crawler, a Wyrm and a Kite (three) and a Colossus."""
    game = Game()
    cheap = dict(KINDS_JSON, units=[dict(u, cost=50) for u in KINDS_JSON["units"]])
    three = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=cheap, accept_unknown=True))
    assert (three.code, three.rule, three.field, three.params) == ("army_vehicles", "grimdark-future-1.5.md#Preparation", "army_list", {"army": VANGUARD, "count": 3, "max": 2})
    kiteless = dict(cheap, units=[u for u in cheap["units"] if u["name"] != "Spark Kite"])
    titan = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=kiteless, accept_unknown=True))
    assert (titan.code, titan.params) == ("army_titans", {"army": VANGUARD, "count": 1, "max": 0})
    assert [i18n.error_message(titan.code, titan.params, lang, system="grimdark-future") for lang in ("en", "de")] == [
        "ashen-vanguard has 1 titans; a game of this size takes at most 0",
        "ashen-vanguard hat 1 Titanen; ein Spiel dieser Größe erlaubt höchstens 0",
    ]


def test_a_list_in_multi_player_keeps_to_its_share_and_a_broken_file_names_its_field():
    game = Game(f"{VANGUARD}+iron-convoy,{BROOD}", points=1000)
    dear = dict(LIST, units=[dict(LIST["units"][0], cost=400), *LIST["units"][1:]])
    over = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list=dear, accept_unknown=True))
    assert (over.code, over.rule, over.params) == ("army_over_points", "grimdark-future-1.5.md#Multi-Player Games", {"army": VANGUARD, "points": 590, "max": 500})
    broken = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list={"name": "x", "units": [{"name": "A"}]}))
    assert (broken.code, broken.rule, broken.params) == ("bad_army_list", "docs/grimdark-future-content-format.md#army-forge-lists", {"file": "list.json", "at": "armies[0].units[0].quality", "problem": "0 is not in 2..6"})
    unknown = game.refused(cmd.SubmitArmyList(army="wardens", army_list=LIST))
    assert (unknown.code, unknown.params) == ("unknown_army", {"army": "wardens", "known": [VANGUARD, "iron-convoy", BROOD]})
    big = game.refused(cmd.SubmitArmyList(army=VANGUARD, army_list={"name": "x" * 100_001, "units": []}))
    assert (big.code, big.params) == ("army_list_too_big", {"field": "army_list", "bytes": 100_023, "max": 100_000})


def test_an_imported_list_plays_a_duel_to_its_end_against_the_brood():
    """The Saltmarsh Wardens (the flat export, taken with its warning) as the solo army against
    the Brood played by the same rule, on the seed's dice: the captain deploys as part of the
    second squad (which lost nothing but Relentless), the Scout squad last; after round 4 the
    Brood holds a marker and wins."""
    game = Game(dice_mode="server", solo=VANGUARD)
    game.do(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))
    by_ai = play(game, BROOD)
    deployed = [(c.unit, c.joined) for c in by_ai if isinstance(c, cmd.Deploy)]
    assert deployed == [("warden-squad-2", ["captain-odile-frane"]), ("warden-squad", [])]
    assert (game.game.round, game.game.outcome, game.game.seized) == (4, BROOD, {VANGUARD: 0, BROOD: 1})


def test_an_imported_squad_deploys_inside_a_building_as_the_packs_infantry_does():
    """Lists name no unit kind, so an imported unit is Infantry (rules notes): the Warden Squad's
    second copy takes three of the blockhouse's seats and stands at its topmost port."""
    pack = msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(BLOCKHOUSE,)) for m in SHALLOW.missions))
    game = Game(pack=pack)
    game.do(cmd.SubmitArmyList(army=VANGUARD, army_list=LIST, accept_unknown=True))
    game.prepare()
    assert game.do(cmd.Deploy(unit="warden-squad-2", positions=[], transport="blockhouse")) == [ev.UnitDeployed("warden-squad-2", [(23, 7)] * 3, [], "blockhouse")]
    assert (game.unit("warden-squad-2").inside, game.unit("warden-squad-2").bases()) == ("blockhouse", [])


def test_an_imported_psychic_brings_its_army_spells_and_its_vehicle_its_kind_into_the_battle():
    choir = json.loads(KINDS)
    choir["units"] = choir["units"][:3]
    game = Game()
    taken = game.do(cmd.SubmitArmyList(army=BROOD, army_list=choir, accept_unknown=True))[0]
    assert (taken.points, taken.warnings) == (300, [UnitWarning("Cinder Seer", ("Ash Storm (spell)", "Kindle (spell)"))])
    assert [s.name for s in game.game.spells[BROOD]] == ["Ember Lash", "Choir Hymn", "Soot Veil", "Heat Shimmer", "Furnace Roar"]
    units = {k: (u.profile.kind, u.profile.base, u.profile.rule("Psychic")) for k, u in game.game.units.items() if u.army == BROOD}
    assert units == {"cinder-seer": ("infantry", 32, 2), "choir-acolytes": ("infantry", 25, False), "kiln-crawler": ("vehicle", 60, False)}
