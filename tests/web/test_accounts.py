"""The account in the browser (web/account.js): on the phone a player creates an account from
the home page and a table while signed in (the seat is the account's); on the laptop, another
browser with nothing stored, they sign in and find the table in "Vos parties", take their seat
back there ("Reprendre ici") and are at the table as that player; a wrong password is refused
with the same words as an unknown name; signing out forgets the session. Once a game of the
account is archived, the card shows its result, its rating in that kind and its rank in the
public ranking. The services keep the accounts in a SQLite archive of the module's own."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from arbitre.rules.glicko2 import Rating, update
from arbitre.services.archive import database_url
from arbitre.services.archive.accounts import AccountStore
from arbitre.services.archive.store import ArchiveStore
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.services.test_archive import a_game
from tests.web.browser import Api, Watched
from tests.web.pages import new_context

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The URL of the module's SQLite archive."""
    return database_url(tmp_path_factory.mktemp("data"), environment={})


@pytest.fixture(scope="module")
def platform(cache_dir: Path, redis_url: str, database: str) -> Iterator[Platform]:
    """The services with an archive (where the accounts live) on a SQLite file."""
    running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
    yield running
    running.stop(0)


def sign_in(page: Page, name: str, password: str, create: bool = False) -> None:
    page.fill("#account-name", name)
    page.fill("#account-password", password)
    page.get_by_role("button", name="Créer le compte" if create else "Se connecter").click()


def test_a_player_signs_up_plays_and_takes_the_seat_back_on_another_device(
    browser: Browser, base: str, api: Api
) -> None:
    phone_context, laptop_context = new_context(browser), new_context(browser)
    try:
        phone = Watched.on(phone_context.new_page())
        phone.page.goto(base + "/")
        sign_in(phone.page, "Zoé", PASSWORD, create=True)
        expect(phone.page.locator("#account-signed-in")).to_have_text("Connecté : Zoé")
        phone.page.fill("#create-name", "Zoé")
        phone.page.get_by_role("button", name="Créer la table").click()
        expect(phone.page.locator("#lobby")).to_be_visible()
        game_id = phone.page.url.rstrip("/").split("/t/")[1]
        stored = phone.page.evaluate("localStorage.getItem('arbitre.account')")
        assert PASSWORD not in stored
        assert json.loads(stored)["name"] == "Zoé"

        laptop = Watched.on(laptop_context.new_page())
        laptop.page.goto(base + "/")
        sign_in(laptop.page, "zoé", "not the password")
        expect(laptop.page.locator("#message")).to_have_text("Nom ou mot de passe incorrect.")
        sign_in(laptop.page, "nobody", PASSWORD)
        expect(laptop.page.locator("#message")).to_have_text("Nom ou mot de passe incorrect.")
        sign_in(laptop.page, "zoé", PASSWORD)
        expect(laptop.page.locator("#account-signed-in")).to_have_text("Connecté : Zoé")
        games = laptop.page.locator("#account-games li")
        expect(games.filter(has_text="organisateur")).to_have_count(1)  # created signed in
        played = laptop.page.locator(f"#account-games li[data-game='{game_id}']").filter(
            has=laptop.page.get_by_role("button", name="Reprendre ici")
        )
        expect(played).to_have_count(1)
        played.get_by_role("button", name="Reprendre ici").click()
        expect(laptop.page.locator("#lobby")).to_be_visible()
        assert laptop.page.url.endswith(f"/t/{game_id}")
        seat = json.loads(laptop.page.evaluate(f"localStorage.getItem('arbitre.table.{game_id}')"))
        phone_seat = json.loads(
            phone.page.evaluate(f"localStorage.getItem('arbitre.table.{game_id}')")
        )
        assert seat["playerId"] == phone_seat["playerId"]
        assert seat["playerToken"] != phone_seat["playerToken"]  # a token of this device's own
        state = api.call("GET", f"/v1/games/{game_id}", token=seat["playerToken"])
        assert state["you"] == phone_seat["playerId"]

        laptop.page.goto(base + "/")
        laptop.page.get_by_role("button", name="Se déconnecter").click()
        expect(laptop.page.locator("#account-form")).to_be_visible()
        assert laptop.page.evaluate("localStorage.getItem('arbitre.account')") is None
        for watched in (phone, laptop):
            assert watched.errors(("status of 401",)) == [], watched.console
    finally:
        phone_context.close()
        laptop_context.close()


def test_the_card_shows_a_finished_games_result_rating_and_rank(
    browser: Browser, base: str, api: Api, database: str
) -> None:
    signed = api.call("POST", "/v1/accounts", {"name": "Léon", "password": PASSWORD})
    archive = ArchiveStore.open(database)  # a match of Indecix the account won, archived
    try:
        account_id = signed["account"]["account_id"]
        AccountStore(archive.engine).link_seat(account_id, "g-won", "p1", "indecix", "Dés", 1)
        game = replace(
            a_game("g-won"),
            standings=(
                {"rank": 1, "player": "p1", "name": "Léon", "total": 90, "details": {}},
                {"rank": 2, "player": "p2", "name": "Robot", "total": 72, "details": {}},
            ),
        )
        assert archive.add(game, now_ms=a_game().finished_ms + 1)
    finally:
        archive.close()
    rating = update(Rating(), [(Rating(), 1.0)])
    context = new_context(browser)
    try:
        page = Watched.on(context.new_page())
        page.page.goto(base + "/")
        sign_in(page.page, "léon", PASSWORD)
        expect(page.page.locator("#account-games li[data-game='g-won']")).to_contain_text(
            "1er sur 2, 90 points"
        )
        expect(page.page.locator("#account-figures li[data-kind='indecix']")).to_have_text(
            f"indecix : cote Glicko-2 {round(rating.rating)} ± {round(rating.deviation)} "
            "(1 partie) — 1er au classement"
        )
        assert page.errors(("status of 401",)) == [], page.console
    finally:
        context.close()
