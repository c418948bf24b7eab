"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012): a player's rating,
its deviation (how unsure it is) and volatility, updated from the results of a rating period.
Pure: no I/O, no clock.

Arbitre rates Duel de Mots and Indecix players with it, one rating period per finished game
(:func:`game_results` turns a game's ranks into pairwise results against every other player).
The published example (a 1500 player, deviation 200, beating a 1400 and losing to a 1550 and a
1700) gives what the paper gives (r' 1464.06, RD' 151.52, sigma' 0.05999; the paper rounds its
intermediate steps, hence 1464.05 unrounded):

>>> player = Rating(1500, 200, 0.06)
>>> after = update(player, [(Rating(1400, 30), 1.0), (Rating(1550, 100), 0.0),
...                         (Rating(1700, 300), 0.0)])
>>> round(after.rating, 2), round(after.deviation, 2), round(after.volatility, 6)
(1464.05, 151.52, 0.059996)

A player who played nobody only grows less sure:

>>> round(update(Rating(1500, 200, 0.06), []).deviation, 2)
200.27
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

__all__ = [
    "DEFAULT_DEVIATION",
    "DEFAULT_RATING",
    "DEFAULT_VOLATILITY",
    "SCALE",
    "TAU",
    "Rating",
    "game_results",
    "update",
]

#: A new player's rating, deviation and volatility (the paper's defaults).
DEFAULT_RATING = 1500.0
DEFAULT_DEVIATION = 350.0
DEFAULT_VOLATILITY = 0.06
#: The system constant (how much the volatility may change: 0.3 to 1.2; the paper's example
#: uses 0.5).
TAU = 0.5
#: Glicko-2's scale factor (173.7178 = 400 / ln 10).
SCALE = 173.7178
#: The convergence tolerance of the volatility's iteration.
_EPSILON = 0.000001


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on the Glicko scale: its value, deviation and volatility."""

    rating: float = DEFAULT_RATING
    deviation: float = DEFAULT_DEVIATION
    volatility: float = DEFAULT_VOLATILITY


def _g(phi: float) -> float:
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, phi_j: float) -> float:
    return 1.0 / (1.0 + math.exp(-_g(phi_j) * (mu - mu_j)))


def _volatility(phi: float, sigma: float, delta: float, v: float, tau: float) -> float:
    """Step 5 of the paper: the new volatility (the Illinois algorithm)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > _EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def update(player: Rating, results: Sequence[tuple[Rating, float]], tau: float = TAU) -> Rating:
    """``player``'s rating after one rating period of ``results``: each an opponent's rating
    (before the period) and the score against them (1 won, 0.5 drawn, 0 lost). With no
    result, only the deviation grows. Raises :class:`ValueError` for a score outside 0-1."""
    mu = (player.rating - DEFAULT_RATING) / SCALE
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not results:
        grown = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, grown * SCALE, sigma)
    inverse_v = 0.0
    improvement = 0.0
    for opponent, score in results:
        if not 0.0 <= score <= 1.0:
            raise ValueError(f"a score is 0 to 1, not {score}")
        mu_j = (opponent.rating - DEFAULT_RATING) / SCALE
        phi_j = opponent.deviation / SCALE
        expected = _expected(mu, mu_j, phi_j)
        inverse_v += _g(phi_j) ** 2 * expected * (1.0 - expected)
        improvement += _g(phi_j) * (score - expected)
    v = 1.0 / inverse_v
    delta = v * improvement
    new_sigma = _volatility(phi, sigma, delta, v, tau)
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
    new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(new_mu * SCALE + DEFAULT_RATING, new_phi * SCALE, new_sigma)


def game_results(ranks: Mapping[str, int]) -> dict[str, list[tuple[str, float]]]:
    """A game's ranks (1 is first; equal ranks are a tie) as each player's results against
    every other: 1 against a worse rank, 0.5 against the same, 0 against a better.

    >>> game_results({"a": 1, "b": 2, "c": 2})["b"]
    [('a', 0.0), ('c', 0.5)]
    """
    return {
        player: [
            (other, 1.0 if rank < other_rank else 0.5 if rank == other_rank else 0.0)
            for other, other_rank in ranks.items()
            if other != player
        ]
        for player, rank in ranks.items()
    }
