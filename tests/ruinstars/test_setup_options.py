"""A Ruinstars mission's options read against a content pack (domain/systems/ruinstars/setup.py,
docs/ruinstars-content-format.md): the refusals name what is wrong and what the pack has; the
set-up command carries the mission, only the cards and items it uses, and the squads fielded,
a card fielded again numbered -2, -3."""

from __future__ import annotations

import msgspec
import pytest

from domain.contract import Setup
from domain.errors import RuleError
from domain.systems.ruinstars.building import BUILDING
from domain.systems.ruinstars.content import FORMAT
from domain.systems.ruinstars.setup import Options, setup
from tests.ruinstars.game import CORE

SQUADS = ["Cinder Watch", "First Mission", "Vanguard", "Rearguard"]


def _refused(**options) -> RuleError:
    with pytest.raises(RuleError) as refused:
        setup(Setup("2e", Options(**options), {"core": CORE}))
    return refused.value


def test_an_unknown_pack_mission_or_squad_is_refused_naming_what_the_pack_has():
    pack = _refused(pack="other", squads="Cinder Watch")
    assert (pack.code, pack.rule, pack.params) == ("unknown_pack", FORMAT, {"pack": "other", "known": ["core"]})
    where = _refused(mission="nowhere", squads="Cinder Watch")
    assert (where.code, where.rule, where.params) == ("unknown_mission", FORMAT, {"mission": "nowhere", "known": ["survive"]})
    for squads, names in (("", []), ("Cinder Watch, Cinder Watch", ["Cinder Watch", "Cinder Watch"]), ("Cinder Watch, Nobody", ["Cinder Watch", "Nobody"])):
        who = _refused(squads=squads)
        assert (who.code, who.rule, who.params) == ("unknown_squad", FORMAT, {"names": names, "known": SQUADS})


def test_a_squad_leader_is_named_only_for_mini_squads():
    """ruinstars-2e.md#BUILDING YOUR SQUAD: the Squad Leader is the mini squads' choice."""
    alone = _refused(squads="Cinder Watch, First Mission", squad_leader="leader")
    assert (alone.code, alone.rule, alone.params) == ("no_such_squad_leader", BUILDING, {"squad_leader": "leader", "leaders": []})


def test_the_set_up_carries_only_the_cards_and_items_the_mission_uses():
    """Survive against the swarm: the Cinder Watch's cards and the Bug's, the Spawn Point."""
    command = setup(Setup("2e", Options(squads=" Cinder Watch ,"), {"core": CORE}))
    assert command.mission.id == "survive" and not command.mission.grid
    assert [c.name for c in command.cards] == ["Bug", "Oda Venn", "Brannoc", "Issa Quill", "Teo Marsh", "Wren"]
    assert [i.name for i in command.items] == ["Spawn Point"]
    (watch,) = command.squads
    assert (watch.id, watch.name, [u for u, _ in watch.units]) == ("cinder-watch", "Cinder Watch", ["oda-venn", "brannoc", "issa-quill", "teo-marsh", "wren"])
    assert watch.gear == {"oda-venn": ("Longshot Carbine",), "brannoc": ("Rotor Cannon",), "teo-marsh": ("Shard Launcher",)}


def test_a_card_fielded_again_is_numbered():
    """Three squads of one list (a pack's copies of the First Mission): the second Leader is
    leader-2, the third leader-3, and so on for each card."""
    first = CORE.named("squads", "First Mission")
    pack = msgspec.structs.replace(CORE, squads=(*CORE.squads, msgspec.structs.replace(first, name="Second Wave"), msgspec.structs.replace(first, name="Third Wave")))
    command = setup(Setup("2e", Options(squads="First Mission, Second Wave, Third Wave"), {"core": pack}))
    assert [(s.id, [u for u, _ in s.units]) for s in command.squads] == [
        ("first-mission", ["leader", "trooper", "fighter", "shooter"]),
        ("second-wave", ["leader-2", "trooper-2", "fighter-2", "shooter-2"]),
        ("third-wave", ["leader-3", "trooper-3", "fighter-3", "shooter-3"]),
    ]
    assert [card for _, card in command.squads[2].units] == ["Leader", "Trooper", "Fighter", "Shooter"]


def test_the_grid_option_lays_a_free_play_mission_on_squares():
    command = setup(Setup("2e", Options(squads="Cinder Watch", grid=True), {"core": CORE}))
    assert command.mission.grid and command.mission.spawn_points[0] == (1.0, 1.0)
