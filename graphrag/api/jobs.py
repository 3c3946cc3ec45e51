"""Ingestion jobs of the HTTP service: run in a background thread, report progress as JSON."""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from ingestion.report import IngestReport

State = Literal["queued", "running", "done", "failed"]


@dataclass
class Job:
    id: str
    tenant: str  # only this tenant's callers see the job
    files: list[str]
    state: State = "queued"
    stages: dict[str, dict[str, Any]] = field(default_factory=dict)
    report: dict[str, Any] | None = None
    error: str | None = None
    created: float = field(default_factory=time.time)

    # Progress protocol (ingestion/progress.py)
    def stage(self, name: str, total: int | None = None) -> None:
        self.stages[name] = {"done": 0, "total": total, "detail": ""}

    def advance(self, name: str, n: int = 1, detail: str = "") -> None:
        current = self.stages.setdefault(name, {"done": 0, "total": None, "detail": ""})
        current["done"] += n
        current["detail"] = detail

    def view(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "state": self.state,
            "files": self.files,
            "progress": self.stages,
            "report": self.report,
            "error": self.error,
        }


class JobQueue:
    """One worker thread; jobs run one after another (the stores take one writer)."""

    def __init__(self, keep: int = 200) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._keep = keep

    def submit(self, tenant: str, files: list[str], work: Callable[[Job], IngestReport]) -> Job:
        job = Job(id=uuid.uuid4().hex, tenant=tenant, files=files)
        with self._lock:
            self._jobs[job.id] = job
            for old in sorted(self._jobs.values(), key=lambda j: j.created)[: -self._keep]:
                if old.state in ("done", "failed"):
                    del self._jobs[old.id]
        threading.Thread(target=self._run, args=(job, work), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def running(self, tenant: str) -> int:
        return sum(
            1 for j in list(self._jobs.values()) if j.tenant == tenant and j.state == "running"
        )

    def _run(self, job: Job, work: Callable[[Job], IngestReport]) -> None:
        job.state = "running"
        try:
            job.report = work(job).summary()
            job.state = "done"
        except Exception as exc:  # reported to the caller through the job, never lost
            job.error = f"{type(exc).__name__}: {exc}"
            job.state = "failed"
