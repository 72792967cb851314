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
from tests.grimdark.game import BROOD, VANGUARD, Game
from tests.grimdark.test_ai_spells import only


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
