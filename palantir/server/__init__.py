"""The web table: lobby, seats, live updates, storage (SQLite by default, PostgreSQL by URL).

Importing this package is cheap: the web stack loads only when `palantir serve` runs.
"""


def add_serve_parser(sub) -> None:
    """The `serve` subcommand and its arguments."""
    serve = sub.add_parser("serve", help="run the web table")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--database", default=None,
                       help="SQLAlchemy URL (default sqlite:///./palantir.db; "
                       "postgresql://user:pw@host/db for PostgreSQL)")
