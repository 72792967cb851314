"""The solo army's spells beyond hits (domain/systems/grimdark/ai_psychic.py): a curse, a blessing
and a move, each chosen by its score in expected hits over the other spells the roll allows."""

from __future__ import annotations

import msgspec

from domain.systems.grimdark import ai, ai_psychic
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark import events as ev
from tests.grimdark.game import BROOD, VANGUARD, Game, row


def only(game: Game, army: str, names: tuple[str, ...]) -> None:
    """The army keeps only the spells named (a scene without its spells of hits)."""
    spells = {**game.game.spells, army: tuple(s for s in game.game.spells[army] if s.name in names)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, spells=spells))


WITHOUT_SPORE_CLOUD = ("Mind Needle", "Blinding Spores", "Frenzy")


def test_a_psychic_curses_the_enemy_that_shoots_hardest_at_its_army():
    """The Brood Mother at (4, 20) rolls a 3: Blinding Spores (-1 to shooting, 18") or Frenzy (no
    friend of hers would charge). The Vanguard Squad's 6 shots reach the Spine Spitters (score 1),
    the Captain's pistol 1 (1/6): the curse goes on the squad."""
    game = Game(solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    only(game, BROOD, WITHOUT_SPORE_CLOUD)
    mother = game.unit("brood-mother")
    assert ai_psychic.cast(game.game, mother) == cmd.Cast(unit="brood-mother")
    game.do(cmd.Cast(unit="brood-mother"), 3, 1)
    command = ai.ai(game.state)
    assert command == cmd.CastSpell(unit="brood-mother", spell="Blinding Spores", target="vanguard-squad")
    assert game.do(command) == [ev.SpellCast("brood-mother", "Blinding Spores", "vanguard-squad", [])]


def test_a_psychic_blesses_the_friend_about_to_charge_over_a_curse_worth_less():
    """The Bone Crushers 4.7" from the Ridge Squad would charge: Frenzy adds a sixth of their 9
    claws (1.5), more than the curse on the Ridge Squad (6 shots, 1) or Mind Needle (out of the
    roll's reach) and more than on the Mother herself (4 talons)."""
    game = Game(solo=BROOD)
    game.ready({"brood-mother": [(20, 20)], "bone-crushers": row(24, 18, 3, 2.0, 1.5), "ridge-squad": row(22, 12, 5)})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    only(game, BROOD, WITHOUT_SPORE_CLOUD)
    game.do(cmd.Cast(unit="brood-mother"), 3, 1)
    spores = next(s for s in game.game.spells[BROOD] if s.name == "Blinding Spores")
    assert ai_psychic.best_use(game.game, game.unit("brood-mother"), spores) == ai_psychic.Use(1.0, 6.769833298479416, "ridge-squad")
    command = ai.ai(game.state)
    assert command == cmd.CastSpell(unit="brood-mother", spell="Frenzy", target="bone-crushers")
    assert game.do(command) == [ev.SpellCast("brood-mother", "Frenzy", "bone-crushers", [])]


#: Every Brood unit far to the east, out of the Vanguard's reach: nobody has a target.
FAR_APART = {
    "brood-mother": [(50, 26)], "spine-spitters": row(54, 26, 5, back=1.5), "bone-crushers": row(62, 26, 3, 2.0, 1.5),
    "skitter-swarm": row(50, 20, 8, back=1.5), "creeper-swarm": row(58, 20, 8, back=1.5),
    "captain-hale-morrow": [(4, 4)], "vanguard-squad": row(2, 10, 5), "ridge-squad": row(14, 4, 5, back=1.5),
    "mortar-team": row(20, 2, 3), "dust-riders": row(30, 2, 4),
}


def test_a_psychic_moves_the_friend_furthest_toward_its_marker_and_then_acts():
    """The Captain rolls a 4 with no enemy in reach: Wind Step (6") moves the Vanguard Squad a
    full 6" toward the marker at (10, 15) (his own way there crosses the squad: less); he then
    rushes after it."""
    game = Game(solo=VANGUARD)
    game.ready(FAR_APART)
    assert ai.ai(game.state) == cmd.Cast(unit="captain-hale-morrow")
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    command = ai.ai(game.state)
    moved = [(7.088, 13.18), (8.588, 13.18), (10.088, 13.18), (11.588, 13.18), (7.088, 11.68)]
    assert command == cmd.CastSpell(unit="captain-hale-morrow", spell="Wind Step", target="vanguard-squad", positions=moved)
    assert game.do(command)[-1] == ev.UnitMoved("vanguard-squad", "spell", moved, 6.0)
    assert ai.ai(game.state) == cmd.Rush(unit="captain-hale-morrow", positions=[(6.887, 9.294)])


def test_a_psychic_blesses_the_friend_whose_shots_reach_furthest():
    """The Captain rolls a 2: only Guiding Light (+1 to shooting, 12") is within reach. The
    Vanguard Squad's 6 shots reach the Spine Spitters (score 1), his own pistol the Mother (1/6):
    the blessing goes on the squad, and the Brood's Mother, within 18", may try to block it."""
    game = Game(solo=VANGUARD)
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 2)
    command = ai.ai(game.state)
    assert command == cmd.CastSpell(unit="captain-hale-morrow", spell="Guiding Light", target="vanguard-squad")
    assert game.do(command) == [ev.SpellCast("captain-hale-morrow", "Guiding Light", "vanguard-squad", [])]
