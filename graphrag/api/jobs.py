"""Ingestion jobs of the HTTP service: run one after another in the background, report
progress as JSON, and outlive the service.

A job ends ``done`` (every file stored or unchanged), ``partial`` (some files failed: the
report names each with its reason), ``failed`` (none could be stored, or the job itself broke)
or, found unfinished when the service starts again, ``lost``: it was stopped with the service,
and says so instead of vanishing. Each job is a JSON file in ``<data_dir>/jobs`` (0600),
written when its state changes.
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from graphrag.files import private_dir, write_private
from ingestion.report import IngestReport

log = logging.getLogger(__name__)
State = Literal["queued", "running", "done", "partial", "failed", "lost"]
FINISHED: frozenset[str] = frozenset({"done", "partial", "failed", "lost"})


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
            "created": round(self.created, 3),
        }

    def finish(self, report: IngestReport) -> None:
        self.report = report.summary()
        stored = report.documents + report.unchanged + report.repaired
        if not report.errors:
            self.state = "done"
        elif stored:
            self.state = "partial"
        else:
            self.state = "failed"
            self.error = "no file could be stored: report.errors has each file's reason"


class JobQueue:
    """Jobs run one after another (the stores take one writer, and a file name is one
    document: two uploads of it must not overlap); ``folder`` keeps them across restarts."""

    def __init__(self, folder: Path | None = None, keep: int = 200) -> None:
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._one_at_a_time = threading.Lock()
        self._keep = keep
        self._folder = folder

    def restore(self) -> None:
        """Read the jobs of earlier runs; one that never finished is ``lost``."""
        if self._folder is None or not self._folder.is_dir():
            return
        for path in sorted(self._folder.glob("*.json")):
            try:
                raw = json.loads(path.read_text(encoding="utf-8"))
                job = Job(
                    id=str(raw["id"]),
                    tenant=str(raw["tenant"]),
                    files=[str(f) for f in raw["files"]],
                    state=raw["state"],
                    stages=raw.get("progress") or {},
                    report=raw.get("report"),
                    error=raw.get("error"),
                    created=float(raw.get("created", 0.0)),
                )
            except (OSError, ValueError, KeyError, TypeError):
                log.warning("unreadable job file %s skipped", path.name)
                continue
            if job.state not in FINISHED:
                job.state = "lost"
                job.error = "the service stopped before this job finished: upload the files again"
                self._save(job)
            self._jobs[job.id] = job
        self._forget_old()

    def submit(self, tenant: str, files: list[str], work: Callable[[Job], IngestReport]) -> Job:
        job = Job(id=uuid.uuid4().hex, tenant=tenant, files=files)
        with self._lock:
            self._jobs[job.id] = job
            self._forget_old()
        self._save(job)
        threading.Thread(target=self._run, args=(job, work), daemon=True).start()
        return job

    def get(self, job_id: str) -> Job | None:
        return self._jobs.get(job_id)

    def of(self, tenant: str | None) -> list[Job]:
        """A tenant's jobs (None: every tenant's), newest first."""
        jobs = [j for j in list(self._jobs.values()) if tenant is None or j.tenant == tenant]
        return sorted(jobs, key=lambda j: -j.created)

    def running(self, tenant: str) -> int:
        return sum(1 for j in self.of(tenant) if j.state == "running")

    def _run(self, job: Job, work: Callable[[Job], IngestReport]) -> None:
        with self._one_at_a_time:
            job.state = "running"
            self._save(job)
            try:
                job.finish(work(job))
            except Exception as exc:  # reported to the caller through the job, never lost
                log.exception("ingestion job %s failed", job.id)
                job.error = f"{type(exc).__name__}: {exc}"
                job.state = "failed"
            self._save(job)

    def _forget_old(self) -> None:
        for old in sorted(self._jobs.values(), key=lambda j: j.created)[: -self._keep]:
            if old.state in FINISHED:
                del self._jobs[old.id]
                if self._folder is not None:
                    with contextlib.suppress(OSError):
                        (self._folder / f"{old.id}.json").unlink()

    def _save(self, job: Job) -> None:
        if self._folder is None:
            return
        try:
            private_dir(self._folder)
            record = json.dumps({**job.view(), "tenant": job.tenant})
            write_private(self._folder / f"{job.id}.json", record)
        except OSError as exc:  # the job goes on; only its record after a restart is missing
            log.warning("job %s could not be written: %s", job.id, exc.strerror)
