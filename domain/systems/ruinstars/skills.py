"""Skills on stat cards (ruinstars-2e.md#SKILLS): passive ones change the unit's stats; one with
an ACT cost is performed with ACT, TO or both, one with a TO cost with TO only and once a turn
(#USING TACTICAL ORDERS). One small function per skill the server plays."""

from __future__ import annotations

from collections.abc import Callable

from domain.errors import RuleError
from domain.events import Event
from domain.systems.ruinstars import commands as cmd
from domain.systems.ruinstars import events as ev
from domain.systems.ruinstars import orders
from domain.systems.ruinstars.content import Unit, Weapon
from domain.systems.ruinstars.state import Game, Model
from domain.systems.ruinstars.versions import rule

SKILLS, USING = rule("SKILLS"), rule("USING TACTICAL ORDERS")
#: Toland Strak's Leader skill (#STAT CARDS): +1 HIT, +1 SKL on its weapons.
LEADER = "Leader"


def hit(card: Unit) -> int:
    """The HIT a unit starts the mission with."""
    return card.hit + (1 if card.skill(LEADER) else 0)


def skl(card: Unit, weapon: Weapon) -> int:
    """The SKL the unit's weapon rolls under."""
    return weapon.skl + (1 if card.skill(LEADER) else 0)


def dash_discount(card: Unit, action: str) -> int:
    """Swift (the Bug's, #FIRST MISSION UNITS): each Dash costs 1 ACT less."""
    return 1 if action == "dash" and card.skill("Swift") else 0


def perform(game: Game, command: cmd.UseSkill, unit: Model) -> list[Event]:
    """The activating unit performs a skill with a cost: its price paid (an ACT skill as an
    action, repeats cost more; a TO skill with exactly its cost in TO, once a turn), then its
    effect."""
    skill = game.cards[unit.card].skill(command.skill)
    if skill is None or skill.name not in EFFECTS or not skill.pays:
        known = [s.name for s in game.cards[unit.card].abilities() if s.name in EFFECTS]
        raise RuleError(
            "no_such_skill",
            SKILLS,
            params={"unit": unit.id, "skill": command.skill, "skills": known},
        )
    if skill.pays == "TO":
        if skill.name in unit.skills_used:
            raise RuleError(
                "skill_once_a_turn",
                USING,
                params={"unit": unit.id, "skill": skill.name, "turn": game.turn},
            )
        if command.orders != skill.cost:
            raise RuleError(
                "skill_costs_orders",
                SKILLS,
                params={
                    "unit": unit.id,
                    "skill": skill.name,
                    "cost": skill.cost,
                    "orders": command.orders,
                },
            )
        orders.check_orders(game, unit.squad, command.orders, SKILLS)
        act = 0
    else:
        price = skill.cost + unit.done.get(skill.name, 0)
        act = orders.pay(game, unit, skill.name, price, command.orders)
    used = ev.SkillUsed(unit.id, skill.name, act, command.orders, skill.pays)
    return [used, *EFFECTS[skill.name](game, unit)]


def _strategize(game: Game, unit: Model) -> list[Event]:
    """Strategize: the unit's squad gains 1 TO."""
    return [ev.OrdersGained(unit.squad, 1)]


#: The skills with a cost the server plays, by name.
EFFECTS: dict[str, Callable[[Game, Model], list[Event]]] = {"Strategize": _strategize}
