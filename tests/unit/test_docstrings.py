"""Every docstring example in the packages runs."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

PACKAGES = ["schemas", "graphrag", "ingestion"]
SKIP = {"graphrag.demo", "graphrag.stores.graph.arcadedb_process"}


def _modules() -> list[str]:
    names = []
    for package in PACKAGES:
        pkg = importlib.import_module(package)
        names.append(package)
        for info in pkgutil.walk_packages(pkg.__path__, prefix=f"{package}."):
            if info.name not in SKIP:
                names.append(info.name)
    return names


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
