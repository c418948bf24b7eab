"""dupliKta in the browser: the page module ``web/kinds/duplikta/`` served by the gateway in
front of the services and a real Redis, driven in Debian's headless chromium.

A table created on the home page's form and joined by its link; two people in two browsers
play a game to its end: at the loupe one redraws a token and exchanges another (the rack and
the Chances change), places her move by dragging tokens, the other types a placement the rules
refuse, then a move whose word is not in the lexicon; the close shows both moves, the refusal,
the points and who stays by which criterion; Ready deals the next turn, a pass is confirmed,
the other's typed move stays; three turns without a move end the game (the seed checked
against the commitment), while everything both pages receive is recorded: neither the
opponent's move nor their copy of the rack reaches a page before the close, nor the seed
before the end. A phone in French and English: the board fits the width, the rack is in sight,
a blank from the loupe is designated when it is dropped.

The moves are worked out in the test process (the engine and the lexicon); the page never
asks for them.
"""

from __future__ import annotations

import re
import time
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from arbitre.cli.duplikta_command import scenario_package
from arbitre.engine.lexicon import Lexicon, load_lexicon
from arbitre.engine.movegen import MoveGenerator
from arbitre.rules import Board
from arbitre.rules.kinds.duplikta.scenario import scenario_seed
from arbitre.services.session.seam import away
from tests.web.browser import Api, Watched
from tests.web.duplikta_pages import (
    Recorder,
    cell,
    create_duplikta,
    drag_move,
    nonsense,
    own_view,
    shows,
    type_move,
    wait_for_view,
)
from tests.web.pages import PHONE, drawn_box, drawn_boxes, new_context, new_letters, seated

#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 731_406_228_915_043


@cache
def _lexicon() -> Lexicon:
    return load_lexicon("fr")


def _moves(view: dict[str, Any]) -> list[str]:
    """The legal moves of the player's own copy of the rack that put no blank on the board,
    best first (the local engine, as the server judges them). Every move is asked for: with a
    blank in the rack, the best 40 can all place it (the home form's random seed dealt such a
    rack once, and the list came back empty)."""
    board = view["board"]
    found = MoveGenerator(_lexicon()).prepare(Board.from_rows(board)).moves(view["you"]["rack"])
    return [move.notation for move in found if new_letters(board, move.notation).isupper()]


def _closed(turn: int) -> Any:
    return lambda view: view["turn"] == turn and view["stage"] in ("between", "over")


def _dealt(turn: int) -> Any:
    return lambda view: view["turn"] == turn and view["stage"] == "playing"


def _rack_on(page: Page) -> str:
    """The tokens of the rack the page draws."""
    labels: list[str] = page.eval_on_selector_all(
        "#dk-rack .rack-tile", "tiles => tiles.map(t => t.getAttribute('aria-label'))"
    )
    return "".join("?" if label == "joker" else label for label in labels)


def _check_nothing_leaked(
    recorded: list[tuple[str, dict[str, Any], str]], secrets: dict[int, set[str]], seed: int
) -> int:
    """No secret of an open turn (the opponent's move, their copy of the rack) in anything a
    page received while that turn was open, and no seed before the end; how many texts were
    checked against a secret."""
    open_turn = 0
    checked = 0
    events = 0
    for what, data, text in recorded:
        if what.startswith("event "):
            events += 1
            kind = what.split(" ", 1)[1]
            view = data.get("view") or {}
            if kind == "turn_dealt":
                open_turn = data["turn"]
                assert "rack" not in data, text  # each player's rack is their own view's
            elif kind == "turn_closed":
                open_turn = 0
            elif kind == "state":
                open_turn = view.get("turn", 0) if view.get("stage") == "playing" else 0
            turn = open_turn
            over = kind == "game_over" or view.get("stage") == "over"
        else:
            assert "/v1/solve" not in what, what
            assert "/record" not in what or data["record"]["over"], what
            view = data.get("view") or (data.get("game") or {}).get("view") or {}
            over = view.get("stage") == "over" or "record" in data
            turn = view.get("turn", 0) if view.get("stage") == "playing" else 0
            turn = turn or (data.get("result") or {}).get("turn", 0)
        if not over:
            assert str(seed) not in text, (what, text)
        for secret in secrets.get(turn, set()):
            assert not shows(text, secret), (what, secret, text)
            checked += 1
    assert events > 10, events
    assert any(str(seed) in text for _, _, text in recorded)  # the end does bring it
    return checked


def test_a_table_is_created_on_the_home_form_and_joined_by_its_link(
    browser: Browser, base: str, api: Api
) -> None:
    contexts = [new_context(browser), new_context(browser)]
    try:
        ann_page = Watched.on(contexts[0].new_page())
        page = ann_page.page
        page.goto(base + "/?kind=duplikta")
        page.fill("#create-name", "Ann")
        expect(page.locator("#create-dk")).to_be_visible()
        expect(page.locator("#create-variant")).to_be_hidden()
        expect(page.locator("#create-dk-chances")).to_have_value("5")
        page.select_option("#create-dk-chances", "2")
        page.fill("#create-dk-seconds", "90")
        page.select_option("#create-dk-handicap-0", "3")
        page.locator("#create-dk-same").uncheck()
        expect(page.locator("#create-dk-pauses")).to_have_value("3")
        expect(page.locator("#create-dk-pause-seconds")).to_have_value("300")
        page.select_option("#create-dk-pauses", "2")
        page.fill("#create-dk-pause-seconds", "120")
        page.get_by_role("button", name="Créer la table").click()
        expect(page.locator("#dk-lobby")).to_be_visible()
        expect(page.locator("#dk-settings")).to_have_text(
            "2 Chances · chrono 90 s · Français, 102 jetons · handicaps 3 et 0"
        )
        expect(page.locator("#dk-robot-form")).to_be_visible()  # Tourlou may sit instead
        game_id = page.url.rstrip("/").rsplit("/", 1)[1]
        config = api.state(game_id)["view"]["config"]
        assert config == {
            "tiles": "fr",
            "tile_set": None,
            "same_racks": False,
            "clock": 90,
            "chances": 2,
            "handicaps": [3, 0],
            "pauses": 2,
            "pause_seconds": 120,
            "scenario": None,
        }

        # Bob finds the table among the open ones, and joins by its link.
        bob_page = Watched.on(contexts[1].new_page())
        bobs = bob_page.page
        bobs.goto(base + "/")
        listed = bobs.locator(f"#open-tables-list li[data-game-id='{game_id}']")
        expect(listed).to_contain_text("dupliKta")
        expect(listed).to_contain_text("1 / 2 places")
        listed.get_by_role("link", name="Rejoindre").click()
        bobs.fill("#join-name", "Bob")
        bobs.get_by_role("button", name="S'asseoir").click()
        expect(bobs.locator("#dk-lobby")).to_be_visible()
        expect(bobs.locator("#dk-wait-organiser")).to_be_visible()
        expect(page.locator("#dk-lobby-players li")).to_have_count(2)
        page.get_by_role("button", name="Commencer la partie").click()
        for shown in (page, bobs):
            expect(shown.locator("#dk-turn")).to_have_text("Tour 1")
            expect(shown.locator("#dk-rack .rack-tile")).to_have_count(7)
            expect(shown.locator("#dk-clock")).to_have_text(re.compile(r"^1:[0-3]\d$"))
        # The same rack for both; Ann, the weaker by her handicap (3 to 0), holds 3 Chances
        # more than the option.
        assert _rack_on(page) == _rack_on(bobs)
        expect(page.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 5")
        expect(bobs.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 2")
        assert ann_page.errors() == []
        assert bob_page.errors() == []
    finally:
        for context in contexts:
            context.close()


def test_two_people_play_a_game_and_nothing_secret_reaches_them_early(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = create_duplikta(api, SEED, clock=300, chances=3)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    contexts = [new_context(browser), new_context(browser)]
    recorders = [Recorder(context) for context in contexts]
    #: what the other must not see while the turn is open: {viewer: {turn: secrets}}
    secrets: dict[str, dict[int, set[str]]] = {"Ann": {}, "Bob": {}}
    try:
        ann_page = seated(contexts[0], base, game_id, ann, organiser)
        bob_page = seated(contexts[1], base, game_id, bob)
        page, bobs = ann_page.page, bob_page.page
        expect(page.locator("#dk-lobby")).to_be_visible()
        expect(page.locator("#dk-settings")).to_have_text(
            "3 Chances · chrono 300 s · deux jeux pareils · Français, 102 jetons"
        )
        page.get_by_role("button", name="Commencer la partie").click()
        expect(page.locator("#dk-turn")).to_have_text("Tour 1")
        expect(bobs.locator("#dk-turn")).to_have_text("Tour 1")
        dealt = own_view(api, game_id, ann)
        rack = dealt["rack"]
        expect(page.locator("#dk-tirage")).to_have_text(f"Tirage : {rack}")
        expect(page.locator("#dk-box")).to_have_text(f"Boîte : {dealt['box_count']} jetons")
        expect(page.locator("#dk-box-letters")).to_have_attribute(
            "data-count", str(len(dealt["you"]["box"]))
        )

        # Ann at the loupe: a token put back and another drawn (½), then one exchanged for
        # an E (1): her rack and her Chances change, Bob's do not.
        expect(page.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 3")
        expect(page.locator("#dk-redraw")).to_be_disabled()  # no token chosen yet
        page.locator("#dk-loupe-rack .dk-token").first.click()
        page.locator("#dk-redraw").click()
        expect(page.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 2½")
        expect(page.locator("#dk-exchanges li")).to_have_count(1)
        expect(page.locator("#dk-note")).to_contain_text("Loupe : ")
        given = next(token for token in own_view(api, game_id, ann)["you"]["rack"] if token != "E")
        page.locator(f"#dk-loupe-rack .dk-token[data-token='{given}']").first.click()
        page.select_option("#dk-want", "E")
        page.locator("#dk-exchange").click()
        expect(page.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 1½")
        expect(page.locator("#dk-exchanges li")).to_have_count(2)
        expect(page.locator("#dk-exchanges li").nth(1)).to_contain_text(
            f"{given} échangé contre E (1 Ch.)"
        )
        mine = own_view(api, game_id, ann)
        copy = mine["you"]["rack"]
        assert copy != rack
        expect(page.locator("#dk-rack .rack-tile")).to_have_count(7)
        assert sorted(_rack_on(page)) == sorted(copy)
        assert _rack_on(bobs) == rack
        expect(bobs.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 3")
        # Bob sees Ann's Chances as of the last close: her spending is hers until then.
        expect(bobs.locator(f"#dk-scores li[data-player='{ann.player_id}'] .dk-ch")).to_have_text(
            "3 Ch."
        )
        secrets["Bob"].setdefault(1, set()).add(copy)

        # Ann drags her best move onto the board and confirms it.
        move = _moves(mine)[0]
        secrets["Bob"][1].add(move)
        drag_move(page, mine["board"], move)
        page.locator("#dk-confirm").click()
        expect(page.locator("#dk-mine")).to_contain_text(f"Vous avez confirmé {move}")
        expect(page.locator("#dk-mine")).to_contain_text("En attente de Bob.")
        expect(page.locator("#dk-confirm")).to_be_hidden()
        ann_line = bobs.locator(f"#dk-scores li[data-player='{ann.player_id}']")
        expect(ann_line).to_have_attribute("data-state", "confirmed")
        expect(ann_line).to_contain_text("a confirmé")
        for r, c, _letter in _squares(move):
            if dealt["board"][r][c] == ".":
                expect(cell(bobs, r, c).locator(".tile")).to_have_count(0)  # not her move

        # Bob types a placement the rules refuse (off the centre), then a pair of his tokens
        # that is no word: taken, and refused only at the close.
        type_move(bobs, f"A1 {rack[:2]}")
        bobs.locator("#dk-confirm").click()
        note = bobs.locator("#dk-note")
        expect(note).to_have_attribute("data-code", "illegal_move")
        expect(note).to_have_text("Le premier mot doit couvrir l'étoile du centre.")
        expect(note).to_have_attribute("role", "alert")
        wrong = nonsense(rack)
        secrets["Ann"].setdefault(1, set()).add(wrong)
        type_move(bobs, wrong)
        expect(bobs.locator("#dk-pose")).to_have_text(wrong)
        bobs.locator("#dk-confirm").click()

        # The close; Ready on both pages at once (the next turn comes by itself 5 s after the
        # close): it is dealt.
        closed = wait_for_view(api, game_id, _closed(1))
        pressed = _ready(page) and _ready(bobs)
        expect(page.locator("#dk-turn")).to_have_text("Tour 2")
        expect(bobs.locator("#dk-turn")).to_have_text("Tour 2")
        if pressed:  # both were ready before the 5 s were up: dealt then
            assert own_view(api, game_id, ann)["clock"]["dealt_ms"] < closed["next_ms"]

        # The closed turn's line stays in sight: both moves, the refusal, the points, who
        # stays and why, the reliquat.
        for shown in (page, bobs):
            expect(shown.locator("#dk-closed")).to_have_attribute("data-turn", "1")
            expect(shown.locator("#dk-closed-title")).to_have_text("Tour 1 terminé")
            installed = shown.locator("#dk-closed-installed")
            expect(installed).to_have_attribute("data-installed", ann.player_id)
            expect(installed).to_have_attribute("data-criterion", "tiles")
            expect(installed).to_have_text(f"Ann installe son mot {move} (plus de jetons posés).")
            bob_row = shown.locator(f"#dk-closed-line li[data-player='{bob.player_id}']")
            expect(bob_row).to_have_attribute("data-accepted", "false")
            expect(bob_row).to_contain_text(wrong)
            expect(bob_row).to_contain_text(f"mots inconnus : {wrong.split(' ')[1]}")
            ann_row = shown.locator(f"#dk-closed-line li[data-player='{ann.player_id}']")
            expect(ann_row).to_have_attribute("data-accepted", "true")
            expect(ann_row).to_contain_text("jetons +")
            expect(ann_row).to_contain_text(f"{given} échangé contre E")
            expect(shown.locator("#dk-sheet tr[data-turn='1']")).to_have_attribute(
                "data-installed", ann.player_id
            )
        line = api.state(game_id)["view"]["sheet"][0]
        for player, side in line["players"].items():
            expect(page.locator(f"#dk-closed-line li[data-player='{player}']")).to_have_attribute(
                "data-points", str(side["points"])
            )
        expect(bobs.locator("#dk-closed-reliquat")).to_have_attribute(
            "data-reliquat", line["reliquat"]
        )
        for r, c, letter in _squares(move):
            expect(cell(bobs, r, c).locator(".tile .letter")).to_have_text(letter)
        page.screenshot(path=artifacts / "duplikta-turn-2.png", full_page=True)

        # Turn 2: Ann confirms with nothing placed (a pass, once she says so); Bob types his
        # best move, which stays.
        page.locator("#dk-confirm").click()
        expect(page.locator("#dk-pass")).to_be_visible()
        expect(page.locator("#dk-pass")).to_contain_text("confirmer, c'est passer le tour")
        page.locator("#dk-pass-no").click()
        expect(page.locator("#dk-pass")).to_be_hidden()
        page.locator("#dk-confirm").click()
        page.get_by_role("button", name="Passer le tour").click()
        expect(page.locator("#dk-mine")).to_contain_text("Vous passez ce tour.")
        expect(bobs.locator(f"#dk-scores li[data-player='{ann.player_id}']")).to_have_attribute(
            "data-state", "confirmed"
        )
        bob_view = own_view(api, game_id, bob)
        best = _moves(bob_view)[0]
        secrets["Ann"].setdefault(2, set()).add(best)
        # Bob's page has drawn turn 2 for play (a confirm before it is dropped, as it should)
        expect(bobs.locator("#dk-mine")).to_have_text("À vous : posez un mot, puis Confirmer.")
        type_move(bobs, best)
        expect(bobs.locator("#dk-pose")).to_have_text(best)
        # Enter on the board confirms (pressed on it: a live update may have moved the focus)
        bobs.locator("#dk-board").press("Enter")
        expect(bobs.locator("#dk-mine")).to_contain_text(f"Vous avez confirmé {best}")
        wait_for_view(api, game_id, _closed(2))
        installed = page.locator("#dk-closed-installed")
        expect(installed).to_have_attribute("data-installed", bob.player_id)
        ann_row = page.locator(f"#dk-closed-line li[data-player='{ann.player_id}']")
        expect(ann_row).to_contain_text("passe")
        expect(page.locator("#dk-sheet tbody tr")).to_have_count(2)
        board = api.state(game_id)["view"]["board"]
        for r, c, letter in _squares(best):
            expect(cell(page, r, c).locator(".tile .letter")).to_have_text(letter.upper())
            assert board[r][c].upper() == letter.upper()

        # Turns 3 to 5: both pass (through the API): three turns without a move end it.
        for turn in (3, 4, 5):
            for seat in (ann, bob):
                api.call("POST", f"/v1/games/{game_id}/turns/{turn - 1}/next", {}, seat.token)
            wait_for_view(api, game_id, _dealt(turn))
            for seat in (ann, bob):
                body = {"action": {"turn": turn, "confirm": None}}
                api.call("POST", f"/v1/games/{game_id}/actions", body, seat.token)
            wait_for_view(api, game_id, _closed(turn))
        over = api.state(game_id)["view"]
        assert (over["stage"], over["end"]) == ("over", "stalled")
        for shown in (page, bobs):
            expect(shown.locator("#dk-over")).to_be_visible()
            expect(shown.locator("#dk-end")).to_have_text("Trois tours de suite sans mot installé.")
            first = over["standings"][0]
            expect(shown.locator("#dk-winner")).to_have_attribute("data-winner", first["player"])
            expect(shown.locator("#dk-seed")).to_have_text(f"Graine : {SEED}")
            expect(shown.locator("#dk-verified")).to_have_text("✓ engagement vérifié")
            expect(shown.locator("#dk-sheet tbody tr")).to_have_count(5)
            for standing in over["standings"]:
                row = shown.locator(f"#dk-standings tr[data-player='{standing['player']}']")
                expect(row).to_have_attribute("data-total", str(standing["total"]))
        page.screenshot(path=artifacts / "duplikta-over.png", full_page=True)

        checked = 0
        for recorder, viewer in zip(recorders, ("Ann", "Bob"), strict=True):
            checked += _check_nothing_leaked(recorder.items(), secrets[viewer], SEED)
        assert checked > 20, checked
        assert ann_page.errors() == []
        assert bob_page.errors() == []
    finally:
        for context in contexts:
            context.close()


def test_a_person_plays_against_tourlou_chosen_on_the_home_form(
    browser: Browser, base: str, api: Api
) -> None:
    """Ann chooses Tourlou (confirmé) on the home form, the clock off: Tourlou sits and the game
    starts at once; Ann types her best move, Tourlou confirms its own a few seconds after the
    deal and the close shows both; after Ready, Ann passes and Tourlou's move stays."""
    context = new_context(browser)
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(base + "/?kind=duplikta")
        page.fill("#create-name", "Ann")
        expect(page.locator("#create-dk-opponent option")).to_have_text(
            [
                "Une personne (par le lien de la table)",
                "Tourlou, le robot (Débutant)",
                "Tourlou, le robot (Confirmé)",
                "Tourlou, le robot (Expert)",
                "Un scénario contre Tourlou",
            ]
        )
        page.select_option("#create-dk-opponent", "confirme")
        page.locator("#create-dk-clock").uncheck()
        page.get_by_role("button", name="Créer la table").click()
        expect(page.locator("#dk-turn")).to_have_text("Tour 1")  # seated and started at once
        game_id = page.url.rstrip("/").rsplit("/", 1)[1]
        state = api.state(game_id)
        players = {p["name"]: p for p in state["players"]}
        assert set(players) == {"Ann", "Tourlou"}
        assert players["Tourlou"]["robot"] == "confirme"
        assert not players["Ann"]["robot"]
        tourlou = players["Tourlou"]["id"]
        seat = page.evaluate(f"JSON.parse(localStorage.getItem('arbitre.table.{game_id}'))")
        mine = api.state(game_id, seat["playerToken"])["view"]
        move = _moves(mine)[0]
        type_move(page, move)
        page.locator("#dk-confirm").click()
        expect(page.locator("#dk-mine")).to_contain_text(f"Vous avez confirmé {move}")
        closed = wait_for_view(api, game_id, _closed(1), timeout=20)
        robot_side = closed["sheet"][0]["players"][tourlou]
        row = page.locator(f"#dk-closed-line li[data-player='{tourlou}']")
        expect(row).to_contain_text("Tourlou")
        if robot_side["move"] is not None:
            assert robot_side["accepted"]
            assert not robot_side["reversed_words"]
            expect(row).to_have_attribute("data-accepted", "true")
            expect(row).to_contain_text(robot_side["move"])
        assert not robot_side["exchanges"]
        # The computer's best move and each player's points against it, in the close's line
        # and the score sheet.
        line = closed["sheet"][0]
        best = page.locator("#dk-closed-best")
        expect(best).to_have_attribute("data-move", line["best"]["move"])
        move, score = line["best"]["move"], line["best"]["score"]
        expect(best).to_have_text(f"Meilleur coup de l'ordinateur : {move}, {score} points")
        for player, side in line["players"].items():
            assert side["against_best"] == side["score"] - line["best"]["score"] <= 0
            shown = page.locator(f"#dk-closed-line li[data-player='{player}'] .dk-against")
            expect(shown).to_have_attribute("data-against", str(side["against_best"]))
        sheet_best = page.locator("#dk-sheet tr[data-turn='1'] .dk-best-move")
        expect(sheet_best).to_have_attribute("data-move", line["best"]["move"])

        page.locator("#dk-next").click()  # the only person ready: dealt at once
        expect(page.locator("#dk-turn")).to_have_text("Tour 2")
        page.locator("#dk-confirm").click()
        page.get_by_role("button", name="Passer le tour").click()
        expect(page.locator("#dk-mine")).to_contain_text("Vous passez ce tour.")
        second = wait_for_view(api, game_id, _closed(2), timeout=20)
        line = second["sheet"][1]
        robot_side = line["players"][tourlou]
        if robot_side["move"] is not None:
            assert line["installed"] == tourlou
            expect(page.locator("#dk-closed-installed")).to_have_attribute(
                "data-installed", tourlou
            )
        expect(page.locator("#dk-sheet tbody tr")).to_have_count(2)
        negatif = second["standings"]
        for standing in negatif:
            row = page.locator(f"#dk-standings tr[data-player='{standing['player']}']")
            total = standing["details"]["against_best"]
            assert total == sum(
                turn["players"][standing["player"]]["against_best"] for turn in second["sheet"]
            )
            expect(row).to_contain_text(f"négatif {'−' + str(-total) if total else '0'}")
        assert watched.errors() == []
    finally:
        context.close()


def _closed_turns(data: dict[str, Any], what: str) -> int:
    """How many turns a received item says are closed (0 when it says nothing of it)."""
    if what == "event turn_closed":
        return int(data["turn"])
    view = data.get("view") or (data.get("game") or {}).get("view") or {}
    return len([line for line in view.get("sheet") or [] if line.get("turn") is not None])


def test_a_scenario_chosen_on_the_home_form_is_played_against_tourlou(
    browser: Browser, base: str, api: Api
) -> None:
    """Ann chooses scenario 41 at level 2 on the home form (the clock off): the server deals
    it, Tourlou sits and the game starts at once, the status shows the scenario; her rack is
    the scenario's (the one ``arbitre duplikta deal --number 41 --level 2`` prints with the
    form's options), her better move is scored but Tourlou's stays, by the criterion
    ``scenario``; after Ready she passes and Tourlou's next word stays. Everything the page
    receives is recorded: none of Tourlou's moves of a turn not closed yet reaches it."""
    number, level = 41, 2
    options = {
        "chances": 5,
        "clock": 0,
        "same_racks": True,
        "tiles": "fr",
        "handicaps": [0, 0],
        "pauses": 3,
        "pause_seconds": 300,
    }
    record = scenario_package(number, level, scenario_seed(number), options)["record"]
    tourlous = [turn["move"] for turn in record["turns"]]
    context = new_context(browser)
    recorder = Recorder(context)
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        page.goto(base + "/?kind=duplikta")
        page.fill("#create-name", "Ann")
        expect(page.locator("#create-dk-scenario")).to_be_hidden()
        page.select_option("#create-dk-opponent", "scenario")
        expect(page.locator("#create-dk-scenario")).to_be_visible()
        expect(page.locator("#create-dk-scenario-level option")).to_have_count(6)
        expect(page.locator("#create-dk-scenario-level option").first).to_have_text(
            "Niveau 1 (le plus facile)"
        )
        page.fill("#create-dk-scenario-number", str(number))
        page.select_option("#create-dk-scenario-level", str(level))
        page.locator("#create-dk-clock").uncheck()
        page.get_by_role("button", name="Créer la table").click()
        expect(page.locator("#dk-turn")).to_have_text("Tour 1", timeout=30_000)
        scenario = page.locator("#dk-scenario")
        expect(scenario).to_have_text(f"Scénario {number}, niveau {level}")
        expect(scenario).to_have_attribute("data-number", str(number))
        expect(scenario).to_have_attribute("data-level", str(level))
        game_id = page.url.rstrip("/").rsplit("/", 1)[1]
        state = api.state(game_id)
        players = {p["name"]: p for p in state["players"]}
        assert set(players) == {"Ann", "Tourlou"}
        tourlou = players["Tourlou"]["id"]
        assert state["view"]["config"]["scenario"] == {
            "number": number,
            "level": level,
            "moves": [],
        }
        seats = {line["player"]: line["seat"] for line in state["view"]["players"]}
        assert seats == {players["Ann"]["id"]: 0, tourlou: 1}
        seat = page.evaluate(f"JSON.parse(localStorage.getItem('arbitre.table.{game_id}'))")
        mine = api.state(game_id, seat["playerToken"])["view"]
        assert mine["you"]["rack"] == record["turns"][0]["rack"]
        assert _rack_on(page) == record["turns"][0]["rack"]
        move = next(found for found in _moves(mine) if found not in tourlous)
        type_move(page, move)
        page.locator("#dk-confirm").click()
        expect(page.locator("#dk-mine")).to_contain_text(f"Vous avez confirmé {move}")
        closed = wait_for_view(api, game_id, _closed(1), timeout=20)
        line = closed["sheet"][0]
        assert line["players"][tourlou]["move"] == tourlous[0]
        assert (line["installed"], line["criterion"]) == (tourlou, "scenario")
        expect(page.locator("#dk-closed-installed")).to_have_attribute("data-installed", tourlou)
        row = page.locator(f"#dk-closed-line li[data-player='{tourlou}']")
        expect(row).to_contain_text(tourlous[0])

        page.locator("#dk-next").click()  # the only person ready: dealt at once
        expect(page.locator("#dk-turn")).to_have_text("Tour 2")
        assert _rack_on(page) == record["turns"][1]["rack"]
        page.locator("#dk-confirm").click()
        page.get_by_role("button", name="Passer le tour").click()
        second = wait_for_view(api, game_id, _closed(2), timeout=20)
        assert second["sheet"][1]["players"][tourlou]["move"] == tourlous[1]
        expect(page.locator("#dk-sheet tbody tr")).to_have_count(2)
        expect(scenario).to_have_text(f"Scénario {number}, niveau {level}")
        assert second["stage"] != "over"

        closed_turns = 0
        checked = 0
        for what, data, text in recorder.items():
            closed_turns = max(closed_turns, _closed_turns(data, what))
            for future in tourlous[closed_turns:]:
                if future is not None:
                    assert not shows(text, future), (what, future, text)
                    checked += 1
        assert closed_turns == 2
        assert checked > 100, checked
        assert watched.errors() == []
    finally:
        context.close()


def _ready(page: Page) -> bool:
    """Press Ready; False when the next turn came by itself first (5 s after the close: a
    loaded machine may take that long to get there)."""
    try:
        page.locator("#dk-next").click(timeout=5000)
    except PlaywrightTimeoutError:
        return False
    return True


def _squares(move: str) -> list[tuple[int, int, str]]:
    """Each square of a move's word: row, column (0-based), letter."""
    place, word = move.split(" ")
    across = place[0].isalpha()
    r = ord(place[0] if across else place[-1]) - 65
    c = int(place[1:] if across else place[:-1]) - 1
    return [(r, c + i, letter) if across else (r + i, c, letter) for i, letter in enumerate(word)]


def test_a_phone_plays_in_french_and_english(
    browser: Browser, base: str, api: Api, artifacts: Path
) -> None:
    game_id, organiser = create_duplikta(api, 11, clock=300)
    ann = api.join(game_id, "Ann")
    api.join(game_id, "Bob")
    api.start(game_id, organiser)
    phone = new_context(browser, viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        watched = seated(phone, base, game_id, ann)
        page = watched.page
        expect(page.locator("#dk-rack .rack-tile")).to_have_count(7)
        expect(page.locator("#dk-hint")).to_contain_text("touchez une case")

        # Everything of the play fits the phone's width; the board and the rack show without
        # scrolling; the squares are drawn inside the screen.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        board = drawn_box(page.locator("#dk-board"))
        rack = drawn_box(page.locator("#dk-rack"))
        assert board["x"] >= 0
        assert board["x"] + board["width"] <= PHONE["width"]
        assert board["width"] >= PHONE["width"] - 30
        assert rack["y"] >= board["y"] + board["height"]
        assert rack["y"] + rack["height"] <= PHONE["height"]
        for box in drawn_boxes(page, "#dk-board .cell", 225):
            assert box["x"] >= 0
            assert box["x"] + box["width"] <= PHONE["width"]
        for box in drawn_boxes(page, "#dk-rack .rack-tile", 7):
            assert box["y"] + box["height"] <= PHONE["height"]
            assert box["width"] >= 36
        page.screenshot(path=artifacts / "duplikta-phone-fr.png")

        # A blank from the loupe, dropped on the board, asks for its letter.
        blanks = own_view(api, game_id, ann)["you"]["rack"].count("?")
        page.locator("#dk-loupe-rack .dk-token:not([data-token='?'])").first.click()
        page.select_option("#dk-want", "?")
        page.locator("#dk-exchange").click()
        expect(page.locator("#dk-loupe-chances")).to_have_text("Vos Chances : 4")
        jokers = page.locator("#dk-rack .rack-tile[aria-label='joker']")
        expect(jokers).to_have_count(blanks + 1)
        blank = jokers.first
        centre = cell(page, 7, 7)
        page.locator("#dk-board").scroll_into_view_if_needed()
        start = drawn_box(blank)
        end = drawn_box(centre)
        page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
        page.mouse.down()
        page.mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=6)
        page.mouse.up()
        expect(page.locator("#blank-dialog")).to_be_visible()
        page.locator("#blank-letters .letter-choice", has_text="S").click()
        expect(centre.locator(".tile.blank .letter")).to_have_text("S")
        expect(page.locator("#dk-pose")).to_have_text("H8 s")

        # French and English: the interface changes, the game's words stay.
        expect(page.locator("#dk-turn")).to_have_text("Tour 1")
        expect(page.locator("#dk-confirm")).to_have_text("Confirmer")
        page.locator("#language").click()
        expect(page.locator("#dk-turn")).to_have_text("Turn 1")
        expect(page.locator("#dk-confirm")).to_have_text("Confirm")
        expect(page.locator("#dk-loupe h2")).to_have_text("The loupe")
        expect(page.locator("#dk-loupe-chances")).to_have_text("Your Chances: 4")
        expect(page.locator("#dk-tirage")).to_contain_text("Tirage: ")
        expect(page.locator("#dk-hint")).to_contain_text("tap a square")
        page.screenshot(path=artifacts / "duplikta-phone-en.png")
        page.locator("#language").click()
        expect(page.locator("#dk-confirm")).to_have_text("Confirmer")
        assert watched.errors() == []
    finally:
        phone.close()


def test_a_players_pause_freezes_the_clock_on_both_pages_until_resumed(
    browser: Browser, base: str, api: Api
) -> None:
    game_id, organiser = create_duplikta(api, SEED, clock=120, pauses=2, pause_seconds=120)
    ann = api.join(game_id, "Ann")
    bob = api.join(game_id, "Bob")
    contexts = [new_context(browser), new_context(browser)]
    try:
        ann_page = seated(contexts[0], base, game_id, ann, organiser)
        bob_page = seated(contexts[1], base, game_id, bob)
        page, bobs = ann_page.page, bob_page.page
        page.get_by_role("button", name="Commencer la partie").click()
        expect(bobs.locator("#dk-turn")).to_have_text("Tour 1")
        expect(bobs.locator("#dk-clock")).to_have_text(re.compile(r"^\d+:\d\d$"))

        # Ann pauses: both clocks stop on the time left, said paused, and Bob is told who.
        pause = page.locator("#dk-turn-pause")
        expect(pause).to_have_text(re.compile(r"^Pause \(2 restantes, 2:00\)$"))
        pause.click()
        paused = wait_for_view(api, game_id, lambda view: view["pause"] is not None)
        frozen = paused["clock"]["remaining_ms"]
        assert paused["clock"]["deadline_ms"] is None
        assert 0 < frozen <= 120_000
        seconds = -(-frozen // 1000)  # the page's clock rounds up
        face = f"Pause {seconds // 60}:{seconds % 60:02d}"
        for seen in (page, bobs):
            expect(seen.locator("#dk-clock")).to_have_text(face)
            expect(seen.locator("#dk-clock")).to_have_class(re.compile(r"\bpaused\b"))
        expect(bobs.locator("#dk-turn-paused-text")).to_contain_text("Ann a mis le tour en pause")
        expect(bobs.locator("#dk-confirm")).to_be_disabled()
        bobs.wait_for_timeout(2_500)  # the frozen clock does not move
        expect(bobs.locator("#dk-clock")).to_have_text(face)
        expect(page.locator("#dk-clock")).to_have_text(face)
        expect(pause).to_be_hidden()

        # Bob resumes it: the clock runs again from where it stood, on both pages.
        bobs.locator("#dk-turn-resume").click()
        expect(bobs.locator("#dk-turn-paused")).to_be_hidden()
        expect(page.locator("#dk-turn-paused")).to_be_hidden()
        for seen in (page, bobs):
            expect(seen.locator("#dk-clock")).not_to_have_class(re.compile(r"\bpaused\b"))
            expect(seen.locator("#dk-clock")).to_have_text(re.compile(r"^\d+:\d\d$"))
        resumed = api.state(game_id)["view"]
        assert resumed["pause"] is None
        assert 0 < resumed["clock"]["remaining_ms"] <= frozen
        expect(pause).to_have_text(re.compile(r"^Pause \(1 restante, "))
        assert ann_page.errors() == []
        assert bob_page.errors() == []
    finally:
        for context in contexts:
            context.close()


def test_a_game_against_tourlou_goes_on_in_another_browser_by_its_resume_link(
    browser: Browser, base: str, api: Api, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(away, "AWAY_MS", 4_000)
    game_id, organiser = create_duplikta(api, SEED, clock=30)
    ann = api.join(game_id, "Ann")
    api.robot(game_id, organiser)
    api.start(game_id, organiser)
    first, second = new_context(browser), new_context(browser)
    try:
        page = seated(first, base, game_id, ann, organiser).page
        expect(page.locator("#dk-turn")).to_have_text("Tour 1")
        expect(page.locator("#dk-elsewhere")).to_be_visible()
        link = page.locator("#dk-resume-link").input_value()
        assert link == f"{base}/t/{game_id}#resume={quote(ann.token, safe='')}"
        first.close()  # Ann goes: the turn's clock waits for her

        suspended = api.state(game_id)
        give_up = time.monotonic() + 45
        while suspended["status"] != "paused":
            assert time.monotonic() < give_up, "never suspended"
            time.sleep(0.5)
            suspended = api.state(game_id)
        assert suspended["paused_reason"] == "away"
        assert suspended["view"]["sheet"] == []

        # In another browser, the link takes her seat up: the game goes on, she plays the turn.
        other = second.new_page()
        watched = Watched.on(other)
        other.goto(link)
        expect(other.locator("#dk-turn")).to_have_text("Tour 1")
        assert "resume" not in other.url  # the token leaves the address bar at once
        mine = own_view(api, game_id, ann)
        expect(other.locator("#dk-rack .rack-tile")).to_have_count(len(mine["you"]["rack"]))
        assert api.state(game_id)["status"] == "running"
        expect(other.locator("#dk-clock")).to_have_text(re.compile(r"^0:[23]\d$"))
        move = _moves(mine)[0]
        type_move(other, move)
        other.locator("#dk-confirm").click()
        expect(other.locator("#dk-mine")).to_contain_text(f"Vous avez confirmé {move}")
        closed = wait_for_view(api, game_id, _closed(1))
        assert closed["sheet"][0]["players"][ann.player_id]["move"] == move
        assert watched.errors() == []
    finally:
        second.close()
