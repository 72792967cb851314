"""Star Quest's scripted players for the harness (tests/harness.py): sample missions set up over
HTTP, and the strategies a `ScriptedPlayer` plays them with.

- `hold_and_shoot`: each hero activates, holds and shoots the nearest enemy it can, and ends its
  activation; every pending choice is declined (this party never pays).
- `seek_objectives`: each hero discovers the nearest search token it can (else uses its first
  skill), advances toward a Reach objective (else holds) and shoots the first enemy it can.
- `idle`: each hero activates and ends its activation at once.
- `play_the_ai`: the AI's activations, decided by the pure AI function and sent by this member,
  for tests without an AI worker.
- `roll_for_the_ai`: in a manual-dice mission, the AI's activation due (the server decides it)
  sent by this member with the faces its table dice roll (`POST /missions/{id}/ai`).

No pytest here: the benchmarks use these players too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import msgspec

from domain.systems.starquest.ai import ai
from tests.harness import Campaign, Member, ScriptedPlayer, TableDice, Turn, created, play

#: The sample pack's brawl with two heroes, both at the table's near edge.
SAMPLE = "scrapyard-brawl"
HEROES = ("sera-vantis", "gorm-hadley")
#: Where those two heroes deploy in each sample mission.
PLACES = {
    "scrapyard-brawl": ((9, 2), (14, 2)),
    "sump-recovery": ((4, 4), (9, 4)),
    "hold-the-relay": ((21, 21), (27, 21)),
}


def hero_names(heroes: Sequence[str]) -> str:
    """The `heroes` option of a mission: "sera-vantis" is "Sera Vantis"."""
    return ", ".join(" ".join(word.capitalize() for word in hero.split("-")) for hero in heroes)


def start(member: Member, mission_id: str, heroes: Sequence[str], at: Sequence[tuple[float, float]] | None = None, dice: TableDice | None = None) -> None:
    """Deploy the heroes (by default 5" apart from (9, 2)) and start the first round (with the
    table's `dice` in a manual-dice mission)."""
    for hero, (x, y) in zip(heroes, at or [(9 + 5 * n, 2) for n in range(len(heroes))], strict=True):
        member.accepted(mission_id, {"type": "DeployHero", "unit": hero, "x": x, "y": y})
    if dice is None:
        member.accepted(mission_id, {"type": "StartRound"})
    else:
        created(dice.send(lambda faces: member.command(mission_id, {"type": "StartRound"}, faces=faces)))


def brawl(campaign: Campaign, n: int = 0, *, by: Member | None = None, heroes: Sequence[str] = HEROES, seed: str = "table") -> str:
    """Mission `n` of the campaign: the sample brawl in the English rules (even `n`) or the German
    (odd), its heroes deployed and the first round started by `by` (the host by default)."""
    mission_id = campaign.mission(
        f"Brawl {n}", "star-quest", ("en", "de")[n % 2], {"mission": SAMPLE, "heroes": hero_names(heroes)}, dice_mode="server", client_seed=f"{seed}-{n}"
    )
    start(by or campaign.host, mission_id, heroes)
    return mission_id


# -- what a hero does -----------------------------------------------------------------------------


def _distance2(unit, x: float, y: float) -> float:
    return (unit.figures[0].x - x) ** 2 + (unit.figures[0].y - y) ** 2


def _nearest_enemies(battle, hero: str) -> list:
    me = battle.units[hero].figures[0]
    return sorted((u for u in battle.side("ai") if u.on_table), key=lambda u: (_distance2(u, me.x, me.y), u.id))


def _decline(turn: Turn, unit: str) -> None:
    turn.accepted({"type": "Answer", "unit": unit, "accept": False})


def _end(turn: Turn, hero: str) -> None:
    turn.accepted({"type": "EndActivation", "unit": hero})


def _activate(turn: Turn, hero: str) -> None:
    """Activate the hero and decline what its status conditions offer."""
    turn.accepted({"type": "Activate", "unit": hero})
    while (pending := turn.refresh().pending) is not None:
        _decline(turn, pending.unit)


def _shoot_nearest(turn: Turn, hero: str) -> bool:
    """Shoot the nearest enemy any weapon reaches; False when none is."""
    for enemy in _nearest_enemies(turn.game, hero):
        shot = turn.send({"type": "Shoot", "unit": hero, "target": enemy.id})
        if shot.status_code == 201:
            return True
        assert shot.json()["code"] in ("no_shot", "bad_target"), shot.text
    return False


def heroes_turn(turn_of_hero: Callable[[Turn, str], None]) -> Callable[[Turn], bool]:
    """A strategy from what one hero does: a pending choice declined, a turn a choice left open
    ended, else the next hero that can act plays `turn_of_hero`. No move in the AI's phase."""

    def strategy(turn: Turn) -> bool:
        battle = turn.game
        if battle.pending is not None:  # e.g. pay to ignore Shaken: this party never pays
            _decline(turn, battle.pending.unit)
            return True
        if battle.phase != "heroes":
            return False
        if battle.turn is not None:  # a turn a choice interrupted: end it
            _end(turn, battle.turn.unit)
            return True
        hero = next((u.id for u in battle.side("hero") if u.can_act and not u.activated), None)
        if hero is None:
            return False
        turn_of_hero(turn, hero)
        return True

    return strategy


def _hold_and_shoot(turn: Turn, hero: str) -> None:
    _activate(turn, hero)
    held = turn.send({"type": "Hold", "unit": hero})
    if held.status_code == 201:
        _shoot_nearest(turn, hero)  # holding moves no one: the state read after activating will do
    else:
        assert held.json()["code"] in ("shaken", "cannot_act"), held.text  # a Shaken (or knocked-out) hero stays idle
    if turn.refresh().pending is None:
        _end(turn, hero)


def _idle(turn: Turn, hero: str) -> None:
    _activate(turn, hero)
    if turn.game.turn is not None and turn.game.turn.unit == hero:
        _end(turn, hero)


def _seek_objectives(turn: Turn, hero: str) -> None:
    """Discover the nearest search token it can, answer no to paying for a failed test; head for
    an objective to reach (else hold); shoot the first enemy any weapon reaches."""
    _activate(turn, hero)
    battle = turn.game
    me = battle.units[hero].figures[0]
    if battle.units[hero].shaken or not battle.units[hero].can_act:  # a Shaken hero stays idle for a whole activation to recover
        _end(turn, hero)
        return
    tokens = [t for t in battle.mission.search_tokens if t.id in battle.tokens]
    for token in sorted(tokens, key=lambda t: (t.at[0] - me.x) ** 2 + (t.at[1] - me.y) ** 2):
        found = turn.send({"type": "Discover", "unit": hero, "token": token.id})
        if found.status_code == 201:
            if turn.refresh().pending is not None:
                _decline(turn, hero)
            break
        assert found.json()["code"] in ("too_far_to_discover", "token_not_in_sight", "too_far_to_pick_up"), found.text
    else:
        _use_skill(turn, battle, hero)
    battle = turn.refresh()
    if not battle.units[hero].can_act or battle.outcome:
        _end(turn, hero)
        return
    if not _advance_to_objective(turn, battle, hero):
        turn.accepted({"type": "Hold", "unit": hero})
    battle = turn.refresh()
    if not battle.units[hero].can_act:  # dangerous terrain crossed may knock a hero out
        _end(turn, hero)
        return
    enemies = [u for u in battle.side("ai") if u.on_table]
    for enemy in sorted(enemies, key=lambda u: _distance2(u, me.x, me.y)):
        shot = turn.send({"type": "Shoot", "unit": hero, "target": enemy.id})
        if shot.status_code == 201:
            break
        assert shot.json()["code"] in ("no_shot", "bad_target"), shot.text
    _end(turn, hero)


def _use_skill(turn: Turn, battle, hero: str) -> None:
    """The hero's first skill: at the nearest enemy (hits), or toward it (move)."""
    skill = battle.hero(battle.units[hero].profile).skills[0]
    me = battle.units[hero].figures[0]
    enemies = sorted((u for u in battle.side("ai") if u.on_table), key=lambda u: _distance2(u, me.x, me.y))
    if not enemies:
        return
    command = {"type": "UseHeroSkill", "unit": hero, "skill": skill.name}
    if type(skill.effect).__name__ == "Hits":
        command["target"] = enemies[0].id
    else:
        command["x"], command["y"] = enemies[0].figures[0].x, enemies[0].figures[0].y
    used = turn.send(command)
    assert used.status_code == 201 or used.json()["code"] in ("out_of_range", "not_in_sight"), used.text


def _advance_to_objective(turn: Turn, battle, hero: str) -> bool:
    """Advance up to 5" toward the first objective of a Reach condition; False when there is none
    or the engine refuses that move (terrain, enemies in the way)."""
    goals = [c.objective for c in battle.mission.victory if type(c).__name__ == "Reach"]
    if not goals:
        return False
    point = next(o.at for o in battle.mission.objectives if o.id == goals[0])
    me = battle.units[hero].figures[0]
    dx, dy = point[0] - me.x, point[1] - me.y
    length = (dx * dx + dy * dy) ** 0.5
    step = min(1.0, battle.scale(5.0) / length) if length else 0.0
    return turn.send({"type": "Advance", "unit": hero, "x": me.x + dx * step, "y": me.y + dy * step}).status_code == 201


hold_and_shoot = heroes_turn(_hold_and_shoot)
seek_objectives = heroes_turn(_seek_objectives)
idle = heroes_turn(_idle)


def play_the_ai(turn: Turn) -> bool:
    """The AI's next activation (domain/systems/starquest/ai.py), sent by this member: the test
    plays the AI itself instead of a worker."""
    battle = turn.game
    if battle.pending is not None or battle.phase == "heroes":
        return False
    command = ai(battle)
    assert command is not None
    turn.accepted(msgspec.to_builtins(command))
    return True


def roll_for_the_ai(turn: Turn) -> bool:
    """The AI's activation due in a manual-dice mission, as the server decides it, sent with the
    faces this player's table dice roll for it."""
    path = f"/missions/{turn.mission_id}/ai"
    if turn.member.read(path)["command"] is None:
        return False
    version = turn.view["version"]
    created(turn.player.dice.send(lambda faces: turn.member.post(path, {"faces": faces, "expected_version": version})))
    return True


# -- until ----------------------------------------------------------------------------------------


def ai_due(turn: Turn) -> bool:
    """The heroes are done: it is the AI's turn, or the mission is over."""
    game = turn.game
    return turn.outcome is not None or (game.pending is None and game.phase != "heroes")


def heroes_until_ai(member: Member, mission_id: str, strategy: Callable[[Turn], bool] = hold_and_shoot, rounds: int = 20) -> None:
    """Play the heroes until the AI is due (or the mission is over)."""
    assert play([ScriptedPlayer(member, mission_id, strategy)], until=ai_due, rounds=rounds), "the heroes never handed over to the AI"
