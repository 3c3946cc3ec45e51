"""Access fields carried by documents and chunks, and the filter every read stage applies.

A chunk is visible to a caller when all three hold:

* its ``tenant`` equals the caller's tenant (when the filter names one),
* its ``visibility`` is one the caller may see (when the filter lists them),
* its ``acl`` is empty, or shares a group with the caller's ``groups`` (when the filter lists them).

``AccessFilter()`` (nothing set) is the unrestricted view used by administrators and local use.

>>> f = AccessFilter(tenant="acme", visibility=["public", "internal"])
>>> f.allows(tenant="acme", visibility="internal", acl=[])
True
>>> f.allows(tenant="other", visibility="public", acl=[])
False
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Visibility = Literal["public", "internal", "confidential", "restricted"]
VISIBILITIES: tuple[Visibility, ...] = ("public", "internal", "confidential", "restricted")
DEFAULT_TENANT = "default"


class AccessFilter(BaseModel):
    """What a caller may see. ``None`` on a field means no restriction on that field."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    tenant: str | None = None
    visibility: list[Visibility] | None = None
    groups: list[str] | None = None

    def allows(self, *, tenant: str, visibility: str, acl: list[str]) -> bool:
        """The same rule the stores apply inside their queries, for code that holds a chunk."""
        if self.tenant is not None and tenant != self.tenant:
            return False
        if self.visibility is not None and visibility not in self.visibility:
            return False
        return not (self.groups is not None and acl and not set(acl) & set(self.groups))

    def as_params(self) -> dict[str, object]:
        """Cypher parameters for the access predicate used in every read statement."""
        return {
            "tenant": self.tenant,
            "visibility": list(self.visibility) if self.visibility is not None else None,
            "groups": list(self.groups) if self.groups is not None else None,
        }


class AccessFields(BaseModel):
    """Mixed into Document and Chunk so every stage can filter on them."""

    tenant: str = DEFAULT_TENANT
    visibility: Visibility = "internal"
    acl: list[str] = Field(default_factory=list)
