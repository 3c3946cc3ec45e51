"""Access fields carried by documents and chunks, and the filter every read stage applies.

A chunk is visible to a caller when all three hold:

* its ``tenant`` is the caller's tenant,
* its ``visibility`` is one the caller's clearance covers,
* its ``acl`` is empty, or shares a group with the caller's ``groups``.

The filter fails closed: a caller always has exactly one tenant, a clearance that defaults to
``internal`` (public and internal documents) and no groups unless named, so leaving something
out shows fewer documents, never more. Only ``AccessFilter.everything()`` (the local operator,
administration) lifts the restriction, and it has to be asked for by that name.

>>> f = AccessFilter(tenant="acme")
>>> f.allows(tenant="acme", visibility="internal", acl=[])
True
>>> f.allows(tenant="acme", visibility="internal", acl=["hr"])  # no groups: no ACL'd documents
False
>>> f.allows(tenant="other", visibility="public", acl=[])
False
>>> AccessFilter.caller("acme", groups=["hr"], clearance="confidential").visibility
('public', 'internal', 'confidential')
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

Visibility = Literal["public", "internal", "confidential", "restricted"]
# ordered from least to most sensitive: a clearance covers its level and every level below
VISIBILITIES: tuple[Visibility, ...] = ("public", "internal", "confidential", "restricted")
DEFAULT_TENANT = "default"
DEFAULT_CLEARANCE: Visibility = "internal"

# Tenants name folders (uploads) and groups travel in headers: a fixed alphabet and length,
# starting with a letter or digit, so neither can be a path, be empty or hide in whitespace.
TENANT_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
GROUP_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.:@=-]{0,127}")
MAX_GROUPS = 256


def check_tenant(value: str) -> str:
    """The tenant if it is well-formed, else a ValueError that says what is allowed."""
    return _checked("tenant", value, TENANT_PATTERN, "1-64 letters, digits, '_', '.' or '-'")


def check_group(value: str) -> str:
    return _checked("group", value, GROUP_PATTERN, "1-128 letters, digits or _ . : @ = -")


def _checked(what: str, value: str, pattern: re.Pattern[str], allowed: str) -> str:
    if not isinstance(value, str) or not pattern.fullmatch(value):
        raise ValueError(
            f"{what} {str(value)[:80]!r} is not allowed: {allowed}, starting with a letter or digit"
        )
    return value


def clearance_levels(clearance: Visibility) -> tuple[Visibility, ...]:
    """The visibilities a clearance covers: its own level and every level below it."""
    if clearance not in VISIBILITIES:
        raise ValueError(f"clearance {clearance!r} is not one of {', '.join(VISIBILITIES)}")
    return VISIBILITIES[: VISIBILITIES.index(clearance) + 1]


class AccessFilter(BaseModel):
    """What a caller may see: one tenant, the visibilities of its clearance, its groups."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tenant: str = DEFAULT_TENANT
    visibility: tuple[Visibility, ...] = clearance_levels(DEFAULT_CLEARANCE)
    groups: tuple[str, ...] = ()
    unrestricted: bool = False  # only through AccessFilter.everything()

    @field_validator("tenant")
    @classmethod
    def _tenant(cls, value: str) -> str:
        return check_tenant(value)

    @field_validator("groups")
    @classmethod
    def _groups(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if len(value) > MAX_GROUPS:
            raise ValueError(f"more than {MAX_GROUPS} groups")
        return tuple(dict.fromkeys(check_group(g) for g in value))

    @classmethod
    def caller(
        cls,
        tenant: str,
        groups: Iterable[str] = (),
        clearance: Visibility = DEFAULT_CLEARANCE,
    ) -> AccessFilter:
        """A caller's view from its identity: tenant, groups and clearance level."""
        return cls(tenant=tenant, groups=tuple(groups), visibility=clearance_levels(clearance))

    @classmethod
    def everything(cls) -> AccessFilter:
        """Every tenant, visibility and ACL: the local operator's view (listing, deleting,
        evaluation). Never built from a request."""
        return cls(unrestricted=True)

    def allows(self, *, tenant: str, visibility: str, acl: list[str]) -> bool:
        """The same rule the stores apply inside their queries, for code that holds a chunk."""
        if self.unrestricted:
            return True
        if tenant != self.tenant or visibility not in self.visibility:
            return False
        return not acl or bool(set(acl) & set(self.groups))

    def as_params(self) -> dict[str, object]:
        """Cypher parameters for the access predicate used in every read statement.

        ``None`` (no restriction) is only ever produced for ``everything()``.
        """
        if self.unrestricted:
            return {"tenant": None, "visibility": None, "groups": None}
        return {
            "tenant": self.tenant,
            "visibility": list(self.visibility),
            "groups": list(self.groups),
        }


class AccessFields(BaseModel):
    """Mixed into Document and Chunk so every stage can filter on them."""

    tenant: str = DEFAULT_TENANT
    visibility: Visibility = "internal"
    acl: list[str] = Field(default_factory=list)

    @field_validator("tenant")
    @classmethod
    def _tenant(cls, value: str) -> str:
        return check_tenant(value)

    @field_validator("acl")
    @classmethod
    def _acl(cls, value: list[str]) -> list[str]:
        return list(dict.fromkeys(check_group(g) for g in value))
