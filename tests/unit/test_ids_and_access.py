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


@pytest.mark.parametrize(
    ("flt", "chunk", "allowed"),
    [
        (AccessFilter(), {"tenant": "x", "visibility": "restricted", "acl": ["a"]}, True),
        (AccessFilter(tenant="x"), {"tenant": "y", "visibility": "public", "acl": []}, False),
        (
            AccessFilter(visibility=["public"]),
            {"tenant": "x", "visibility": "internal", "acl": []},
            False,
        ),
        (
            AccessFilter(groups=["hr"]),
            {"tenant": "x", "visibility": "public", "acl": ["hr", "it"]},
            True,
        ),
        (
            AccessFilter(groups=["hr"]),
            {"tenant": "x", "visibility": "public", "acl": ["it"]},
            False,
        ),
        (AccessFilter(groups=[]), {"tenant": "x", "visibility": "public", "acl": []}, True),
        (AccessFilter(groups=[]), {"tenant": "x", "visibility": "public", "acl": ["it"]}, False),
    ],
)
def test_access_rule(flt: AccessFilter, chunk: dict, allowed: bool) -> None:
    assert flt.allows(**chunk) is allowed


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
