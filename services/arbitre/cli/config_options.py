"""The game configuration options shared by the commands that play a game from a seed
(``arbitre simulate``, ``arbitre package prepare``): ``--preset``, ``--variant``, ``--turns``
and ``--lexicon``, read into a :class:`~arbitre.rules.game_config.GameConfig`."""

from __future__ import annotations

import argparse
from typing import Any

from arbitre.lexicons.shipped import LANGUAGES
from arbitre.rules.game_config import PRESETS, GameConfig, Variant, overridden, preset

__all__ = ["add_config_options", "config_from_options"]


def add_config_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--preset``, ``--variant``, ``--turns`` and ``--lexicon`` to ``parser``."""
    parser.add_argument(
        "--preset", default="fisf", choices=sorted(PRESETS), help="configuration (default fisf)"
    )
    parser.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        help="normal, joker (every rack holds a blank), 7sur8 or 7et8",
    )
    parser.add_argument("--turns", type=int, metavar="K", help="stop after K turns (10, 15, 20...)")
    parser.add_argument(
        "--lexicon", metavar="ID_OR_PATH", help="lexicon (default: the preset's, fr)"
    )


def config_from_options(arguments: argparse.Namespace) -> GameConfig:
    """The preset the options name, with their variant, number of turns and lexicon (a
    shipped lexicon of another language brings its tiles, as the API does: ``--lexicon en``
    plays the English tiles); raises
    :class:`~arbitre.rules.game_config.InvalidGameConfigError` for an impossible value."""
    changes: dict[str, Any] = {}
    if arguments.variant is not None:
        changes["variant"] = arguments.variant
    if arguments.turns is not None:
        changes["max_turns"] = arguments.turns
    if arguments.lexicon is not None:
        changes["lexicon"] = arguments.lexicon
    return overridden(preset(arguments.preset), changes, LANGUAGES)
