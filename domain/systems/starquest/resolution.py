"""One decision being resolved: events emitted in order, each applied at once, so every later
step of the same resolution sees what the earlier steps did."""

from __future__ import annotations

from typing import Any

from domain.dicebox import DiceBox
from domain.errors import RuleError
from domain.kit import onepage
from domain.systems.starquest import events as ev
from domain.systems.starquest.evolve import evolve
from domain.systems.starquest.state import Battle, Unit
from domain.systems.starquest.versions import ONE_PAGE, VERSIONS

#: Sections of each rules file, by the key the engine uses.
SECTIONS = {
    "general": ("General Principles", "GRUNDLAGEN"),
    "setup": ("Preparation", "VORBEREITUNG"),
    "round": ("Playing the Game", "SPIELABLAUF"),
    "activation": ("Activation", "AKTIVIERUNGEN"),
    "resting": ("Resting", "RUHEN"),
    "movement": ("Movement", "BEWEGUNG"),
    "shooting": ("Shooting", "SCHIESSEN"),
    "melee": ("Melee", "NAHKAMPF"),
    "morale": ("Morale", "MORAL"),
    "skills": ("Skill actions", "FERTIGKEITSAKTIONEN"),
    "terrain": ("Terrain", "GELÄNDE"),
    "ai": ("AI Activations", "KI-AKTIVIERUNGEN"),
    "special": ("Special Rules Reference", "SONDERREGELN"),
    "status": ("Status conditions", "STATUSEFFEKTE"),
    "jumping": ("Jumping", "SONDERBEWEGUNGEN"),
    "falling": ("Falling", "SONDERBEWEGUNGEN"),
    "caster": ("Caster(X)", "SONDERREGELN"),
    "ai_caster": ("Caster(X) [AI Units]", "SONDERREGELN"),
}


def rule_for(rules_version: str, key: str) -> str:
    """Section `key` in the rules file of a rules version, with that file's own section name."""
    english, german = SECTIONS[key]
    version = VERSIONS[rules_version]
    return f"{version.rules_file}#{english if version.code == 'en' else german}"


class Resolution:
    def __init__(self, battle: Battle, dice: DiceBox, actor: str) -> None:
        self.battle = battle
        self.dice = dice
        self.actor = actor
        self.events: list[Any] = []

    def rule(self, key: str) -> str:
        """The section a check implements, in the mission's own rules file."""
        return rule_for(self.battle.rules, key)

    def refuse(self, code: str, key: str, *, field: str | None = None, **params: object) -> RuleError:
        """A refusal citing section `key` of the mission's rules file; the API words it (service/i18n).
        `field`: the command's field at fault, when one is."""
        return RuleError(code, self.rule(key), params=params, field=field)

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.battle = evolve(self.battle, event)

    def roll(self, count: int, purpose: str, key: str, sides: int = 6) -> list[int]:
        """`count` dice in one roll event (one nonce), for the rule named by `key`."""
        if count <= 0:
            return []
        event = self.dice.roll([sides] * count, purpose=purpose, rule=self.rule(key), actor=self.actor)
        self.events.append(event)
        return list(event.results)  # a copy: callers may change their faces (Poison re-rolls), never the recorded roll

    def roll_d3(self, count: int, purpose: str, key: str) -> list[int]:
        """D3s are d6s halved, rounding up; the roll records both (design.md#Dice)."""
        event = self.dice.roll([6] * count, purpose=purpose, rule=self.rule(key), actor=self.actor, halved=[True] * count)
        self.events.append(event)
        return list(event.results)

    def unit(self, unit_id: str) -> Unit:
        try:
            return self.battle.units[unit_id]
        except KeyError:
            raise self.refuse("unknown_unit", "setup", unit=unit_id) from None

    # -- strain: stress suffered (en) or stamina spent (de) ---------------------------------

    def strain(self, unit_id: str, amount: int, reason: str) -> None:
        """Add strain; what goes past the hero's endurance becomes wounds (#Resting, Endurance)."""
        unit = self.unit(unit_id)
        endurance = self.battle.hero(unit.profile).endurance
        room = endurance - unit.strain
        taken = min(amount, room)
        if taken:
            self.emit(ev.StrainChanged(unit_id, taken, reason))
        if amount > room:
            self.wound(unit_id, unit.figures[0].id, amount - room)
        if "Diseased" in unit.statuses:
            self.wound(unit_id, unit.figures[0].id, amount)

    def relieve(self, unit_id: str, amount: int | None, reason: str) -> None:
        unit = self.unit(unit_id)
        restored = unit.strain if amount is None else min(amount, unit.strain)
        if restored:
            self.emit(ev.StrainChanged(unit_id, -restored, reason))

    # -- wounds -----------------------------------------------------------------------------

    def wound(self, unit_id: str, figure_id: str, wounds: int, regenerated: bool = False) -> None:
        """Wounds on one model; at its Tou it is killed, or a hero falls unconscious (#Shooting).
        Every wound, whatever dealt it, first meets Regeneration, unless an attack has rolled it
        already (`regenerated`: before Deadly multiplies, or pierced by its weapon)."""
        unit = self.unit(unit_id)
        if wounds <= 0 or unit.unconscious or unit.dead:
            return
        if not regenerated:
            wounds = self.regenerate(unit_id, wounds)
            if not wounds:
                return
        figure = next(f for f in unit.figures if f.id == figure_id)
        toughness = self.battle.profile(unit).toughness
        taken = min(wounds, toughness - figure.wounds)
        self.emit(ev.WoundsTaken(unit_id, figure_id, taken))
        if figure.wounds + taken < toughness:
            return
        if unit.side == "hero":
            self.emit(ev.HeroUnconscious(unit_id))
        else:
            self.emit(ev.FigureKilled(unit_id, figure_id))

    def regenerate(self, unit_id: str, wounds: int) -> int:
        """Regeneration (#Special Rules Reference): one die a wound, each 5+ ignores one; returns the rest."""
        if wounds <= 0 or not self.battle.profile(self.unit(unit_id)).rule("Regeneration"):
            return wounds
        return onepage.regenerated(ONE_PAGE, self.roll(wounds, f"{unit_id} regenerates", "special"))

    # -- stat tests -------------------------------------------------------------------------

    def test(self, unit_id: str, stat: str, target: int, purpose: str, modifier: int = 0) -> bool:
        """Roll a die against a target: a 6 always passes, a 1 always fails (#General Principles)."""
        if "Impaired" in self.unit(unit_id).statuses:
            modifier -= 1
        (face,) = self.roll(1, f"{stat} test: {purpose}", "general")
        passed = onepage.passes(ONE_PAGE, face, target, modifier)
        self.emit(ev.StatTested(unit_id, stat, target, face, passed, purpose))
        return passed
