"""A dupliKta game over a small word list: deals, exchanges on each player's own copy, confirms,
refused moves, passes, installation, Mimil, the ends of a game and the adjustment, with
hand-checked numbers (French values: J 8, others here 1)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from arbitre.rules.kinds.base import ActionRefusedError
from arbitre.rules.kinds.duplikta import (
    Confirm,
    Criterion,
    DupliktaConfig,
    DupliktaGame,
    EndReason,
    ExchangeKind,
)
from arbitre.rules.tiles import FRENCH, TileSet
from tests.rules.kinds.duplikta.samples import PLAYERS, game_with, words

WORDS = ("JOUR", "JOURS", "ENTRAIS", "TRIAS")
EIGHT_E = "EEEEEEEE"
#: The French set with 4 blanks, for racks of 3.
BLANKS_4 = TileSet.from_mapping({**FRENCH.to_mapping(), "name": "fr, 4 blanks", "blanks": 4})


def refused(code: str, action: Callable[[], object], game: DupliktaGame) -> None:
    """``action()`` is refused with ``code`` and changes nothing the game shows."""
    before = (game.board.rows(), game.box.contents(), dict(game.chances), len(game.turns))
    hands = {p: (game.rack_of(p), game.box_of(p)) for p in PLAYERS} if game.turn_open else None
    with pytest.raises(ActionRefusedError) as raised:
        action()
    assert raised.value.code == code
    assert (game.board.rows(), game.box.contents(), dict(game.chances), len(game.turns)) == before
    if hands is not None:
        assert {p: (game.rack_of(p), game.box_of(p)) for p in PLAYERS} == hands


def test_a_refused_move_costs_its_tokens_and_mimil_gives_half() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=0, chances_halves=0))
    assert game.deal() == "EJORSTU"
    game.confirm("ana", "H8 JOURS")  # (8+1+1+1+1x2) x 2 = 26
    game.confirm("bob", "H8 TSUJ")  # not a word: T S U J = 1+1+1+8 = 11
    turn = game.close_turn()
    ana, bob = turn.sides
    assert (turn.installed, turn.criterion) == ("ana", Criterion.TILES)
    assert (ana.score, ana.bonuses, ana.points) == (26, {"tiles": 25}, 51)
    assert (bob.accepted, bob.unknown_words, bob.penalty, bob.points) == (False, ("TSUJ",), 11, -11)
    assert (bob.mimil, game.chances) == (1, {"ana": 0, "bob": 1})
    assert game.board.rows()[7] == ".......JOURS..."
    assert (turn.reliquat, game.reliquat, game.box.contents()) == ("ET", "ET", EIGHT_E)
    assert game.totals() == {"ana": 51, "bob": -11}
    assert game.deal() == "EEEEEET"  # the reliquat and 5 from the box


def test_mimil_stops_at_one_and_a_half() -> None:
    config = DupliktaConfig(clock_seconds=0, chances_halves=0, handicaps=(0, 2))
    game = game_with("JOURSET", EIGHT_E, WORDS, config)
    assert game.chances == {"ana": 0, "bob": 4}
    game.play_turn({"ana": Confirm("H8 JOURS"), "bob": Confirm("H8 TSUJ")})
    assert game.chances == {"ana": 0, "bob": 4}


def test_a_pass_costs_its_loupe_and_returned_tokens_and_nobody_is_installed() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS)
    game.deal()
    game.confirm("ana", None, loupe="J", returned="ST")  # J: 8, at least 10; S T: 2 / 2, at least 5
    game.confirm("bob", None)
    turn = game.close_turn()
    ana, bob = turn.sides
    assert (turn.installed, turn.criterion) == (None, Criterion.NONE)
    assert (ana.penalty, ana.points, ana.unplaced) == (15, -15, "EORU")
    assert (bob.penalty, bob.points, bob.unplaced) == (0, 0, "EJORSTU")
    assert game.board.is_empty()
    assert game.box.contents() == EIGHT_E
    assert game.deal() == "EJORSTU"  # the same rack again


def test_three_turns_without_an_installed_move_end_the_game() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS)
    for number in (1, 2, 3):
        assert not game.over
        turn = game.play_turn({"ana": Confirm(None), "bob": Confirm("H8 TSUJ")})
        assert turn is not None
        assert (turn.number, turn.rack, turn.installed) == (number, "EJORSTU", None)
    assert game.end is EndReason.STALLED
    # Each keeps the whole rack, 14: nobody placed all, each only loses their own.
    assert game.adjustment == {"ana": -14, "bob": -14}
    assert game.totals() == {"ana": -14, "bob": 3 * -11 - 14}
    assert game.deal() is None


def test_an_installed_move_resets_the_count_of_idle_turns() -> None:
    game = game_with("JOURSET", "EEEEEEEEEEEEEEEEEEEE", WORDS)
    game.play_turn({"ana": Confirm(None), "bob": Confirm(None)})
    game.play_turn({"ana": Confirm(None), "bob": Confirm(None)})
    game.play_turn({"ana": Confirm("H8 JOURS"), "bob": Confirm(None)})
    assert game.idle == 0
    game.play_turn({"ana": Confirm(None), "bob": Confirm(None)})
    game.play_turn({"ana": Confirm(None), "bob": Confirm(None)})
    assert not game.over


def test_a_pass_with_the_box_empty_ends_the_game() -> None:
    game = game_with("JOURSET", "", WORDS)
    turn = game.play_turn({"ana": Confirm("H8 JOURS"), "bob": Confirm(None)})
    assert turn is not None
    assert (turn.installed, turn.points) == ("ana", {"ana": 51, "bob": 0})
    assert game.end is EndReason.PASS
    # ana keeps E T (2), bob the whole rack (14).
    assert game.adjustment == {"ana": -2, "bob": -14}
    assert game.totals() == {"ana": 49, "bob": -14}


def test_the_box_empty_and_the_rack_emptied_end_the_game_and_the_leftovers_change_hands() -> None:
    game = game_with("AEINRST", "", WORDS)
    game.deal()
    game.confirm("ana", "H2 ENTRAIS")  # E N T(x2) R A I S on H8: 8 x 2 + 50 = 66
    game.confirm("bob", "H8 TRIAS")  # T R A I S(x2 on H12): 6 x 2 = 12
    turn = game.close_turn()
    assert (turn.installed, turn.criterion, turn.points) == (
        "ana",
        Criterion.TILES,
        {"ana": 76, "bob": 12},
    )
    assert game.end is EndReason.OUT
    assert game.adjustment == {"ana": 2, "bob": -2}  # bob keeps E N
    assert game.totals() == {"ana": 78, "bob": 10}


def test_the_faster_confirm_with_the_clock_gets_2_and_a_vertical_first_word_stays() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=60))
    game.deal()
    game.confirm("ana", "H8 JOUR", 5_000)  # (8+1+1+1) x 2 = 22
    game.confirm("bob", "8H JOUR", 4_000)  # the same, downwards
    turn = game.close_turn()
    assert (turn.installed, turn.criterion, turn.points) == (
        "bob",
        Criterion.SPEED,
        {"ana": 22, "bob": 24},
    )
    assert [game.board[row, 7] for row in range(7, 11)] == list("JOUR")
    assert turn.side("bob").confirm_ms == 4_000


def test_exchanges_change_only_the_players_own_copy() -> None:
    game = game_with("JOURSET", "EEEEEEEZ", WORDS)
    game.deal()
    done = game.exchange("ana", "T", "Z")
    assert (done.kind, done.cost) == (ExchangeKind.EXCHANGE, 2)
    assert (game.rack_of("ana"), game.box_of("ana")) == ("EJORSUZ", "EEEEEEET")
    assert (game.rack_of("bob"), game.box_of("bob")) == ("EJORSTU", "EEEEEEEZ")
    assert game.chances == {"ana": 10, "bob": 10}  # spent at the close
    game.confirm("ana", "H8 JOURS")
    game.confirm("bob", "H8 JOUR")
    turn = game.close_turn()
    assert turn.installed == "ana"
    assert turn.side("ana").rack == "EJORSUZ"
    assert (game.reliquat, game.box.contents()) == ("EZ", "EEEEEEET")
    assert game.chances == {"ana": 8, "bob": 10}


def test_the_exchanges_of_a_player_not_installed_are_undone_but_paid() -> None:
    game = game_with("JOURSET", "EEEEEEEZ", WORDS)
    game.deal()
    game.exchange("ana", "T", "Z")
    game.confirm("ana", "H8 JOUR")
    game.confirm("bob", "H8 JOURS")
    game.close_turn()
    assert (game.reliquat, game.box.contents()) == ("ET", "EEEEEEEZ")
    assert game.chances == {"ana": 8, "bob": 10}


def test_a_mutation_and_an_unmet_request_in_a_game() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=0, chances_halves=4))
    game.deal()
    # No Z left in a box of 8: a mutation costs 1½; ana has 2.
    assert game.exchange("ana", "T", "Z").kind is ExchangeKind.MUTATION
    # ana now holds ½: a K is not in the box either, the request is not met.
    assert game.exchange("ana", "E", "K").kind is ExchangeKind.UNMET
    refused("not_enough_chances", lambda: game.redraw("ana", "E"), game)
    assert game.rack_of("ana") == "EJORSUZ"
    assert game.box_of("ana") == EIGHT_E
    game.close_turn()
    assert game.chances == {"ana": 0, "bob": 4}


def test_reversed_words_need_the_option_at_5_not_a_handicap() -> None:
    config = DupliktaConfig(clock_seconds=0, chances_halves=8, handicaps=(0, 5))
    game = game_with("JOURSET", EIGHT_E, WORDS, config)
    assert game.start == {"ana": 8, "bob": 18}
    turn = game.play_turn({"ana": Confirm("H8 JOURS"), "bob": Confirm("H8 RUOJ")})
    assert turn is not None
    assert turn.side("bob").unknown_words == ("RUOJ",)
    unlocked = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=0))
    turn = unlocked.play_turn({"ana": Confirm(None), "bob": Confirm("H8 RUOJ")})
    assert turn is not None
    assert (turn.installed, turn.side("bob").reversed_words) == ("bob", ("RUOJ",))
    assert unlocked.board.rows()[7] == ".......RUOJ...."


def test_a_player_who_did_not_confirm_passes() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS)
    game.deal()
    game.confirm("bob", "H8 JOUR")
    turn = game.close_turn()
    assert turn.side("ana").passed
    assert turn.points == {"ana": 0, "bob": 42}  # 22 + 5 x 4


def test_actions_the_rules_refuse_change_nothing() -> None:
    game = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=30))
    refused("no_turn", lambda: game.confirm("ana", None, 0), game)
    refused("no_turn", game.close_turn, game)
    game.deal()
    refused("turn_open", game.deal, game)
    refused("illegal_move:first_move_centre", lambda: game.confirm("ana", "A1 JOUR", 10), game)
    refused("illegal_move:not_on_rack", lambda: game.confirm("ana", "H8 JOURSS", 10), game)
    refused("bad_notation", lambda: game.confirm("ana", "JOUR", 10), game)
    refused("bad_notation", lambda: game.confirm("ana", "H8 " + "A" * 70, 10), game)
    refused("bad_time", lambda: game.confirm("ana", "H8 JOUR"), game)
    refused("bad_time", lambda: game.confirm("ana", "H8 JOUR", -1), game)
    refused("after_clock", lambda: game.confirm("ana", "H8 JOUR", 30_001), game)
    refused("loupe_with_move", lambda: game.confirm("ana", "H8 JOUR", 10, loupe="E"), game)
    refused("not_on_rack", lambda: game.confirm("ana", None, 10, loupe="K"), game)
    refused("bad_tokens", lambda: game.confirm("ana", None, 10, returned="e"), game)
    refused("not_a_player", lambda: game.confirm("cy", None, 10), game)
    refused("letter_not_in_set", lambda: game.exchange("ana", "T", "1"), game)
    game.confirm("ana", "H8 JOUR", 30_000)
    refused("already_confirmed", lambda: game.confirm("ana", None, 10), game)
    refused("already_confirmed", lambda: game.redraw("ana", "E"), game)
    assert game.confirmed("ana")
    assert not game.confirmed("bob")


def test_a_blank_lettered_at_the_loupe_is_free_and_changes_only_the_players_copy() -> None:
    game = game_with("??URSET", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=0, chances_halves=0))
    assert game.deal() == "ERSTU??"
    done = game.exchange("ana", "?", "J")  # with 0 Chances
    assert (done.kind, done.given, done.received, done.cost) == (ExchangeKind.LETTERED, "?", "J", 0)
    assert (game.rack_of("ana"), game.box_of("ana"), game.chances_of("ana")) == (
        "EJRSTU?",
        EIGHT_E,
        0,
    )
    assert (game.rack, game.rack_of("bob"), game.box_of("bob")) == ("ERSTU??", "ERSTU??", EIGHT_E)
    # A blank for a blank is no lettering: refused, first for want of ½ Chance.
    refused("not_enough_chances", lambda: game.exchange("bob", "?", "?"), game)
    game.confirm("ana", "H8 JoUR")  # a real J (8) and a blank as O (1): (8+1+1+1) x 2 = 22
    turn = game.close_turn()
    assert (turn.installed, turn.points) == ("ana", {"ana": 42, "bob": 0})  # 22 + 5 x 4
    assert turn.side("ana").rack == "EJRSTU?"
    assert (game.reliquat, game.box.contents()) == ("EST", EIGHT_E)
    assert game.chances == {"ana": 0, "bob": 0}
    line = game.sheet()[0]["players"]["ana"]["exchanges"]
    assert line == [{"kind": "lettered", "given": "?", "wanted": "J", "received": "J", "cost": "0"}]


def test_with_the_clock_a_move_places_at_most_2_blanks() -> None:
    game = game_with("???URST", EIGHT_E, WORDS, DupliktaConfig(tiles=BLANKS_4, clock_seconds=60))
    game.deal()
    refused("illegal_move:too_many_blanks", lambda: game.confirm("ana", "H8 jouR", 1_000), game)
    refused("illegal_move:too_many_blanks", lambda: game.confirm("ana", "H8 j(OU)R", 1_000), game)
    assert not game.confirmed("ana")
    game.confirm("ana", "H8 joUR", 2_000)  # exactly 2 blanks
    game.exchange("bob", "?", "J")  # lettered at the loupe first: free
    game.confirm("bob", "H8 JouR", 1_000)
    turn = game.close_turn()
    assert [(side.move, side.accepted, side.score) for side in turn.sides] == [
        ("H8 joUR", True, 22),  # a blank is worth the letter it stands for
        ("H8 JouR", True, 22),
    ]
    assert turn.installed == "bob"  # the faster


def test_with_the_clock_off_a_move_places_any_number_of_blanks() -> None:
    game = game_with("???URST", EIGHT_E, WORDS, DupliktaConfig(tiles=BLANKS_4, clock_seconds=0))
    game.deal()
    game.confirm("ana", "H8 jouR")
    turn = game.close_turn()
    assert (turn.installed, turn.side("ana").score, turn.side("ana").tiles) == ("ana", 22, 4)


def test_blanks_already_on_the_board_do_not_count() -> None:
    game = game_with("??URSTE", EIGHT_E, WORDS, DupliktaConfig(clock_seconds=60))
    game.deal()
    game.confirm("ana", "H8 joUR", 1_000)
    game.close_turn()
    game.reliquat = "?"  # the next rack: ? and 6 E of the box
    game.deal()
    game.confirm("ana", "H8 joURs", 1_000)  # the 2 blanks of the board and one placed
    assert game.confirmed("ana")


def test_a_letter_the_set_does_not_have_is_refused() -> None:
    only_e = TileSet.from_mapping({"name": "e", "letters": {"E": {"count": 60, "value": 1}}})
    game = game_with("JOURSET", EIGHT_E, WORDS, DupliktaConfig(tiles=only_e, clock_seconds=0))
    game.deal()
    refused("unknown_letter", lambda: game.confirm("ana", "H8 JOUR"), game)


def test_a_game_needs_two_players_of_different_names() -> None:
    for players in (("ana",), ("ana", "ana"), ("ana", "bob", "cy"), ("", "bob")):
        with pytest.raises(ActionRefusedError) as raised:
            DupliktaGame(DupliktaConfig(), 1, words(), players)  # type: ignore[arg-type]
        assert raised.value.code == "bad_players"


def test_after_the_end_nothing_is_dealt() -> None:
    game = game_with("JOURSET", "", WORDS)
    game.play_turn({"ana": Confirm(None), "bob": Confirm(None)})
    assert game.end is EndReason.PASS
    assert game.deal() is None
    assert game.play_turn({}) is None
    refused("game_over", lambda: game.confirm("ana", None), game)


def test_the_score_sheet() -> None:
    game = game_with("AEINRST", "", WORDS)
    game.play_turn({"ana": Confirm("H2 ENTRAIS"), "bob": Confirm("H8 TRIAS")})
    first, last = game.sheet()
    assert first["turn"] == 1
    assert (first["rack"], first["installed"], first["criterion"]) == ("AEINRST", "ana", "tiles")
    assert first["players"]["ana"]["move"] == "H2 ENTRAIS"
    assert first["players"]["ana"]["bonuses"] == {"tiles": 10}
    assert first["players"]["bob"]["total"] == 12
    assert last == {
        "end": "out",
        "adjustment": {"ana": 2, "bob": -2},
        "totals": {"ana": 78, "bob": 10},
    }


def test_each_turn_tells_the_computers_best_move_and_each_players_points_against_it() -> None:
    """Hand-checked on an empty board with JOURSAB: the best is H4 JOURS (J on the double letter
    H4: 16 + 4, the word doubled on H8: 40); ana's H8 JOUR scores 22 (-18), bob's SA is refused
    (0: -40); the next turn, from the reliquat ABS, bob plays the best move and ana passes."""
    config = DupliktaConfig(clock_seconds=0, chances_halves=0)
    game = game_with("JOURSAB", "", ("JOUR", "JOURS", "BAS", "OR"), config)
    turn = game.play_turn({"ana": Confirm("H8 JOUR"), "bob": Confirm("H8 SA")})
    assert turn is not None
    assert (turn.best.move, turn.best.score) == ("H4 JOURS", 40)
    assert {side.player: (side.score, side.against_best) for side in turn.sides} == {
        "ana": (22, -18),
        "bob": (0, -40),
    }
    line = game.sheet()[0]
    assert line["best"] == {"move": "H4 JOURS", "score": 40}
    assert line["players"]["ana"]["against_best"] == -18
    assert line["players"]["bob"]["against_best_total"] == -40
    # Turn 2, ana's JOUR on the board: bob plays the best move, ana passes.
    assert game.deal() == "ABS"
    best = game.tools.best_move(game.board, "ABS", config.tiles, config.reversed_words)
    assert best is not None
    game.confirm("ana", None)
    game.confirm("bob", best)
    second = game.close_turn()
    assert second.best.move == best
    assert second.side("bob").against_best == 0
    assert second.side("ana").against_best == -second.best.score
    running = game.sheet()[1]["players"]
    assert running["ana"]["against_best_total"] == -18 - second.best.score
    assert running["bob"]["against_best_total"] == -40


def test_the_best_move_reads_words_backwards_when_they_are_accepted() -> None:
    """U and O on H8 and H9, JR on the rack, JOUR the only word: RUOJ (H7 to H10: 1 + 1 + 1 + 8
    = 11) is a move only with reversed words unlocked."""
    for chances, best in ((0, (None, 0)), (5, ("H7 RUOJ", 11))):
        game = game_with(
            "JR", "", ("JOUR",), DupliktaConfig(clock_seconds=0, chances_halves=2 * chances)
        )
        game.board.put([(7, 7, "U"), (7, 8, "O")])
        turn = game.play_turn({"ana": Confirm(best[0]), "bob": Confirm(None)})
        assert turn is not None
        assert (turn.best.move, turn.best.score) == best
        assert turn.side("ana").against_best == 0
        assert turn.side("bob").against_best == -best[1]
