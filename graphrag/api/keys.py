"""API keys that name their caller: a team's service without an identity proxy in front.

``GRAPHRAG_API_KEYS_FILE`` points at a TOML file of keys, each stored as the SHA-256 of the
key (the file never holds a key itself), each naming who uses it::

    [[key]]
    name = "hr-portal"                 # for the service's log, never the key
    sha256 = "9f86d08..."              # graphrag key new --tenant acme --group hr prints both
    tenant = "acme"
    groups = ["hr"]
    clearance = "confidential"         # default internal

    [[key]]
    name = "ops"
    sha256 = "..."
    admin = true                       # the operator's view, as the server file's token

    [[key]]
    name = "intranet-proxy"
    sha256 = "..."
    proxy = true                       # trusted to pass X-Graphrag-Tenant/-Groups/-Clearance

A request with a member key is that member, whatever identity headers it sends; only a proxy
key (or ``GRAPHRAG_API_KEY``, the proxy's key) has its identity headers read. An unknown key
gets 401, as a missing one does when keys are configured.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import tomllib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from graphrag.errors import ConfigError
from schemas import VISIBILITIES, AccessFilter, Visibility
from schemas.access import DEFAULT_CLEARANCE, check_group, check_tenant

SETTING = "GRAPHRAG_API_KEYS_FILE"


class ApiKey(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=100)
    sha256: str = Field(pattern=r"^[0-9a-f]{64}$")
    tenant: str | None = None
    groups: tuple[str, ...] = ()
    clearance: Visibility = DEFAULT_CLEARANCE
    admin: bool = False
    proxy: bool = False

    @field_validator("tenant")
    @classmethod
    def _tenant(cls, value: str | None) -> str | None:
        return None if value is None else check_tenant(value)

    @field_validator("groups")
    @classmethod
    def _groups(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(check_group(g) for g in value)

    def access(self) -> AccessFilter | None:
        """The caller this key is, or None for keys that name no member (proxy, admin)."""
        if self.tenant is None:
            return None
        return AccessFilter.caller(self.tenant, self.groups, self.clearance)


class ApiKeys:
    """The keys of a keys file, looked up by the SHA-256 of a presented key."""

    def __init__(self, keys: list[ApiKey]) -> None:
        self.keys = keys

    @classmethod
    def load(cls, path: Path) -> ApiKeys:
        try:
            raw: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
            raise ConfigError(
                SETTING, f"{path} cannot be read: {exc}", hint="fix the file"
            ) from None
        entries = raw.get("key", [])
        if set(raw) - {"key"} or not isinstance(entries, list):
            raise ConfigError(SETTING, f"{path}: only [[key]] tables belong in it")
        keys = []
        for n, entry in enumerate(entries, 1):
            try:
                key = ApiKey.model_validate(entry)
            except ValidationError as exc:
                first = exc.errors()[0]
                where = ".".join(str(p) for p in first["loc"]) or "entry"
                message = str(first["msg"]).removeprefix("Value error, ")
                raise ConfigError(
                    SETTING, f"{path}: key {n}: {where}: {message}", hint="fix that entry"
                ) from None
            if key.tenant is None and not (key.admin or key.proxy):
                raise ConfigError(
                    SETTING,
                    f"{path}: key {n} ({key.name}) names no tenant and is neither admin nor proxy",
                    hint="give it a tenant, or admin = true, or proxy = true",
                )
            keys.append(key)
        return cls(keys)

    def find(self, presented: bytes) -> ApiKey | None:
        digest = hashlib.sha256(presented).hexdigest()
        found = None
        for key in self.keys:  # every entry is compared: the time says nothing about which
            if hmac.compare_digest(digest, key.sha256):
                found = key
        return found


def new_key() -> tuple[str, str]:
    """A new key and its SHA-256, for the keys file."""
    key = f"grk_{secrets.token_urlsafe(32)}"
    return key, hashlib.sha256(key.encode()).hexdigest()


def entry(
    name: str,
    digest: str,
    tenant: str | None,
    groups: list[str],
    clearance: str,
    admin: bool,
    proxy: bool,
) -> str:
    """The TOML lines of one key."""
    if clearance not in VISIBILITIES:
        raise ValueError(f"clearance {clearance!r} is not one of {', '.join(VISIBILITIES)}")
    lines = ["[[key]]", f"name = {_toml(name)}", f'sha256 = "{digest}"']
    if tenant is not None:
        lines.append(f"tenant = {_toml(check_tenant(tenant))}")
    if groups:
        lines.append(f"groups = [{', '.join(_toml(check_group(g)) for g in groups)}]")
    if clearance != DEFAULT_CLEARANCE:
        lines.append(f"clearance = {_toml(clearance)}")
    if admin:
        lines.append("admin = true")
    if proxy:
        lines.append("proxy = true")
    return "\n".join(lines) + "\n"


def _toml(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
