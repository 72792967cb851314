"""The solo army's answers to choices the battle waits for (domain/systems/grimdark/ai.py): the
casualties it names, an enemy spell it lets through, the defender of a building it holds, and
nothing once the battle is over."""

from __future__ import annotations

from types import SimpleNamespace

import msgspec

from domain.systems.grimdark import ai, ai_activation
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.state import Casualties
from tests.grimdark.game import BROOD, SHALLOW, VANGUARD, Game, row, with_rules
from tests.grimdark.solo import as_solo, play
from tests.grimdark.test_buildings import SWARM_NEAR, ready
from tests.grimdark.test_joining import deploy


def _changed(game: Game, **fields) -> None:
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, **fields))


def test_more_deadly_wounds_than_its_models_take_are_answered_with_every_model():
    """6 Deadly wounds on the Bone Crushers (Tough(3)): no Deadly wound carries over, so two
    crushers take only two of them; the AI names all three, the last listed first."""
    pack = with_rules("Vanguard Squad", "Long Rifle", ("Deadly",), pack=with_rules("Vanguard Squad", "Shredder", ("Deadly",)))
    game = Game(pack=pack)
    game.ready()
    game.do(cmd.Hold(unit="vanguard-squad", target="bone-crushers"), 4, 4, 5, 5, 4, 4, 4, 4, 5, 5, 5, 5)
    command = ai.ai(as_solo(game, BROOD))
    assert command == cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-3", "bone-crushers-2", "bone-crushers-1"])
    game.do(command)
    assert game.unit("bone-crushers").destroyed


def test_two_plain_wounds_take_two_crushers_when_the_wounds_are_not_deadly():
    """Were the 6 wounds plain, two crushers would take them, the last listed first."""
    game = Game()
    game.ready()
    _changed(game, pending=Casualties("bone-crushers", 6, "end"))
    assert ai.ai(as_solo(game, BROOD)) == cmd.RemoveCasualties(unit="bone-crushers", models=["bone-crushers-3", "bone-crushers-2"])


def test_a_joined_hero_with_tough_2_is_named_after_the_regular_models():
    """The Captain, Tough(2) here, joined to the Vanguard Squad: two wounds take the last two
    troopers listed, never the Captain first."""
    armies = tuple(
        msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, rules=tuple("Tough(2)" if r == "Tough(3)" else r for r in u.rules)) if u.name == "Captain Hale Morrow" else u for u in a.units))
        for a in SHALLOW.armies
    )
    game = Game(pack=msgspec.structs.replace(SHALLOW, armies=armies))
    deploy(game, {"vanguard-squad": ["captain-hale-morrow"]})
    squad = game.unit("vanguard-squad")
    assert [(m.id, squad.tough_of(m)) for m in squad.models][-2:] == [("vanguard-squad-5", 1), ("captain-hale-morrow-1", 2)]
    _changed(game, pending=Casualties("vanguard-squad", 2, "end"))
    assert ai.ai(as_solo(game, VANGUARD)) == cmd.RemoveCasualties(unit="vanguard-squad", models=["vanguard-squad-5", "vanguard-squad-4"])


def test_an_enemy_spell_no_psychic_of_its_own_may_block_is_allowed():
    """The Captain's Searing Verdict waits for a block (one of its allies' Psychics might try, say),
    and the Brood Mother stands 19" from him, past the 18" a block reaches: the Brood lets it
    through. Within reach she tries."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 3)
    verdict = next(s for s in game.game.spells[VANGUARD] if s.name == "Searing Verdict")
    casting = msgspec.structs.replace(game.game.casting, spell=verdict, target="spine-spitters")
    _changed(game, casting=casting)
    assert ai.ai(game.state) == cmd.Dispel(unit="brood-mother")
    _changed(game, units={**game.game.units, "brood-mother": ai_activation.moved(game.unit("brood-mother"), [(4, 29.5)])})
    assert ai.ai(game.state) == cmd.AllowSpell(side=BROOD)


def test_the_defender_of_a_stormed_building_is_its_first_unit_inside_and_the_attacker_waits():
    """The Skitter Swarm charges the blockhouse the Ridge and Vanguard Squads hold: the Vanguard
    answers with the Ridge Squad, first in id order; the Brood has nothing to do meanwhile."""
    game = ready(inside=("ridge-squad", "vanguard-squad"), places=SWARM_NEAR)
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Charge(unit="skitter-swarm", target="blockhouse", positions=row(20, 7.492, 8, back=1.5)))
    assert ai.ai(as_solo(game, VANGUARD)) == cmd.DefendBuilding(unit="ridge-squad")
    assert ai.ai(as_solo(game, BROOD)) is None


def test_the_ai_does_nothing_without_a_battle_or_once_it_is_over():
    assert ai.ai(SimpleNamespace(game=None)) is None
    game = Game(f"{VANGUARD},{BROOD}", dice_mode="server", solo=BROOD)
    play(game)
    assert ai.ai(game.state) is None
    assert ai.ai(as_solo(game, VANGUARD)) is None


def test_one_command_is_keyed_by_the_round_the_version_and_its_kind():
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    assert ai.ai_key(game.state, cmd.Hold(unit="bone-crushers")) == f"1:v{game.state.version}:Hold"
