"""Who is calling: the identity proxy's headers, read so that anything unclear gets nothing.

The proxy that authenticates users passes the caller's tenant in ``X-Graphrag-Tenant``, its
groups in ``X-Graphrag-Groups`` (comma-separated, the header may repeat) and optionally its
clearance in ``X-Graphrag-Clearance`` (public < internal < confidential < restricted; default
internal). A missing or empty tenant is refused (401), never read as "every tenant"; two
different tenants, a malformed or oversized value is refused (400); no groups means only the
documents without an ACL.
"""

from __future__ import annotations

from fastapi import Request
from pydantic import ValidationError

from graphrag.errors import IdentityError, InputError
from schemas import VISIBILITIES, AccessFilter
from schemas.access import DEFAULT_CLEARANCE, MAX_GROUPS

TENANT = "x-graphrag-tenant"
GROUPS = "x-graphrag-groups"
CLEARANCE = "x-graphrag-clearance"
MAX_HEADER_CHARS = 8192


def caller_access(request: Request) -> AccessFilter:
    """The caller's AccessFilter, or an error that says which header is wrong."""
    tenant = _single(request, TENANT, required=True)
    clearance = _single(request, CLEARANCE, required=False) or DEFAULT_CLEARANCE
    if clearance not in VISIBILITIES:
        raise InputError(
            f"{CLEARANCE}: {clearance[:40]!r} is not one of {', '.join(VISIBILITIES)}",
            hint="the identity proxy sets the caller's clearance",
        )
    raw_groups = request.headers.getlist(GROUPS)
    if sum(len(v) for v in raw_groups) > MAX_HEADER_CHARS:
        raise InputError(f"{GROUPS} is longer than {MAX_HEADER_CHARS} characters")
    groups = [g.strip() for value in raw_groups for g in value.split(",") if g.strip()]
    if len(groups) > MAX_GROUPS:
        raise InputError(f"{GROUPS} names more than {MAX_GROUPS} groups")
    try:
        return AccessFilter.caller(tenant, groups, clearance)
    except ValidationError as exc:
        raise InputError(
            str(exc.errors()[0]["msg"]).removeprefix("Value error, "),
            hint="the identity proxy must pass plain tenant and group names",
        ) from None


def _single(request: Request, header: str, *, required: bool) -> str:
    values = {v.strip() for v in request.headers.getlist(header)}
    values.discard("")
    if len(values) > 1:
        raise InputError(f"{header} is given more than once with different values")
    value = values.pop() if values else ""
    if len(value) > MAX_HEADER_CHARS:
        raise InputError(f"{header} is longer than {MAX_HEADER_CHARS} characters")
    if required and not value:
        raise IdentityError(
            f"no caller: the {header} header is missing or empty",
            hint="call the service through the identity proxy, which sets the tenant",
        )
    return value
