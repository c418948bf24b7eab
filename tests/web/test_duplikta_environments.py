"""dupliKta's saved environments in the browser: the home page's create form saves its options
under a name and a password ("Enregistrer ces options"), and a fresh page loads them back into
the form ("Charger"), from a folded section of the form (the names are asked for when it is
opened), the password asked for a protected one and a wrong one refused; a name
taken is offered for overwriting, which its password guards. The services keep them in a
SQLite archive of the module's own."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from arbitre.services.archive import database_url
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.web.browser import Api, Watched
from tests.web.pages import new_context


@pytest.fixture(scope="module")
def platform(
    cache_dir: Path, redis_url: str, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Platform]:
    """The services with an archive (where the environments live) on a SQLite file."""
    database = database_url(tmp_path_factory.mktemp("data"), environment={})
    running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
    yield running
    running.stop(0)


def test_options_are_saved_under_a_name_and_loaded_back_with_the_password(
    browser: Browser, base: str, api: Api
) -> None:
    context = new_context(browser)
    try:
        page = Watched.on(context.new_page()).page
        page.goto(base + "/?kind=duplikta")
        expect(page.locator("#create-dk")).to_be_visible()
        expect(page.locator("#create-dk-env-name")).to_be_hidden()  # folded until opened
        page.get_by_text("Environnements : enregistrer ou charger ces options").click()
        page.select_option("#create-dk-chances", "2")
        page.fill("#create-dk-seconds", "90")
        page.select_option("#create-dk-handicap-0", "3")
        page.locator("#create-dk-same").uncheck()
        page.fill("#create-dk-env-name", "Club du jeudi")
        page.fill("#create-dk-env-password", "sésame")
        page.get_by_role("button", name="Enregistrer ces options").click()
        expect(page.locator("#create-dk-env-status")).to_have_text(
            "Options enregistrées sous « Club du jeudi »."
        )
        listed = api.call("GET", "/v1/environments?kind=duplikta")["environments"]
        assert [(each["name"], each["protected"], each["options"]) for each in listed] == [
            ("Club du jeudi", True, None)
        ]

        # A fresh page: the form's defaults, then the saved options loaded with the password.
        page.goto(base + "/?kind=duplikta")
        expect(page.locator("#create-dk-chances")).to_have_value("5")
        page.get_by_text("Environnements : enregistrer ou charger ces options").click()
        expect(page.locator("#create-dk-env-list option[value='Club du jeudi']")).to_have_count(1)
        page.select_option("#create-dk-env-list", "Club du jeudi")
        expect(page.locator("#create-dk-env-load-password")).to_be_visible()
        page.fill("#create-dk-env-load-password", "sesame")
        page.get_by_role("button", name="Charger").click()
        expect(page.locator("#create-dk-env-status")).to_have_text(
            "Mot de passe manquant ou incorrect."
        )
        expect(page.locator("#create-dk-chances")).to_have_value("5")  # nothing filled
        page.fill("#create-dk-env-load-password", "sésame")
        page.get_by_role("button", name="Charger").click()
        expect(page.locator("#create-dk-env-status")).to_have_text(
            "Options de « Club du jeudi » chargées."
        )
        expect(page.locator("#create-dk-chances")).to_have_value("2")
        expect(page.locator("#create-dk-seconds")).to_have_value("90")
        expect(page.locator("#create-dk-handicap-0")).to_have_value("3")
        expect(page.locator("#create-dk-same")).not_to_be_checked()

        # The same name again: overwriting is offered, and its password guards it.
        page.select_option("#create-dk-chances", "7")
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Enregistrer ces options").click()
        expect(page.locator("#create-dk-env-status")).to_have_text(
            "Mot de passe manquant ou incorrect."
        )
        page.fill("#create-dk-env-password", "sésame")
        page.once("dialog", lambda dialog: dialog.accept())
        page.get_by_role("button", name="Enregistrer ces options").click()
        expect(page.locator("#create-dk-env-status")).to_have_text(
            "Options enregistrées sous « Club du jeudi »."
        )
        request = urllib.request.Request(
            base + "/v1/environments/duplikta/club%20du%20jeudi",
            headers={"X-Environment-Password": "s%C3%A9same"},  # percent-encoded UTF-8
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            assert json.loads(response.read())["options"]["chances"] == 7
    finally:
        context.close()
