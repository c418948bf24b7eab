"""Accounts over HTTP (:mod:`arbitre.gateway.accounts`): the gateway in front of the services with
an archive, on SQLite and on PostgreSQL. Sign up, in (two devices) and out, the account read by
its session token or by an API key, keys issued, listed and revoked, the account deleted with its
password; a taken name, a wrong password (the same message as an unknown name), bad input and a
bad token each give the gateway's JSON error with its code and change nothing; every answer
conforms to the OpenAPI document; no password or token is in the log; sign-in guesses are
rate-limited; a session without a database answers 503. A seat joined signed in is the
account's: listed on another device, taken back there with a new token (nobody else's account
can), played to the end and found in the account's games with its result once archived, its rating
updated and shown in the public ranking; a guest joins as ever, and a bad account token seats
nobody. A game created signed in is the account's: listed with the role organiser, organised
from any device of the account by its session token or API key (nobody else's), the organiser's
token working as ever. A simultané from a package created signed in needs an organiser's
account (a player's gets a 403 ``not_organiser``; a guest creates one as before)."""

from __future__ import annotations

import dataclasses
import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from arbitre.engine.lexicon import load_lexicon
from arbitre.engine.referee import MoveGeneratorReferee
from arbitre.gateway import GatewayConfig, create_app, openapi
from arbitre.gateway.rate_limits import NO_LIMITS
from arbitre.rules.duplicate import DuplicateGame
from arbitre.rules.game_config import preset
from arbitre.rules.game_package import prepare_package
from arbitre.services import archive
from arbitre.services.archive import accounts
from arbitre.services.lexicons import LexiconRegistry
from arbitre.services.platform import Platform, start_platform
from arbitre.services.redis_server import connect
from tests.database_fixtures import _fresh_postgres_database, postgres_server  # noqa: F401
from tests.live_fixtures import cache_dir, conforms  # noqa: F401
from tests.redis_fixtures import redis_url  # noqa: F401

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def platform(
    request: pytest.FixtureRequest,
    cache_dir: Path,  # noqa: F811
    redis_url: str,  # noqa: F811
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Platform]:
    """The services, with an archive (and so accounts) on SQLite, then on PostgreSQL."""
    if request.param == "sqlite":
        databases: Iterator[str] = iter(
            [archive.database_url(tmp_path_factory.mktemp("data"), environment={})]
        )
    else:
        databases = _fresh_postgres_database(request.getfixturevalue("postgres_server"))
    database = next(databases)
    running = start_platform(LexiconRegistry(), connect(redis_url), database=database)
    yield running
    running.stop(0)
    for _ in databases:  # drops the PostgreSQL database
        pass


def device(platform: Platform, **limits: str) -> FlaskClient:
    """A client of its own gateway, as a browser on another device would be."""
    config = GatewayConfig.all_at(
        platform.address,
        internal_token=platform.gateway_token,
        rate_limits=dataclasses.replace(NO_LIMITS, **limits),
    )
    return create_app(config).test_client()


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def refused(answer: Any, status: int, code: str) -> str:
    body = answer.get_json()
    assert (answer.status_code, body["error"]["code"]) == (status, code), body
    conforms("Error", body)
    return str(body["error"]["message"])


def test_the_limits_agree_with_the_store() -> None:
    assert openapi.MAX_ACCOUNT_NAME_CHARS == accounts.MAX_NAME_CHARS
    assert openapi.MIN_ACCOUNT_PASSWORD_CHARS == accounts.MIN_PASSWORD_CHARS
    assert openapi.MAX_ACCOUNT_PASSWORD_CHARS == accounts.MAX_PASSWORD_CHARS
    assert openapi.MAX_LICENCE_CHARS == accounts.MAX_LICENCE_CHARS
    assert openapi.MAX_API_KEY_LABEL_CHARS == accounts.MAX_LABEL_CHARS


def test_sign_up_in_on_two_devices_out_and_delete(
    platform: Platform, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    phone, laptop = device(platform), device(platform)
    body = {
        "name": "Zoé",
        "password": PASSWORD,
        "licence": "12345",
        "club": "Club de Lyon",
        "serie": "s3",
        "country": "fra",
    }
    answer = phone.post("/v1/accounts", json=body)
    assert answer.status_code == 201, answer.get_json()
    signed = answer.get_json()
    conforms("SignedIn", signed)
    account = signed["account"]
    assert (account["name"], account["serie"], account["country"]) == ("Zoé", "S3", "FRA")
    assert account["organiser"] is False
    assert PASSWORD not in answer.get_data(as_text=True)
    phone_token = signed["session_token"]

    refused(laptop.post("/v1/accounts", json={**body, "name": "ZOÉ"}), 409, "name_taken")
    wrong = refused(
        laptop.post("/v1/accounts/sessions", json={"name": "zoé", "password": "nope nope"}),
        401,
        "wrong_credentials",
    )
    unknown = refused(
        laptop.post("/v1/accounts/sessions", json={"name": "Nobody", "password": PASSWORD}),
        401,
        "wrong_credentials",
    )
    assert wrong == unknown
    answer = laptop.post("/v1/accounts/sessions", json={"name": "zoé", "password": PASSWORD})
    assert answer.status_code == 201
    conforms("SignedIn", answer.get_json())
    laptop_token = answer.get_json()["session_token"]
    assert laptop_token != phone_token
    for client, token in ((phone, phone_token), (laptop, laptop_token)):
        found = client.get("/v1/accounts/me", headers=bearer(token))
        assert found.status_code == 200
        conforms("Account", found.get_json())
        assert found.get_json() == account

    # an API key: issued by a session, used in place of one, revoked
    answer = phone.post(
        "/v1/accounts/me/keys", json={"label": "my app"}, headers=bearer(phone_token)
    )
    assert answer.status_code == 201
    issued = answer.get_json()
    conforms("ApiKeyIssued", issued)
    key = issued["key"]
    for headers in (bearer(key), {"X-API-Key": key}):
        assert laptop.get("/v1/accounts/me", headers=headers).get_json() == account
    refused(
        laptop.post("/v1/accounts/me/keys", json={"label": "x"}, headers=bearer(key)),
        403,
        "session_needed",
    )
    listed = laptop.get("/v1/accounts/me/keys", headers={"X-API-Key": key})
    conforms("ApiKeyList", listed.get_json())
    assert listed.get_json() == {"api_keys": [issued["api_key"]]}
    assert key not in listed.get_data(as_text=True)
    path = f"/v1/accounts/me/keys/{issued['api_key']['key_id']}"
    revoked = phone.delete(path, headers=bearer(phone_token))
    assert revoked.status_code == 200
    conforms("ApiKey", revoked.get_json())
    assert revoked.get_json()["revoked_ms"] is not None
    refused(laptop.get("/v1/accounts/me", headers=bearer(key)), 401, "bad_token")
    refused(
        phone.delete("/v1/accounts/me/keys/999999", headers=bearer(phone_token)), 404, "not_found"
    )

    # sign out on the phone: the laptop stays signed in
    out = phone.delete("/v1/accounts/me/session", headers=bearer(phone_token))
    assert out.status_code == 200
    conforms("Account", out.get_json())
    refused(phone.get("/v1/accounts/me", headers=bearer(phone_token)), 401, "bad_token")
    assert laptop.get("/v1/accounts/me", headers=bearer(laptop_token)).status_code == 200

    # delete: the password again; a wrong one changes nothing
    refused(
        laptop.delete(
            "/v1/accounts/me", json={"password": "wrong one"}, headers=bearer(laptop_token)
        ),
        401,
        "wrong_credentials",
    )
    assert laptop.get("/v1/accounts/me", headers=bearer(laptop_token)).status_code == 200
    deleted = laptop.delete(
        "/v1/accounts/me", json={"password": PASSWORD}, headers=bearer(laptop_token)
    )
    assert deleted.status_code == 200
    conforms("Account", deleted.get_json())
    refused(laptop.get("/v1/accounts/me", headers=bearer(laptop_token)), 401, "bad_token")
    again = phone.post("/v1/accounts", json={"name": "Zoé", "password": PASSWORD})
    assert again.status_code == 201  # the name is free again
    assert again.get_json()["account"]["account_id"] != account["account_id"]

    logged = "\n".join(record.getMessage() for record in caplog.records)
    for secret in (PASSWORD, phone_token, laptop_token, key):
        assert secret not in logged


def test_bad_input_and_bad_tokens_are_clear_4xx(platform: Platform) -> None:
    client = device(platform)

    def sign_up(**body: Any) -> Any:
        return client.post("/v1/accounts", json={"name": "Ana", "password": PASSWORD, **body})

    refused(sign_up(name="   "), 400, "bad_name")
    refused(sign_up(name="a/b"), 400, "bad_name")
    refused(sign_up(password="short"), 400, "bad_password")
    refused(sign_up(serie="S9"), 400, "bad_registration")
    refused(sign_up(country="FR1"), 400, "bad_registration")
    refused(sign_up(licence="12;34"), 400, "bad_registration")
    refused(sign_up(extra=1), 400, "bad_request")
    refused(client.post("/v1/accounts", json={"name": "Ana"}), 400, "bad_request")
    refused(
        client.post("/v1/accounts/sessions", json={"name": "Ana", "password": PASSWORD}),
        401,
        "wrong_credentials",
    )  # nothing was created
    refused(client.get("/v1/accounts/me"), 401, "unauthorized")
    refused(
        client.get("/v1/accounts/me", headers={"Authorization": "Basic abc"}), 401, "unauthorized"
    )
    refused(client.get("/v1/accounts/me", headers=bearer("s_nosuchtoken")), 401, "bad_token")
    refused(client.get("/v1/accounts/me", headers=bearer("p_a_player_token")), 401, "bad_token")
    refused(client.delete("/v1/accounts/me/keys/abc", headers=bearer("s_x")), 404, "not_found")
    answer = sign_up()
    assert answer.status_code == 201
    token = answer.get_json()["session_token"]
    refused(
        client.post("/v1/accounts/me/keys", json={"label": ""}, headers=bearer(token)),
        400,
        "bad_label",
    )
    refused(client.delete("/v1/accounts/me", json={}, headers=bearer(token)), 400, "bad_request")


def test_sign_in_guesses_are_rate_limited(platform: Platform) -> None:
    client = device(platform, accounts="3 per minute")
    body = {"name": "Coffre", "password": PASSWORD}
    assert client.post("/v1/accounts", json=body).status_code == 201
    guesses = [
        client.post("/v1/accounts/sessions", json={**body, "password": guess}).status_code
        for guess in ("guess one", "guess two")
    ]
    assert guesses == [401, 401]
    right = client.post("/v1/accounts/sessions", json=body)
    refused(right, 429, "rate_limited")
    assert right.headers["Retry-After"]


def test_a_session_without_a_database_answers_503(
    cache_dir: Path,  # noqa: F811
    redis_url: str,  # noqa: F811
) -> None:
    running = start_platform(LexiconRegistry(), connect(redis_url))
    try:
        answer = device(running).post("/v1/accounts", json={"name": "Ana", "password": PASSWORD})
        refused(answer, 503, "unavailable")
    finally:
        running.stop(0)


def wait_for(predicate: Any, seconds: float = 60.0) -> Any:
    deadline = time.monotonic() + seconds
    while not (found := predicate()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)
    return found


def test_a_seat_follows_its_account_across_devices_and_ends_in_its_history(
    platform: Platform,
) -> None:
    phone, laptop, table = device(platform), device(platform), device(platform)
    signed = phone.post("/v1/accounts", json={"name": "Léa", "password": PASSWORD}).get_json()
    phone_token = signed["session_token"]
    answer = laptop.post("/v1/accounts/sessions", json={"name": "LÉA", "password": PASSWORD})
    laptop_token = answer.get_json()["session_token"]
    other = table.post("/v1/accounts", json={"name": "Max", "password": PASSWORD}).get_json()

    config = {"mode": "classic", "aids": [{"legal_cells": True}, {"legal_cells": True}]}
    created = table.post(
        "/v1/games", json={"kind": "indecix", "config": config, "seed": 604_118, "title": "Dés"}
    ).get_json()
    game_id, organiser = created["game_id"], created["organiser_token"]
    players = f"/v1/games/{game_id}/players"
    refused(table.post(players, json={"name": "X"}, headers=bearer("s_nosuch")), 401, "bad_token")
    joined = phone.post(players, json={"name": "Ana"}, headers=bearer(phone_token))
    assert joined.status_code == 201, joined.get_json()
    conforms("JoinResponse", joined.get_json())
    ana = joined.get_json()["player_id"]
    guest = table.post(players, json={"name": "Bob"})  # a guest, as ever
    assert guest.status_code == 201
    assert len(guest.get_json()["game"]["players"]) == 2  # the bad token seated nobody
    bob_token = guest.get_json()["player_token"]

    listed = laptop.get("/v1/accounts/me/games", headers=bearer(laptop_token))
    assert listed.status_code == 200
    conforms("MyGameList", listed.get_json())
    (mine,) = listed.get_json()["games"]
    assert (mine["game_id"], mine["player_id"], mine["status"], mine["result"]) == (
        game_id,
        ana,
        "waiting",
        None,
    )
    assert (mine["kind"], mine["title"]) == ("indecix", "Dés")
    assert table.get(
        "/v1/accounts/me/games", headers=bearer(other["session_token"])
    ).get_json() == {"games": []}

    seat = f"/v1/accounts/me/games/{game_id}/seat"
    refused(table.post(seat, headers=bearer(other["session_token"])), 404, "no_seat")
    refused(table.post(seat), 401, "unauthorized")
    taken = laptop.post(seat, headers=bearer(laptop_token))
    assert taken.status_code == 200, taken.get_json()
    conforms("JoinResponse", taken.get_json())
    assert taken.get_json()["player_id"] == ana
    tokens = {"Ana": taken.get_json()["player_token"], "Bob": bob_token}
    assert tokens["Ana"] != joined.get_json()["player_token"]
    phone_view = phone.get(
        f"/v1/games/{game_id}", headers=bearer(joined.get_json()["player_token"])
    )
    laptop_view = laptop.get(f"/v1/games/{game_id}", headers=bearer(tokens["Ana"]))
    assert laptop_view.get_json()["view"]["you"] == phone_view.get_json()["view"]["you"] is not None

    started = table.post(f"/v1/games/{game_id}/start", headers=bearer(organiser))
    assert started.status_code == 200, started.get_json()
    while True:  # Ana plays on the laptop, Bob on the table
        views = {
            name: laptop.get(f"/v1/games/{game_id}", headers=bearer(token)).get_json()
            for name, token in tokens.items()
        }
        if views["Ana"]["view"]["stage"] == "over":
            break
        name = next(name for name in tokens if views[name]["view"]["you"]["to_play"])
        view = views[name]["view"]
        body = {"action": {"cell": view["you"]["legal_cells"][0], "roll": view["current"]["roll"]}}
        placed = laptop.post(
            f"/v1/games/{game_id}/actions", json=body, headers=bearer(tokens[name])
        )
        assert placed.status_code == 200, placed.get_json()
    refused(laptop.post(seat, headers=bearer(laptop_token)), 404, "no_seat")  # over

    def archived() -> Any:
        games = phone.get("/v1/accounts/me/games", headers=bearer(phone_token)).get_json()
        return games if games["games"][0]["result"] is not None else None

    history = wait_for(archived)
    conforms("MyGameList", history)
    (finished,) = history["games"]
    standings = table.get(f"/v1/games/{game_id}/standings").get_json()["standings"]
    line = next(line for line in standings if line["player"] == ana)
    assert finished["status"] == "over"
    assert (finished["result"]["rank"], finished["result"]["total"]) == (
        line["rank"],
        line["total"],
    )
    assert finished["result"]["players"] == 2
    assert laptop.get(
        "/v1/accounts/me/games?kind=duel", headers=bearer(laptop_token)
    ).get_json() == {"games": []}
    assert (
        len(
            laptop.get(
                "/v1/accounts/me/games?kind=indecix", headers=bearer(laptop_token)
            ).get_json()["games"]
        )
        == 1
    )

    # the long-term figure: rated once, when archived; the public ranking shows it
    figures = laptop.get("/v1/accounts/me/figures?kind=indecix", headers=bearer(laptop_token))
    assert figures.status_code == 200, figures.get_json()
    conforms("Figures", figures.get_json())
    rated = figures.get_json()
    assert rated["games"] == 1
    assert rated["rating"] is not None
    assert (rated["rating"]["rating"] > 1500) == (finished["result"]["rank"] == 1)
    duplicate = laptop.get("/v1/accounts/me/figures?kind=duplicate", headers=bearer(laptop_token))
    assert duplicate.get_json() == {
        "kind": "duplicate",
        "games": 0,
        "rating": None,
        "percent_of_top": None,
        "series": [],
    }
    ranking = table.get("/v1/rankings?kind=indecix")  # public: no credential
    assert ranking.status_code == 200
    conforms("Rankings", ranking.get_json())
    (line,) = [line for line in ranking.get_json()["lines"] if line["name"] == "Léa"]
    assert line["rating"] == rated["rating"]["rating"]
    line_rating = line["rating"]
    assert line["games"] == 1
    assert table.get("/v1/rankings?kind=indecix&country=BEL").get_json()["lines"] == []
    refused(table.get("/v1/rankings?kind=duplikta"), 400, "bad_kind")
    refused(table.get("/v1/rankings"), 400, "bad_kind")
    refused(table.get("/v1/rankings?kind=duel&limit=-1"), 400, "bad_request")
    refused(table.get("/v1/accounts/me/figures?kind=duel"), 401, "unauthorized")

    # deleted: the line stays, without the name or the id it was shown with
    gone = phone.delete("/v1/accounts/me", json={"password": PASSWORD}, headers=bearer(phone_token))
    assert gone.status_code == 200
    after = table.get("/v1/rankings?kind=indecix").get_json()
    conforms("Rankings", after)
    assert "Léa" not in json.dumps(after)
    (anonymous,) = [line for line in after["lines"] if line["rating"] == line_rating]
    assert (anonymous["name"], anonymous["account_id"]) == (None, None)


def test_a_game_created_signed_in_is_organised_from_any_device_of_the_account(
    platform: Platform,
) -> None:
    phone, laptop, stranger = device(platform), device(platform), device(platform)
    signed = phone.post("/v1/accounts", json={"name": "Orga", "password": PASSWORD}).get_json()
    answer = laptop.post("/v1/accounts/sessions", json={"name": "orga", "password": PASSWORD})
    laptop_token = answer.get_json()["session_token"]
    issued = phone.post(
        "/v1/accounts/me/keys", json={"label": "club app"}, headers=bearer(signed["session_token"])
    )
    key = issued.get_json()["key"]
    other = stranger.post("/v1/accounts", json={"name": "Intrus", "password": PASSWORD}).get_json()

    body = {"kind": "indecix", "title": "Club"}
    refused(phone.post("/v1/games", json=body, headers=bearer("s_nosuch")), 401, "bad_token")
    created = phone.post("/v1/games", json=body, headers=bearer(signed["session_token"]))
    assert created.status_code == 201, created.get_json()
    game_id = created.get_json()["game_id"]
    (mine,) = laptop.get("/v1/accounts/me/games", headers=bearer(laptop_token)).get_json()["games"]
    assert (mine["game_id"], mine["role"], mine["player_id"], mine["status"]) == (
        game_id,
        "organiser",
        "",
        "waiting",
    )
    robots = f"/v1/games/{game_id}/robots"
    seated = laptop.post(robots, json={"level": "expert"}, headers=bearer(laptop_token))
    assert seated.status_code == 201, seated.get_json()  # the laptop organises too
    refused(
        stranger.post(robots, json={"level": "expert"}, headers=bearer(other["session_token"])),
        403,
        "forbidden",
    )
    refused(
        stranger.post(robots, json={"level": "expert"}, headers=bearer("s_nosuch")),
        401,
        "bad_token",
    )
    joined = laptop.post(
        f"/v1/games/{game_id}/players", json={"name": "Orga"}, headers=bearer(key)
    )  # the account plays too, by its API key
    assert joined.status_code == 201
    started = phone.post(f"/v1/games/{game_id}/start", headers=bearer(key))
    assert started.status_code == 200, started.get_json()
    refused(laptop.post(f"/v1/accounts/me/games/{game_id}/seat"), 401, "unauthorized")
    taken = laptop.post(f"/v1/accounts/me/games/{game_id}/seat", headers=bearer(laptop_token))
    assert taken.get_json()["player_id"] == joined.get_json()["player_id"]  # not the organiser's
    roles = sorted(
        game["role"]
        for game in laptop.get("/v1/accounts/me/games", headers=bearer(laptop_token)).get_json()[
            "games"
        ]
    )
    assert roles == ["organiser", "player"]
    again = phone.post(
        f"/v1/games/{game_id}/pause", headers=bearer(created.get_json()["organiser_token"])
    )
    assert again.status_code in (200, 409)  # the organiser's token works as ever


def test_a_simultane_from_a_package_created_signed_in_needs_an_organiser(
    platform: Platform,
) -> None:
    client = device(platform)
    signed = client.post("/v1/accounts", json={"name": "Joueuse", "password": PASSWORD})
    token = signed.get_json()["session_token"]
    config = dataclasses.replace(preset("online"), max_turns=1, seconds_per_turn=30)
    lexicon = load_lexicon(config.lexicon)
    game = DuplicateGame(config, 5, MoveGeneratorReferee(lexicon, config))
    game.play_to_end()
    body = {"package": prepare_package(game, lexicon.info.id, lexicon.info.hash, "Simultané")}
    message = refused(
        client.post("/v1/games", json=body, headers=bearer(token)), 403, "not_organiser"
    )
    assert "organiser account" in message
    refused(client.post("/v1/games", json=body, headers=bearer("s_nosuch")), 401, "bad_token")
    games = client.get("/v1/accounts/me/games", headers=bearer(token)).get_json()["games"]
    assert games == []  # nothing created
    guest = client.post("/v1/games", json=body)  # a guest, as before: its organiser token
    assert guest.status_code == 201, guest.get_json()
    assert guest.get_json()["game"]["package_hash"]
    other = client.post("/v1/games", json={"kind": "duplicate"}, headers=bearer(token))
    assert other.status_code == 201, other.get_json()  # a player's account creates a table
