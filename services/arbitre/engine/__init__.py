"""The engine layer: lexicons compiled to automata, and judging moves against them.

Built on :mod:`arbitre.rules`; used by the services, the gateway and the command line.
"""
