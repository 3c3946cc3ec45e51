from __future__ import annotations

import time
from pathlib import Path

import pytest

from graphrag.errors import DocumentError
from ingestion import budget
from ingestion.parsers import MB, parse_file
from ingestion.parsers.text import MAX_QUOTE_DEPTH


def test_the_size_error_names_the_real_limit_and_setting(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"word " * (MB // 5 + 1))
    with pytest.raises(DocumentError) as err:
        parse_file(big, max_bytes=MB // 2)
    assert err.value.reason == "too_large"
    assert "over the 0.5 MB limit" in err.value.message
    assert err.value.hint is not None and "GRAPHRAG_MAX_FILE_MB" in err.value.hint
    assert "--max-mb" not in str(err.value)


def test_ole_files_are_named_for_what_they_are(tmp_path: Path) -> None:
    legacy = tmp_path / "old.doc"
    legacy.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 512)
    with pytest.raises(DocumentError) as err:
        parse_file(legacy)
    assert err.value.reason == "legacy_format"
    locked = tmp_path / "locked.docx"
    locked.write_bytes(
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 64 + "EncryptedPackage".encode("utf-16-le")
    )
    with pytest.raises(DocumentError) as err:
        parse_file(locked)
    assert err.value.reason == "encrypted"


def test_time_spent_waiting_is_not_the_files_budget() -> None:
    """Waiting for the parser (another file's turn, a fresh child's imports) moves the deadline
    on; the file's own work still runs out of budget."""
    with budget.file_budget("slow.md", seconds=0.2):
        with budget.paused():
            time.sleep(0.3)
        budget.check()  # 0.3 s spent waiting, none of it working
        left = budget.remaining()
        assert left is not None and 0.0 < left <= 0.2
        time.sleep(0.25)
        with pytest.raises(DocumentError) as err:
            budget.check()
    assert err.value.reason == "timeout" and "slow.md" in str(err.value)
    with budget.paused():  # outside a file's budget: nothing to move
        pass
    assert budget.remaining() is None


def test_quotes_nested_past_the_limit_are_refused_before_parsing(tmp_path: Path) -> None:
    """The Markdown backend takes seconds over thousands of quote levels before its recursion
    limit ends them; the depth is read first, so the file fails at once for its true reason."""
    deep = tmp_path / "thread.md"
    deep.write_text("# Thread\n\n" + "> " * (MAX_QUOTE_DEPTH + 1) + "deep\n")
    start = time.monotonic()
    with pytest.raises(DocumentError) as err:
        parse_file(deep)
    assert time.monotonic() - start < 1.0
    assert err.value.reason == "too_deep" and "thread.md" in str(err.value)
    assert f"{MAX_QUOTE_DEPTH + 1} levels" in err.value.message

    quoted = tmp_path / "reply.md"
    quoted.write_text("# Reply\n\n>> Wie viele Urlaubstage?\n> 24 Werktage.\n\nDanke.\n")
    text = " ".join(b.text for b in parse_file(quoted).blocks)
    assert "Wie viele Urlaubstage?" in text and "24 Werktage." in text
