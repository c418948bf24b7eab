"""The open tables on the home page (issue 18's "A list of open tables to join"), in Debian's
headless chromium against the real services: a table created in one browser shows on another's
home page (refreshed while it is open), its "Join" link takes a seat at it, and a full table
is listed no more; with no table open, the list says so."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.web.browser import Api, Watched
from tests.web.pages import new_context


def test_a_table_created_in_one_browser_is_joined_from_another_s_home_page(
    browser: Browser, base: str, api: Api
) -> None:
    first = new_context(browser, locale="fr-FR")
    second = new_context(browser, locale="en-US")
    third = new_context(browser, locale="fr-FR")
    try:
        # Bea's home page is open before the table exists: its refresh brings the table.
        bea = Watched.on(second.new_page())
        bea.page.goto(base + "/")
        expect(bea.page.locator("#open-tables h2")).to_have_text("Open tables")

        ann = Watched.on(first.new_page())
        ann.page.goto(base + "/")
        expect(ann.page.locator("#create-lexicon option")).not_to_have_count(0)
        ann.page.fill("#create-name", "Ann")
        ann.page.get_by_label("2 min").check()
        ann.page.select_option("#create-variant", "joker")
        ann.page.select_option("#create-seats", "2")
        ann.page.get_by_role("button", name="Créer la table").click()
        expect(ann.page.locator("#lobby")).to_be_visible()
        game_id = ann.page.url.rstrip("/").rsplit("/", 1)[-1]

        row = bea.page.locator(f"#open-tables-list li[data-game-id='{game_id}']")
        expect(row).to_be_visible()  # within a refresh (5 s) of its creation
        expect(row).to_contain_text(f"Table {game_id}")
        expect(row).to_contain_text("1 / 2 seats")
        expect(row).to_contain_text("Partie joker")
        expect(row).to_contain_text("2 min a turn")
        expect(bea.page.locator("#open-tables-empty")).to_be_hidden()
        row.get_by_role("link", name="Join").click()
        bea.page.wait_for_url(f"{base}/t/{game_id}")
        expect(bea.page.locator("#join")).to_be_visible()
        bea.page.fill("#join-name", "Bea")
        bea.page.get_by_role("button", name="Take a seat").click()
        expect(bea.page.locator("#lobby")).to_be_visible()
        expect(ann.page.locator("#lobby-players li")).to_have_count(2)

        # The table is full: listed no more; the empty state when nothing else is open.
        carl = Watched.on(third.new_page())
        with carl.page.expect_response(lambda response: "/v1/tables" in response.url):
            carl.page.goto(base + "/")
        expect(carl.page.locator("#open-tables h2")).to_have_text("Tables ouvertes")
        expect(carl.page.locator(f"#open-tables-list li[data-game-id='{game_id}']")).to_have_count(
            0
        )
        others = api.call("GET", "/v1/tables")["tables"]
        empty = carl.page.locator("#open-tables-empty")
        if others:
            expect(empty).to_be_hidden()
        else:
            expect(empty).to_have_text(
                "Aucune table n'attend de joueurs pour l'instant : créez la vôtre !"
            )
        for watched in (ann, bea, carl):
            assert watched.errors() == []
    finally:
        first.close()
        second.close()
        third.close()
