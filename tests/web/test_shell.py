"""The page is a shell and one module per game kind: the shell's modules never ask which kind
they serve (no kind's name in their code), and every kind of the rules' registry has its page
modules, listed in web/kinds/index.js. The browser tests (test_tables.py, test_duel.py,
test_indecix.py) play the kinds through the shell."""

from __future__ import annotations

import re
from pathlib import Path

from arbitre.rules.kinds import names

WEB = Path(__file__).resolve().parents[2] / "web"
#: The shell's modules: everything at the top of web/ but the texts (which name the kinds).
SHELL = sorted(path for path in WEB.glob("*.js") if path.name != "i18n.js")


def code_of(path: Path) -> str:
    """The module without its comments."""
    text = re.sub(r"/\*.*?\*/", "", path.read_text(encoding="utf-8"), flags=re.S)
    return "\n".join(line.split("//")[0] for line in text.splitlines())


def test_the_shell_names_no_kind() -> None:
    assert len(SHELL) > 10
    for path in SHELL:
        code = code_of(path)
        for kind in names():
            assert not re.search(rf"[\"'`]{kind}[\"'`]", code), (path.name, kind)


#: Kinds played over the API whose page is still to come (the home page lists no open table of
#: a kind without its page): none now.
PAGES_TO_COME: frozenset[str] = frozenset()


def test_every_kind_has_its_page_modules() -> None:
    listed = code_of(WEB / "kinds" / "index.js")
    for kind in PAGES_TO_COME:  # once its page comes, it leaves the list
        assert not (WEB / "kinds" / kind).exists(), kind
        assert not re.search(rf"\b{kind}: ", listed), kind
    for kind in sorted(set(names()) - PAGES_TO_COME):
        assert re.search(rf"\b{kind}: \{{ name: \"{kind}\"", listed), kind
        home = WEB / "kinds" / kind / "home.js"
        for contract in ("joinable", "createRequest", "tableDetails"):
            assert re.search(rf"export function {contract}\(", home.read_text()), (kind, contract)
        table = re.search(rf"{kind}: .*?table: \(\) => import\(\"\./([^\"]+)\"\)", listed)
        assert table, kind
        module = (WEB / "kinds" / table.group(1)).read_text(encoding="utf-8")
        assert "export function open(" in module, kind
