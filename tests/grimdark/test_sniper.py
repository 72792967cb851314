"""grimdark-future-1.5.md#Special Rules, Sniper, with known dice: the Iron Convoy's Lookout Team
(Quality 4+, Marksman Rifles with Sniper) shoots at Quality 2+, and its player picks the model
hit; a wound that model cannot take goes to the owner's pick."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from domain.systems.grimdark.content import TerrainPiece
from tests.grimdark.game import SHALLOW, convoy_ready, with_rules

SPECIAL = "grimdark-future-1.5.md#Special Rules"
#: The Lookout Team's three shots at the Skitter Swarm with the dice 2, 2, 1, 3, 5, picking
#: skitter-swarm-8: two hit at 2+, two wound, the picked model takes one, the owner the other.
PICKED_OFF = [
    ev.AttackResolved("lookout-team", "Marksman Rifle", "skitter-swarm", 3, 2, 2),
    ev.ModelRemoved("skitter-swarm", "skitter-swarm-8"),
    ev.CasualtiesDue("skitter-swarm", 1, "end"),
]


def shot(events: list) -> list:
    """What a shot did: the attack, the models it removed, the casualties left to the owner."""
    return [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelRemoved, ev.CasualtiesDue))]


def test_sniper_hits_on_2_and_its_wounds_go_on_the_model_the_attacker_picks():
    game = convoy_ready()
    events = game.do(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="skitter-swarm-8"), 2, 2, 1, 3, 5)
    assert shot(events) == PICKED_OFF


def test_a_pick_needs_a_sniper_weapon_and_a_model_of_the_target():
    game = convoy_ready()
    plain = game.refused(cmd.Hold(unit="escort-squad", target="skitter-swarm", sniped="skitter-swarm-1"))
    assert (plain.code, plain.rule, plain.params) == ("no_sniper", SPECIAL, {"unit": "escort-squad", "target": "skitter-swarm"})
    stray = game.refused(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="creeper-swarm-1"))
    assert (stray.code, stray.params) == ("not_in_target", {"model": "creeper-swarm-1", "target": "skitter-swarm", "models": [f"skitter-swarm-{k}" for k in range(1, 9)]})


def test_the_refusals_name_the_picked_field_and_the_special_rules_section():
    game = convoy_ready()
    plain = game.refused(cmd.Hold(unit="escort-squad", target="skitter-swarm", sniped="skitter-swarm-1"))
    stray = game.refused(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="creeper-swarm-1"))
    assert (plain.field, stray.field, stray.rule) == ("sniped", "sniped", SPECIAL)


def test_a_picked_tough_model_takes_only_the_wounds_it_has_left():
    """Bone Crushers (Tough(3), Defense 5+): the Lookouts put 2 wounds on crusher 1; then the
    Escort Squad's Long Rifles (given Sniper here) wound twice more: crusher 1 takes the one it
    has left and falls, the other wound waits for the owner's pick."""
    game = convoy_ready(pack=with_rules("Escort Squad", "Long Rifle", ("Sniper",)))
    first = game.do(cmd.Hold(unit="lookout-team", target="bone-crushers", sniped="bone-crushers-1"), 2, 2, 1, 5, 5)
    assert [e for e in first if isinstance(e, (ev.ModelWounded, ev.ModelRemoved, ev.CasualtiesDue))] == [ev.ModelWounded("bone-crushers", "bone-crushers-1", 2)]
    game.do(cmd.Hold(unit="brood-mother"))
    second = game.do(cmd.Hold(unit="escort-squad", target="bone-crushers", sniped="bone-crushers-1"), 1, 1, 2, 2, 1, 1, 6, 6)
    assert [e for e in second if isinstance(e, (ev.AttackResolved, ev.ModelWounded, ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.AttackResolved("escort-squad", "Shredder", "bone-crushers", 2, 0, 0),
        ev.AttackResolved("escort-squad", "Long Rifle", "bone-crushers", 4, 2, 2),
        ev.ModelRemoved("bone-crushers", "bone-crushers-1"),
        ev.CasualtiesDue("bone-crushers", 1, "end"),
    ]


def test_deadly_sniper_wounds_the_picked_model_cannot_take_stay_deadly_for_the_owner():
    """Marksman Rifles given Deadly: two wounds, the picked Skitter takes one; the other is left
    to the owner and still counts as Deadly."""
    game = convoy_ready(pack=with_rules("Lookout Team", "Marksman Rifle", ("Deadly",)))
    events = game.do(cmd.Hold(unit="lookout-team", target="skitter-swarm", sniped="skitter-swarm-8"), 2, 2, 1, 3, 5)
    assert [e for e in events if isinstance(e, (ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.ModelRemoved("skitter-swarm", "skitter-swarm-8"),
        ev.CasualtiesDue("skitter-swarm", 1, "end", 1),
    ]


def test_sniper_ignores_cover():
    """The Skitters stand in ruins that give cover: the Marksman Rifles still hit on 2+."""
    ruins = TerrainPiece("ruins", ((38, 18.5), (47, 18.5), (47, 23), (38, 23)), cover=True)
    game = convoy_ready(pack=msgspec.structs.replace(SHALLOW, missions=tuple(msgspec.structs.replace(m, terrain=(ruins,)) for m in SHALLOW.missions)))
    events = game.do(cmd.Hold(unit="lookout-team", target="skitter-swarm"), 2, 2, 2, 1, 1, 1)
    assert [e for e in events if isinstance(e, ev.AttackResolved)] == [ev.AttackResolved("lookout-team", "Marksman Rifle", "skitter-swarm", 3, 3, 0)]


def test_a_deadly_sniper_wound_takes_3_off_the_picked_model():
    """#Special Rules, Sniper and Deadly: Marksman Rifles given Deadly hit once and wound once;
    the picked Bone Crusher (Tough(3)) takes the wound times 3 and falls."""
    game = convoy_ready(pack=with_rules("Lookout Team", "Marksman Rifle", ("Deadly",)))
    events = game.do(cmd.Hold(unit="lookout-team", target="bone-crushers", sniped="bone-crushers-2"), 2, 1, 1, 5)
    assert [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelWounded, ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.AttackResolved("lookout-team", "Marksman Rifle", "bone-crushers", 3, 1, 1),
        ev.ModelRemoved("bone-crushers", "bone-crushers-2"),
    ]
    assert [m.id for m in game.unit("bone-crushers").models] == ["bone-crushers-1", "bone-crushers-3"]


def test_a_second_deadly_sniper_wound_goes_to_the_owner_still_deadly():
    """#Special Rules, Sniper and Deadly: two wounds; the first takes the picked Bone Crusher's 3,
    the second is not carried over on it but left to the owner, as one Deadly wound."""
    game = convoy_ready(pack=with_rules("Lookout Team", "Marksman Rifle", ("Deadly",)))
    events = game.do(cmd.Hold(unit="lookout-team", target="bone-crushers", sniped="bone-crushers-1"), 2, 2, 1, 5, 5)
    assert [e for e in events if isinstance(e, (ev.ModelWounded, ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.ModelRemoved("bone-crushers", "bone-crushers-1"),
        ev.CasualtiesDue("bone-crushers", 1, "end", 1),
    ]


def test_only_the_sniper_weapons_wounds_go_on_the_picked_model_and_the_others_keep_their_deadly():
    """The Escort Squad's Long Rifles given Sniper, its Shredder Deadly: the Shredder's one wound
    (Deadly) and the Long Rifles' one; the picked Bone Crusher takes only the Long Rifle's, one
    wound, and the owner places the Shredder's, still Deadly."""
    pack = with_rules("Escort Squad", "Long Rifle", ("Sniper",), pack=with_rules("Escort Squad", "Shredder", ("Deadly",)))
    game = convoy_ready(pack=pack)
    events = game.do(cmd.Hold(unit="escort-squad", target="bone-crushers", sniped="bone-crushers-1"), 6, 1, 4, 2, 1, 1, 1, 5)
    assert [e for e in events if isinstance(e, (ev.AttackResolved, ev.ModelWounded, ev.ModelRemoved, ev.CasualtiesDue))] == [
        ev.AttackResolved("escort-squad", "Shredder", "bone-crushers", 2, 1, 1),
        ev.AttackResolved("escort-squad", "Long Rifle", "bone-crushers", 4, 1, 1),
        ev.ModelWounded("bone-crushers", "bone-crushers-1", 1),
        ev.CasualtiesDue("bone-crushers", 1, "end", 1),
    ]
