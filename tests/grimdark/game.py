"""A Grimdark Future battle for rule tests: the core pack (or a change of it), every command run
through the mission decider, every die typed in as a manual face; the decider refuses leftover or
missing faces, so a test pins how many dice a rule rolls.

`ready()` plays the preparation to round 1 with fixed dice and places: Ashen Vanguard deploys at
the south edge and activates first, the Thornback Brood at the north edge of a 30" deep table.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.contract import Setup
from domain.systems.grimdark import commands as cmd
from domain.systems.grimdark.loading import load_pack
from domain.systems.grimdark.setup import Options, setup
from domain.systems.grimdark.state import Game as State
from domain.systems.grimdark.state import Unit
from service.content import load_pack_dir, pack_folder
from tests.rule_table import RuleTable

CORE = load_pack_dir(pack_folder("domain.systems.grimdark:packs/core"), load_pack)
#: The missions on an open table 30" deep: the deployment zones 6" apart, so the armies meet at
#: once, and no terrain unless a test puts some down.
SHALLOW = msgspec.structs.replace(CORE, missions=tuple(msgspec.structs.replace(m, depth=30, terrain=()) for m in CORE.missions))
VANGUARD, BROOD, CONVOY = "ashen-vanguard", "thornback-brood", "iron-convoy"


def with_rules(unit_name: str, weapon_name: str = "", rules: tuple[str, ...] = (), pack: Any = SHALLOW) -> Any:
    """`pack` with `rules` added to one unit (or to one of its weapons)."""

    def weapon(w: Any) -> Any:
        return msgspec.structs.replace(w, rules=(*w.rules, *rules)) if w.name == weapon_name else w

    def unit(u: Any) -> Any:
        if u.name != unit_name:
            return u
        if not weapon_name:
            return msgspec.structs.replace(u, rules=(*u.rules, *rules))
        return msgspec.structs.replace(u, models=tuple(msgspec.structs.replace(m, weapons=tuple(weapon(w) for w in m.weapons)) for m in u.models))

    armies = tuple(msgspec.structs.replace(a, units=tuple(unit(u) for u in a.units)) for a in pack.armies)
    return msgspec.structs.replace(pack, armies=armies)


def with_quality(unit_name: str, quality: int, pack: Any = SHALLOW) -> Any:
    """`pack` with one unit's Quality changed."""
    armies = tuple(msgspec.structs.replace(a, units=tuple(msgspec.structs.replace(u, quality=quality) if u.name == unit_name else u for u in a.units)) for a in pack.armies)
    return msgspec.structs.replace(pack, armies=armies)


def row(x: float, y: float, count: int, gap: float = 1.5, back: float = -1.5) -> list[tuple[float, float]]:
    """`count` models in rows of four from (x, y), `gap` inches apart, each further row `back`
    inches further in y (toward the unit's own edge)."""
    return [(x + (k % 4) * gap, y + (k // 4) * back) for k in range(count)]


#: Where `ready` deploys each unit's first model on the 30" deep test table: the Vanguard's zone
#: is y <= 12, the Brood's y >= 18; markers go between.
SPOTS = {
    "captain-hale-morrow": (4, 10), "vanguard-squad": (12, 10), "ridge-squad": (22, 10), "mortar-team": (32, 10), "dust-riders": (40, 10),
    "brood-mother": (4, 20), "spine-spitters": (12, 20), "bone-crushers": (24, 20), "skitter-swarm": (40, 20), "creeper-swarm": (50, 20),
}
ORDER = ("captain-hale-morrow", "brood-mother", "vanguard-squad", "spine-spitters", "ridge-squad", "bone-crushers", "mortar-team", "skitter-swarm", "dust-riders", "creeper-swarm")


class Game(RuleTable):
    def __init__(self, armies: str = f"{VANGUARD},{BROOD}", *, pack: Any = SHALLOW, mission: str = "duel", points: int = 500, dice_mode: str = "manual", **options: Any) -> None:
        self.create("grimdark-future", "1.5", dice_mode)
        self.do(setup(Setup("1.5", Options(mission=mission, armies=armies, points=points, **options), {"core": pack})))

    @property
    def game(self) -> State:
        assert self.state is not None and self.state.game is not None
        return self.state.game

    def unit(self, unit_id: str) -> Unit:
        return self.game.units[unit_id]

    def prepare(self) -> None:
        """Roll-offs won by the first side, the Vanguard (5 vs 2, then 4 vs 3), south edge, three
        markers (a D3 face 2 where the mission rolls D3+2), the first side's at (36, 15) and
        (56, 15), the Brood's at (10, 15); two markers: the first two."""
        first, second = self.game.sides
        self.do(cmd.RollOff(purpose="deployment"), 5, 2)
        self.do(cmd.PickEdge(side=first, edge="south"))
        d3 = (2,) if self.game.mission.markers == "d3+2" else ()
        self.do(cmd.RollOff(purpose="objectives"), *d3, 4, 3)
        self.do(cmd.ChooseFirstMarker(side=first, first=first))
        for side, x in ((first, 36), (second, 10), (first, 56))[: self.game.markers_due]:
            self.do(cmd.PlaceMarker(side=side, x=x, y=15))

    def ready(self, places: dict[str, list[tuple[float, float]]] | None = None) -> None:
        """Prepared and deployed in rows from `SPOTS`, or at `places` (every model's), round 1
        about to start."""
        self.prepare()
        for unit_id in ORDER:
            x, y = SPOTS[unit_id]
            back = -1.5 if self.unit(unit_id).side == VANGUARD else 1.5
            gap = 2.0 if unit_id == "bone-crushers" else 1.5
            positions = (places or {}).get(unit_id) or row(x, y, len(self.unit(unit_id).models), gap, back)
            self.do(cmd.Deploy(unit=unit_id, positions=positions))


def convoy_ready(inside: tuple[str, ...] = ("convoy-squad",), pack: Any = SHALLOW, places: dict[str, list[tuple[float, float]]] | None = None) -> Game:
    """The Iron Convoy prepared and deployed at the south edge (the Mule Carrier at (20, 8)),
    the Brood at the north as `ready` puts it; the squads named go inside the Mule, the others
    stand in rows (or at `places`, every model's); round 1 about to start."""
    game = Game(f"{CONVOY},{BROOD}", pack=pack)
    game.prepare()
    places = {
        "mule-carrier": [(20, 8)], "brood-mother": [(4, 20)], "convoy-squad": row(26, 10, 5), "spine-spitters": row(12, 20, 5, back=1.5),
        "escort-squad": row(36, 10, 5), "bone-crushers": row(24, 20, 3, 2.0, 1.5), "marshal-ira-kade": [(46, 10)],
        "skitter-swarm": row(40, 20, 8, back=1.5), "lookout-team": row(52, 10, 3), "creeper-swarm": row(56, 20, 8, back=1.5),
        "hawk-skimmer": [(20, 3)],
    } | (places or {})
    for unit_id, positions in places.items():
        if unit_id in inside:
            game.do(cmd.Deploy(unit=unit_id, positions=[], transport="mule-carrier"))
        else:
            game.do(cmd.Deploy(unit=unit_id, positions=positions))
    return game
