"""When the solo army's Psychic casts and which use of a spell it picks
(domain/systems/grimdark/ai_psychic.py; grimdark-future-1.5.md#Special Rules, Psychic(X)): no
cast when Pinned, inside, having blocked this round or with no spell of use; the nearest enemy
in range for hits; no blessing or curse twice on one unit; no blessing on a unit that has
activated."""

from __future__ import annotations

import msgspec
import pytest

from domain.systems.grimdark import ai_psychic
from domain.systems.grimdark import commands as cmd
from tests.grimdark.game import BROOD, VANGUARD, Game, row
from tests.grimdark.test_ai_embarking import moved
from tests.grimdark.test_ai_spells import FAR_APART, only


def _brood_up() -> Game:
    """The Brood solo as `ready` deploys it, the captain has held: the Brood Mother at (4, 20)
    8.52" from the captain."""
    game = Game(f"{VANGUARD},{BROOD}", solo=BROOD)
    game.ready()
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    return game


def _with(game: Game, unit_id: str, **fields) -> None:
    units = {**game.game.units, unit_id: msgspec.structs.replace(game.unit(unit_id), **fields)}
    game.state = msgspec.structs.replace(game.state, game=msgspec.structs.replace(game.game, units=units))


@pytest.mark.parametrize("fields", [{"pinned": True}, {"dispelled": True}, {"inside": "spine-spitters"}])
def test_a_pinned_psychic_one_inside_or_one_that_blocked_this_round_does_not_cast(fields):
    game = _brood_up()
    assert ai_psychic.cast(game.game, game.unit("brood-mother")) == cmd.Cast(unit="brood-mother")
    _with(game, "brood-mother", **fields)
    assert ai_psychic.cast(game.game, game.unit("brood-mother")) is None


def test_a_unit_without_psychic_or_without_a_spell_of_use_does_not_cast():
    game = _brood_up()
    assert ai_psychic.cast(game.game, game.unit("bone-crushers")) is None
    only(game, BROOD, ())
    assert ai_psychic.cast(game.game, game.unit("brood-mother")) is None
    assert ai_psychic.spell(game.game, game.unit("brood-mother"), 6) is None


def test_hits_go_at_the_nearest_enemy_in_range():
    """Spore Cloud (3 hits, 12"): the captain 8.52" off is the nearest; the Vanguard Squad beyond."""
    game = _brood_up()
    cloud = next(s for s in game.game.spells[BROOD] if s.name == "Spore Cloud")
    use = ai_psychic.best_use(game.game, game.unit("brood-mother"), cloud)
    assert (use.score, use.target, round(use.gap, 2)) == (3.0, "captain-hale-morrow", 8.52)


def _use(use: ai_psychic.Use) -> tuple:
    return (round(use.score, 3), use.target, round(use.gap, 2))


def test_a_curse_goes_to_the_next_enemy_once_the_hardest_shooter_is_cursed():
    """Blinding Spores: the Vanguard Squad's 6 shots reach the Brood (1); cursed already, the
    captain's pistol (1/6) is next."""
    game = _brood_up()
    spores = next(s for s in game.game.spells[BROOD] if s.name == "Blinding Spores")
    assert _use(ai_psychic.best_use(game.game, game.unit("brood-mother"), spores)) == (1.0, "vanguard-squad", 11.33)
    _with(game, "vanguard-squad", spelled=("shooting-penalty",))
    assert _use(ai_psychic.best_use(game.game, game.unit("brood-mother"), spores)) == (0.167, "captain-hale-morrow", 8.52)


@pytest.mark.parametrize("fields", [{"spelled": ("shooting-bonus",)}, {"activated": True}])
def test_a_blessing_skips_a_unit_blessed_already_or_done_for_the_round(fields):
    """Guiding Light: the Vanguard Squad's 6 shots (1), else the captain's own pistol (1/6)."""
    game = Game(solo=VANGUARD)
    game.ready()
    game.do(cmd.Cast(unit="captain-hale-morrow"), 2)
    light = next(s for s in game.game.spells[VANGUARD] if s.name == "Guiding Light")
    assert _use(ai_psychic.best_use(game.game, game.unit("captain-hale-morrow"), light)) == (1.0, "vanguard-squad", 7.02)
    _with(game, "vanguard-squad", **fields)
    assert _use(ai_psychic.best_use(game.game, game.unit("captain-hale-morrow"), light)) == (0.167, "captain-hale-morrow", 0.0)


def _frenzy_scene() -> Game:
    """tests/grimdark/test_ai_spells.py's scene: the Bone Crushers 4.7" from the Ridge Squad
    would charge; the Brood Mother at (20, 20) rolled a 3."""
    game = Game(solo=BROOD)
    game.ready({"brood-mother": [(20, 20)], "bone-crushers": row(24, 18, 3, 2.0, 1.5), "ridge-squad": row(22, 12, 5)})
    game.do(cmd.Hold(unit="captain-hale-morrow"))
    game.do(cmd.Cast(unit="brood-mother"), 3, 1)
    return game


@pytest.mark.parametrize("fields", [{}, {"pinned": True}, {"spelled": ("melee-bonus",)}, {"activated": True}])
def test_a_melee_blessing_goes_to_a_ready_unit_about_to_charge_not_pinned_nor_blessed_already(fields):
    """Frenzy: a sixth of the crushers' 9 claws (1.5), 2.7" from the Mother; else her own 4
    talons (2/3)."""
    game = _frenzy_scene()
    _with(game, "bone-crushers", **fields)
    frenzy = next(s for s in game.game.spells[BROOD] if s.name == "Frenzy")
    expected = (1.5, "bone-crushers", 2.7) if not fields else (0.667, "brood-mother", 0.0)
    assert _use(ai_psychic.best_use(game.game, game.unit("brood-mother"), frenzy)) == expected


def _wind_step_scene() -> Game:
    """tests/grimdark/test_ai_spells.py's scene: every unit far apart, the captain rolled a 4 for
    Wind Step (6"); the friends within 12" in id order: himself, the Ridge and Vanguard Squads."""
    game = Game(solo=VANGUARD)
    game.ready(FAR_APART)
    game.do(cmd.Cast(unit="captain-hale-morrow"), 4)
    return game


SQUAD_STEP = (1.0, "vanguard-squad", 3.94, ((7.088, 13.18), (8.588, 13.18), (10.088, 13.18), (11.588, 13.18), (7.088, 11.68)))


def _step_use(game: Game) -> tuple:
    step = next(s for s in game.game.spells[VANGUARD] if s.name == "Wind Step")
    use = ai_psychic.best_use(game.game, game.unit("captain-hale-morrow"), step)
    return (round(use.score, 3), use.target, round(use.gap, 2), tuple(use.positions))


def test_a_move_spell_scores_a_sixth_of_the_inches_and_passes_over_a_friend_done_for_the_round():
    game = _wind_step_scene()
    assert _step_use(game) == SQUAD_STEP
    _with(game, "ridge-squad", activated=True)
    assert _step_use(game) == SQUAD_STEP


def test_a_move_spell_passes_over_a_friend_with_a_target_and_a_pinned_one():
    """The Spine Spitters within the Ridge Squad's rifles: the Ridge Squad shoots instead; the
    Vanguard Squad moves. Pinned, the Vanguard Squad holds: the captain moves himself 4"."""
    game = _wind_step_scene()
    moved(game, {"spine-spitters": row(31, 19, 5, back=1.5)})
    assert _step_use(game) == SQUAD_STEP
    _with(game, "vanguard-squad", pinned=True)
    assert _step_use(game) == (0.667, "captain-hale-morrow", 0.0, ((5.915, 7.512),))


def test_a_curse_needs_an_enemy_whose_weapons_reach_the_army():
    """The Captain 15" from the Brood Mother, with only his 12" pistol: his shots reach no Brood
    unit (his own squad's do not count), so Blinding Spores has no use."""
    game = _brood_up()
    _with(game, "captain-hale-morrow", models=tuple(msgspec.structs.replace(m, x=4.0, y=5.0) for m in game.unit("captain-hale-morrow").models))
    only(game, BROOD, ("Blinding Spores",))
    spores = game.game.spells[BROOD][0]
    scores = {u.target: round(u.score, 3) for u in ai_psychic.USES["shooting-penalty"](game.game, game.unit("brood-mother"), spores)}
    assert scores == {"captain-hale-morrow": 0.0, "vanguard-squad": 1.0}



def test_a_spell_whose_every_use_scores_nothing_has_no_use():
    """With the Vanguard Squad cursed already, Blinding Spores is left with the captain, whose
    shots reach no Brood unit: no use at all."""
    game = _brood_up()
    _with(game, "captain-hale-morrow", models=tuple(msgspec.structs.replace(m, x=4.0, y=5.0) for m in game.unit("captain-hale-morrow").models))
    _with(game, "vanguard-squad", spelled=("shooting-penalty",))
    spores = next(s for s in game.game.spells[BROOD] if s.name == "Blinding Spores")
    assert ai_psychic.best_use(game.game, game.unit("brood-mother"), spores) is None
