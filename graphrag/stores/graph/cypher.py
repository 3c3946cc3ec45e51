"""The one loader of ``cypher/``: statements by name, templated only from allowlists.

Values always travel as ``$parameters``. The only text ever substituted into a statement is a
label or relationship type, and only one from the fixed allowlists below.

>>> "MERGE" in load("upsert_chunks")
True
>>> render("count_nodes", label="Chunk").splitlines()[-2]
'MATCH (n:Chunk)'
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

from graphrag.errors import InputError

LABELS = ("Document", "Section", "Chunk", "Entity")
RELATIONSHIP_TYPES = (
    "PARENT",
    "NEXT",
    "MENTIONS",
    "RELATED_TO",
    "REFERENCES",
    "SUPERSEDES",
    "ABOUT",
    "CITES",
)
_ALLOWED = {"label": LABELS, "type": RELATIONSHIP_TYPES}
_PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")
_NAME = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)?$")


@cache
def load(name: str) -> str:
    """The text of ``cypher/<name>.cypher`` (``name`` may be ``schema/<file>``)."""
    if not _NAME.match(name):
        raise InputError(f"not a statement name: {name!r}")
    try:
        return (resources.files("cypher") / f"{name}.cypher").read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError(f"no Cypher statement named {name!r} in cypher/") from None


def render(name: str, **slots: str) -> str:
    """Fill ``{{label}}``/``{{type}}`` slots with allowlisted names; anything else is refused."""
    text = load(name)

    def fill(match: re.Match[str]) -> str:
        slot = match.group(1)
        value = slots.get(slot)
        if slot not in _ALLOWED or value not in _ALLOWED[slot]:
            raise InputError(
                f"{name}: {slot} {value!r} is not in the allowlist {_ALLOWED.get(slot)}"
            )
        return value

    return _PLACEHOLDER.sub(fill, text)


def schema_statements() -> list[str]:
    """Constraint and index DDL, in a stable order (constraints first)."""
    files = sorted(
        (
            p.name
            for p in (resources.files("cypher") / "schema").iterdir()
            if p.name.endswith(".cypher")
        ),
        key=lambda n: (not n.startswith("constraint"), n),
    )
    return [load("schema/" + f.removesuffix(".cypher")) for f in files]


def all_statement_names() -> list[str]:
    """Every statement file, for the linter and the tests."""
    root = resources.files("cypher")
    names = [p.name.removesuffix(".cypher") for p in root.iterdir() if p.name.endswith(".cypher")]
    names += [
        "schema/" + p.name.removesuffix(".cypher")
        for p in (root / "schema").iterdir()
        if p.name.endswith(".cypher")
    ]
    return sorted(names)
