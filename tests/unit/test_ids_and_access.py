from __future__ import annotations

import uuid

import pytest
from pydantic import ValidationError

from schemas import AccessFilter, HybridQuery, SearchRequest, SparseVector, chunk_id, stable_id


def test_ids_are_deterministic_uuids() -> None:
    a = stable_id("chunk", "doc", 1, "text")
    assert a == stable_id("chunk", "doc", 1, "text")
    assert uuid.UUID(a).version == 5
    assert stable_id("chunk", "doc", 1, "text ") != a


def test_id_parts_cannot_be_shifted() -> None:
    assert stable_id("k", "a b", "c") != stable_id("k", "a", "b c")
    assert chunk_id("d", 1, "x") != chunk_id("d", 2, "x")


X = "x"


@pytest.mark.parametrize(
    ("flt", "chunk", "allowed"),
    [
        (AccessFilter.everything(), {"tenant": X, "visibility": "restricted", "acl": ["a"]}, True),
        (AccessFilter(tenant=X), {"tenant": "y", "visibility": "public", "acl": []}, False),
        (AccessFilter(tenant=X), {"tenant": X, "visibility": "internal", "acl": []}, True),
        # the default clearance is internal: confidential and restricted stay hidden
        (AccessFilter(tenant=X), {"tenant": X, "visibility": "confidential", "acl": []}, False),
        (
            AccessFilter.caller(X, clearance="confidential"),
            {"tenant": X, "visibility": "confidential", "acl": []},
            True,
        ),
        (
            AccessFilter.caller(X, clearance="confidential"),
            {"tenant": X, "visibility": "restricted", "acl": []},
            False,
        ),
        (
            AccessFilter(tenant=X, visibility=["public"]),
            {"tenant": X, "visibility": "internal", "acl": []},
            False,
        ),
        (
            AccessFilter(tenant=X, groups=["hr"]),
            {"tenant": X, "visibility": "public", "acl": ["hr", "it"]},
            True,
        ),
        (
            AccessFilter(tenant=X, groups=["hr"]),
            {"tenant": X, "visibility": "public", "acl": ["it"]},
            False,
        ),
        # no groups means only the documents without an ACL: fewer, never more
        (AccessFilter(tenant=X), {"tenant": X, "visibility": "public", "acl": []}, True),
        (AccessFilter(tenant=X), {"tenant": X, "visibility": "public", "acl": ["it"]}, False),
    ],
)
def test_access_rule(flt: AccessFilter, chunk: dict, allowed: bool) -> None:
    assert flt.allows(**chunk) is allowed


def test_access_filter_fails_closed() -> None:
    default = AccessFilter()
    assert (default.tenant, default.groups, default.unrestricted) == ("default", (), False)
    assert default.as_params() == {
        "tenant": "default",
        "visibility": ["public", "internal"],
        "groups": [],
    }
    # only everything() produces the unrestricted (null) parameters
    assert AccessFilter.everything().as_params() == {
        "tenant": None,
        "visibility": None,
        "groups": None,
    }
    for bad in (None, "", " ", "..", "../x", "/tmp/elsewhere", "a/../../b", "a" * 65, "ä"):
        with pytest.raises(ValidationError):
            AccessFilter(tenant=bad)  # type: ignore[arg-type]
    for bad_group in ("", "..", "a,b", "x y", "g" * 129):
        with pytest.raises(ValidationError):
            AccessFilter(tenant=X, groups=[bad_group])
    with pytest.raises(ValueError, match="clearance"):
        AccessFilter.caller(X, clearance="secret")  # type: ignore[arg-type]


def test_search_request_rejects_blank_and_unknown_filters() -> None:
    with pytest.raises(ValidationError, match="empty"):
        SearchRequest(query="   ")
    with pytest.raises(ValidationError):
        SearchRequest(query="x", filters={"colour": "red"})  # type: ignore[arg-type]
    with pytest.raises(ValidationError):
        SearchRequest(query="x" * 5000)


def test_hybrid_query_needs_a_vector_and_sparse_vectors_must_be_aligned() -> None:
    with pytest.raises(ValidationError):
        HybridQuery()
    with pytest.raises(ValidationError):
        SparseVector(indices=[1, 2], values=[0.5])
