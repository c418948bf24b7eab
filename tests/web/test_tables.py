"""The browser interface end to end: the pages of ``web/`` served by the gateway in front of
the four services and a real Redis, driven in Debian's headless chromium.

A table created in the page, joined by its link from a second browser, started; three turns
played against a robot by typing moves the engine found, each revealed, with the standings and
the game sheet, then the replay of a turn; the keyboard; a phone-sized screen; nothing secret
reaches the page before the reveal; the page catches up after the network drops; French and
English.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Response, expect

from tests.web.browser import EXPECTED_REFUSALS, RECORD_BINDING, RECORD_EVENTS, Api, Watched
from tests.web.pages import (
    DESKTOP,
    PHONE,
    cell,
    drag_until,
    drawn_box,
    drawn_boxes,
    new_context,
    new_letters,
    plain_moves,
    seated,
    start_square,
    tiles,
    type_move,
)


def seeds_in(text: str) -> list[Any]:
    """The values of every ``seed`` key (not null) in ``text``'s JSON, at any depth; none for a
    text that is not JSON."""
    try:
        data = json.loads(text)
    except ValueError:
        return []
    found: list[Any] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            seed = item.get("seed")
            if seed is not None:
                found.append(seed)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


# -- the tests ----------------------------------------------------------------------------------


def test_create_in_the_page_and_join_by_the_link(browser: Browser, base: str) -> None:
    first = new_context(browser)
    second = new_context(browser, locale="en-US")
    try:
        ann = Watched.on(first.new_page())
        ann.page.goto(base + "/")
        expect(ann.page.locator("#create-lexicon option")).not_to_have_count(0)
        ann.page.fill("#create-name", "Ann")
        ann.page.get_by_label("1 min").check()
        ann.page.select_option("#create-seats", "3")
        ann.page.get_by_role("button", name="Créer la table").click()
        expect(ann.page.locator("#lobby")).to_be_visible()
        link = ann.page.locator("#invite-link").input_value()
        assert re.fullmatch(re.escape(base) + r"/t/[A-Za-z0-9_-]+", link), link
        assert ann.page.url == link
        expect(ann.page.locator("#start")).to_be_disabled()  # nobody to play against yet
        expect(ann.page.locator("#seat-count")).to_have_text("(1 / 3 places)")

        # A friend opens the link; the name is shown as text, never as markup.
        zoe = Watched.on(second.new_page())
        zoe.page.goto(link)
        expect(zoe.page.locator("#join")).to_be_visible()
        zoe.page.fill("#join-name", "<b>Zoé</b>")
        zoe.page.get_by_role("button", name="Take a seat").click()
        expect(zoe.page.locator("#lobby")).to_be_visible()
        expect(zoe.page.locator("#wait-organiser")).to_be_visible()
        expect(zoe.page.locator("#organiser-tools")).to_be_hidden()
        expect(ann.page.locator("#lobby-players")).to_contain_text("<b>Zoé</b>")
        assert ann.page.locator("#lobby-players b").count() == 0

        # The organiser adds a robot: the table is full, the game can start.
        ann.page.select_option("#robot-level", "debutant")
        ann.page.get_by_role("button", name="Ajouter un robot").click()
        expect(ann.page.locator("#lobby-players li")).to_have_count(3)
        expect(ann.page.locator("#lobby-players")).to_contain_text("Débutant")
        expect(zoe.page.locator("#lobby-players li")).to_have_count(3)
        expect(ann.page.locator("#add-robot")).to_be_disabled()
        ann.page.get_by_role("button", name="Commencer la partie").click()
        expect(ann.page.locator("#turn-label")).to_have_text("Coup 1")
        expect(zoe.page.locator("#turn-label")).to_have_text("Coup 1")
        expect(zoe.page.locator("#rack .rack-tile")).to_have_count(7)

        # A reload keeps Zoé in her seat.
        zoe.page.reload()
        expect(zoe.page.locator("#players li.me")).to_contain_text("<b>Zoé</b>")
        expect(zoe.page.locator("#validate")).to_be_visible()
        assert ann.errors() == []
        assert zoe.errors() == []
    finally:
        first.close()
        second.close()


@pytest.mark.slow
def test_three_turns_against_a_robot(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = api.create(seconds=15, turns=3, seed=2026, seats=2)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "expert")
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann, organiser)
        page = watched.page
        expect(page.locator("#lobby-players li")).to_have_count(2)
        page.get_by_role("button", name="Commencer la partie").click()
        cumulated = 0
        tops = 0
        for turn in (1, 2, 3):
            expect(page.locator("#turn-label")).to_have_text(f"Coup {turn} / 3")
            state = api.state(game_id)
            assert (state["turn"], state["phase"]) == (turn, "turn")
            rack = state["view"]["rack"]
            expect(page.locator("#rack .rack-tile")).to_have_count(len(tiles(rack)))
            moves = plain_moves(api, state)
            move = moves[1] if len(moves) > 1 else moves[0]  # not the top: a négatif to show
            type_move(page, state["view"]["board"], move["move"])
            pose = f"{move['move']} — {move['score']} pts"
            expect(page.locator("#pose")).to_have_text(pose)  # the preview's points
            page.keyboard.press("Enter")
            expect(page.locator("#my-answer")).to_have_text(
                f"Votre réponse : {move['move']}, {move['score']} pts"
            )
            expect(page.locator("#players li.me")).to_have_class(re.compile("answered"))

            # The robot answers, the turn ends early and is revealed.
            expect(page.locator("#reveal")).to_be_visible(timeout=20_000)
            result = api.revealed(game_id, turn)
            top = result["top"]
            expect(page.locator("#reveal-title")).to_have_text(f"Révélation — coup {turn}")
            expect(page.locator("#reveal .top-move")).to_have_text(top["move"])
            mine = page.locator("#reveal-answers tr.me")
            expect(mine).to_contain_text(move["move"])
            points = next(a["points"] for a in result["answers"] if a["player"] == ann.player_id)
            expect(mine.locator("td").nth(2)).to_contain_text(str(points))
            cumulated += points
            tops += top["score"]
            row = page.locator("#standings tbody tr.me")
            expect(row.locator("td").nth(2)).to_have_text(str(cumulated))
            expect(row.locator("td").nth(3)).to_have_text(str(cumulated - tops))
            expect(page.locator("#sheet tbody tr")).to_have_count(turn)
            highlighted = page.locator("#board .cell.highlight")
            expect(highlighted).not_to_have_count(0)
            page.screenshot(path=artifacts / f"desktop-reveal-{turn}.png")
            page.get_by_role("button", name=re.compile("^Suivant")).click()

        # The game is over: downloads, final standings and the replay of each turn.
        expect(page.locator("#over")).to_be_visible()
        expect(page.locator("#download-sheet")).to_have_attribute(
            "href", f"/v1/games/{game_id}/sheet"
        )
        expect(page.locator("#download-record")).to_have_attribute(
            "href", f"/v1/games/{game_id}/record"
        )
        expect(page.locator("#standings-title")).to_have_text("Classement final")
        page.select_option("#replay-turn", "2")
        second = api.revealed(game_id, 2)
        replay = page.locator("#replay-body")
        expect(replay.locator(".top-move")).to_have_text(second["top"]["move"])
        expect(replay.locator("table.best tbody tr")).not_to_have_count(0)
        expect(replay.locator("table.best tbody tr").first).to_contain_text(second["top"]["move"])
        expect(page.locator("#turn-label")).to_have_text("Coup 2 — revue")
        placed = len(new_letters(second["board"], second["top"]["move"]))
        expect(page.locator("#board .cell.highlight")).to_have_count(placed)
        expect(page.locator("#rack .rack-tile")).to_have_count(len(tiles(second["rack"])))
        page.screenshot(path=artifacts / "desktop-replay.png", full_page=True)
        assert watched.errors() == []
    finally:
        context.close()


def test_keyboard_play(browser: Browser, base: str, api: Api) -> None:
    game_id, organiser = api.create(seconds=300, turns=2, seed=11, seats=2)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "debutant")
    state = api.start(game_id, organiser)
    top = plain_moves(api, state)[0]["move"]
    r, c, across = start_square(top)
    assert across
    assert r == 7
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann, organiser)
        page = watched.page
        expect(page.locator("#turn-label")).to_have_text("Coup 1 / 2")
        # The organiser pauses (the clock stops, the board is shut) and resumes.
        page.get_by_role("button", name="Pause").click()
        expect(page.locator("#clock")).to_contain_text("Pause")
        expect(page.locator("#validate")).to_be_hidden()
        page.get_by_role("button", name="Reprendre").click()
        expect(page.locator("#clock")).not_to_contain_text("Pause")
        expect(page.locator("#validate")).to_be_visible()
        # Tab reaches the board; the cursor starts on the centre star.
        page.locator(".brand").focus()
        for _ in range(20):
            page.keyboard.press("Tab")
            if page.locator("#board:focus").count():
                break
        expect(page.locator("#board")).to_be_focused()
        expect(page.locator("#board .cell.cursor")).to_have_attribute("data-c", "7")
        for _ in range(7 - c):
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("ArrowDown")
        page.keyboard.press("ArrowUp")
        expect(page.locator("#board .cell.cursor")).to_have_attribute("data-c", str(c))
        word = top.split(" ")[1]
        page.keyboard.type(word)
        expect(page.locator("#board .cell.placed")).to_have_count(len(word))
        expect(page.locator("#pose")).to_contain_text(top)
        page.keyboard.press("Backspace")
        expect(page.locator("#board .cell.placed")).to_have_count(len(word) - 1)
        expect(page.locator("#pose")).to_contain_text(f"{top[:-1]}")
        page.keyboard.press("Escape")
        expect(page.locator("#board .cell.placed")).to_have_count(0)
        expect(page.locator("#pose")).to_have_text("")
        page.keyboard.press("Space")
        expect(page.locator("#direction")).to_contain_text("↓")
        page.keyboard.press("Space")
        expect(page.locator("#direction")).to_contain_text("→")
        page.keyboard.type(word)
        page.keyboard.press("Enter")
        expect(page.locator("#my-answer")).to_contain_text(f"Votre réponse : {top},")
        # The answer is kept across a reload, and shown on the board again.
        page.reload()
        expect(page.locator("#my-answer")).to_contain_text(f"Votre réponse : {top},")
        expect(page.locator("#board .cell.placed")).to_have_count(len(word))
        assert watched.errors() == []
    finally:
        context.close()


def test_blanks_typed_and_dragged(browser: Browser, base: str, api: Api) -> None:
    """Partie joker: every tirage holds a blank. A letter missing from the rack takes the blank;
    a blank dragged to the board asks its letter."""
    game_id, organiser = api.create(seconds=300, turns=2, seed=3, seats=2, variant="joker")
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "debutant")
    state = api.start(game_id, organiser)
    rack = state["view"]["rack"]
    assert "?" in rack
    missing = next(letter for letter in "ZYXWKJQVHFBGMPDCLNRSTUOIEA" if letter not in rack)
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann)
        page = watched.page
        expect(page.locator("#rack .rack-tile[aria-label='joker']")).to_have_count(1)
        cell(page, 7, 7).click()
        page.keyboard.type(missing)
        centre = cell(page, 7, 7)
        expect(centre.locator(".tile.blank")).to_have_text(missing)
        expect(page.locator("#pose")).to_contain_text(re.compile(f"^(H8|8H) {missing.lower()}"))
        expect(page.locator("#rack .rack-tile[aria-label='joker']")).to_be_disabled()
        page.keyboard.press("Escape")
        expect(page.locator("#board .cell.placed")).to_have_count(0)

        joker = page.locator("#rack .rack-tile[aria-label='joker']")
        expect(joker).to_be_enabled()
        dialog = page.locator("#blank-dialog")
        drag_until(page, joker, cell(page, 7, 8), dialog.is_visible)
        expect(dialog).to_be_visible()
        dialog.get_by_role("button", name="E", exact=True).click()
        expect(dialog).to_be_hidden()
        expect(cell(page, 7, 8).locator(".tile.blank")).to_have_text("E")
        assert watched.errors() == []
    finally:
        context.close()


def test_phone_and_desktop_layout(browser: Browser, base: str, api: Api, artifacts: Path) -> None:
    game_id, organiser = api.create(seconds=300, turns=2, seed=7, seats=2)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "confirme")
    state = api.start(game_id, organiser)
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    desktop = new_context(browser)
    try:
        watched = seated(phone, base, game_id, ann)
        page = watched.page
        expect(page.locator("#rack .rack-tile")).to_have_count(7)
        board = drawn_box(page.locator("#board"))
        assert board is not None
        assert board["x"] >= 0, board
        assert board["x"] + board["width"] <= PHONE["width"], board
        assert board["width"] >= 0.9 * PHONE["width"], board  # the board fills the width
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # The rack's boxes in one read (a state read may draw the rack again meanwhile).
        boxes = drawn_boxes(page, "#rack .rack-tile", 7)
        for box in boxes:
            assert box["y"] > board["y"] + board["height"]  # the rack is below the board
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
            assert box["y"] + box["height"] <= PHONE["height"]  # visible without scrolling
        # Drag (pointer events: touch works the same way) a rack tile onto the centre star.
        tile = page.locator("#rack .rack-tile").first
        letter = tile.get_attribute("aria-label")
        centre = cell(page, 7, 7)
        drag_until(page, tile, centre, lambda: "placed" in (centre.get_attribute("class") or ""))
        expect(centre).to_have_class(re.compile("placed"))
        if letter != "joker":
            expect(cell(page, 7, 7)).to_contain_text(str(letter))
        page.screenshot(path=artifacts / "phone-turn.png", full_page=False)
        page.screenshot(path=artifacts / "phone-full.png", full_page=True)
        assert watched.errors() == []

        big = seated(desktop, base, game_id, ann)
        rack = tiles(state["view"]["rack"])
        expect(big.page.locator("#rack .rack-tile")).to_have_count(len(rack))
        left = drawn_box(big.page.locator("#board"))
        panels = drawn_box(big.page.locator(".panels"))
        assert left is not None
        assert panels is not None
        assert left["x"] + left["width"] <= panels["x"]  # board left, panels right
        assert left["y"] + left["height"] <= DESKTOP["height"]
        big.page.screenshot(path=artifacts / "desktop-turn.png", full_page=False)
        assert big.errors() == []
    finally:
        phone.close()
        desktop.close()


def test_nothing_secret_before_the_reveal(browser: Browser, base: str, api: Api) -> None:
    """Every response and server-sent event the page receives during a turn is recorded: the
    top, the other players' answers (a person's and a robot's) and the next tirage appear only
    after the turn is revealed, the seed under no key; the page asks for no turn's results
    before then (its answer and its pose's points go to ``…/actions``)."""
    game_id, organiser = api.create(seconds=20, turns=2, seed=99, seats=3)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    robot = api.robot(game_id, organiser, "expert")
    context = new_context(browser)
    received: list[tuple[float, str, str]] = []  # (time, what, text)
    responses: list[tuple[float, Response]] = []
    requested: list[tuple[float, str]] = []
    try:
        context.expose_binding(
            RECORD_BINDING,
            lambda _source, kind, data: received.append((time.monotonic(), f"event {kind}", data)),
        )
        context.add_init_script(RECORD_EVENTS)
        watched = seated(context, base, game_id, ann)
        page = watched.page
        page.on("request", lambda request: requested.append((time.monotonic(), request.url)))
        page.on("response", lambda response: responses.append((time.monotonic(), response)))
        expect(page.locator("#lobby-players li")).to_have_count(3)
        state = api.start(game_id, organiser)
        expect(page.locator("#turn-label")).to_have_text("Coup 1 / 2")
        moves = plain_moves(api, state)
        top = moves[0]["move"]
        lesser = next(move["move"] for move in moves[1:] if top not in move["move"])
        api.answer(game_id, 1, top, bob.token)  # Bob finds the top
        type_move(page, state["view"]["board"], lesser)
        expect(page.locator("#pose")).to_contain_text("pts")
        page.keyboard.press("Enter")
        expect(page.locator("#my-answer")).to_contain_text(lesser)
        expect(page.locator("#reveal")).to_be_visible(timeout=25_000)
        page.get_by_role("button", name=re.compile("^Suivant")).click()
        expect(page.locator("#next")).to_have_text("Suivant (1 / 2)")  # the robot does not count
        api.call("POST", f"/v1/games/{game_id}/turns/1/next", {}, bob.token)
        expect(page.locator("#turn-label")).to_have_text("Coup 2 / 2")
        following = api.state(game_id)
        next_rack = following["view"]["rack"]
        result = api.revealed(game_id, 1)
        robot_move = next(a["move"] for a in result["answers"] if a["player"] == robot)

        revealed = min(at for at, what, _ in received if what == "event turn_revealed")
        for at, response in responses:
            if "text/event-stream" in (response.headers.get("content-type") or ""):
                continue
            received.append((at, f"{response.request.method} {response.url}", response.text()))
        secrets = {"the top": top, "Bob's answer": top, "the next tirage": next_rack}
        if robot_move and robot_move not in lesser:
            secrets["the robot's answer"] = robot_move
        before = [(what, text) for at, what, text in received if at < revealed]
        after = [text for at, _, text in received if at >= revealed]
        assert len(before) > 5
        assert any(what.startswith("event ") for what, _ in before)
        for name, secret in secrets.items():
            for what, text in before:
                assert secret not in text, f"{name} ({secret}) in {what} before the reveal"
        for what, text in before:  # nor the seed, under any key (its commitment is public)
            assert not seeds_in(text), f"a seed in {what} before the reveal: {text}"
        assert any(top in text for text in after)  # the recording does see it afterwards
        assert any(next_rack in text for text in after)
        early = [url for at, url in requested if at < revealed]
        assert any("/actions" in url for url in early)  # the preview and the answer
        assert not any("/turns/1" in url for url in early)
        assert not any("/v1/solve" in url for _, url in requested)
        assert watched.errors() == []
    finally:
        context.close()


def test_catching_up_after_the_network_drops(browser: Browser, base: str, api: Api) -> None:
    game_id, organiser = api.create(seconds=300, turns=3, seed=5, seats=2, reveal_seconds=0)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    state = api.start(game_id, organiser)
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann)
        page = watched.page
        expect(page.locator("#turn-label")).to_have_text("Coup 1 / 3")
        moves = plain_moves(api, state)
        api.answer(game_id, 1, moves[1]["move"], bob.token)
        bob_row = page.locator(f"#players li[data-player='{bob.player_id}']")
        expect(bob_row).to_have_class(re.compile("answered"))  # live
        expect(page.locator("#answer-count")).to_have_text("1 / 2 réponses")

        context.set_offline(True)
        api.answer(game_id, 1, moves[2]["move"], ann.token)  # from elsewhere: the turn ends
        second = api.wait_for_turn(game_id, 2)
        api.answer(game_id, 2, plain_moves(api, second)[0]["move"], bob.token)
        expect(page.locator("#connection")).to_be_visible()
        context.set_offline(False)

        expect(page.locator("#turn-label")).to_have_text("Coup 2 / 3")
        expect(page.locator("#answer-count")).to_have_text("1 / 2 réponses")
        expect(bob_row).to_have_class(re.compile("answered"))
        expect(page.locator("#players li.me")).not_to_have_class(re.compile("answered"))
        expect(page.locator("#sheet tbody tr")).to_have_count(1)
        expect(page.locator("#rack .rack-tile")).to_have_count(7)
        expect(page.locator("#connection")).to_be_hidden()
        offline = ("ERR_INTERNET_DISCONNECTED", *EXPECTED_REFUSALS)
        assert watched.errors(offline) == []
    finally:
        context.close()


def test_french_and_english(browser: Browser, base: str) -> None:
    context = new_context(browser, locale="fr-FR")
    english = new_context(browser, locale="en-GB")
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(base + "/")
        heading = page.locator("#create-form h1")
        expect(heading).to_have_text("Créer une table")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        page.locator("#language").click()
        expect(heading).to_have_text("Create a table")
        expect(page.locator("html")).to_have_attribute("lang", "en")
        page.reload()  # remembered
        expect(heading).to_have_text("Create a table")
        page.locator("#language").click()
        expect(heading).to_have_text("Créer une table")
        other = english.new_page()
        other.goto(base + "/")
        expect(other.locator("#create-form h1")).to_have_text("Create a table")
        assert watched.errors() == []
    finally:
        context.close()
        english.close()
