"""The HTTP service: ``graphrag serve`` (FastAPI + uvicorn)."""

from graphrag.api.app import create_app

__all__ = ["create_app"]
