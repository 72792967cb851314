"""Star Quest content: profiles, weapons, spells, items and missions as checked data.

Content is not rules: a pack can add a hero or a mission without touching the engine, so
the engine trusts only what `check_pack` has passed. msgspec checks types and ranges while
decoding; `check_pack` checks what types cannot say (names that must exist, points that
must lie on the table, rules that must fit the weapon). The format is docs/content-format.md.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Iterator
from typing import Annotated, ClassVar, Literal, NamedTuple

import msgspec
from msgspec import Meta

from domain.kit.boards import inches


class _Content(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Base of all content: a typo in a field name must fail loudly, not vanish."""


Name = Annotated[str, Meta(min_length=1, max_length=60)]
Id = Annotated[str, Meta(pattern=r"^[a-z0-9][a-z0-9-]*$", max_length=40)]
Target = Annotated[int, Meta(ge=2, le=6)]
"""A 'roll this or higher' number: 1 would always pass and 7 never."""
Inches = Annotated[int, Meta(ge=0, le=48)]
Point = tuple[float, float]
"""[x, y] in inches from the table's lower-left corner."""
Polygon = Annotated[tuple[Point, ...], Meta(min_length=3)]
Stat = Literal["str", "dex", "wil"]
Status = Literal["Afflicted", "Crippled", "Diseased", "Impaired"]

# --- special rules ----------------------------------------------------------------------


class RuleSpec(NamedTuple):
    #: "weapon" rules sit on weapons, "unit" rules on profiles.
    place: Literal["weapon", "unit"]
    #: (lowest, highest) X for rules written Name(X); None for plain rules.
    values: tuple[int, int] | None = None
    #: "melee" or "ranged" when the rule only makes sense for one kind of weapon.
    needs: Literal["melee", "ranged"] | None = None


RULES: dict[str, RuleSpec] = {
    "AP": RuleSpec("weapon", (1, 5)),
    "Bane": RuleSpec("weapon"),
    "Blast": RuleSpec("weapon", (2, 6)),
    "Counter": RuleSpec("weapon", needs="melee"),
    "Deadly": RuleSpec("weapon", (2, 6)),
    "Indirect": RuleSpec("weapon", needs="ranged"),
    "Lance": RuleSpec("weapon", needs="melee"),
    "Limited": RuleSpec("weapon"),
    "Lock-On": RuleSpec("weapon", needs="ranged"),
    "Poison": RuleSpec("weapon"),
    "Reliable": RuleSpec("weapon"),
    "Rending": RuleSpec("weapon"),
    "Surge": RuleSpec("weapon"),
    "Thrust": RuleSpec("weapon", needs="melee"),
    "Unstoppable": RuleSpec("weapon"),
    "Ambush": RuleSpec("unit"),
    "Caster": RuleSpec("unit", (1, 6)),
    "Fast": RuleSpec("unit"),
    "Fear": RuleSpec("unit", (1, 6)),
    "Fearless": RuleSpec("unit"),
    "Flying": RuleSpec("unit"),
    "Furious": RuleSpec("unit"),
    "Immobile": RuleSpec("unit"),
    "Impact": RuleSpec("unit", (1, 12)),
    "Regeneration": RuleSpec("unit"),
    "Relentless": RuleSpec("unit"),
    "Scout": RuleSpec("unit"),
    "Slow": RuleSpec("unit"),
    "Stealth": RuleSpec("unit"),
    "Strider": RuleSpec("unit"),
    "Villain": RuleSpec("unit"),
}
"""Every special rule of star-quest.en.md and .de.md; which version has which is the table in
versions.py (a pack may carry any of them; a version without the rule ignores it)."""

FIELD_RULES = {"AP": "ap", "Caster": "caster"}
"""Rules with a field of their own, so each value has exactly one place to be written."""

_RULE_TEXT = re.compile(r"^([A-Za-z][A-Za-z-]*)(?:\((\d+)\))?$")


class SpecialRule(NamedTuple):
    name: str
    value: int | None = None


def parse_rule(text: str, place: Literal["weapon", "unit"]) -> SpecialRule:
    """Read "Blast(3)" or "Fearless"; ValueError says what is wrong and what was meant."""
    match = _RULE_TEXT.match(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a rule; write Name or Name(X), e.g. 'Fearless' or 'Blast(3)'")
    name, raw = match.group(1), match.group(2)
    spec = RULES.get(name)
    if spec is None:
        close = [n for n in RULES if n.lower() == name.lower()] or difflib.get_close_matches(name, RULES, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else f"; known: {', '.join(sorted(RULES))}"
        raise ValueError(f"unknown special rule {name!r}{hint}")
    if name in FIELD_RULES:
        raise ValueError(f"{name} is not written as a rule; set the field `{FIELD_RULES[name]}` instead")
    if spec.place != place:
        raise ValueError(f"{name} is a {spec.place} rule; it cannot go on a {place}")
    if spec.values is None:
        if raw is not None:
            raise ValueError(f"{name} takes no value; write {name!r}")
        return SpecialRule(name)
    low, high = spec.values
    if raw is None:
        raise ValueError(f"{name} needs a value; write e.g. '{name}({low})'")
    if not low <= int(raw) <= high:
        raise ValueError(f"{name}({raw}) is out of range; X must be {low}..{high}")
    return SpecialRule(name, int(raw))


def _rule_value(rules: tuple[str, ...], place: Literal["weapon", "unit"], name: str) -> int | bool:
    """The X of a rule, True for a plain one, False when absent (or unreadable: check_pack says so)."""
    for text in rules:
        if name not in text:
            continue  # the rule's name is part of its text: no need to parse it
        try:
            rule = parse_rule(text, place)
        except ValueError:
            continue
        if rule.name == name:
            return True if rule.value is None else rule.value
    return False


# --- effects ----------------------------------------------------------------------------


class Effect(_Content, tag_field="kind"):
    """What a spell, hero skill or item does; `kind` picks one of a closed set."""

    #: Hostile effects target enemies, so they need a range; the rest may target the user.
    hostile: ClassVar[bool] = False


class Hits(Effect, tag="hits"):
    """The target takes `count` hits with AP(`ap`), blocked as usual."""

    hostile: ClassVar[bool] = True
    count: Annotated[int, Meta(ge=1, le=12)]
    ap: Annotated[int, Meta(ge=0, le=5)] = 0


class Heal(Effect, tag="heal"):
    """A friendly model (or the user) recovers wounds, never above its toughness."""

    wounds: Annotated[int, Meta(ge=1, le=12)]


class Inflict(Effect, tag="status"):
    """The target gains a status condition."""

    hostile: ClassVar[bool] = True
    status: Status


class Cleanse(Effect, tag="cleanse"):
    """A friendly model loses all its status conditions."""


class Relief(Effect, tag="relief"):
    """A hero sheds strain (stress in English, regained stamina in German)."""

    stress: Annotated[int, Meta(ge=1, le=12)]


class Reposition(Effect, tag="move"):
    """A friendly model (or the user) moves up to `distance` inches, outside its activation."""

    distance: Annotated[int, Meta(ge=1, le=12)]


EffectKind = Hits | Heal | Inflict | Cleanse | Relief | Reposition

# --- armoury, profiles, items -----------------------------------------------------------


class Weapon(_Content):
    name: Name
    #: Inches on the 48" table; 0 is a melee weapon.
    range: Inches
    attacks: Annotated[int, Meta(ge=1, le=20)]
    ap: Annotated[int, Meta(ge=0, le=5)] = 0
    rules: tuple[str, ...] = ()
    #: A status condition every unit this weapon wounds gains (star-quest.en.md#Status conditions).
    inflicts: Status | None = None

    @property
    def melee(self) -> bool:
        return self.range == 0

    @property
    def special(self) -> tuple[SpecialRule, ...]:
        return tuple(parse_rule(r, "weapon") for r in self.rules)

    def rule(self, name: str) -> int | bool:
        """False if the weapon lacks the rule, True if it has a plain one, else its X."""
        if name == "AP":
            return self.ap or False
        return _rule_value(self.rules, "weapon", name)


class Spell(_Content):
    name: Name
    #: Casting cost in spell tokens; a caster never holds more than 6.
    value: Annotated[int, Meta(ge=1, le=6)]
    #: Inches on the 48" table; 0 means the caster itself.
    range: Inches
    effect: EffectKind


class HeroSkill(_Content):
    name: Name
    #: The stat tested when the skill is used.
    stat: Stat
    effect: EffectKind
    #: Inches on the 48" table; 0 means the hero itself.
    range: Inches = 0


class _Profile(_Content):
    """What heroes and enemies share; weapons and spells are names from the pack's lists."""

    name: Name
    base_mm: Annotated[int, Meta(ge=20, le=200)]
    quality: Target
    defense: Target
    toughness: Annotated[int, Meta(ge=1, le=30)]
    weapons: Annotated[tuple[Name, ...], Meta(min_length=1)]
    rules: tuple[str, ...] = ()
    #: Spell tokens gained per round (the Caster(X) rule); None for non-casters.
    caster: Annotated[int, Meta(ge=1, le=6)] | None = None
    spells: tuple[Name, ...] = ()

    @property
    def special(self) -> tuple[SpecialRule, ...]:
        return tuple(parse_rule(r, "unit") for r in self.rules)

    def rule(self, name: str) -> int | bool:
        """False if the profile lacks the rule, True if it has a plain one, else its X."""
        if name in FIELD_RULES:
            return getattr(self, FIELD_RULES[name]) or False
        return _rule_value(self.rules, "unit", name)


class HeroProfile(_Profile, kw_only=True):
    strength: Target = msgspec.field(name="str")
    dexterity: Target = msgspec.field(name="dex")
    will: Target = msgspec.field(name="wil")
    #: Strain the hero can carry before it turns into wounds.
    endurance: Annotated[int, Meta(ge=1, le=30)]
    skills: tuple[HeroSkill, ...] = ()


class EnemyProfile(_Profile):
    #: Models in the unit as fielded; a wave may field fewer or more.
    models: Annotated[int, Meta(ge=1, le=30)] = 1
    #: Lowercase labels; "ai-group" makes the unit follow the AI group rules.
    tags: tuple[Id, ...] = ()


class Item(_Content):
    name: Name
    effect: EffectKind
    #: Inches on the 48" table; 0 means the hero carrying it.
    range: Inches = 0
    uses: Annotated[int, Meta(ge=1, le=9)] = 1


# --- missions ---------------------------------------------------------------------------


class TerrainPiece(_Content):
    """Field names match geometry.Terrain, so the engine builds one from the other directly."""

    id: Id
    polygon: Polygon
    name: str = ""
    height: Annotated[float, Meta(ge=0, le=24)] = 0.0
    cover: bool = False
    difficult: bool = False
    dangerous: bool = False
    blocks_sight: bool = False
    elevated: bool = False


class WaveUnit(_Content):
    enemy: Name
    #: None fields the profile's own unit size.
    models: Annotated[int, Meta(ge=1, le=30)] | None = None
    #: One point per model; empty for ambushers, which the Ambush rule places.
    positions: tuple[Point, ...] = ()
    ambush: bool = False


class Wave(_Content):
    round: Annotated[int, Meta(ge=1)]
    units: Annotated[tuple[WaveUnit, ...], Meta(min_length=1)]


class Objective(_Content):
    id: Id
    at: Point


class SearchToken(_Content):
    id: Id
    at: Point
    #: An item name, "nothing", or "enemy:<profile name>" (one model appears at the token).
    content: Name
    #: Id of the elevated piece the token lies on, if any.
    on: Id | None = None


class Condition(_Content, tag_field="kind"):
    """Base of victory and defeat conditions; `kind` picks one of a closed set."""


class KillAll(Condition, tag="kill_all"):
    """Every enemy, including later waves and ambushers, is killed."""


class Reach(Condition, tag="reach"):
    """A hero ends a move within 1" of the objective."""

    objective: Id


class Survive(Condition, tag="survive"):
    """At least one hero is still standing at the end of this round."""

    rounds: Annotated[int, Meta(ge=1)]


class Collect(Condition, tag="collect"):
    """The heroes have picked up this many items from search tokens."""

    tokens: Annotated[int, Meta(ge=1)]


class AllDown(Condition, tag="all_down"):
    """Every hero is unconscious or dead."""


class RoundLimit(Condition, tag="round_limit"):
    """The mission's last round ended without victory."""


Victory = KillAll | Reach | Survive | Collect
Defeat = AllDown | RoundLimit


class MissionDefinition(_Content):
    id: Id
    name: Name
    #: Table edge in inches: 48 (4') or 24 (2', every profile distance halved).
    table: Literal[48, 24]
    rounds: Annotated[int, Meta(ge=1, le=20)]
    deployment: Polygon
    ai_goals: Annotated[tuple[Point, ...], Meta(min_length=1)]
    waves: Annotated[tuple[Wave, ...], Meta(min_length=1)]
    #: All must hold to win, checked at the end of each round before defeat.
    victory: Annotated[tuple[Victory, ...], Meta(min_length=1)]
    #: Any one loses.
    defeat: Annotated[tuple[Defeat, ...], Meta(min_length=1)] = (AllDown(), RoundLimit())
    terrain: tuple[TerrainPiece, ...] = ()
    objectives: tuple[Objective, ...] = ()
    search_tokens: tuple[SearchToken, ...] = ()


# --- the pack ---------------------------------------------------------------------------


class PackHeader(_Content):
    name: Name
    version: Annotated[str, Meta(pattern=r"^\d+\.\d+\.\d+$")]


SECTIONS = ("weapons", "spells", "heroes", "enemies", "items", "missions")


class PackFile(_Content):
    """One file of a pack: any of the sections; exactly one file of a pack has `pack`."""

    pack: PackHeader | None = None
    weapons: tuple[Weapon, ...] = ()
    spells: tuple[Spell, ...] = ()
    heroes: tuple[HeroProfile, ...] = ()
    enemies: tuple[EnemyProfile, ...] = ()
    items: tuple[Item, ...] = ()
    missions: tuple[MissionDefinition, ...] = ()


class ContentPack(_Content):
    name: Name
    version: str
    weapons: tuple[Weapon, ...] = ()
    spells: tuple[Spell, ...] = ()
    heroes: tuple[HeroProfile, ...] = ()
    enemies: tuple[EnemyProfile, ...] = ()
    items: tuple[Item, ...] = ()
    missions: tuple[MissionDefinition, ...] = ()

    def weapon(self, name: str) -> Weapon:
        return _named(self.weapons, name, "weapon")

    def spell(self, name: str) -> Spell:
        return _named(self.spells, name, "spell")

    def hero(self, name: str) -> HeroProfile:
        return _named(self.heroes, name, "hero")

    def enemy(self, name: str) -> EnemyProfile:
        return _named(self.enemies, name, "enemy")

    def item(self, name: str) -> Item:
        return _named(self.items, name, "item")

    def mission(self, id: str) -> MissionDefinition:
        for m in self.missions:
            if m.id == id:
                return m
        raise KeyError(f"no mission {id!r}")


def _named(entries, name, what):
    for e in entries:
        if e.name == name:
            return e
    raise KeyError(f"no {what} named {name!r}")


# --- cross-validation -------------------------------------------------------------------

Path = tuple[str | int, ...]


class Problem(NamedTuple):
    #: Where in the pack, e.g. ("heroes", 2, "weapons", 0).
    path: Path
    problem: str


NOTHING = "nothing"
ENEMY_PREFIX = "enemy:"


def check_pack(pack: ContentPack) -> list[Problem]:
    """Everything msgspec's type checks cannot see, in a stable order; empty means usable."""
    return list(_check(pack))


def _check(pack: ContentPack) -> Iterator[Problem]:
    weapons = {w.name: w for w in pack.weapons}
    spells = {s.name for s in pack.spells}
    enemies = {e.name: e for e in pack.enemies}
    items = {i.name for i in pack.items}
    for section, key in (*((s, "name") for s in SECTIONS[:-1]), ("missions", "id")):
        yield from _unique(((section, i, key), getattr(e, key)) for i, e in enumerate(getattr(pack, section)))
    for i, w in enumerate(pack.weapons):
        yield from _weapon(("weapons", i), w)
    for i, s in enumerate(pack.spells):
        yield from _reach(("spells", i), s.range, s.effect)
    for section in ("heroes", "enemies"):
        for i, p in enumerate(getattr(pack, section)):
            yield from _profile((section, i), p, weapons, spells)
    for i, h in enumerate(pack.heroes):
        yield from _unique(((("heroes", i, "skills", k, "name"), s.name) for k, s in enumerate(h.skills)))
        for k, s in enumerate(h.skills):
            yield from _reach(("heroes", i, "skills", k), s.range, s.effect)
    for i, e in enumerate(pack.enemies):
        if "ai-group" in e.tags and e.models < 2:
            yield Problem(("enemies", i, "tags"), "an ai-group needs models >= 2")
    for i, it in enumerate(pack.items):
        if it.name == NOTHING or it.name.startswith(ENEMY_PREFIX):
            yield Problem(("items", i, "name"), f"{it.name!r} is reserved for search token contents")
        yield from _reach(("items", i), it.range, it.effect)
    for i, m in enumerate(pack.missions):
        yield from _mission(("missions", i), m, enemies, items)


def _unique(named: Iterable[tuple[Path, str]]) -> Iterator[Problem]:
    seen: set[str] = set()
    for path, name in named:
        if name in seen:
            yield Problem(path, f"{name!r} is used twice; names must be unique")
        seen.add(name)


def _rules(path: Path, texts: tuple[str, ...], place: Literal["weapon", "unit"]) -> tuple[list[Problem], dict[str, Path]]:
    """Problems with a rules list, and where each readable rule sits."""
    problems: list[Problem] = []
    found: dict[str, Path] = {}
    for k, text in enumerate(texts):
        where = (*path, "rules", k)
        try:
            rule = parse_rule(text, place)
        except ValueError as error:
            problems.append(Problem(where, str(error)))
            continue
        if rule.name in found:
            problems.append(Problem(where, f"{rule.name} is listed twice"))
        found.setdefault(rule.name, where)
    return problems, found


def _weapon(path: Path, w: Weapon) -> Iterator[Problem]:
    problems, found = _rules(path, w.rules, "weapon")
    yield from problems
    for name, where in found.items():
        needs = RULES[name].needs
        if needs == "melee" and not w.melee:
            yield Problem(where, f"{name} only works on melee weapons (range 0)")
        elif needs == "ranged" and w.melee:
            yield Problem(where, f"{name} only works on ranged weapons (range > 0)")


def _profile(path: Path, p: _Profile, weapons: dict[str, Weapon], spells: set[str]) -> Iterator[Problem]:
    for k, name in enumerate(p.weapons):
        if name not in weapons:
            yield _missing((*path, "weapons", k), "weapon", name, weapons)
    for k, name in enumerate(p.spells):
        if name not in spells:
            yield _missing((*path, "spells", k), "spell", name, spells)
    if p.spells and p.caster is None:
        yield Problem((*path, "caster"), "a profile with spells needs a caster value")
    if p.caster is not None and not p.spells:
        yield Problem((*path, "spells"), "a caster needs at least one spell")
    problems, found = _rules(path, p.rules, "unit")
    yield from problems
    if "Fast" in found and "Slow" in found:
        yield Problem(found["Slow"], "Fast and Slow cancel out; keep one")


def _missing(path: Path, what: str, name: str, known: Iterable[str]) -> Problem:
    close = difflib.get_close_matches(name, list(known), n=1)
    return Problem(path, f"no {what} named {name!r} in the pack" + (f"; did you mean {close[0]!r}?" if close else ""))


def _reach(path: Path, range_: int, effect: Effect) -> Iterator[Problem]:
    if effect.hostile and range_ == 0:
        kind = type(effect).__struct_config__.tag
        yield Problem((*path, "range"), f"a {kind!r} effect targets an enemy, so range must be > 0")


def _mission(path: Path, m: MissionDefinition, enemies: dict[str, EnemyProfile], items: set[str]) -> Iterator[Problem]:
    size = m.table

    def on_table(where: Path, p: Point) -> Iterator[Problem]:
        if not (0 <= p[0] <= size and 0 <= p[1] <= size):
            yield Problem(where, f"point ({p[0]:g}, {p[1]:g}) is off the {size}-inch table (0..{size})")

    def polygon(where: Path, points: tuple[Point, ...]) -> Iterator[Problem]:
        for k, p in enumerate(points):
            yield from on_table((*where, k), p)
        if problem := inches.polygon_problem(points):
            yield Problem(where, problem)

    ids = [((*path, "terrain", k, "id"), t.id) for k, t in enumerate(m.terrain)]
    ids += [((*path, "objectives", k, "id"), o.id) for k, o in enumerate(m.objectives)]
    ids += [((*path, "search_tokens", k, "id"), s.id) for k, s in enumerate(m.search_tokens)]
    yield from _unique(ids)
    yield from polygon((*path, "deployment"), m.deployment)
    for k, t in enumerate(m.terrain):
        yield from polygon((*path, "terrain", k, "polygon"), t.polygon)
        if (t.elevated or t.blocks_sight) and t.height <= 0:
            yield Problem((*path, "terrain", k, "height"), "elevated and sight-blocking pieces need a height > 0")
    for k, p in enumerate(m.ai_goals):
        yield from on_table((*path, "ai_goals", k), p)
    for k, o in enumerate(m.objectives):
        yield from on_table((*path, "objectives", k, "at"), o.at)
    yield from _waves(path, m, enemies, on_table)
    yield from _tokens(path, m, enemies, items, on_table)
    yield from _conditions(path, m, items)


def _waves(path: Path, m: MissionDefinition, enemies: dict[str, EnemyProfile], on_table) -> Iterator[Problem]:
    for w, wave in enumerate(m.waves):
        here = (*path, "waves", w)
        if wave.round > m.rounds:
            yield Problem((*here, "round"), f"round {wave.round} is after the mission's last round ({m.rounds})")
        for u, unit in enumerate(wave.units):
            at = (*here, "units", u)
            profile = enemies.get(unit.enemy)
            if profile is None:
                yield _missing((*at, "enemy"), "enemy", unit.enemy, enemies)
                continue
            models = unit.models or profile.models
            if unit.ambush:
                if not profile.rule("Ambush"):
                    yield Problem((*at, "ambush"), f"{unit.enemy!r} lacks the Ambush rule, so it cannot arrive by ambush")
                if unit.positions:
                    yield Problem((*at, "positions"), "ambushers are placed by the Ambush rule; leave positions empty")
            elif len(unit.positions) != models:
                yield Problem((*at, "positions"), f"needs one point per model: {models} models, {len(unit.positions)} points")
            for k, p in enumerate(unit.positions):
                yield from on_table((*at, "positions", k), p)
            yield from _apart((*at, "positions"), unit.positions, profile.base_mm)


def _apart(path: Path, points: tuple[Point, ...], base_mm: int) -> Iterator[Problem]:
    """Models stand on their bases, so two centres closer than a base's width overlap."""
    width = base_mm / 25.4
    for k, p in enumerate(points):
        for j, q in enumerate(points[:k]):
            if math.dist(p, q) < width - 1e-9:
                yield Problem((*path, k), f"overlaps the model at positions[{j}]: {base_mm} mm bases need {width:.2f}\" between centres")
                break


def _tokens(path: Path, m: MissionDefinition, enemies, items: set[str], on_table) -> Iterator[Problem]:
    pieces = {t.id: t for t in m.terrain}
    for k, token in enumerate(m.search_tokens):
        here = (*path, "search_tokens", k)
        yield from on_table((*here, "at"), token.at)
        if token.content.startswith(ENEMY_PREFIX):
            name = token.content[len(ENEMY_PREFIX) :].strip()
            if name not in enemies:
                yield _missing((*here, "content"), "enemy", name, enemies)
        elif token.content != NOTHING and token.content not in items:
            problem = _missing((*here, "content"), "item", token.content, items)
            yield problem._replace(problem=problem.problem + f" (or write {NOTHING!r} or '{ENEMY_PREFIX}<enemy name>')")
        if token.on is not None:
            piece = pieces.get(token.on)
            if piece is None:
                yield _missing((*here, "on"), "terrain piece", token.on, pieces)
            elif not piece.elevated:
                yield Problem((*here, "on"), f"terrain {token.on!r} is not elevated; nothing can lie on it")
            elif not _inside(token.at, piece.polygon):
                yield Problem((*here, "at"), f"the token is not inside terrain {token.on!r}")


def _conditions(path: Path, m: MissionDefinition, items: set[str]) -> Iterator[Problem]:
    objectives = {o.id for o in m.objectives}
    loot = sum(1 for t in m.search_tokens if t.content in items)
    kinds: set[type] = set()
    for k, c in enumerate(m.victory):
        here = (*path, "victory", k)
        if type(c) in kinds:
            yield Problem(here, "this kind of condition is listed twice")
        kinds.add(type(c))
        if isinstance(c, Reach) and c.objective not in objectives:
            yield _missing((*here, "objective"), "objective", c.objective, objectives)
        elif isinstance(c, Survive) and c.rounds > m.rounds:
            yield Problem((*here, "rounds"), f"the mission ends after round {m.rounds}")
        elif isinstance(c, Collect) and c.tokens > loot:
            yield Problem((*here, "tokens"), f"only {loot} search tokens hold an item")
    for k, c in enumerate(m.defeat):
        if type(c) in kinds:
            yield Problem((*path, "defeat", k), "this kind of condition is listed twice")
        kinds.add(type(c))


# --- plane geometry for validation only --------------------------------------------------


def _inside(point: Point, polygon: tuple[Point, ...]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside
