"""Robots: players the platform seats itself, one module per game kind.

A robot plays through the same path as people and sees only what its seat may see.
"""
