"""One exception root. Each subclass carries what went wrong, where, and what to do.

The CLI and the HTTP layer map these to exit codes and status codes in one place
(``graphrag.cli``), so no stack trace reaches a user for a problem they can fix.
"""

from __future__ import annotations


class GraphRAGError(Exception):
    """Root of every error this project raises on purpose."""

    exit_code = 1

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  -> {self.hint}" if self.hint else self.message


class ConfigError(GraphRAGError):
    """A setting is invalid or points at something that does not work."""

    exit_code = 2

    def __init__(self, setting: str, message: str, *, hint: str | None = None) -> None:
        super().__init__(f"{setting}: {message}", hint=hint)
        self.setting = setting


class MissingExtraError(GraphRAGError):
    """An optional dependency is not installed."""

    def __init__(self, feature: str, install: str) -> None:
        super().__init__(f"{feature} needs an optional dependency", hint=f"run: {install}")
        self.install = install


class StoreError(GraphRAGError):
    """A store failed; ``store`` names which (graph or vector) and where it lives."""

    def __init__(self, store: str, message: str, *, hint: str | None = None) -> None:
        super().__init__(f"{store}: {message}", hint=hint)
        self.store = store


class StoreUnavailableError(StoreError):
    """The store cannot be reached (stopped, crashed, wrong address, wrong password)."""


class StoreLockedError(StoreError):
    """Another process owns the embedded store's data directory."""


class QueryError(StoreError):
    """A statement failed inside a reachable store; ``query`` names the statement."""

    def __init__(self, store: str, query: str, message: str) -> None:
        super().__init__(store, f"query {query!r} failed: {message}")
        self.query = query


class InputError(GraphRAGError):
    """A request, file or value from the user is not acceptable."""

    exit_code = 2


class NotFoundError(InputError):
    """What was asked for does not exist, or not for this caller (which looks the same)."""


class IdentityError(GraphRAGError):
    """A request without a caller the service can name (no tenant, wrong key): it gets
    nothing, never everything."""

    exit_code = 2


class DocumentError(InputError):
    """One input file cannot be ingested; ``path`` names it, ``reason`` is a short tag."""

    exit_code = 1

    def __init__(self, path: str, reason: str, message: str, *, hint: str | None = None) -> None:
        super().__init__(f"{path}: {message}", hint=hint)
        self.path = path
        self.reason = reason


class RateLimitError(GraphRAGError):
    """A caller sent more requests than the service's rate allows (HTTP 429)."""

    def __init__(self, message: str, *, retry_after_s: int, hint: str | None = None) -> None:
        super().__init__(message, hint=hint)
        self.retry_after_s = retry_after_s
