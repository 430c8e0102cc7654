"""Fixtures of the server tests: each database backend, an app client, a real server."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest
from fastapi.testclient import TestClient

from palantir.server.app import create_app

from .live_server import fresh_schema

URL_FILE = Path("/tmp/palantir-test-postgres-url")  # written by .ci/web-deps.sh


def postgres_url() -> str | None:
    """The test PostgreSQL database, from $PALANTIR_TEST_POSTGRES or .ci/web-deps.sh's file."""
    url = os.environ.get("PALANTIR_TEST_POSTGRES")
    if not url and URL_FILE.exists():
        url = URL_FILE.read_text().strip()
    return url or None


# PostgreSQL runs wherever it is set up, and always in CI, where its absence is a failure.
BACKENDS = ["sqlite"] + (["postgresql"] if postgres_url() or os.environ.get("CI") else [])


@pytest.fixture(params=BACKENDS)
def database_url(request, tmp_path) -> Iterator[str]:
    """An empty database of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'table.db'}"
        return
    with postgres_schema() as url:
        yield url


@contextmanager
def postgres_schema() -> Iterator[str]:
    """The test PostgreSQL database with a new, empty schema of its own, dropped after."""
    url = postgres_url()
    assert url, "CI must provide PostgreSQL: run .ci/web-deps.sh before the tests"
    with fresh_schema(url) as schema_url:
        yield schema_url


@pytest.fixture
def client(database_url):
    """A TestClient over a new app (its lifespan runs); tests create tables freely, so no
    rate limit (test_hardening.py tests the limit)."""
    with TestClient(create_app(database_url, create_rate=0)) as test_client:
        yield test_client


@pytest.fixture
def sqlite_client(tmp_path):
    """A TestClient over a new app on SQLite only (for tests that do not touch storage)."""
    with TestClient(create_app(f"sqlite:///{tmp_path / 'table.db'}",
                               create_rate=0)) as test_client:
        yield test_client
