"""The web table: lobby, seats, live updates, storage (SQLite by default, PostgreSQL by URL).

Importing this package is cheap: the web stack loads only when `palantir serve` runs.
"""

import argparse
import os

MAX_AGENT_WORKERS = 256  # each is a process: a typo must not start thousands


def add_serve_parser(sub) -> None:
    """The `serve` subcommand and its arguments."""
    serve = sub.add_parser("serve", help="run the web table")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--database", default=None,
                       help="SQLAlchemy URL (default sqlite:///./data/palantir.db; "
                       "postgresql://user:pw@host/db for PostgreSQL)")
    serve.add_argument("--agent-workers", type=_worker_count, default=2, metavar="N",
                       help="local processes thinking for computer seats (default 2)")
    serve.add_argument("--ray", default=None, metavar="ADDRESS",
                       help="think for computer seats on the Ray cluster at ADDRESS instead "
                       "('auto': the one running here, else a new one; 'local': a new "
                       "one here); needs Ray installed")
    serve.add_argument("--create-rate", type=_rate, metavar="N",
                       default=os.environ.get("PALANTIR_CREATE_RATE", "30"),
                       help="new tables and uploads a minute per client address "
                       "(default $PALANTIR_CREATE_RATE, else 30; 0: no limit)")
    serve.add_argument("--trust-proxy", action="store_true",
                       help="behind a reverse proxy: the client address is the last entry "
                       "of X-Forwarded-For, which the proxy appends")


def _worker_count(text: str) -> int:
    """--agent-workers: a whole number from 1 to MAX_AGENT_WORKERS."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if not 1 <= value <= MAX_AGENT_WORKERS:
        raise argparse.ArgumentTypeError(f"a whole number from 1 to {MAX_AGENT_WORKERS}, "
                                         f"got {text!r}")
    return value


def _rate(text: str) -> int:
    """--create-rate: a whole number, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"a whole number, 0 or more, got {text!r}")
    return value
