"""Word lists (lexicons) shipped with Arbitre and the tools that build them.

``hunspell`` reads Hunspell ``.aff``/``.dic`` texts and expands every affix rule;
``build_french`` is the reproducible recipe for the free French list in ``data/``.
"""
