"""Indecix in the browser: the page module ``web/kinds/indecix/`` served by the gateway in
front of the services and a real Redis, driven in Debian's headless chromium.

Two people in two browsers play whole games in each mode: a classic match of two games (one
with the aids and their previews, placing by clicks; one without, placing with the keyboard,
a forbidden cell refused), the organiser's next game, the result, the seed checked against the
commitment and the replay stepped from the record, while everything both pages receive is
recorded: no roll to come and no seed reaches them before the end; a Blitz game (the clock,
a die lost at its deadline); a Master game (no aid shown, a die dropped on a forbidden cell
lost). A person plays a whole game against each robot level, each created from the home
page's form. A phone-sized screen, and French and English.

Where a player has no aid, the test process works out the legal cells with the rules; the page
never does.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Response, expect

from tests.web.browser import RECORD_BINDING, RECORD_EVENTS, Api, Watched
from tests.web.indecix_pages import (
    MINE,
    Player,
    best_on_page,
    cell,
    create_indecix,
    forbidden_cells,
    legal_cells,
    place_by_arrows,
    place_by_click,
    place_by_keys,
    play_until,
    rolled_past,
    rolls_in,
    wait_for_view,
)
from tests.web.pages import PHONE, drawn_box, drawn_boxes, new_context, seated

#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 604_118_935_277_041
NO_AIDS = {"legal_cells": False, "capture_preview": False}
ALL_AIDS = {"legal_cells": True, "capture_preview": True}


def _over(view: dict[str, Any]) -> bool:
    return bool(view["stage"] == "over")


def _between(view: dict[str, Any]) -> bool:
    return view["stage"] in ("between", "over")


def _first_legal(view: dict[str, Any]) -> str:
    return legal_cells(view)[0]


def _shown_grid(page: Page, grid: str = "#ix-grid") -> list[str]:
    """The grid as the page draws it, in the server's notation (row A first)."""
    rows: list[str] = page.eval_on_selector_all(
        f"{grid} .ix-cell",
        """cells => {
          const rows = Array.from({length: 6}, () => Array(6).fill("."));
          for (const c of cells) {
            if (!c.dataset.face) continue;
            const face = Number(c.dataset.face);
            const code = c.dataset.seat === "0" ? String(face) : String.fromCharCode(96 + face);
            rows["ABCDEF".indexOf(c.dataset.cell[0])][Number(c.dataset.cell.slice(1)) - 1] = code;
          }
          return rows.map(r => r.join(""));
        }""",
    )
    return rows


def _marked_lines(page: Page, grid: str = "#ix-grid") -> list[str]:
    """The full lines a grid shows in a player's colour: ``"A0"`` (row A, seat 0's)."""
    lines: list[str] = page.eval_on_selector_all(
        f"{grid} .ix-line[class*='marked-']",
        "lines => lines.map(l => l.dataset.line + l.className.match(/marked-(\\d)/)[1])",
    )
    return sorted(lines)


def _check_the_end(page: Page, api: Api, game_id: str) -> dict[str, Any]:
    """The page's end of the match agrees with the server's: the grid, the trays, the
    standings; the seed is shown and checks against the commitment. The record."""
    view = api.state(game_id)["view"]
    expect(page.locator("#ix-over")).to_be_visible()
    assert _shown_grid(page) == view["grid"]
    assert _marked_lines(page) == sorted(f"{line['line']}{line['seat']}" for line in view["marked"])
    for tray in view["trays"]:
        shown = page.locator(f"#ix-tray-{tray['seat']} .ix-tray")
        expect(shown).to_have_attribute("data-total", str(tray["total"]))
        for category in ("captured_own", "captured_opponent", "unplayed_opponent", "suites"):
            figures = shown.locator(f"[data-category='{category}']")
            expect(figures).to_have_attribute("data-count", str(tray[category]["count"]))
            expect(figures).to_have_attribute("data-points", str(tray[category]["points"]))
    for line in view["standings"]:
        row = page.locator(f"#ix-standings tr[data-player='{line['player']}']")
        expect(row).to_have_attribute("data-total", str(line["total"]))
    expect(page.locator("#ix-seed")).to_have_text(f"Graine : {view['seed']}")
    expect(page.locator("#ix-verified")).to_have_text("✓ engagement vérifié")
    first, second = view["standings"]
    if first["rank"] == second["rank"]:
        expect(page.locator("#ix-winner")).to_contain_text("Match nul")
    else:
        expect(page.locator("#ix-winner")).to_have_attribute("data-winner", first["player"])
    record: dict[str, Any] = api.call("GET", f"/v1/games/{game_id}/record")
    return record


def _check_the_evaluation(page: Page, move: dict[str, Any]) -> None:
    """The replay says what the expert robot thought of the move shown: the best cell marked
    on the grid and the points lost, or that it was the robot's own choice."""
    evaluation = page.locator("#ix-replay-eval")
    if not move["placed"]:
        expect(evaluation).to_have_text("Dé perdu : rien à juger.")
    elif move["loss"]:
        expect(evaluation).to_have_attribute("data-best", move["best"])
        expect(evaluation).to_contain_text(f"Le robot préférait {move['best']}")
        expect(evaluation).to_contain_text(f"à {move['cell']}")
        best = cell(page, move["best"], "#ix-replay-grid")
        expect(best).to_have_class(re.compile(r"\bbest\b"))
    else:
        expect(evaluation).to_have_text(re.compile(r"^✓ "))
        expect(page.locator("#ix-replay-grid .ix-cell.best")).to_have_count(0)


def _check_the_replay(page: Page, record: dict[str, Any], review: dict[str, Any]) -> None:
    """The replay steps through each game from the record, back and forth, to its end, with
    the expert robot's review of each move (``GET …/review``)."""
    games = record["record"]["games"]
    replay = page.locator("#ix-replay")
    expect(replay).to_be_visible()
    board = page.locator("#ix-replay-grid")
    for seat in review["seats"]:
        summary = page.locator(f"#ix-replay-summary li[data-seat='{seat['seat']}']")
        expect(summary).to_have_attribute("data-best", str(seat["best_moves"]))
        expect(summary).to_contain_text(f"{seat['best_moves']} sur {seat['placed']} comme le robot")
    for game in games:
        if len(games) > 1:
            page.select_option("#ix-replay-game", str(game["game"]))
        rolls = game["rolls"]
        moves = {move["game_roll"]: move for move in review["games"][game["game"] - 1]["moves"]}
        expect(board).to_have_attribute("data-game", str(game["game"]))
        expect(board).to_have_attribute("data-step", str(len(rolls)))
        assert _shown_grid(page, "#ix-replay-grid") == game["grid"]
        _check_the_evaluation(page, moves[len(rolls)])
        page.locator("#ix-replay-first").click()
        expect(board).to_have_attribute("data-step", "0")
        expect(page.locator("#ix-replay-move")).to_have_text("Grille vide, avant le premier dé.")
        assert _shown_grid(page, "#ix-replay-grid") == ["......"] * 6
        page.locator("#ix-replay-next").click()
        expect(board).to_have_attribute("data-step", "1")
        first = rolls[0]
        if first["placed"]:
            expect(cell(page, first["cell"], "#ix-replay-grid")).to_have_attribute(
                "data-face", str(first["face"])
            )
        _check_the_evaluation(page, moves[1])
        page.keyboard.press("ArrowRight")  # the keys step too, once the replay has the focus
        expect(board).to_have_attribute("data-step", "2")
        expect(page.locator("#ix-replay-step")).to_have_text(f"Dé 2 / {len(rolls)}")
        page.keyboard.press("ArrowLeft")
        expect(board).to_have_attribute("data-step", "1")
        # On to the first move the robot would have made otherwise.
        worse = min((n for n, move in moves.items() if move["placed"] and move["loss"]), default=0)
        for step in range(2, worse + 1):
            page.keyboard.press("ArrowRight")
            expect(board).to_have_attribute("data-step", str(step))
        if worse:
            _check_the_evaluation(page, moves[worse])
        page.locator("#ix-replay-last").click()
        expect(board).to_have_attribute("data-step", str(len(rolls)))
        assert _shown_grid(page, "#ix-replay-grid") == game["grid"]
        scores = rolls[-1]["scores"]
        for player in record["record"]["seats"]:
            expect(page.locator("#ix-replay-scores")).to_contain_text(
                f"{record['names'][player]} {scores[player]}"
            )
    # The last game replayed to its end shows the full lines the game ended with.
    assert _marked_lines(page, "#ix-replay-grid") == _marked_lines(page)


class Recorder:
    """Everything the pages of a context receive from the API: each response's body (read
    as it comes: a page that goes elsewhere takes its bodies with it) and each server-sent
    event, in order."""

    def __init__(self, context: BrowserContext) -> None:
        self.received: list[tuple[str, str]] = []  # (what, text)
        context.on("response", self.response)
        context.expose_binding(
            RECORD_BINDING,
            lambda _source, kind, data: self.received.append((f"event {kind}", data)),
        )
        context.add_init_script(RECORD_EVENTS)

    def response(self, response: Response) -> None:
        if "/v1/" not in response.url:
            return  # the page's own files
        if "text/event-stream" in (response.headers.get("content-type") or ""):
            return  # its events are recorded one by one
        self.received.append((f"{response.request.method} {response.url}", response.text()))


def _check_nothing_leaked(recorded: list[tuple[str, str]], seed: int) -> None:
    """No roll to come, and no seed, before the match is over: in every response (a view names
    no roll after its own) and event (none names a roll after the last rolled)."""
    rolled = 0
    events = 0
    reads = 0
    for what, text in recorded:
        data = json.loads(text) if text else {}
        if what.startswith("event "):
            events += 1
            kind = what.split(" ", 1)[1]
            if kind == "die_rolled":
                rolled = max(rolled, data["roll"])
            if kind == "game_over" or (data.get("view") or {}).get("stage") == "over":
                continue
            if kind == "state":
                view = data.get("view") or {}
                assert max(rolls_in(view), default=0) <= view.get("roll", 0), text
            else:
                assert max(rolls_in(data), default=0) <= rolled, (what, text)
            assert str(seed) not in text, (what, text)
            continue
        assert "/record" not in what or data["record"]["over"], what
        assert "/review" not in what or data.get("review"), what  # asked once over only
        assert "/v1/solve" not in what, what
        assert "/turns/" not in what or what.endswith("/next"), what  # Ready between games
        view = data.get("view") or (data.get("game") or {}).get("view") or {}
        if view.get("stage") == "over" or data.get("record"):
            continue
        reads += 1
        assert str(seed) not in text, (what, text)
        if "result" in data:
            continue
        assert max(rolls_in(view), default=0) <= view.get("roll", 0), (what, text)
    assert events > 36, events
    assert reads > 36, reads
    assert any(str(seed) in text for _, text in recorded)  # the end does bring it


def test_two_people_play_a_classic_match_and_nothing_to_come_reaches_them(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = create_indecix(
        api, SEED, mode="classic", aids=[ALL_AIDS, NO_AIDS], games=2, colours=["green", "orange"]
    )
    ann = api.join(game_id, "Ann")
    contexts = [new_context(browser), new_context(browser)]
    recorders = [Recorder(context) for context in contexts]
    try:
        ann_page = seated(contexts[0], base, game_id, ann, organiser)
        page = ann_page.page
        expect(page.locator("#ix-lobby")).to_be_visible()
        expect(page.locator("#ix-settings")).to_have_text(
            "Classique · 2 parties · aides : cases possibles, captures"
        )
        # Bob finds the table among the open ones on the home page, and joins by its link.
        bob_page = Watched.on(contexts[1].new_page())
        bobs = bob_page.page
        bobs.goto(base + "/")
        listed = bobs.locator(f"#open-tables-list li[data-game-id='{game_id}']")
        expect(listed).to_contain_text("Indecix")
        expect(listed).to_contain_text("1 / 2 places")
        listed.get_by_role("link", name="Rejoindre").click()
        bobs.fill("#join-name", "Bob")
        bobs.get_by_role("button", name="S'asseoir").click()
        expect(bobs.locator("#ix-lobby")).to_be_visible()
        expect(bobs.locator("#ix-wait-organiser")).to_be_visible()
        bob = next(p["id"] for p in api.state(game_id)["players"] if p["name"] == "Bob")
        expect(page.locator("#ix-lobby-players li")).to_have_count(2)
        page.get_by_role("button", name="Commencer la partie").click()
        expect(page.locator("#ix-game")).to_have_text("Partie 1 / 2")
        expect(bobs.locator("#ix-game")).to_have_text("Partie 1 / 2")
        expect(page.locator("#ix-mode")).to_have_text("Classique")

        # Ann's aids: the legal cells, each with what it would capture; Bob has none (the
        # page lets him choose any free cell, and the server refuses a forbidden one).
        first = api.state(game_id)["view"]
        mover = page if first["current"]["player"] == ann.player_id else bobs
        expect(mover.locator("#ix-rollbar")).to_have_class(MINE)
        refused = False
        previewed = 0

        def bob_tries_a_forbidden_cell(view: dict[str, Any], player: Player) -> bool:
            nonlocal refused
            forbidden = forbidden_cells(view)
            if player.page is not bobs or refused or not forbidden:
                return False
            refused = True
            place_by_keys(bobs, forbidden[0])
            note = bobs.locator("#ix-note")
            expect(note).to_have_attribute("data-code", "illegal_cell")
            face = view["current"]["face"]
            expect(note).to_have_text(f"Case interdite : sa ligne ou sa colonne a déjà un {face}.")
            expect(note).to_have_attribute("role", "alert")
            assert api.state(game_id)["view"]["roll"] == view["roll"]  # nothing spent
            expect(bobs.locator("#ix-grid .ix-cell.legal")).to_have_count(0)
            place_by_arrows(bobs, legal_cells(view)[-1])
            return True

        def ann_checks_her_aids(view: dict[str, Any]) -> str:
            nonlocal previewed
            legal = legal_cells(view)
            expect(page.locator("#ix-grid .ix-cell.legal")).to_have_count(len(legal))
            mine = api.state(game_id, ann.token)["view"]["you"]
            best = max(mine["previews"], key=lambda preview: preview["points"])
            if best["points"] and best["captured"]:
                target = cell(page, best["cell"])
                target.click()
                expect(page.locator("#ix-choice")).to_contain_text(
                    f"capture {' '.join(best['captured'])}"
                )
                for captured in best["captured"]:
                    expect(cell(page, captured)).to_have_class(re.compile(r"\bwould-capture\b"))
                page.locator("#ix-cancel").click()
                expect(target).not_to_have_class(re.compile(r"\bselected\b"))
                previewed += 1
            cell_name: str = best["cell"]
            return cell_name

        players = {
            ann.player_id: Player(page, place_by_click, ann_checks_her_aids),
            bob: Player(bobs, place_by_keys, _first_legal),
        }
        view = play_until(api, game_id, players, _between, on_turn=bob_tries_a_forbidden_cell)
        assert refused
        assert previewed
        assert view["stage"] == "between"
        page.screenshot(path=artifacts / "indecix-between.png", full_page=True)

        # Between the games: the result; the next opens once both players are ready.
        result = view["results"][0]
        expect(page.locator("#ix-between")).to_be_visible()
        expect(page.locator("#ix-between-title")).to_have_text("Partie 1 terminée")
        totals = {tray["seat"]: tray["total"] for tray in result["trays"]}
        expect(page.locator("#ix-between-result")).to_contain_text(
            f"Partie 1 : Ann {totals[0]} – {totals[1]} Bob"
        )
        expect(bobs.locator("#ix-next-wait")).to_contain_text(
            "La partie suivante commence quand les deux joueurs sont prêts, ou à "
        )
        page.get_by_role("button", name="Prêt pour la suivante").click()
        expect(page.locator("#ix-next")).to_have_text("Prêt pour la suivante (1/2)")
        expect(page.locator("#ix-next")).to_be_disabled()
        expect(page.locator("#ix-next-wait")).to_contain_text("Vous êtes prêt")
        assert api.state(game_id)["view"]["stage"] == "between"
        bobs.get_by_role("button", name="Prêt pour la suivante").click()
        expect(page.locator("#ix-game")).to_have_text("Partie 2 / 2")
        expect(bobs.locator("#ix-game")).to_have_text("Partie 2 / 2")
        expect(page.locator("#ix-between")).to_be_hidden()
        assert _shown_grid(page) == ["......"] * 6
        play_until(api, game_id, players, _over)

        record = _check_the_end(page, api, game_id)
        expect(page.locator("#ix-over-title")).to_have_text("Match terminé")
        expect(page.locator("#ix-results li")).to_have_count(2)
        _check_the_end(bobs, api, game_id)
        review = api.call("GET", f"/v1/games/{game_id}/review")["review"]
        _check_the_replay(page, record, review)
        page.screenshot(path=artifacts / "indecix-over.png", full_page=True)

        for recorder in recorders:
            _check_nothing_leaked(recorder.received, SEED)
        assert ann_page.errors() == []
        assert bob_page.errors() == []
    finally:
        for context in contexts:
            context.close()


def test_two_people_play_a_blitz_game_and_a_die_is_lost_at_its_deadline(
    browser: Browser, base: str, api: Api
) -> None:
    seconds = 8
    game_id, organiser = create_indecix(api, 99, mode="blitz", blitz_seconds=seconds)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    contexts = [new_context(browser), new_context(browser)]
    try:
        pages = [
            seated(context, base, game_id, seat)
            for context, seat in zip(contexts, (ann, bob), strict=True)
        ]
        view = api.state(game_id)["view"]
        starter = pages[0] if view["current"]["player"] == ann.player_id else pages[1]
        waiter = pages[1] if starter is pages[0] else pages[0]
        page = starter.page
        expect(page.locator("#ix-mode")).to_have_text(f"Blitz : {seconds} s par dé")
        expect(page.locator("#ix-clock")).to_have_text(re.compile(rf"^0:0[1-{seconds}]$"))
        expect(waiter.page.locator("#ix-clock")).to_have_text(re.compile(rf"^0:0[1-{seconds}]$"))
        # The starter lets the first die go: its last seconds are said, then it is lost.
        expect(page.locator("#ix-warning")).to_have_text(re.compile(r"^Plus que [1-3] s !$"))
        expect(page.locator("#ix-clock")).to_have_class(re.compile(r"\blow\b"))
        lost = waiter.page.locator("#ix-last")
        expect(lost).to_contain_text("temps écoulé", timeout=seconds * 1000 + 8000)
        expect(lost).to_have_attribute("data-roll", "1")
        loser = view["current"]["seat"]
        unplayed = f"#ix-tray-{1 - loser} [data-category='unplayed_opponent']"
        expect(waiter.page.locator(unplayed)).to_have_attribute("data-count", "1")
        expect(page.locator("#ix-warning")).to_be_hidden()

        players = {
            ann.player_id: Player(pages[0].page, place_by_click),
            bob.player_id: Player(pages[1].page, place_by_click),
        }
        play_until(api, game_id, players, _over)
        expect(page.locator("#ix-over")).to_be_visible()
        expect(page.locator("#ix-clock")).to_have_text("")
        _check_the_end(waiter.page, api, game_id)
        assert starter.errors() == []
        assert waiter.errors() == []
    finally:
        for context in contexts:
            context.close()


def test_two_people_play_a_master_game_without_aids(browser: Browser, base: str, api: Api) -> None:
    game_id, organiser = create_indecix(api, 2024, mode="master")
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    contexts = [new_context(browser), new_context(browser)]
    try:
        pages = [
            seated(context, base, game_id, seat)
            for context, seat in zip(contexts, (ann, bob), strict=True)
        ]
        expect(pages[0].page.locator("#ix-mode")).to_have_text("Master : sans aide")
        dropped = False

        def drop_on_a_forbidden_cell(view: dict[str, Any], player: Player) -> bool:
            nonlocal dropped
            page = player.page
            # No aid: no legal cell is marked, and any free cell may be chosen.
            expect(page.locator("#ix-grid .ix-cell.legal")).to_have_count(0)
            free = "".join(view["grid"]).count(".")
            expect(page.locator("#ix-grid .ix-cell.selectable")).to_have_count(free)
            forbidden = forbidden_cells(view)
            if dropped or not forbidden:
                return False
            dropped = True
            place_by_click(page, forbidden[0])
            last = page.locator("#ix-last")
            expect(last).to_have_attribute("data-roll", str(view["roll"]))
            expect(last).to_contain_text(
                f"{forbidden[0]} est interdite au {view['current']['face']}"
            )
            return True

        players = {
            ann.player_id: Player(pages[0].page, place_by_click, _first_legal),
            bob.player_id: Player(pages[1].page, place_by_click, _first_legal),
        }
        play_until(api, game_id, players, _over, on_turn=drop_on_a_forbidden_cell)
        assert dropped
        record = _check_the_end(pages[0].page, api, game_id)
        lost = [roll for roll in record["record"]["games"][0]["rolls"] if not roll["placed"]]
        assert any(roll["reason"] == "illegal_drop" for roll in lost)
        assert pages[0].errors() == []
        assert pages[1].errors() == []
    finally:
        for context in contexts:
            context.close()


#: Each robot level, with the settings its game is created with on the home form.
ROBOT_GAMES = (
    ("debutant", "classic", True, ("blue", "red")),
    ("confirme", "blitz", False, ("purple", "yellow")),
    ("expert", "master", False, ("black", "pink")),
)


@pytest.mark.slow
def test_a_person_plays_a_whole_game_against_each_robot_level(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    """Three games at once (the robots take their time to think), each created on the home
    page's form: its mode, aids, robot and colours."""
    contexts = [new_context(browser) for _ in ROBOT_GAMES]
    try:
        games: dict[str, tuple[Watched, str, bool]] = {}  # page, person, aids shown
        for context, (level, mode, preview, colours) in zip(contexts, ROBOT_GAMES, strict=True):
            watched = Watched.on(context.new_page())
            page = watched.page
            page.goto(base + "/?kind=indecix")
            page.fill("#create-name", "Ann")
            expect(page.locator("#create-ix")).to_be_visible()
            expect(page.locator("#create-variant")).to_be_hidden()
            page.locator(f"input[name=ix-mode][value={mode}]").check()
            if mode == "blitz":
                expect(page.locator("#create-ix-blitz")).to_have_value("10")
                page.fill("#create-ix-blitz", "20")
            if mode == "master":
                expect(page.locator("#create-ix-legal")).to_be_disabled()
                expect(page.locator("#create-ix-no-aids")).to_be_visible()
            elif preview:
                page.locator("#create-ix-preview").check()
            else:
                page.locator("#create-ix-legal").uncheck()
            page.select_option("#create-ix-opponent", level)
            page.select_option("#create-ix-colour-0", colours[0])
            page.select_option("#create-ix-colour-1", colours[1])
            page.get_by_role("button", name="Créer la table").click()
            # The robot sits down and the game starts at once.
            expect(page.locator("#ix-table")).to_be_visible()
            game_id = page.url.rstrip("/").rsplit("/", 1)[1]
            view = api.state(game_id)["view"]
            assert view["config"]["mode"] == mode
            assert view["config"]["colours"] == list(colours)
            assert view["config"]["blitz_seconds"] == (20 if mode == "blitz" else 10)
            assert view["config"]["aids"][0] == (
                {"legal_cells": True, "capture_preview": True}
                if preview
                else {"legal_cells": False, "capture_preview": False}
            )
            robot = next(p for p in api.state(game_id)["players"] if p["robot"])
            assert robot["robot"] == level
            expect(page.locator("#ix-tray-1 .badge.robot")).to_be_visible()
            me = next(p for p in api.state(game_id)["players"] if not p["robot"])
            games[game_id] = (watched, me["id"], preview)

        # Play the three games together: whichever page has a die to place places it.
        give_up = time.monotonic() + 150
        left = set(games)
        while left and time.monotonic() < give_up:
            for game_id in sorted(left):
                view = api.state(game_id)["view"]
                if view["stage"] == "over":
                    left.discard(game_id)
                    continue
                watched, me, aids = games[game_id]
                current = view["current"]
                page = watched.page
                if not current or current["player"] != me or not page.locator(".mine").count():
                    continue
                if page.locator("#ix-die-slot").get_attribute("data-roll") != str(current["roll"]):
                    continue
                # With the aids, the page's best preview; without, a legal cell of the rules.
                place_by_click(page, best_on_page(page) if aids else _first_legal(view))
                expect(page.locator("#ix-die-slot")).not_to_have_attribute(
                    "data-roll", str(current["roll"])
                )
            time.sleep(0.05)
        assert not left, f"games not over: {left}"
        for game_id, (watched, _, _) in games.items():
            _check_the_end(watched.page, api, game_id)
            assert watched.errors() == []
        first = next(iter(games.values()))[0].page
        first.screenshot(path=artifacts / "indecix-robot-over.png", full_page=True)
    finally:
        for context in contexts:
            context.close()


def test_a_phone_plays_by_taps_in_french_and_english(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = create_indecix(api, 5, mode="classic", aids=[ALL_AIDS, ALL_AIDS])
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        watched = seated(phone, base, game_id, ann)
        page = watched.page
        expect(page.locator("#ix-grid")).to_be_visible()

        # Ann taps her dice; Bob plays through the API.
        def bob_plays(view: dict[str, Any]) -> None:
            roll = view["current"]["roll"]
            api.call(
                "POST",
                f"/v1/games/{game_id}/actions",
                {"action": {"cell": legal_cells(view)[0], "roll": roll}},
                bob.token,
            )

        placed = 0
        while placed < 3:
            view = api.state(game_id)["view"]
            if view["current"]["player"] == bob.player_id:
                bob_plays(view)
                wait_for_view(api, game_id, rolled_past(view["roll"]))
                continue
            expect(page.locator("#ix-rollbar")).to_have_class(MINE)
            expect(page.locator("#ix-turn")).to_have_text(
                f"À vous : posez votre {view['current']['face']}."
            )
            place_by_click(page, legal_cells(view)[0])  # a tap
            wait_for_view(api, game_id, rolled_past(view["roll"]))
            placed += 1
        view = api.state(game_id)["view"]
        if view["current"]["player"] == bob.player_id:
            bob_plays(view)
        expect(page.locator("#ix-rollbar")).to_have_class(MINE)

        # Everything of the play fits the phone's width; the die and OK show without
        # scrolling; each cell is big enough for a finger; the trays are under the grid.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        for part in ("#ix-grid", "#ix-ok", "#ix-tray-0", "#ix-tray-1"):
            expect(page.locator(part)).to_be_visible()  # drawn again meanwhile, maybe
        grid = drawn_box(page.locator("#ix-grid"))
        ok = drawn_box(page.locator("#ix-ok"))
        tray = drawn_box(page.locator("#ix-tray-0"))
        other = drawn_box(page.locator("#ix-tray-1"))
        assert grid is not None
        assert ok is not None
        assert tray is not None
        assert other is not None
        assert grid["x"] >= 0
        assert grid["x"] + grid["width"] <= PHONE["width"]
        assert ok["y"] + ok["height"] <= PHONE["height"]
        assert grid["y"] + grid["height"] <= PHONE["height"]
        assert tray["y"] >= grid["y"] + grid["height"]
        assert abs(tray["y"] - other["y"]) < 2  # side by side
        boxes = drawn_boxes(page, "#ix-grid .ix-cell", 36)
        for box in boxes:
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
            assert box["width"] >= 40
            assert box["height"] >= 40
        # The players' dice are told apart by shape, not by colour alone.
        shapes = page.eval_on_selector_all(
            "#ix-grid .ix-die",
            "dice => dice.map(d => [d.dataset.seat, getComputedStyle(d).borderRadius])",
        )
        assert {seat for seat, _ in shapes} == {"0", "1"}
        radius = {seat: value for seat, value in shapes}
        assert radius["0"] != radius["1"], radius
        page.screenshot(path=artifacts / "indecix-phone-fr.png")

        # French and English: the interface changes, the game's terms stay.
        face = api.state(game_id)["view"]["current"]["face"]
        expect(page.locator("#ix-turn")).to_have_text(f"À vous : posez votre {face}.")
        expect(
            page.locator("#ix-tray-0 [data-category='captured_opponent'] .ix-category-name")
        ).to_contain_text("Dés adverses capturés")
        page.locator("#language").click()
        expect(page.locator("#ix-turn")).to_have_text(f"Your turn: place your {face}.")
        expect(page.locator("#ix-choice")).to_have_text("Choose a cell, then OK.")
        expect(
            page.locator("#ix-tray-0 [data-category='captured_opponent'] .ix-category-name")
        ).to_contain_text("Opponent's dice captured")
        expect(page.locator("#ix-mode")).to_have_text("Classic")
        page.screenshot(path=artifacts / "indecix-phone-en.png")
        page.locator("#language").click()
        expect(page.locator("#ix-choice")).to_have_text("Choisissez une case, puis OK.")
        assert watched.errors() == []
    finally:
        phone.close()
