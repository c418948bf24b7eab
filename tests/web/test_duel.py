"""Duel de Mots in the browser: the page module ``web/kinds/duel/`` served by the gateway in
front of the services and a real Redis, driven in Debian's headless chromium.

A game created in the page with robots, played to its end (standings, the reveal's word, the
summary to share and its copy); a refused guess that shakes, says why and spends nothing, and
the extra copy's dot and message; nothing secret (the round's word, a rival's letters) in any
response or event the page receives before the round is over, then the reveal and the
organiser's Next; a phone-sized screen, French and English, and the colour-blind palette; a
Korean game played by clicking the jamo keys.

The round's word is learnt only by replaying the game's seed in the test process.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Response, expect

from arbitre.rules.kinds.duel.alphabet import display
from arbitre.rules.kinds.duel.marks import Mark, mark, public, text
from tests.web.browser import RECORD_BINDING, RECORD_EVENTS, Api, Watched
from tests.web.duel_pages import (
    create_duel,
    extra_copy_guess,
    guess,
    guesses,
    played_rows,
    secret_words,
    type_by_keys,
    wait_for_game,
)
from tests.web.pages import DESKTOP, PHONE, drawn_box, drawn_boxes, new_context, seated

#: Common English words a player might open with (those of the list are played first).
OPENERS = ("CRANE", "SLOTH", "PUDGY", "WHIMS", "BLOCK", "FIZZY", "GUMBO", "VIXEN")
#: A row of the summary to share: five squares.
SQUARES_ROW = re.compile(r"^[🟩🟨⬛🟧🟦]{5}$")


def _over(game: dict[str, Any]) -> bool:
    return bool(game["status"] == "over")


def _closed_rounds(body: str) -> int:
    """How many closed rounds a game read shows (0 for anything else)."""
    try:
        data = json.loads(body)
    except ValueError:
        return 0
    view = data.get("view") if isinstance(data, dict) else None
    return len(view.get("closed") or []) if isinstance(view, dict) else 0


@pytest.mark.slow
def test_create_in_the_page_and_play_a_game_with_robots(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    context = new_context(browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(base + "/")
        page.fill("#create-name", "Ann")
        expect(page.locator("#create-duel-language")).to_be_hidden()
        page.get_by_label("Duel de Mots").check()
        expect(page.locator("#create-variant")).to_be_hidden()
        expect(page.locator("#create-duel-language")).to_be_visible()
        expect(page.locator("#create-duel-language")).to_have_value("fr")  # the page's language
        expect(page.locator("#create-duel-clock")).to_have_value("120")
        expect(page.locator("#create-duel-rounds")).to_have_value("3")
        expect(page.locator("#create-duel-seats")).to_have_value("4")
        page.select_option("#create-duel-language", "en")
        page.select_option("#create-duel-clock", "90")
        page.select_option("#create-duel-rounds", "1")
        page.select_option("#create-duel-seats", "3")
        page.get_by_role("button", name="Créer la table").click()

        # The lobby: the invitation, the settings, robots added by the organiser.
        expect(page.locator("#duel-lobby")).to_be_visible()
        game_id = page.url.rstrip("/").rsplit("/", 1)[1]
        expect(page.locator("#duel-invite-link")).to_have_value(f"{base}/t/{game_id}")
        expect(page.locator("#duel-settings")).to_have_text("Anglais · 1 manche de 1:30")
        expect(page.locator("#duel-seat-count")).to_have_text("(1 / 3 places)")
        expect(page.locator("#duel-start")).to_be_disabled()
        # The home page lists it among the open tables.
        other = context.new_page()
        other.goto(base + "/")
        listed = other.locator(f"#open-tables-list li[data-game-id='{game_id}']")
        expect(listed).to_contain_text("Duel de Mots")
        expect(listed).to_contain_text("1 / 3 places")
        other.close()
        page.select_option("#duel-robot-level", "expert")
        page.get_by_role("button", name="Ajouter un robot").click()
        expect(page.locator("#duel-lobby-players li")).to_have_count(2)
        page.select_option("#duel-robot-level", "confirme")
        page.get_by_role("button", name="Ajouter un robot").click()
        expect(page.locator("#duel-lobby-players li")).to_have_count(3)
        expect(page.locator("#duel-lobby-players")).to_contain_text("Confirmé")
        expect(page.locator("#duel-add-robot")).to_be_disabled()
        page.get_by_role("button", name="Commencer la partie").click()

        # The round: typed on the physical keyboard, six words or the word found.
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 1")
        expect(page.locator("#duel-clock")).to_have_text(re.compile(r"^1:[0-3]\d$"))
        expect(page.locator("#duel-keyboard .duel-key[data-key='Q']")).to_be_visible()
        expect(page.locator("#duel-rivals .duel-rival")).to_have_count(2)
        expect(page.locator("#duel-note")).to_have_text("6 essais restants")
        for played, word in enumerate(guesses("en", prefer=OPENERS)[:6]):
            if page.locator("#duel-grid .duel-row.found").count() or _over(api.state(game_id)):
                break
            page.keyboard.type(word.lower())
            expect(page.locator("#duel-grid .duel-row.current")).to_have_attribute(
                "data-typed", word
            )
            page.keyboard.press("Enter")
            expect(played_rows(page)).to_have_count(played + 1)
            expect(played_rows(page).nth(played)).to_have_attribute("data-letters", word)
        page.screenshot(path=artifacts / "duel-desktop-round.png")

        # The robots play on; the round ends (everyone done, or the closing window), and
        # with it the game.
        wait_for_game(api, game_id, _over, timeout=150)
        expect(page.locator("#duel-over")).to_be_visible()
        record = api.call("GET", f"/v1/games/{game_id}/record")
        word = record["record"]["rounds"][0]["word"]
        expect(page.locator("#duel-last-rows .duel-word")).to_have_attribute("data-word", word)
        expect(page.locator("#duel-last-rows .duel-verified")).to_have_text("✓ engagement vérifié")
        expect(page.locator("#duel-standings tbody tr")).to_have_count(3)
        expect(page.locator("#duel-standings-title")).to_have_text("Classement final")
        expect(page.locator("#duel-standings tbody tr.me")).to_have_count(1)
        expect(page.locator("#duel-winner")).to_contain_text("gagne avec")
        expect(page.locator("#duel-seed")).to_contain_text("Graine : ")
        expect(page.locator("#duel-record")).to_have_attribute(
            "href", f"/v1/games/{game_id}/record"
        )

        # The summary to share: a line per row played, squares only, copied with a click.
        share = page.locator("#duel-share").inner_text()
        lines = share.splitlines()
        assert lines[0] == "Duel de Mots · Arbitre (Anglais)", share
        rows = page.locator("#duel-last-rows tr.me .duel-row").count()
        assert rows >= 1
        assert sum(1 for line in lines if SQUARES_ROW.match(line)) == rows, share
        assert word not in share
        assert any(line.startswith("Total : ") for line in lines), share
        page.get_by_role("button", name="Copier le résumé").click()
        expect(page.locator("#duel-copy-share")).to_have_text("Copié !")
        assert page.evaluate("navigator.clipboard.readText()") == share
        page.screenshot(path=artifacts / "duel-desktop-over.png", full_page=True)
        assert watched.errors() == []
    finally:
        context.close()


def test_a_refused_guess_shakes_says_why_and_spends_nothing_and_leaving_is_confirmed(
    browser: Browser, base: str, api: Api
) -> None:
    seed = 4242
    game_id, organiser, config = create_duel(api, seed, rounds=1, seats=2)
    ann = api.join(game_id, "Ann")
    api.join(game_id, "Bob")
    api.start(game_id, organiser)
    secret = secret_words(game_id, seed, config)[0]
    context = new_context(browser)
    try:
        watched = seated(context, base, game_id, ann, organiser)
        page = watched.page
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 1")
        current = page.locator("#duel-grid .duel-row.current")
        note = page.locator("#duel-note")

        # A word that is not in the list: the row shakes and stays outlined, the reason is
        # said, no row is spent and the letters stay to be corrected.
        page.keyboard.type("qqqqq")
        page.keyboard.press("Enter")
        expect(current).to_have_attribute("data-refused", "not_in_list")
        expect(current).to_have_class(re.compile(r"\bshake\b"))
        expect(current).to_have_class(re.compile(r"\brefused\b"))
        expect(note).to_have_text("Pas dans la liste des mots.")
        expect(note).to_have_attribute("role", "alert")
        expect(current).to_have_attribute("data-typed", "QQQQQ")
        expect(played_rows(page)).to_have_count(0)
        expect(current).not_to_have_class(re.compile(r"\bshake\b"))  # it shook once
        assert api.state(game_id, ann.token)["view"]["you"]["grid"]["tries_used"] == 0
        page.keyboard.press("Backspace")
        expect(current).not_to_have_class(re.compile(r"\brefused\b"))
        expect(note).to_have_text("6 essais restants")
        for _ in range(4):
            page.keyboard.press("Backspace")
        expect(current).to_have_attribute("data-typed", "")

        # Too short: said at once, without asking.
        page.keyboard.type("cat")
        page.keyboard.press("Enter")
        expect(current).to_have_attribute("data-refused", "wrong_length")
        expect(note).to_have_text("Il faut un mot de 5 lettres.")
        for _ in range(3):
            page.keyboard.press("Backspace")

        # A guess with a copy too many: a grey tile with the amber dot, and the message.
        word, letter = extra_copy_guess("en", secret)
        marks = mark(secret, word)
        coloured = (Mark.GREEN, Mark.AMBER)
        copies = sum(1 for c, m in zip(word, marks, strict=True) if c == letter and m in coloured)
        page.keyboard.type(word.lower())
        page.keyboard.press("Enter")
        expect(played_rows(page)).to_have_count(1)
        row = played_rows(page).first
        expect(row).to_have_attribute("data-marks", text(marks))
        expect(row.locator(".duel-tile.extra .duel-dot")).to_have_count(marks.count(Mark.EXTRA))
        expected = (
            f"Le mot ne contient qu'un seul {letter}"
            if copies == 1
            else f"Le mot ne contient {letter} que {copies} fois"
        )
        expect(note).to_contain_text(expected)
        # Each key wears its strongest hint (green, amber, grey); a grey key is still typeable.
        strength = {Mark.GREEN: 3, Mark.AMBER: 2, Mark.EXTRA: 1, Mark.GREY: 1}
        strongest: dict[str, Mark] = {}
        for typed, given in zip(word, marks, strict=True):
            if strength[given] > strength.get(strongest.get(typed, Mark.GREY), 0):
                strongest[typed] = given
            strongest.setdefault(typed, given)
        classes = {Mark.GREEN: "green", Mark.AMBER: "amber", Mark.EXTRA: "grey", Mark.GREY: "grey"}
        for typed, best in strongest.items():
            key = page.locator(f".duel-key[data-key='{typed}']")
            expect(key).to_have_class(re.compile(rf"\b{classes[best]}\b"))
            expect(key).to_be_enabled()

        # The same word again: already tried, nothing spent.
        page.keyboard.type(word.lower())
        page.keyboard.press("Enter")
        expect(current).to_have_attribute("data-refused", "already_tried")
        expect(note).to_have_text("Mot déjà essayé.")
        expect(played_rows(page)).to_have_count(1)
        assert api.state(game_id, ann.token)["view"]["you"]["grid"]["tries_used"] == 1

        # Leaving, once confirmed: the row played counts, the player watches from then on.
        leave = page.locator("#duel-leave")
        expect(leave).to_have_text("Quitter la partie")
        expect(page.locator("#duel-sound")).to_be_visible()
        page.once("dialog", lambda dialog: dialog.dismiss())  # "no": nothing happens
        leave.click()
        expect(leave).to_be_visible()
        assert api.state(game_id, ann.token)["view"]["you"]["seated"] is True
        page.once("dialog", lambda dialog: dialog.accept())
        leave.click()
        expect(page.locator("#duel-who")).to_have_text(
            "Vous avez quitté la partie : vous la regardez."
        )
        expect(leave).to_be_hidden()
        expect(page.locator("#duel-sound")).to_be_hidden()
        mine = api.state(game_id, ann.token)["view"]
        assert mine["you"]["seated"] is False
        assert watched.errors() == []
    finally:
        context.close()


def test_the_last_seconds_are_shown_to_a_player_still_guessing(
    browser: Browser, base: str, api: Api
) -> None:
    """In a round's last 10 seconds a player who may still guess sees how many are left (the
    page's clock is moved on; the server's round is still open)."""
    game_id, organiser, _ = create_duel(api, 77, rounds=1, seats=2, round_seconds=90)
    ann = api.join(game_id, "Ann")
    api.join(game_id, "Bob")
    api.start(game_id, organiser)
    context = new_context(browser)
    try:
        context.clock.install()
        watched = seated(context, base, game_id, ann)
        page = watched.page
        warning = page.locator("#duel-warning")
        expect(page.locator("#duel-grid .duel-row.current")).to_be_visible()
        expect(warning).to_be_hidden()
        page.clock.fast_forward(83_000)
        expect(warning).to_have_text(re.compile(r"^Plus que [1-7] s !$"))
        assert watched.errors() == []
    finally:
        context.close()


def test_nothing_secret_before_the_round_is_over(browser: Browser, base: str, api: Api) -> None:
    """Every response and server-sent event the page receives during a round is recorded: the
    round's word and the rivals' letters (a person's and a robot's) appear only once the round
    is over. Then the reveal, and the organiser's Next opens the second round (of three)."""
    seed = 777
    game_id, organiser, config = create_duel(api, seed, rounds=3, seats=3, reveal_seconds=0)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    robot = api.robot(game_id, organiser, "expert")
    secret = secret_words(game_id, seed, config)[0]
    mine = guesses("en", avoid=[secret], prefer=("CRANE", "SLOTH"))[:2]
    bobs = [w for w in guesses("en", avoid=[secret, *mine], prefer=("PLUMB", "WORDY"))][:2]
    context = new_context(browser)
    received: list[tuple[float, str, str]] = []  # (time, what, text)
    responses: list[tuple[float, Response]] = []
    try:
        context.expose_binding(
            RECORD_BINDING,
            lambda _source, kind, data: received.append((time.monotonic(), f"event {kind}", data)),
        )
        context.add_init_script(RECORD_EVENTS)
        watched = seated(context, base, game_id, ann, organiser)
        page = watched.page
        page.on("response", lambda response: responses.append((time.monotonic(), response)))
        expect(page.locator("#duel-lobby-players li")).to_have_count(3)
        page.get_by_role("button", name="Commencer la partie").click()
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 3")

        # Bob plays two words: his colours reach the page live, never his letters.
        for number, word in enumerate(bobs):
            result = guess(api, game_id, bob, word, 1)
            shown = text(public(mark(secret, word)))
            rival = page.locator(f"#duel-rivals .duel-rival[data-player='{bob.player_id}']")
            expect(rival.locator(".duel-mini-row.played")).to_have_count(number + 1)
            assert result["marks"].replace("x", ".") == shown
            expect(rival).to_have_attribute("data-rows", re.compile(re.escape(shown)))
            assert word not in rival.inner_text()
        for number, word in enumerate(mine):
            page.keyboard.type(word.lower())
            page.keyboard.press("Enter")
            expect(played_rows(page)).to_have_count(number + 1)

        # Bob finds the word: the closing window shows, and the round ends with it.
        guess(api, game_id, bob, secret, 1)
        expect(page.locator("#duel-closing")).to_be_visible()
        expect(page.locator("#duel-closing")).to_contain_text("Clôture : 0:")
        expect(page.locator("#duel-clock")).to_have_class(re.compile(r"\bclosing\b"))
        expect(page.locator("#duel-reveal")).to_be_visible(timeout=40_000)
        expect(page.locator("#duel-word")).to_have_attribute("data-word", secret)
        expect(page.locator("#duel-verified")).to_have_text("✓ engagement vérifié")
        expect(page.locator("#duel-reveal-rows tbody tr")).to_have_count(3)
        expect(
            page.locator(f"#duel-reveal-rows tr[data-player='{bob.player_id}']")
        ).to_contain_text(bobs[0])
        expect(page.locator("#duel-next-in")).to_have_text(
            "La manche suivante attend l'organisateur."
        )

        game = api.state(game_id)
        closed = game["view"]["closed"][0]
        robot_rows = next(p["rows"] for p in closed["players"] if p["player"] == robot)
        # The round is over for the page from the first event or read that says so (a read may
        # come back from the server just before the event does).
        over = min(at for at, what, _ in received if what == "event round_over")
        for at, response in responses:
            if "text/event-stream" in (response.headers.get("content-type") or ""):
                continue
            if "/v1/" not in response.url:
                continue  # the page's own files
            body = response.text()
            received.append((at, f"{response.request.method} {response.url}", body))
            if response.request.method == "GET" and _closed_rounds(body):
                over = min(over, at)
        secrets = {"the word": secret}
        for word in bobs:
            secrets[f"Bob's guess {word}"] = word
        for row in robot_rows:
            if row["letters"] not in mine:
                secrets[f"the robot's guess {row['letters']}"] = row["letters"]
        before = [(what, body) for at, what, body in received if at < over]
        after = [body for at, _, body in received if at >= over]
        assert len(before) > 5
        assert any(what.startswith("event rival_row") for what, _ in before)
        assert any(what.startswith("POST") and "/actions" in what for what, _ in before)
        for name, hidden in secrets.items():
            for what, body in before:
                assert hidden not in body, f"{name} ({hidden}) in {what} before the round's end"
        assert any(secret in body for body in after)  # the recording does see it afterwards
        assert any(bobs[0] in body for body in after)

        # The organiser opens the next round.
        page.get_by_role("button", name="Manche suivante").click()
        expect(page.locator("#duel-round")).to_have_text("Manche 2 / 3")
        expect(page.locator("#duel-reveal")).to_be_hidden()
        expect(played_rows(page)).to_have_count(0)
        expect(page.locator("#duel-note")).to_have_text("6 essais restants")
        assert watched.errors() == []
    finally:
        context.close()


def test_phone_layout_languages_and_palette(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    seed = 31
    game_id, organiser, config = create_duel(api, seed, rounds=1, seats=2)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    secret = secret_words(game_id, seed, config)[0]
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    desktop = new_context(browser)
    try:
        watched = seated(phone, base, game_id, ann)
        page = watched.page
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 1")
        word = guesses("en", avoid=[secret], prefer=("CRANE",))[0]
        type_by_keys(page, word)  # taps on the keys
        expect(played_rows(page)).to_have_count(1)
        # Everything of the play fits the phone's width; the keyboard shows without scrolling.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        grid = drawn_box(page.locator("#duel-grid"))
        keys = drawn_box(page.locator("#duel-keyboard"))
        assert grid is not None
        assert keys is not None
        assert grid["x"] >= 0
        assert grid["x"] + grid["width"] <= PHONE["width"]
        assert keys["x"] >= 0
        assert keys["x"] + keys["width"] <= PHONE["width"]
        assert keys["y"] > grid["y"] + grid["height"]  # the keyboard is below the grid
        assert keys["y"] + keys["height"] <= PHONE["height"], keys
        boxes = drawn_boxes(page, "#duel-keyboard .duel-key", 26 + 2)
        for box in boxes:
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
            assert box["width"] >= 24  # a finger can hit it
            assert box["height"] >= 40

        # A rival's row shows live, as colours.
        result = guess(api, game_id, bob, guesses("en", avoid=[secret, word])[0], 1)
        rival = page.locator(f"#duel-rivals .duel-rival[data-player='{bob.player_id}']")
        expect(rival.locator(".duel-mini-row.played")).to_have_count(1)
        expect(rival.locator(".duel-mini-row.played .duel-mini.grey")).to_have_count(
            result["marks"].count(".") + result["marks"].count("x")
        )
        page.screenshot(path=artifacts / "duel-phone-fr.png")

        # French and English: the interface changes, the game's terms stay French.
        page.locator("#language").click()
        expect(page.locator("#duel-enter")).to_have_text("Enter")
        expect(page.locator("#duel-note")).to_have_text("5 tries left")
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 1")
        expect(page.locator("#duel-rivals-card h2")).to_have_text("Opponents")
        page.screenshot(path=artifacts / "duel-phone-en.png")
        page.locator("#language").click()
        expect(page.locator("#duel-enter")).to_have_text("Entrée")
        expect(page.locator("#duel-note")).to_have_text("5 essais restants")

        # The colour-blind palette: shapes besides colours, remembered.
        palette = page.locator("#duel-palette")
        expect(palette).to_have_attribute("aria-pressed", "false")
        palette.click()
        expect(page.locator("#duel")).to_have_class(re.compile(r"\bcontrast\b"))
        expect(palette).to_have_attribute("aria-pressed", "true")
        page.reload()
        expect(page.locator("#duel")).to_have_class(re.compile(r"\bcontrast\b"))
        expect(played_rows(page)).to_have_count(1)  # the rows come back from the server
        green = page.locator("#duel-grid .duel-tile.green").first
        if green.count():
            style = green.evaluate("tile => getComputedStyle(tile, '::before').content")
            assert style not in ("none", "normal"), style  # the corner mark
        page.screenshot(path=artifacts / "duel-phone-contrast.png")
        palette.click()
        expect(page.locator("#duel")).not_to_have_class(re.compile(r"\bcontrast\b"))
        assert watched.errors() == []

        # On a desktop: the grid on the left, the panels on the right.
        big = seated(desktop, base, game_id, ann)
        expect(played_rows(big.page)).to_have_count(1)
        left = drawn_box(big.page.locator("#duel-grid"))
        panels = drawn_box(big.page.locator(".duel-panels"))
        assert left is not None
        assert panels is not None
        assert left["x"] + left["width"] <= panels["x"]
        keyboard = drawn_box(big.page.locator("#duel-keyboard"))
        assert keyboard is not None
        assert keyboard["y"] + keyboard["height"] <= DESKTOP["height"]
        big.page.screenshot(path=artifacts / "duel-desktop-round-2.png")
        assert big.errors() == []
    finally:
        phone.close()
        desktop.close()


def test_korean_played_by_clicking_the_jamo_keys(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    seed = 5
    game_id, organiser, config = create_duel(api, seed, language="ko", rounds=1, seats=2)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    api.start(game_id, organiser)
    secret = secret_words(game_id, seed, config)[0]
    context = new_context(browser, locale="en-GB")
    try:
        watched = seated(context, base, game_id, ann)
        page = watched.page
        expect(page.locator("#duel-round")).to_have_text("Manche 1 / 1")
        expect(page.locator("#duel-keyboard .duel-key[data-key]")).to_have_count(26)
        expect(page.locator("#duel-keyboard .duel-key[data-key='ㅂ']")).to_be_visible()
        first = guesses("ko", avoid=[secret])[0]
        type_by_keys(page, first)
        expect(played_rows(page)).to_have_count(1)
        expect(played_rows(page).first).to_have_attribute("data-letters", first)
        if display(first, "ko") != first:
            expect(played_rows(page).first.locator(".duel-syllables")).to_have_text(
                display(first, "ko")
            )
        type_by_keys(page, secret)
        expect(played_rows(page)).to_have_count(2)
        expect(page.locator("#duel-grid .duel-row.found")).to_have_count(1)
        expect(page.locator("#duel-note")).to_contain_text("Found in 2 tries: 65 pts!")
        expect(page.locator("#duel-keyboard .duel-key").first).to_be_disabled()
        page.screenshot(path=artifacts / "duel-korean.png")

        # Bob finds it too, later: everyone is done, the round and the game end at once.
        guess(api, game_id, bob, first, 1)
        guess(api, game_id, bob, secret, 1)
        expect(page.locator("#duel-over")).to_be_visible(timeout=20_000)
        expect(page.locator("#duel-last-rows .duel-word")).to_have_attribute("data-word", secret)
        expect(page.locator("#duel-last-rows .duel-word .duel-syllables")).to_have_text(
            display(secret, "ko")
        )
        expect(page.locator("#duel-standings tbody tr").first).to_contain_text("Ann")
        share = page.locator("#duel-share").inner_text()
        assert "Manche 1: 2/6 · 65 pts" in share, share
        assert secret not in share
        game = wait_for_game(api, game_id, _over)
        assert game["view"]["standings"][0]["player"] == ann.player_id
        assert watched.errors() == []
    finally:
        context.close()
