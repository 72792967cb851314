"""An expedition of a quest played over HTTP with the table's physical dice (a manual-dice
mission): the faces each roll gets are chosen by what the roll is for (`Faces`), so the values
a player reads are pinned; the set-up's shuffles deal the cards the test names; the hostile
groups' activations go through `POST /missions/{id}/ai` (decided by the server's own AI, the
table typing the dice), and the explorers head for the escape chamber (the worker test's
`escape`). The host speaks for the table."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import httpx
import msgspec

from domain import campaign as campaigns
from domain.contract import Setup
from domain.kit.boards import hex as hx
from domain.systems.blackstone import battlefield as bf
from domain.systems.blackstone.expedition_events import ExpeditionSetUp
from domain.systems.blackstone.expedition_evolve import evolve as expedition_evolve
from domain.systems.blackstone.expedition_state import Expedition
from domain.systems.blackstone.naming import slug
from domain.systems.blackstone.setup import Options, setup
from domain.systems.blackstone.state import HOSTILE, side_of
from service.ledger import Ledger
from tests.blackstone.expedition import deal_faces, faces_for
from tests.blackstone.game import CORE
from tests.harness import Member, created, game_state
from tests.test_ai_worker_blackstone import lead, pass_overwatch, stand_up, towards_escape

SYSTEM = "blackstone-fortress"
#: A hostile miniature's id ends in its group and number ("glass-mite-1-2").
HOSTILE_ID = re.compile(r"-\d+-\d+$")
#: A face for a roll: (purpose, sides) -> face.
Faces = Callable[[str, int], int]


class TableFaces(msgspec.Struct, frozen=True):
    """The table's dice, by what each roll is for: every explorer's activation die a 6; an
    agility roll the die's highest face for the `agile` explorers, else 1; hostiles miss (1)
    every explorer but `hit`, whom they hit critically, and its defence rolls fail; the others
    defend with a critical; the explorers' attacks are critical; behaviour rolls `behaviour`;
    the event roll `event` (11: the escape chamber, EVENT TABLE); no reinforcement returns
    (4+); everything else (shuffles, destiny, vitality, recovery rolls) the lowest face."""

    hit: str = ""
    agile: tuple[str, ...] = ()
    behaviour: int = 1
    event: int = 11

    def __call__(self, purpose: str, sides: int) -> int:
        if purpose.startswith("activation roll"):
            return 6
        if purpose.startswith("agility roll: "):
            return sides if purpose.removeprefix("agility roll: ") in self.agile else 1
        if purpose.startswith("attack: "):
            target = purpose.rsplit(" at ", 1)[1]
            if HOSTILE_ID.search(target):
                return sides
            return sides if self.hit and target.startswith(self.hit) else 1
        if purpose.startswith("defence roll: "):
            return 1 if self.hit and purpose.startswith(f"defence roll: {self.hit} ") else sides
        if purpose.startswith("behaviour roll"):
            return self.behaviour
        if purpose == "event roll":
            return self.event
        if purpose.startswith("reinforcement roll"):
            return sides
        return 1


kind_faces = TableFaces()


class TableExpedition:
    """One manual-dice expedition mission of the quest, played by the host for the table."""

    def __init__(self, host: Member, ledger: Ledger, campaign_id: str, name: str, options: Mapping[str, str], exploration: Sequence[str] = (), discovery: Sequence[str] = ()) -> None:
        self.host, self.ledger = host, ledger
        faces = set_up_faces(ledger, campaign_id, options, exploration, discovery)
        body = {"name": name, "system": SYSTEM, "options": dict(options), "dice_mode": "manual", "faces": faces}
        self.id: str = created(host.post(f"/campaigns/{campaign_id}/missions", body))["mission_id"]

    @property
    def game(self) -> Expedition:
        return game_state(self.host.mission(self.id))

    def send(self, command: Mapping[str, Any], faces: Faces = kind_faces) -> httpx.Response:
        """A command with the faces its rolls ask for (the refusal `missing_faces` names them)."""
        return typed(lambda typed_faces: self.host.command(self.id, command, faces=typed_faces), faces)

    def do(self, command: Mapping[str, Any], faces: Faces = kind_faces) -> list[dict]:
        response = self.send(command, faces)
        assert response.status_code == 201, response.text
        return [r["event"] for r in response.json()["events"]]

    def combat(self, faces: Faces = kind_faces, turns: int = 6, strategy: Callable[[Any], bool] | None = None) -> list[dict]:
        """Play the combat under way until it ends: the hostiles' activations as the server's AI
        decides them, the explorers by `strategy`, the turn led by the host. Its events."""
        events: list[dict] = []
        for _ in range(2000):
            game = self.game
            if game.step != "combat":
                return events
            due = self.host.read(f"/missions/{self.id}/ai")
            if due["command"] is not None:
                answer = typed(lambda typed_faces: self.host.post(f"/missions/{self.id}/ai", {"faces": typed_faces}), faces)
                assert answer.status_code == 201, answer.text
                events += [r["event"] for r in answer.json()["events"]]
                continue
            turn = _Turn(self, game.combat, faces, events)
            if game.combat.turn > turns:
                raise AssertionError(f"the combat did not end in {turns} turns")
            if not (lead(turn) or (strategy or fight_and_escape)(turn)):
                raise AssertionError(f"nobody moves in phase {game.combat.phase}, card {game.combat.current}")
        raise AssertionError("the combat did not end")


def _attack(game: Any, track: Any, mini: Any) -> dict | None:
    """The first weapon of the miniature that reaches a hostile it sees (adjacent ones first,
    #ATTACKS 1.), paid with its highest die, at the closest such hostile; or None."""
    foes = sorted((m for m in game.side(HOSTILE) if m.at is not None and bf.sees(game, mini.at, m.at)), key=lambda m: (hx.distance(mini.at, m.at), m.id))
    adjacent = [m for m in foes if hx.distance(mini.at, m.at) == 1]
    for weapon in side_of(game, track).weapons:
        if weapon.users and mini.id not in {slug(u) for u in weapon.users}:
            continue
        die = max((d for d in track.dice if d >= weapon.cost), default=None)
        target = next((m for m in (adjacent or foes) if weapon.band(hx.distance(mini.at, m.at))), None)
        if die is not None and target is not None:
            return {"weapon": weapon.name, "target": target.id, "die": die}
    return None


def fight_and_escape(turn: Any) -> bool:
    """`escape`, each miniature first attacking a hostile it may (critical dice kill)."""
    return escape(turn, fight=True)


def escape(turn: Any, fight: bool = False) -> bool:
    """EXPLORER ACTIONS, Summon; the worker test's `escape` for every miniature of the explorer
    whose card is up (the twins' both): the first not in an escape chamber moves (the lowest
    die) to the hex closest by route to one (or to a portal's hexes, next to which a 4+
    summons one); none left to move, or no die: it ends its activation."""
    game = turn.game
    if pass_overwatch(turn) or stand_up(turn):
        return True
    track = game.tracks.get(game.current or "")
    if track is None or game.phase != "activation":
        return False
    aboard = {c for e in game.escapes for c in hx.area(e, 1)}
    end = {"type": "EndActivation", "unit": track.id}
    for mini_id in track.miniatures:
        mini = game.miniatures[mini_id]
        named = {"miniature": mini_id} if len(track.miniatures) > 1 else {}
        if mini.at is None or (mini.at in aboard and not fight):
            continue
        if fight and (attack := _attack(game, track, mini)) is not None:
            turn.accepted({"type": "Attack", "unit": track.id, **named, **attack})
            return True
        if mini.at in aboard:
            continue
        portal = next((p for p in game.portals if hx.distance(p, mini.at) <= 1), None)
        summon = max((d for d in track.dice if d >= 4), default=None)
        if not aboard and portal is not None and summon is not None:
            turn.accepted({"type": "Summon", "unit": track.id, **named, "die": summon, "q": portal.q, "r": portal.r})
            return True
        best = towards_escape(game, track, mini)
        if track.dice and best is not None:
            turn.accepted({"type": "Move", "unit": track.id, **named, "die": min(track.dice), "q": best.q, "r": best.r})
            return True
    turn.accepted(end)
    return True


class _Turn:
    """What the worker test's strategies read: `game` (the battle) and `accepted`."""

    def __init__(self, expedition: TableExpedition, battle: Any, faces: Faces, events: list[dict]) -> None:
        self.expedition, self.game, self.faces, self.events = expedition, battle, faces, events

    def accepted(self, command: Mapping[str, Any]) -> Any:
        response = self.expedition.send(command, self.faces)
        assert response.status_code == 201, response.text
        self.events += [r["event"] for r in response.json()["events"]]
        return response.json()


def typed(post: Callable[[list[int]], httpx.Response], faces: Faces) -> httpx.Response:
    """Send with no faces; on `missing_faces` add a face for each die it names, and again."""
    given: list[int] = []
    while True:
        response = post(given)
        if response.status_code != 422 or response.json()["code"] != "missing_faces":
            return response
        short = response.json()["params"]
        given = given[: short["used"]] + [faces(short["purpose"], sides) for sides in short["needed"]]
        if len(short["needed"]) > 1 and short["purpose"].startswith("shuffle"):
            given = given[: short["used"]] + [1] * len(short["needed"])


def set_up_faces(ledger: Ledger, campaign_id: str, options: Mapping[str, str], exploration: Sequence[str], discovery: Sequence[str]) -> list[int]:
    """The faces of the set-up's shuffles that deal `exploration` (top first) and put
    `discovery` on top of the discovery deck, from the set-up the campaign will carry in (the
    legacy cards in force, the discovery cards no explorer holds)."""
    command = setup(Setup("en", msgspec.convert(dict(options), Options), {"core": CORE}))
    command = campaigns.prepare(ledger.campaign(campaign_id), SYSTEM, command, "en")
    content = expedition_evolve(None, ExpeditionSetUp("en", command.plan)).content
    if command.plan.stronghold is not None:
        return faces_for(sorted(content.discovery_cards), discovery)
    return deal_faces(exploration, discovery, content)
