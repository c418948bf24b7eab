"""The details a newcomer trips on at a table (issue 18's "At the table", issue 13's page
items), each checked in Debian's headless chromium against the real services.

The lexicon's label says the French list is not the official ODS; the services' line, the
reveal and the replay follow a change of language; "1 coup"; the game sheet's last row in
sight on a phone and ``*`` for a scrabble; a pause hides the game; a phone's hint speaks of
taps; a pose being placed is not an error until the player validates it; a missing name is
said in words; a full table offers to watch; a visitor has no "you" column; the last 10
seconds of a turn show a warning and sound (once the player interacted, unless muted).
"""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.browser import Api, Seat, Watched
from tests.web.pages import (
    DESKTOP,
    PHONE,
    cell,
    drawn_box,
    new_context,
    new_letters,
    seated,
    tiles,
)

#: Counts the tones the page starts (the Web Audio API's oscillators), in window.__tones.
COUNT_TONES = """
(() => {
  window.__tones = 0;
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (...args) {
    window.__tones += 1;
    return start.apply(this, args);
  };
})();
"""

#: The danger colour of the page's style (an error shows in it).
DANGER = "rgb(179, 38, 30)"


def wait_for_over(api: Api, game_id: str, timeout: float = 60) -> dict[str, Any]:
    give_up = time.monotonic() + timeout
    while time.monotonic() < give_up:
        state = api.state(game_id)
        if state["status"] == "over":
            return state
        time.sleep(0.1)
    raise AssertionError(f"game {game_id} never ended")


def play_out(api: Api, game_id: str, seats: list[Seat], turns: int) -> None:
    """Every seat answers each turn's best move (through the API) until the game is over."""
    for turn in range(1, turns + 1):
        state = api.wait_for_turn(game_id, turn)
        if state["status"] == "over":
            break
        moves = api.moves(state["view"]["board"], tiles(state["view"]["rack"]), limit=1)
        assert moves, f"turn {turn}: no move"
        for seat in seats:
            api.answer(game_id, turn, moves[0]["move"], seat.token)
    wait_for_over(api, game_id)


def color(page: Page, selector: str) -> str:
    found: str = page.eval_on_selector(selector, "node => getComputedStyle(node).color")
    return found


def test_labels_and_the_services_line_follow_the_language(
    browser: Browser, base: str, artifacts: Path
) -> None:
    context = new_context(browser, locale="fr-FR")
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(base + "/")
        french = page.locator("#create-lexicon option[value='fr']")
        expect(french).to_contain_text("pas l'ODS officiel")
        expect(french).to_contain_text(re.compile(r"405\D?677 mots"))
        expect(page.locator("#create-lexicon option[value='en']")).to_contain_text("ENABLE1")
        note = page.locator("#lexicon-note")  # in sight even where the option is cut short
        expect(note).to_have_text(re.compile("pas l'ODS officiel"))
        page.select_option("#create-lexicon", "en")
        expect(note).to_be_hidden()
        page.select_option("#create-lexicon", "fr")
        expect(note).to_be_visible()
        health = page.locator("#health")
        expect(health).to_contain_text("session : en service")
        page.locator("footer summary").click()
        expect(page.locator("#lexicons")).to_contain_text("pas l'ODS officiel")

        # An empty name is said in words, not only by a red outline.
        page.fill("#create-name", "")
        page.get_by_role("button", name="Créer la table").click()
        error = page.locator("#create-name-error")
        expect(error).to_be_visible()
        expect(error).to_have_text(re.compile("^Écrivez votre nom"))
        expect(page.locator("#create-name")).to_have_attribute("aria-invalid", "true")
        expect(page.locator("#create-name")).to_be_focused()

        page.locator("#language").click()
        expect(french).to_contain_text("not the official ODS")
        expect(french).to_contain_text("405,677 words")
        expect(health).not_to_contain_text("Checking the services")
        expect(health).to_contain_text("session: serving")
        expect(page.locator("#lexicons")).to_contain_text("not the official ODS")
        expect(note).to_have_text(re.compile("not the FISF's official ODS"))
        expect(error).to_have_text(re.compile("^Type your name"))
        page.fill("#create-name", "Ann")
        expect(error).to_be_hidden()
        expect(page.locator("#create-turns option[value='10']")).to_have_text("10 turns")
        page.screenshot(path=artifacts / "desktop-home-english.png", full_page=True)
        page.set_viewport_size(PHONE)  # the long label does not widen the page
        expect(page.locator("#create-lexicon")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "phone-home-english.png", full_page=True)
        assert watched.errors() == []
    finally:
        context.close()


def test_a_scrabble_on_the_sheet_and_one_coup(browser: Browser, base: str, api: Api) -> None:
    """A one-turn game whose top is a scrabble (a seed found through the engine): the sheet
    marks it ``*`` and the total says "1 coup"."""
    for seed in range(1, 400):
        game_id, organiser = api.create(
            seconds=300, turns=1, seed=seed, seats=2, reveal_seconds=0, variant="joker"
        )
        ann = api.join(game_id, "Ann")
        bob = api.join(game_id, "Bob")
        view = api.start(game_id, organiser)["view"]
        best = api.moves(view["board"], tiles(view["rack"]), limit=1)[0]
        if len(new_letters(view["board"], best["move"])) >= 7:
            break
    else:
        raise AssertionError("no scrabble on a first tirage of 400 seeds")
    play_out(api, game_id, [ann, bob], 1)
    top = api.revealed(game_id, 1)["top"]
    assert top["tiles"] >= 7
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann)
        page = watched.page
        expect(page.locator("#over")).to_be_visible()
        row = page.locator("#sheet tbody tr")
        expect(row).to_have_count(1)
        expect(row.locator("td").nth(4)).to_have_text(f"{top['score']}*")
        expect(row.locator("td").nth(4).locator("abbr")).to_have_attribute("title", "scrabble")
        total = page.locator("#top-total")
        expect(total).to_have_text(f"Top : {top['score']} points en 1 coup")
        page.locator("#language").click()
        expect(total).to_have_text(f"Top: {top['score']} points in 1 coup")
        assert watched.errors() == []
    finally:
        context.close()


def test_the_sheet_at_game_over_on_a_phone_and_for_a_visitor(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    """Ten turns played: on a phone the sheet's tenth row is in sight (nothing hidden in a
    box without a scrollbar); a visitor's sheet has no "you" column."""
    game_id, organiser = api.create(seconds=300, turns=10, seed=42, seats=2, reveal_seconds=0)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    play_out(api, game_id, [ann, bob], 10)
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    visitor = new_context(browser)
    try:
        watched = seated(phone, base, game_id, ann)
        page = watched.page
        expect(page.locator("#over")).to_be_visible()
        rows = page.locator("#sheet tbody tr")
        expect(rows).to_have_count(10)
        expect(page.locator("#sheet thead th")).to_have_count(7)
        last = rows.nth(9)
        last.scroll_into_view_if_needed()
        found = drawn_box(last)
        holder = drawn_box(page.locator("#sheet").locator("xpath=.."))
        assert holder["y"] <= found["y"]
        assert found["y"] + found["height"] <= holder["y"] + holder["height"] + 0.5
        assert found["y"] >= 0
        assert found["y"] + found["height"] <= PHONE["height"]
        hidden = page.eval_on_selector(
            "#sheet",
            "table => [table.parentElement.scrollHeight - table.parentElement.clientHeight,"
            " table.parentElement.scrollWidth - table.parentElement.clientWidth]",
        )
        assert hidden == [0, 0], hidden  # nothing out of sight in the sheet's box
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.screenshot(path=artifacts / "phone-sheet.png", full_page=False)
        page.screenshot(path=artifacts / "phone-over-full.png", full_page=True)
        assert watched.errors() == []

        # A visitor (no seat): the same sheet without the "you" column.
        other = Watched.on(visitor.new_page())
        other.page.goto(f"{base}/t/{game_id}")
        expect(other.page.locator("#sheet tbody tr")).to_have_count(10)
        expect(other.page.locator("#sheet thead th")).to_have_count(6)
        expect(other.page.locator("#sheet thead")).not_to_contain_text("vous")
        expect(other.page.locator("#sheet tbody tr").first.locator("td")).to_have_count(6)

        other.page.screenshot(path=artifacts / "desktop-visitor-replay.png", full_page=True)
        assert other.errors() == []
    finally:
        phone.close()
        visitor.close()


def test_the_reveal_and_the_replay_follow_a_change_of_language(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = api.create(seconds=300, turns=2, seed=8, seats=2, reveal_seconds=120)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann)
        page = watched.page
        for turn in (1, 2):
            expect(page.locator("#turn-label")).to_have_text(f"Coup {turn} / 2")
            view = api.state(game_id)["view"]
            move = api.moves(view["board"], tiles(view["rack"]), limit=1)[0]["move"]
            api.answer(game_id, turn, move, ann.token)
            api.answer(game_id, turn, move, bob.token)
            reveal = page.locator("#reveal")
            expect(reveal).to_be_visible()
            if turn == 1:
                expect(reveal.locator("table.answers thead")).to_contain_text("Joueur")
                page.locator("#language").click()
                expect(page.locator("#reveal-title")).to_have_text("Reveal — coup 1")
                expect(reveal.locator("table.answers thead")).to_contain_text("Player")
                expect(reveal.locator("table.answers thead")).to_contain_text("Answer")
                expect(page.locator("#standings thead")).to_contain_text("Player")
                expect(page.locator("#top-total")).to_have_text(re.compile(r"in 1 coup$"))
                page.locator("#language").click()
            for seat in (ann, bob):
                api.call("POST", f"/v1/games/{game_id}/turns/{turn}/next", {}, seat.token)
        expect(page.locator("#over")).to_be_visible()
        page.select_option("#replay-turn", "1")
        replay = page.locator("#replay-body")
        expect(replay.locator("table.answers thead")).to_contain_text("Joueur")
        expect(replay.locator("h3")).to_have_text("Meilleurs coups")
        page.locator("#language").click()  # the replay on show is drawn again in English
        expect(replay.locator("table.answers thead")).to_contain_text("Player")
        expect(replay.locator("table.answers thead")).to_contain_text("Answer")
        expect(replay.locator("h3")).to_have_text("Best moves")
        expect(replay.locator("table.best thead")).to_contain_text("Move")
        expect(page.locator("#replay-turn option[value='0']")).to_have_text("Final board")
        expect(page.locator("#turn-label")).to_have_text("Coup 1 — replay")
        page.screenshot(path=artifacts / "desktop-replay-english.png", full_page=True)
        assert watched.errors() == []
    finally:
        context.close()


def test_a_pause_hides_the_game(browser: Browser, base: str, api: Api, artifacts: Path) -> None:
    game_id, organiser = api.create(seconds=300, turns=2, seed=12, seats=2)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "debutant")
    letters = tiles(api.start(game_id, organiser)["view"]["rack"])
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann, organiser)
        page = watched.page
        rack = page.locator("#rack .rack-tile")
        expect(rack).to_have_count(len(letters))
        cell(page, 7, 7).click()
        page.keyboard.type(letters[0])
        expect(page.locator("#board .cell.placed")).to_have_count(1)
        page.get_by_role("button", name="Pause").click()
        expect(page.locator("#clock")).to_contain_text("Pause")
        expect(page.locator("#paused-panel")).to_be_visible()
        expect(page.locator("#paused-panel")).to_contain_text("Partie en pause")
        for hidden in ("#board-wrap", "#rack", "#pose", "#my-answer", "#letters-card"):
            expect(page.locator(hidden)).to_be_hidden()
        expect(rack).to_have_count(0)  # not drawn at all, not merely out of sight
        page.screenshot(path=artifacts / "desktop-paused.png")
        page.get_by_role("button", name="Reprendre").click()
        expect(page.locator("#paused-panel")).to_be_hidden()
        expect(page.locator("#board-wrap")).to_be_visible()
        expect(rack).to_have_count(len(letters))
        expect(page.locator("#board .cell.placed")).to_have_count(1)  # the pose is kept
        assert watched.errors() == []
    finally:
        context.close()


def test_hints_and_a_pose_being_placed(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    """A phone's hint speaks of taps, a desktop's of keys; a pose being placed is a neutral
    note, red only once the player tried to validate it."""
    game_id, organiser = api.create(seconds=300, turns=2, seed=21, seats=2)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser, "debutant")
    letters = tiles(api.start(game_id, organiser)["view"]["rack"])
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    desktop = new_context(browser, viewport=DESKTOP)
    try:
        small = seated(phone, base, game_id, ann)
        hint = small.page.locator("#hint")
        expect(hint).to_contain_text("Touchez une case")
        expect(hint).not_to_contain_text("Espace")
        expect(hint).not_to_contain_text("Entrée")
        small.page.screenshot(path=artifacts / "phone-hint.png")
        assert small.errors() == []

        watched = seated(desktop, base, game_id, ann)
        page = watched.page
        expect(page.locator("#hint")).to_contain_text("Espace")
        cell(page, 7, 7).click()
        page.keyboard.type(letters[0])
        cell(page, 9, 9).click()
        page.keyboard.type(letters[1])
        pose = page.locator("#pose")
        expect(pose).to_have_text("Les lettres doivent être alignées.")
        expect(pose).to_have_class(re.compile(r"\bnote\b"))
        expect(pose).not_to_have_class(re.compile(r"\berror\b"))
        assert color(page, "#pose") != DANGER
        page.screenshot(path=artifacts / "desktop-pose-note.png")
        page.keyboard.press("Enter")  # the player tries: now it is an error
        expect(pose).to_have_class(re.compile(r"\berror\b"))
        assert color(page, "#pose") == DANGER
        page.keyboard.press("Backspace")  # changing the pose makes it neutral again
        expect(pose).not_to_have_class(re.compile(r"\berror\b"))
        assert watched.errors() == []
    finally:
        phone.close()
        desktop.close()


def test_a_full_table_offers_to_watch(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = api.create(seconds=300, turns=2, seed=4, seats=2)
    api.join(game_id, "Ann")
    context = new_context(browser)
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(f"{base}/t/{game_id}")
        expect(page.locator("#join-form")).to_be_visible()
        expect(page.locator("#join-full")).to_be_hidden()
        watch = page.locator("#watch-link")
        expect(watch).to_be_visible()  # a seat is free, and watching is signposted too
        expect(watch).to_have_text("Regarder la partie")
        page.fill("#join-name", "   ")
        page.get_by_role("button", name="S'asseoir").click()
        expect(page.locator("#join-name-error")).to_have_text(re.compile("^Écrivez votre nom"))

        api.join(game_id, "Bob")  # the last seat goes meanwhile
        page.fill("#join-name", "Zoé")
        page.get_by_role("button", name="S'asseoir").click()
        expect(page.locator("#join-full")).to_be_visible()
        expect(page.locator("#join-name")).to_be_hidden()
        page.reload()  # the full table as a visitor finds it
        expect(page.locator("#join-full")).to_have_text(re.compile("complète"))
        expect(page.locator("#join-name")).to_be_hidden()
        page.screenshot(path=artifacts / "desktop-join-full.png")
        watch.click()
        expect(page.locator("#lobby")).to_be_visible()
        expect(page.locator("#lobby-players li")).to_have_count(2)
        expect(page.locator("#organiser-tools")).to_be_hidden()
        assert page.url.endswith(f"/t/{game_id}?watch")
        api.start(game_id, organiser)
        expect(page.locator("#table")).to_be_visible()
        expect(page.locator("#hint")).to_have_text("Vous regardez cette partie.")
        expect(page.locator("#validate")).to_be_hidden()
        expect(page.locator("#players li.me")).to_have_count(0)
        assert watched.errors(("status of 409",)) == []
    finally:
        context.close()


def test_the_last_ten_seconds(browser: Browser, base: str, api: Api, artifacts: Path) -> None:
    """A 13-second turn: a visible warning in its last 10 seconds, everywhere; a sound for
    the player who interacted with the page, none before any interaction nor once muted."""
    game_id, organiser = api.create(seconds=13, turns=1, seed=31, seats=2)
    ann = api.join(game_id, "Ann")
    api.join(game_id, "Bob")
    contexts = [new_context(browser) for _ in range(3)]
    try:
        pages = []
        for context in contexts:
            context.add_init_script(COUNT_TONES)
            watched = seated(context, base, game_id, ann)
            expect(watched.page.locator("#lobby")).to_be_visible()
            pages.append(watched)
        api.start(game_id, organiser)
        heard, unheard, muted = (watched.page for watched in pages)
        for page in pages:
            expect(page.page.locator("#turn-label")).to_have_text("Coup 1 / 1")
        heard.locator("#board").click()  # an interaction: the sound may play
        muted.locator("#board").click()
        sound = muted.locator("#sound")
        expect(sound).to_have_attribute("aria-pressed", "true")
        sound.click()
        expect(sound).to_have_attribute("aria-pressed", "false")
        # Until 10 s are left no warning; from then on one, saying the seconds.
        warning = heard.locator("#clock-warning")
        give_up = time.monotonic() + 20
        seen = False
        while time.monotonic() < give_up and not seen:
            clock, shown, text = heard.evaluate(
                "[document.querySelector('#clock').textContent,"
                " !document.querySelector('#clock-warning').hidden,"
                " document.querySelector('#clock-warning').textContent]"
            )
            minutes, seconds = (int(part) for part in clock.split(":"))
            left = 60 * minutes + seconds
            assert shown == (0 < left <= 10), (clock, shown)
            if shown:
                assert text == f"Plus que {left} s !", (clock, text)
                seen = True
            time.sleep(0.1)
        assert seen
        expect(warning).to_be_visible()
        heard.screenshot(path=artifacts / "desktop-last-seconds.png")
        expect(unheard.locator("#clock-warning")).to_be_visible()
        expect(muted.locator("#clock-warning")).to_be_visible()
        heard.wait_for_function("window.__tones >= 2")  # the warning's two tones
        time.sleep(0.5)
        assert unheard.evaluate("window.__tones") == 0  # no interaction: silent
        assert muted.evaluate("window.__tones") == 0
        muted.reload()  # the choice is remembered
        expect(muted.locator("#sound")).to_have_attribute("aria-pressed", "false")
        for watched in pages:
            assert watched.errors() == []
    finally:
        for context in contexts:
            context.close()
