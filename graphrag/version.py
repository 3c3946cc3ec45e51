"""The installed package's version (the HTTP spec's and the MCP server's)."""

from __future__ import annotations


def package_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("graphrag")
    except PackageNotFoundError:  # run from a source tree that was not installed
        return "0+unknown"
