"""A Star Quest table for rule tests: a tiny mission from inline content, every command run
through the mission decider (`domain.mission.decide` + `evolve`), every die known.

Missions use manual dice unless asked otherwise, so a test types the faces each command
rolls, in the order the engine rolls them; the decider refuses leftover or missing faces, so
a test also pins down how many dice a rule rolls. `Game(..., dice="server")` rolls provably
fair dice from a fixed server seed instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import msgspec

from domain.events import DiceRolled
from domain.systems.starquest import commands as cmd
from domain.systems.starquest import events as ev
from domain.systems.starquest.ai import ai
from domain.systems.starquest.content import (
    AllDown,
    EnemyProfile,
    HeroProfile,
    MissionDefinition,
    RoundLimit,
    Spell,
    Survive,
    TerrainPiece,
    Wave,
    WaveUnit,
    Weapon,
)
from domain.systems.starquest.state import Battle, Unit
from tests.rule_table import SEED, RuleTable


GOAL = (44.0, 44.0)
"""The AI goal of every scene unless told otherwise."""

#: Weapons every scene has: a 24" rifle for heroes, a 12" gun for enemies.
RIFLE = Weapon(name="Rifle", range=24, attacks=1)
GUN = Weapon(name="Gun", range=12, attacks=1)


def weapon(name: str, range: int = 24, attacks: int = 1, ap: int = 0, rules: Sequence[str] = ()) -> Weapon:
    return Weapon(name=name, range=range, attacks=attacks, ap=ap, rules=tuple(rules))


def hero(
    name: str = "Ace",
    *,
    quality: int = 4,
    defense: int = 4,
    toughness: int = 6,
    endurance: int = 6,
    str: int = 4,  # noqa: A002 - the profile's own field names
    dex: int = 4,
    wil: int = 4,
    weapons: Sequence[str] = ("Rifle",),
    rules: Sequence[str] = (),
    base_mm: int = 32,
    caster: int | None = None,
    spells: Sequence[str] = (),
) -> HeroProfile:
    return HeroProfile(
        name=name,
        base_mm=base_mm,
        quality=quality,
        defense=defense,
        toughness=toughness,
        weapons=tuple(weapons),
        rules=tuple(rules),
        strength=str,
        dexterity=dex,
        will=wil,
        endurance=endurance,
        caster=caster,
        spells=tuple(spells),
    )


def enemy(
    name: str = "Grunt",
    *,
    quality: int = 4,
    defense: int = 4,
    toughness: int = 1,
    weapons: Sequence[str] = ("Gun",),
    rules: Sequence[str] = (),
    models: int = 1,
    base_mm: int = 32,
    caster: int | None = None,
    spells: Sequence[str] = (),
) -> EnemyProfile:
    return EnemyProfile(
        name=name, base_mm=base_mm, quality=quality, defense=defense, toughness=toughness, weapons=tuple(weapons), rules=tuple(rules), models=models, caster=caster, spells=tuple(spells)
    )


def box(x0: float, y0: float, x1: float, y1: float) -> tuple[tuple[float, float], ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def piece(id: str, x0: float, y0: float, x1: float, y1: float, **flags: Any) -> TerrainPiece:  # noqa: A002
    """A rectangular terrain piece; flags as TerrainPiece (cover, difficult, dangerous, blocks_sight, height)."""
    if flags.get("blocks_sight") or flags.get("elevated"):
        flags.setdefault("height", 3.0)
    return TerrainPiece(id=id, polygon=box(x0, y0, x1, y1), **flags)


def wall(id: str, x0: float, y0: float, x1: float, y1: float, height: float = 3.0) -> TerrainPiece:  # noqa: A002
    """A sight blocker taller than a model's eyes."""
    return piece(id, x0, y0, x1, y1, blocks_sight=True, height=height)


def wave(round: int, enemy: str, *positions: tuple[float, float]) -> Wave:  # noqa: A002
    return Wave(round=round, units=(WaveUnit(enemy=enemy, models=len(positions), positions=tuple(positions)),))


SENTRY = enemy("Sentry")
#: A sentry standing on the AI goal behind a screen that hides it from the rest of the table:
#: by the AI flowchart it sees no hero and is within 3" of its goal, so it skips every activation.
SENTRY_WAVE = wave(1, "Sentry", (46.0, 46.0))
SCREEN = wall("screen", 0, 40, 48, 41, height=6.0)


def slug(name: str) -> str:
    return "-".join(name.lower().split())


def _checked(value: Any, kind: type) -> Any:
    """Inline content goes through msgspec's decoding checks, as a content pack would."""
    return msgspec.json.decode(msgspec.json.encode(value), type=kind)


#: The second hero of a scene that names one: a party is 2 to 4 heroes (star-quest.en.md#Preparation).
BYSTANDER = hero("Bystander")


class Game(RuleTable):
    """One Star Quest mission on a test table.

    `heroes` are deployed at `at[slug(name)]` (default: 4" apart along y=6), and the first
    round is started unless `start=False`. Unit ids: heroes by slugged name ("Ace" → "ace"),
    AI units `<slug>-<wave>-<unit>` ("Grunt" in the first wave → "grunt-1-1").

    A party is 2 to 4 heroes, so a scene that names fewer gets `BYSTANDER` ("bystander") as
    well, who changes nothing: it is deployed in the table's far corner and dies there before
    the first round (its HeroDied put straight into the log), so no AI sees, targets or orders
    by it, the round never waits for it, it bleeds no markers and it never keeps a party from
    being all down. Name two heroes to play a second one.
    """

    def __init__(
        self,
        rules: str = "en",
        *,
        heroes: Sequence[HeroProfile] = (),
        enemies: Sequence[EnemyProfile] = (),
        weapons: Sequence[Weapon] = (),
        spells: Sequence[Spell] = (),
        waves: Sequence[Wave] = (),
        terrain: Sequence[TerrainPiece] = (),
        table: int = 48,
        rounds: int = 6,
        victory: Sequence[Any] | None = None,
        defeat: Sequence[Any] = (AllDown(), RoundLimit()),
        goals: Sequence[tuple[float, float]] = (GOAL,),
        at: dict[str, tuple[float, float]] | None = None,
        sentry: bool = True,
        dice: str = "manual",
        seed: bytes = SEED,
        start: bool = True,
        objectives: Sequence[Any] = (),
        search_tokens: Sequence[Any] = (),
    ) -> None:
        heroes = list(heroes) or [hero()]
        bystander = len(heroes) < 2
        if bystander:
            heroes.append(BYSTANDER)
        enemies = list(enemies)
        waves = list(waves)
        terrain = list(terrain)
        if sentry:
            enemies.append(SENTRY)
            waves.append(SENTRY_WAVE)
            terrain.append(SCREEN)
        arms = {w.name: w for w in (RIFLE, GUN, *weapons)}
        self.seed = seed
        self.definition = _checked(
            MissionDefinition(
                id="test-table",
                name="Test table",
                table=table,
                rounds=rounds,
                deployment=box(0, 0, table, table),
                ai_goals=tuple(goals),
                waves=tuple(waves),
                victory=tuple(victory) if victory is not None else (Survive(rounds=rounds),),
                defeat=tuple(defeat),
                terrain=tuple(terrain),
                objectives=tuple(objectives),
                search_tokens=tuple(search_tokens),
            ),
            MissionDefinition,
        )
        self.create("star-quest", rules, dice, fresh_seed=seed)
        self.do(
            cmd.SetUpBattle(
                mission=self.definition,
                heroes=[_checked(h, HeroProfile) for h in heroes],
                enemies=[_checked(e, EnemyProfile) for e in enemies],
                weapons=list(arms.values()),
                spells=[_checked(s, Spell) for s in spells],
            )
        )
        at = at or {}
        for index, profile in enumerate(heroes[:-1] if bystander else heroes):
            x, y = at.get(slug(profile.name), (10.0 + 4 * index, 6.0))
            self.do(cmd.DeployHero(slug(profile.name), x, y))
        if bystander:
            self.apply(ev.HeroDeployed("bystander", table - 0.5, 0.5))
            self.apply(ev.HeroDied("bystander"))
        if start:
            self.do(cmd.StartRound())

    # -- running commands ----------------------------------------------------------------

    def apply(self, event: Any) -> None:
        """Put an engine event straight into the log: a short cut for setting up a scene."""
        self._apply(event)

    def patch(self, unit_id: str, **changes: Any) -> None:
        """Change a unit outside the rules, for states no event can produce yet (statuses)."""
        assert self.state is not None
        battle = self.battle
        units = {**battle.units, unit_id: msgspec.structs.replace(battle.units[unit_id], **changes)}
        self.state = msgspec.structs.replace(self.state, game=msgspec.structs.replace(battle, units=units))

    # -- the AI ------------------------------------------------------------------------------

    def ai_command(self) -> cmd.AiActivate | cmd.AiCast | None:
        return ai(self.battle)

    def ai_step(self, *faces: int) -> tuple[cmd.AiActivate | cmd.AiCast, list[Any]]:
        """The next AI activation as the AI decides it, resolved with these faces."""
        command = self.ai_command()
        assert command is not None, "no AI unit is due"
        return command, self.do(command, *faces, actor="worker")

    def run_ai(self) -> list[cmd.AiActivate]:
        """Every AI activation still due this round (they must roll no dice)."""
        done = []
        while (command := self.ai_command()) is not None:
            self.do(command, actor="worker")
            done.append(command)
        return done

    def idle_heroes(self) -> None:
        """Every hero still due this round activates and ends at once."""
        for unit in self.battle.side("hero"):
            if self.battle.phase == "heroes" and unit.can_act and not unit.activated:
                self.do(cmd.Activate(unit.id))
                self.do(cmd.EndActivation(unit.id))

    def next_round(self) -> None:
        """Finish the round with idle heroes and dice-less AI activations."""
        number = self.battle.round
        self.idle_heroes()
        self.run_ai()
        assert self.battle.round == number + 1 or self.battle.outcome is not None

    # -- looking ---------------------------------------------------------------------------

    @property
    def battle(self) -> Battle:
        assert self.state is not None and self.state.game is not None
        return self.state.game

    def unit(self, unit_id: str) -> Unit:
        return self.battle.units[unit_id]

    def at(self, unit_id: str) -> tuple[float, float]:
        figure = self.unit(unit_id).figures[0]
        return (figure.x, figure.y)

    def wounds(self, unit_id: str) -> list[int]:
        return [f.wounds for f in self.unit(unit_id).figures]


def of(events: Iterable[Any], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def names(events: Iterable[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def rolls(events: Iterable[Any]) -> list[list[int]]:
    return [e.results for e in events if isinstance(e, DiceRolled)]
