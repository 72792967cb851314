"""The two rules versions of Star Quest as one table of differences, never two engines.

The English version has heroes *suffer stress*; the German one has them *spend stamina*.
Both are a strain counter against the hero's endurance: stress is the strain, stamina is
endurance minus the strain, and strain past endurance becomes wounds in either version.
"""

from __future__ import annotations

from typing import Literal, get_args

import msgspec

from domain.kit.onepage import OnePageTable

#: The rules versions a mission may pick; English is the default.
Version = Literal["en", "de"]


class RulesVersion(msgspec.Struct, frozen=True):
    code: str
    rules_file: str
    #: What the strain is called to players: "stress" (suffered) or "stamina" (spent).
    resource: str
    #: Strain costs of the optional choices heroes make.
    pass_failed_test: int
    extra_action: int
    revive: int
    ignore_shaken: int
    stop_at_ledge: int
    hero_skill_failed: int
    #: Strain a rest removes; None removes all of it.
    rest_restores: int | None
    #: Unconscious heroes collect bleeding markers and die at three.
    bleeding: bool
    #: Where AI units with Ambush arrive: a random table quarter's centre, or near an AI goal.
    ai_ambush: str
    #: When Relentless adds hits: on Hold actions, or when shooting at targets over 9" away.
    relentless: str
    #: Strain to remove all status conditions on activation: dice count and bonus (D3+3), or None.
    clear_statuses: tuple[int, int] | None
    #: Strain to remove Impaired: (D3 count, bonus).
    impaired_cost: tuple[int, int]
    #: When a charge leaves its unit fatigued: at the end of the activation (English), or at once (German).
    charge_fatigue: str
    #: Counter takes one Impact die (English) or one Impact hit (German) per Counter model.
    counter_reduces: str
    #: AI units charge when they cannot shoot (English), or when charging would deal more damage (German).
    ai_charge: str
    #: The special rules this version's file describes; a rule missing here does nothing in its
    #: missions, even on a pack's weapon or profile.
    special_rules: frozenset[str]
    #: An AI unit skips its activation within 3" of an AI goal (English), or less than 3" from it (German).
    ai_goal_reach: str = "within"
    #: A hero ambusher is placed over 9" from enemies (English) or at least 9" (German).
    hero_ambush_gap: str = "over"
    #: Strain per point of casting value for a hero to count a failed cast as cast ("Caster(X)").
    cast_anyway_per_value: int = 2


#: Special rules in both files' reference (star-quest.en.md#Special Rules Reference,
#: star-quest.de.md#SONDERREGELN). Where their meaning differs, a field above says how.
SHARED_RULES = frozenset(
    "Ambush AP Blast Caster Counter Deadly Fast Fear Fearless Flying Furious Immobile Impact Indirect Limited"
    " Regeneration Relentless Reliable Rending Scout Slow Stealth Strider Villain".split()
)

#: Star Quest's readings of the One Page Rules mechanics it shares with Grimdark Future
#: (domain/kit/onepage.py), the same in both files: a 6 always succeeds and a 1 always fails
#: (star-quest.en.md#General Principles); the defender rolls Defense to block hits, AP lowers
#: the roll (#Shooting, #Special Rules Reference, AP(X)); Blast(X) multiplies a hit by at most the
#: models it could reach (Blast(X)); Regeneration ignores a wound on 5+; Advance 6", Rush and
#: Charge 12" (#Activation), Fast +2"/+4", Slow -2"/-4" (Fast, Slow).
ONE_PAGE = OnePageTable(
    always_succeed=(6,),
    beyond_six=None,
    defense_roller="defender",
    blast_at_most_models=True,
    moves={"advance": 6.0, "rush": 12.0, "charge": 12.0},
    speed_rules={"Fast": {"advance": 2.0, "rush": 4.0, "charge": 4.0}, "Slow": {"advance": -2.0, "rush": -4.0, "charge": -4.0}},
)

ENGLISH = RulesVersion(
    code="en",
    rules_file="star-quest.en.md",
    resource="stress",
    pass_failed_test=3,
    extra_action=2,
    revive=3,
    ignore_shaken=2,
    stop_at_ledge=3,
    hero_skill_failed=1,
    rest_restores=6,
    bleeding=True,
    ai_ambush="random-quarter",
    relentless="hold",
    clear_statuses=(1, 3),
    impaired_cost=(1, 1),
    charge_fatigue="activation-end",
    counter_reduces="dice",
    ai_charge="else",
    special_rules=SHARED_RULES | {"Lance", "Lock-On", "Poison"},
)

GERMAN = msgspec.structs.replace(
    ENGLISH,
    code="de",
    rules_file="star-quest.de.md",
    resource="stamina",
    pass_failed_test=2,
    revive=2,
    stop_at_ledge=2,
    rest_restores=None,
    bleeding=False,
    ai_ambush="near-goal",
    relentless="over-9",
    clear_statuses=None,
    impaired_cost=(1, 0),
    charge_fatigue="after-charge",
    counter_reduces="hits",
    ai_charge="more-damage",
    special_rules=SHARED_RULES | {"Bane", "Surge", "Thrust", "Unstoppable"},
    ai_goal_reach="under",
    hero_ambush_gap="at-least",
)

VERSIONS = {v.code: v for v in (ENGLISH, GERMAN)}
assert tuple(VERSIONS) == get_args(Version)
