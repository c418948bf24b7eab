"""Robots on the seam: at their moments the clock asks the kind's planner, from the robot's own
view, what to do, and the action takes the path of everyone's."""

from __future__ import annotations

import logging

from arbitre.engine.robots.planner import planner_for
from arbitre.rules.kinds.base import Viewer
from arbitre.services.session.refusals import _RefusedError
from arbitre.services.session.seam.acting import Acting
from arbitre.services.session.seam.base import _robot_seed

__all__ = ["Robots"]

log = logging.getLogger("arbitre.services.session")


class Robots(Acting):
    """Robots: the kind's planner asked at their moments, from their own view."""

    # -- robots -----------------------------------------------------------------------------------

    def robot_answer(self, member: str) -> None:
        """Play a due robot's moment (``game id/turn/player id``, claimed by this replica)
        through the path of every action; a robot whose turn has passed stays silent. Never
        raises."""
        try:
            self._kind_robot(member)
        except _RefusedError as refused:
            log.info("robot action %s refused: %s", member, refused.message)
        except Exception:
            log.exception("robot action %s failed", member)

    def _kind_robot(self, member: str) -> None:
        """A robot's due moment: it plans from its own view, acts when its moment has come,
        and is woken again for its next action."""
        game_id, turn_text, player = member.split("/")
        turn = int(turn_text)
        game = self.store.game(game_id)
        if game.get("phase") != "turn" or game.get("turn") != turn_text:
            return
        if game.get("status") == "paused":  # it goes on once the game resumes
            self._wake_robot(game_id, turn, player, self.store.now_ms() + 500)
            return
        seat = self.store.robots(game_id).get(player)
        planner = planner_for(game["kind"])
        if game.get("status") != "running" or seat is None or planner is None:
            return
        game_kind, state = self._load(game_id, game)
        _, tools = self._kind_and_tools(game)
        now = self.store.now_ms()
        view = game_kind.view(state, Viewer(player), now)
        plan = planner(view, seat["level"], _robot_seed(game_id, player), tools)
        if plan is None:
            return
        if plan.at_ms > now:
            self._wake_robot(game_id, turn, player, plan.at_ms)
            return
        self._act_as(game_id, player, plan.action, "")
        self._wake_robot(game_id, turn, player, now)

    def _wake_robot(self, game_id: str, turn: int, player: str, at_ms: int) -> None:
        with self.store.redis.pipeline(transaction=False) as pipe:
            self.store.schedule_robot(pipe, game_id, turn, player, at_ms)
            pipe.execute()
