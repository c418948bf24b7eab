"""The organiser's console in the browser (web/console/): an organiser's account, granted by the
account store as `arbitre accounts grant-organiser` does, runs a duplicate simultané end to end
from its browser: it signs in on the home page and follows its link to the console, uploads a
sealed package made here, schedules the start, sees the players who register over the API with
their club, série and country, releases the package key before the start, watches the turns
(answers per turn, live standings) while the players answer over the API, uploads a centre's
file (a bad one first: every bad line shown), views the results by série, club, country and
centre, downloads the CSV and the FISF sheet and prints the results. Everything the organiser's
browser receives is recorded: no release key, no player's token, no seed (the console never
reads the record), no tirage before the key's release. A guest and an account without the
organiser flag are refused, in the page and (creating a simultané from a package) by the
server. Without a package, the console creates a simultané the server draws, with the preset,
variant, lexicon, turns and clock chosen, and starts it at once."""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from playwright.sync_api import Browser, Page, expect

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package
from arbitre.rules.sealed_package import seal_package
from arbitre.services.archive import database_url
from arbitre.services.archive.accounts import AccountStore
from arbitre.services.archive.store import ArchiveStore
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.web.browser import Api, Seat, Watched
from tests.web.duplikta_pages import Recorder
from tests.web.pages import new_context

PASSWORD = "correct horse battery"
#: Long enough that no clock time or hash holds it by chance: a leak shows.
SEED = 2718281828459045
ZONE = "Europe/Paris"
#: (name, club, série, country) of the players who register online.
PLAYERS = (
    ("Ana Lopez", "Club de Lyon", "S1", "FRA"),
    ("Bruno Marchal", "Club de Liège", "S2", "BEL"),
    ("Chloé Roy", "Club de Lyon", "S2", "FRA"),
)


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of the module's SQLite archive (where the accounts live)."""
    return database_url(tmp_path_factory.mktemp("data"), environment={})


@pytest.fixture(scope="module")
def platform(cache_dir: Path, redis_url: str, database: str) -> Iterator[Platform]:
    """The services with an archive on a SQLite file."""
    running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
    yield running
    running.stop(0)


def sealed_package() -> tuple[dict[str, Any], dict[str, Any], str]:
    """A sealed package of two turns, the open package inside and its release key's text."""
    config = dataclasses.replace(preset("online"), max_turns=2, seconds_per_turn=60)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, SEED, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    package = prepare_package(game, lexicon.info.id, lexicon.info.hash, "Simultané de la console")
    sealed, key = seal_package(package)
    return sealed, package, key.text()


def sign_in(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.fill("#account-name", name)
    page.fill("#account-password", PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    expect(page.locator("#account-signed-in")).to_have_text(f"Connecté : {name}")


def local_input(ms: int) -> str:
    """A moment as the page's datetime-local field takes it, in the browser's time zone."""
    return datetime.fromtimestamp(ms / 1000, ZoneInfo(ZONE)).strftime("%Y-%m-%dT%H:%M:%S")


def answer_turn(api: Api, game_id: str, turn: int, seats: list[Seat], count: int) -> None:
    """The first ``count`` players answer ``turn``: the top, then lesser moves."""
    state = api.wait_for_turn(game_id, turn)
    assert state["turn"] == turn, state
    assert state["phase"] == "turn", state
    view = api.state(game_id, seats[0].token)["view"]
    moves = api.moves(view["board"], view["rack"], limit=5)
    for index, seat in enumerate(seats[:count]):
        api.answer(game_id, turn, moves[min(index, len(moves) - 1)]["move"], seat.token)


def test_guests_and_players_are_refused_the_console(browser: Browser, base: str, api: Api) -> None:
    api.call("POST", "/v1/accounts", {"name": "Simple", "password": PASSWORD})
    signed = api.call("POST", "/v1/accounts/sessions", {"name": "Simple", "password": PASSWORD})
    sealed, _package, _key = sealed_package()
    body = {"package": sealed, "start_at_ms": int(time.time() * 1000) + 3_600_000}
    with pytest.raises(AssertionError, match=r": 403 .*not_organiser"):
        api.call("POST", "/v1/games", body, token=signed["session_token"])
    created = api.call("POST", "/v1/games", body)  # a guest still does, as before
    assert created["game"]["sealed"] is True
    context = new_context(browser)
    try:
        page = Watched.on(context.new_page())
        page.page.goto(base + "/console")
        expect(page.page.locator("#refusal")).to_be_visible()
        expect(page.page.locator("#refusal-text")).to_contain_text("Connectez-vous")
        expect(page.page.locator("#prepare")).to_be_hidden()
        sign_in(page.page, base, "Simple")
        expect(page.page.locator("#account-console")).to_be_hidden()
        page.page.goto(base + "/console")
        expect(page.page.locator("#refusal-text")).to_contain_text(
            "Le compte « Simple » n'est pas organisateur"
        )
        expect(page.page.locator("#prepare")).to_be_hidden()
        page.page.get_by_role("button", name="English").click()
        expect(page.page.locator("#refusal-text")).to_contain_text(
            "The account “Simple” is not an organiser"
        )
        assert page.errors() == [], page.console
    finally:
        context.close()


def test_a_simultane_the_server_draws_started_now(
    browser: Browser, base: str, api: Api, database: str, artifacts: Path
) -> None:
    api.call("POST", "/v1/accounts", {"name": "Orga2", "password": PASSWORD})
    archive = ArchiveStore.open(database)
    try:
        AccountStore(archive.engine).grant_organiser("Orga2")
    finally:
        archive.close()
    context = new_context(browser, timezone_id=ZONE)
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        sign_in(page, base, "Orga2")
        page.goto(base + "/console")
        page.get_by_label("tirés par le serveur au début").check()
        expect(page.locator("#package-fields")).to_be_hidden()
        page.fill("#game-title-input", "Simultané du club")
        page.select_option("#preset", "fisf")
        page.select_option("#variant", "joker")
        page.select_option("#lexicon", "en")
        page.fill("#turns", "3")
        page.fill("#seconds", "120")
        start_ms = int(time.time() * 1000) + 3_600_000
        page.fill("#start-at", local_input(start_ms))
        page.screenshot(path=str(artifacts / "console-prepare.png"), full_page=True)
        page.get_by_role("button", name="Créer le simultané").click()
        expect(page.locator("#game-title")).to_have_text("Simultané du club")
        game_id = page.url.split("game=")[1]
        state = api.state(game_id)
        config = state["view"]["config"]
        assert (config["name"], config["variant"], config["lexicon"]) == ("fisf", "joker", "en")
        assert (config["max_turns"], config["seconds_per_turn"]) == (3, 120)
        assert state["start_at_ms"] // 1000 == start_ms // 1000
        expect(page.locator("#key-state")).to_have_text("Aucune clé à donner.")
        expect(page.locator("#release")).to_be_hidden()
        expect(page.locator("#game-start")).to_contain_text("début dans 59 min")
        api.call("POST", f"/v1/games/{game_id}/players", {"name": "Ana", "serie": "S4"})
        expect(page.locator("#registrations tbody tr")).to_have_text("AnaS4")
        page.get_by_role("button", name="Démarrer maintenant").click()
        expect(page.locator("#game-status")).to_have_text("En cours")
        expect(page.locator("#live-answers")).to_have_text("Coup 1 : 0 réponse sur 1")
        page.screenshot(path=str(artifacts / "console-live.png"), full_page=True)
        page.get_by_role("button", name="← Tous vos simultanés").click()
        expect(page.locator(f"#simultanes li[data-game='{game_id}']")).to_have_text(
            "Simultané du club"
        )
        assert watched.errors() == [], watched.console
    finally:
        context.close()


def test_an_organiser_runs_a_simultane_from_the_console(
    browser: Browser, base: str, api: Api, database: str, tmp_path: Path, artifacts: Path
) -> None:
    api.call("POST", "/v1/accounts", {"name": "Orga", "password": PASSWORD})
    archive = ArchiveStore.open(database)
    try:
        AccountStore(archive.engine).grant_organiser("orga")
    finally:
        archive.close()
    sealed, package, key = sealed_package()
    racks = [turn["rack"] for turn in package["record"]["turns"]]
    tops = [turn["top"]["score"] for turn in package["record"]["turns"]]
    package_file = tmp_path / "centres.json"
    package_file.write_text(json.dumps(sealed), "utf-8")

    context = new_context(browser, timezone_id=ZONE, accept_downloads=True)
    recorder = Recorder(context)
    tokens: list[str] = []
    try:
        watched = Watched.on(context.new_page())
        page = watched.page
        sign_in(page, base, "Orga")
        page.get_by_role("link", name="Console de l'organisateur").click()
        expect(page.locator("h1", has_text="Préparer un simultané")).to_be_visible()

        # Prepare: the package's public part shown, the start scheduled.
        page.set_input_files("#package-file", str(package_file))
        summary = page.locator("#package-summary")
        expect(summary).to_contain_text("Simultané de la console")
        expect(summary).to_contain_text("oui")  # sealed
        start_ms = int(time.time() * 1000) + 25_000
        page.fill("#start-at", local_input(start_ms))
        page.fill("#reveal-seconds", "1")
        page.get_by_role("button", name="Créer le simultané").click()
        expect(page.locator("#game-title")).to_have_text("Simultané de la console")
        game_id = page.url.split("game=")[1]
        expect(page.locator("#game-status")).to_have_text("En attente")
        expect(page.locator("#key-state")).to_contain_text("Paquet scellé")
        state = api.state(game_id)
        assert state["sealed"] is True
        assert state["start_at_ms"] // 1000 == start_ms // 1000
        expect(page.locator("#join-link")).to_have_text(f"{base}/t/{game_id}")

        # Registrations over the API, shown with club, série and country as they come.
        seats: list[Seat] = []
        for name, club, serie, country in PLAYERS:
            joined = api.call(
                "POST",
                f"/v1/games/{game_id}/players",
                {"name": name, "club": club, "serie": serie, "country": country},
            )
            seats.append(Seat(joined["player_id"], joined["player_token"]))
            tokens.append(joined["player_token"])
            row = page.locator(f"#registrations tr[data-player='{joined['player_id']}']")
            expect(row).to_have_text(f"{name}{club}{serie}{country}")
        expect(page.locator("#registration-count")).to_have_text("(3 inscrits)")

        # The key: a wrong one refused, the right one kept for the scheduled start.
        _other, wrong = seal_package(package)
        page.fill("#release-key", wrong.text())
        page.get_by_role("button", name="Libérer la clé").click()
        expect(page.locator("#message")).to_contain_text("Clé refusée")
        released_at = len(recorder.received)
        page.fill("#release-key", key)
        page.get_by_role("button", name="Libérer la clé").click()
        expect(page.locator("#key-state")).to_have_text(
            "Clé libérée : la partie démarrera seule à l'heure prévue."
        )
        assert page.input_value("#release-key") == ""

        # Live: the game starts by itself; answers per turn and standings as they come.
        expect(page.locator("#game-status")).to_have_text("En cours", timeout=40_000)
        answer_turn(api, game_id, 1, seats, 2)
        expect(page.locator("#live-answers")).to_have_text("Coup 1 : 2 réponses sur 3")
        answer_turn(api, game_id, 1, seats[2:], 1)
        expect(page.locator("#answers-per-turn tr[data-turn='1']")).to_have_text(f"13{tops[0]}")
        answer_turn(api, game_id, 2, seats, 3)
        expect(page.locator("#game-status")).to_have_text("Terminée", timeout=30_000)
        expect(page.locator("#answers-per-turn tr[data-turn='2']")).to_have_text(f"23{tops[1]}")
        standings = api.call("GET", f"/v1/games/{game_id}/standings")["standings"]
        live = page.locator("#live-standings tbody tr")
        expect(live).to_have_count(3)
        expect(live.first).to_contain_text(standings[0]["name"])

        # A centre's file: a bad one refused whole with every bad line, then a good one.
        bad = (
            "name,club,serie,country,total\n"
            "Léa Petit,Club de Nantes,S9,FRA,10\n"
            "Marc Blanc,Club de Nantes,S2,FR4NCE,20\n"
            f"Zoé Roy,Club de Nantes,S3,FRA,{sum(tops) + 1}\n"
        )
        page.fill("#centre-name", "Nantes")
        page.fill("#centre-text", bad)
        page.get_by_role("button", name="Envoyer").click()
        expect(page.locator("#centre-state")).to_contain_text("fichier refusé")
        problems = page.locator("#centre-problems li")
        for line in (2, 3, 4):
            expect(problems.filter(has_text=f"Ligne {line} :")).to_have_count(1)
        page.screenshot(path=str(artifacts / "console-centre-refused.png"), full_page=True)
        good = (
            "name,club,serie,country,total\n"
            "Léa Petit,Club de Nantes,S3,FRA,10\n"
            f"Zoé Roy,Club de Nantes,S1,FRA,{sum(tops)}\n"
        )
        centre_file = tmp_path / "nantes.csv"
        centre_file.write_text(good, "utf-8")
        page.set_input_files("#centre-file", str(centre_file))
        expect(page.locator("#centre-text")).to_have_value(good)
        page.get_by_role("button", name="Envoyer").click()
        expect(page.locator("#centre-state")).to_have_text(
            "Nantes : 2 joueurs ajoutés au classement."
        )
        expect(problems).to_have_count(0)

        # The results and their views.
        results = page.locator("#results tbody tr")
        expect(results).to_have_count(5)
        expect(results.nth(0)).to_contain_text("Ana Lopez")  # every top online: first,
        expect(results.nth(1)).to_contain_text("Zoé Roy")  # with the centre's best
        views = {
            ("serie", "Série", "S1"): {"Ana Lopez", "Zoé Roy"},
            ("club", "Club", "Club de Lyon"): {"Ana Lopez", "Chloé Roy"},
            ("country", "Pays", "BEL"): {"Bruno Marchal"},
            ("centre", "Centre", "Nantes"): {"Léa Petit", "Zoé Roy"},
        }
        heading = page.locator("#results-heading")
        for (field, label, value), names in views.items():
            page.select_option("#view-field", field)
            page.select_option("#view-value", value)
            expect(heading).to_have_text(f"Simultané de la console — {label} {value}")
            expect(results).to_have_count(len(names))
            shown = {row.locator("td").nth(2).inner_text() for row in results.all()}
            assert shown == names, (field, value, shown)

        # Exports: the view's CSV, the FISF sheet.
        with page.expect_download() as csv_download:
            page.get_by_role("link", name="Exporter en CSV").click()
        csv_text = Path(csv_download.value.path()).read_text("utf-8")
        assert csv_text.startswith(
            "place,name,score,negatif,percent_of_top,serie,club,country,source,centre,view_place"
        )
        assert "Léa Petit" in csv_text
        assert "Ana Lopez" not in csv_text
        with page.expect_download() as sheet_download:
            page.get_by_role("link", name="Feuille de partie (FISF)").click()
        sheet_text = Path(sheet_download.value.path()).read_text("utf-8")
        assert f"Top : {sum(tops)} points en 2 coups" in sheet_text, sheet_text

        # The printable page: the results alone.
        page.select_option("#view-field", "")
        expect(results).to_have_count(5)
        page.emulate_media(media="print")
        expect(page.locator("#results-card")).to_be_visible()
        expect(page.locator("#results-heading")).to_be_visible()
        for hidden in ("#centre-form", "#live-standings", "#view-form", "#print", "header"):
            expect(page.locator(hidden)).to_be_hidden()
        page.screenshot(path=str(artifacts / "console-print.png"), full_page=True)
        page.pdf(path=str(artifacts / "console-results.pdf"))
        page.emulate_media(media="screen")
        assert watched.errors() == [], watched.console
    finally:
        context.close()

    # Nothing secret reached the organiser's browser.
    received = recorder.received
    assert received
    for index, (what, text) in enumerate(received):
        assert key not in text, what
        assert key.replace("-", "") not in text, what
        assert not [token for token in tokens if token in text], what
        assert str(SEED) not in text, what  # the console never reads the record
        if index < released_at:
            assert not [rack for rack in racks if f'"{rack}"' in text], what
    assert [text for _what, text in received[released_at:] if f'"{racks[0]}"' in text]
