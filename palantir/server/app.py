"""The web table: JSON API, server-sent events and the pages, as one FastAPI application."""

from __future__ import annotations

import gzip
import json
import logging
import os
import socket
import sys
import threading
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

import uvicorn
from fastapi import FastAPI, Header, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response, StreamingResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..agents import AGENT_HELP
from ..engine.game import game_ids, get_game
from .hardening import (DEFAULT_CREATE_RATE, ErrorResponse, check_position_upload,
                        check_record_options, check_request_options, harden)
from .lobby import (DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, UPLOAD_TTL, LiveTable, Lobby,
                    ServerError)
from .live import Broker
from .runner import AgentRunner
from .storage import Storage, shown_url
from .replay import MAX_PAGE, MAX_PAGE_BYTES, ReplayCache
from .views import choice_odds, created_answer, payload, preview, public_extent

WEB = Path(__file__).resolve().parent.parent / "web"
SHUTDOWN_GRACE_SECONDS = 3  # SIGTERM: requests under way get this long, then are cut
MAX_BODY = 2 * 1024 * 1024  # an uploaded record of a long game stays far below this
log = logging.getLogger("palantir.server")


class SeatIn(BaseModel):
    """A seat: a person, or a computer player with its strength and time limit."""

    kind: Literal["human", "agent"] = "human"
    agent: str | None = Field(default=None, max_length=64,
                              description="agent spec, e.g. heuristic, mcts:1s")
    time_limit: float = Field(default=DEFAULT_TIME_LIMIT, gt=0, le=MAX_TIME_LIMIT,
                              description="seconds a computer seat may think per decision")


class CreateIn(BaseModel):
    """A new table: the game, its options, and one seat per player."""

    game: str = Field(max_length=64, examples=["journey-to-mordor"])
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[str | SeatIn] = Field(min_length=1, max_length=16,
                                      examples=[["human", "heuristic"]])


class PositionTableIn(BaseModel):
    """A new table playing on from a full position (docs/positions.md), one seat per player."""

    position: dict[str, Any] = Field(description="a full position document, as `palantir "
                                     "position GAME --from-record FILE --step N` writes it")
    seats: list[str | SeatIn] = Field(min_length=1, max_length=16,
                                      examples=[["human", "heuristic"]])


class DecisionIn(BaseModel):
    """A decision in the game's notation; `version` guards against a stale page."""

    action: str = Field(max_length=200, examples=["keep R N:red"])
    version: int | None = Field(default=None, ge=0,
                                description="the table's version the decision was made on: "
                                "refused with 409 if the table has moved on since")


class UndoIn(BaseModel):
    """Taking back a decision; `version` guards against a stale page."""

    version: int | None = Field(default=None, ge=0)


class ChoiceOddsRow(BaseModel):
    """One legal decision in the odds of each choice (Presentation.choice_odds)."""

    # A game may add figures of its own to a row or a table.
    model_config = ConfigDict(extra="allow")

    action: str = Field(description="the decision, in notation")
    label: str = Field(description="the decision in words")
    best: bool = Field(description="the row marked ★: the best by the policy the table "
                       "states (Journey to Mordor, two-player basic game: the choice the "
                       "optimal-turn agent takes)")
    agent: bool | None = Field(default=None, description="the choice the game's own agent "
                               "takes (Journey to Mordor: optimal-turn)")
    p_win: float | None = Field(default=None, ge=0, le=1, description="the chance of "
                                "winning the game with this choice, a shared victory "
                                "counting its share; only where the game gives it (Journey "
                                "to Mordor: the two-player basic game)")
    cells: list[str] = Field(description="the row's figures, as the columns name them")


class ChoiceOddsTable(BaseModel):
    """The odds of each legal decision of the seat to move, as a table."""

    model_config = ConfigDict(extra="allow")

    title: str = Field(description="what the table shows, and by which policy")
    columns: list[str]
    rows: list[ChoiceOddsRow]
    notes: list[str] = Field(default_factory=list, description="the legend")


class ChoiceOddsOut(BaseModel):
    """The answer of GET /api/tables/{id}/odds: null odds when there are none to show."""

    odds: ChoiceOddsTable | None


class PayloadResponse(JSONResponse):
    """A table's payload, written straight as JSON: it is plain data built by views.py, so
    FastAPI's generic re-validation and re-encoding of it (a tenth of a move's cost) is
    skipped."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


GZIP_ABOVE = 4096  # bytes of JSON below which an answer goes as it is


def accepts_gzip(request: Request) -> bool:
    """Whether the client's Accept-Encoding takes gzip (not with q=0)."""
    for part in request.headers.get("accept-encoding", "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() == "gzip":
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def json_answer(request: Request, content: Any, public: bool) -> Response:
    """JSON content, gzipped when it is large, the client accepts gzip and nothing in it is
    secret. A seat's answer during a game holds its hidden information beside text the
    other seats choose (their decisions, seat names): compressed, its length would tell how
    much of that text matches the secret (BREACH), so it is never compressed. A spectator's
    view and a finished game (whose whole record anyone may download) are public."""
    body = json.dumps(content, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    headers = {"Vary": "Accept-Encoding"}
    if public and len(body) >= GZIP_ABOVE and accepts_gzip(request):
        body = gzip.compress(body, compresslevel=6)
        headers["Content-Encoding"] = "gzip"
    return Response(body, media_type="application/json", headers=headers)


def public_to(table: LiveTable, viewer: int | None) -> bool:
    """Whether what `viewer` sees of the table is no secret: a spectator, or a game over."""
    with table.lock:
        return viewer is None or table.state.is_over()


class BodyLimit:
    """Refuses request bodies above MAX_BODY bytes with 413, counted as they arrive."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope.get("headers") or ()).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            return await _too_large(send)
        seen = 0

        async def counted():
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise _BodyTooLarge()
            return message

        try:
            await self.app(scope, counted, send)
        except _BodyTooLarge:
            await _too_large(send)


class _BodyTooLarge(Exception):
    pass


async def _too_large(send) -> None:
    body = json.dumps({"error": f"request body over {MAX_BODY} bytes",
                       "field": "body"}).encode()
    await send({"type": "http.response.start", "status": 413,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


def create_app(database: str = "sqlite:///palantir.db", *, agent_workers: int = 2,
               ray_address: str | None = None, upload_ttl: float = UPLOAD_TTL,
               create_rate: int = DEFAULT_CREATE_RATE, trust_proxy: bool = False) -> FastAPI:
    """The application over the database at `database` (SQLAlchemy URL); `create_rate`
    new tables and uploads a minute per client (0: no limit), the client read from
    X-Forwarded-For only with `trust_proxy`."""
    storage = Storage(database)
    lobby = Lobby(storage, upload_ttl=upload_ttl)
    broker = Broker()
    runner = AgentRunner(lobby, workers=agent_workers, ray_address=ray_address)
    lobby.on_change += [broker.notify, runner.kick]
    stopping = threading.Event()

    @asynccontextmanager
    async def lifespan(_app):
        # Other processes on the same PostgreSQL announce their changes: follow them.
        storage.listen(lobby.remote_change, stopping)
        for table in lobby.resume_all():
            runner.kick(table)
        yield
        stopping.set()
        runner.close()
        storage.close()

    app = FastAPI(title="palantir table", version="1",
                  description="Play Lord of the Rings tabletop games with friends or the "
                  "computer. A seat's private token goes in the X-Seat-Token header.",
                  lifespan=lifespan, docs_url=None, redoc_url=None)  # their pages need a CDN
    app.state.lobby, app.state.broker, app.state.runner = lobby, broker, runner
    app.add_middleware(BodyLimit)
    harden(app, web=WEB, create_rate=create_rate, trust_proxy=trust_proxy)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.exception_handler(ServerError)
    async def server_error(_request, exc: ServerError):
        body = {"error": exc.message}
        if exc.field:
            body["field"] = exc.field
        if exc.rule:
            body["rule"] = exc.rule
        return ErrorResponse(body, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request, exc: RequestValidationError):
        problems = [{"field": ".".join(str(p) for p in e.get("loc", ())), "error": e.get("msg")}
                    for e in exc.errors()]
        first = problems[0] if problems else {"field": "body", "error": "invalid request"}
        return ErrorResponse({"error": f"{first['field']}: {first['error']}",
                              "field": first["field"], "problems": problems}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request, exc: StarletteHTTPException):
        return ErrorResponse({"error": str(exc.detail)}, status_code=exc.status_code,
                             headers=exc.headers)  # a 405's Allow

    @app.exception_handler(Exception)
    async def unexpected(_request, exc: Exception):
        log.exception("unexpected error")
        return JSONResponse({"error": "internal error; the table is unchanged"},
                            status_code=500)

    def viewer_of(table: LiveTable, token: str | None) -> int | None:
        if token is None:
            return None
        seat = table.seat_of(token)
        if seat is None:
            raise ServerError(403, "this token is not a seat of this table", field="X-Seat-Token")
        return seat

    # ----- the JSON API ----------------------------------------------------------------

    @app.get("/api/games", summary="the games and their option schemas")
    def list_games() -> dict:
        games = []
        for game_id in game_ids():
            game = get_game(game_id)
            games.append({
                "id": game.id, "title": game.title, "min_players": game.min_players,
                "max_players": game.max_players,
                "options": [_option_json(o) for o in game.option_schema() if not o.local],
                "strengths": [{"agent": spec, "label": label, "time_limit": limit}
                              for spec, label, limit in game.table_strengths]})
        return {"games": games, "agents": AGENT_HELP}

    @app.post("/api/tables", status_code=201, summary="create a table")
    def create_table(body: CreateIn) -> dict:
        specs = [s if isinstance(s, str) else s.model_dump() for s in body.seats]
        check_request_options(body.game, body.options)
        table, tokens = lobby.create(body.game, body.options, specs)
        return created_answer(table, tokens)

    @app.post("/api/positions", status_code=201,
              summary="create a table playing on from an uploaded position")
    def create_from_position(body: PositionTableIn) -> dict:
        check_position_upload(body.position)
        specs = [s if isinstance(s, str) else s.model_dump() for s in body.seats]
        table, tokens = lobby.create_from_position(body.position, specs)
        return created_answer(table, tokens)

    @app.get("/api/tables", summary="tables being played or finished, and uploaded records")
    def list_tables(status: Literal["open", "finished"] | None = None,
                    source: Literal["play", "upload"] | None = Query(
                        None, description="play: games at this table; upload: records "
                        "uploaded to watch (listed apart, dropped when nobody watches them)"),
                    limit: int = Query(50, ge=1, le=500)) -> dict:
        if source is None and status is not None:
            source = "play"  # an uploaded record is never an open game anyone can join
        rows = storage.listing(status, limit, source)
        seats = storage.seats_of(r.id for r in rows)
        return {"tables": [{
            "id": r.id, "game": r.game, "status": r.status, "source": r.source,
            "options": r.options, "result": r.result, "created": r.created,
            "updated": r.updated, "spectator_url": f"/table/{r.id}",
            "seats": [{"seat": s.seat, "kind": s.kind, "agent": s.agent} for s in seats[r.id]],
        } for r in rows]}

    @app.get("/api/tables/{table_id}", response_model=dict,
             summary="the table as a seat or a spectator sees it")
    def get_table(table_id: str, request: Request, log_from: int = Query(0, ge=0),
                  x_seat_token: str | None = Header(None, max_length=200)) -> Response:
        table = lobby.get(table_id)
        viewer = viewer_of(table, x_seat_token)
        return json_answer(request, payload(lobby, table, viewer, log_from),
                           public_to(table, viewer))

    @app.post("/api/tables/{table_id}/decisions", response_model=dict,
              summary="take a decision (notation)")
    def decide(table_id: str, body: DecisionIn,
               x_seat_token: str | None = Header(None, max_length=200)) -> Response:
        table = lobby.get(table_id)
        seat = viewer_of(table, x_seat_token)
        if seat is None:
            raise ServerError(403, "a decision needs the seat's private token",
                              field="X-Seat-Token")
        before = len(table.steps)
        if not lobby.decide(table, seat, body.action, version=body.version):
            raise ServerError(409, "the table has changed since this page was drawn; "
                              "look again", field="version")
        return PayloadResponse(payload(lobby, table, seat, before))

    @app.get("/api/tables/{table_id}/preview",
             summary="what a legal decision of the seat to move may lead to (its odds)")
    def preview_decision(table_id: str,
                         action: str = Query(min_length=1, max_length=200,
                                             description="a legal decision, in notation"),
                         x_seat_token: str | None = Header(None, max_length=200)) -> dict:
        table = lobby.get(table_id)
        return preview(table, viewer_of(table, x_seat_token), action)

    # exclude_unset: a field a game does not give (p_win) is left out, not sent as null.
    @app.get("/api/tables/{table_id}/odds", response_model=ChoiceOddsOut,
             response_model_exclude_unset=True,
             summary="the odds of each legal decision of the seat to move, where the game "
                     "shows them")
    def odds_of_each_choice(table_id: str,
                            x_seat_token: str | None = Header(None, max_length=200)) -> dict:
        table = lobby.get(table_id)
        return choice_odds(table, viewer_of(table, x_seat_token))

    @app.post("/api/tables/{table_id}/undo", summary="take back your own last decision")
    def undo(table_id: str, body: UndoIn | None = None,
             x_seat_token: str | None = Header(None, max_length=200)) -> dict:
        table = lobby.get(table_id)
        seat = viewer_of(table, x_seat_token)
        if seat is None:
            raise ServerError(403, "undo needs the seat's private token", field="X-Seat-Token")
        lobby.undo(table, seat, version=body.version if body else None)
        return payload(lobby, table, seat)

    @app.get("/api/tables/{table_id}/record", summary="download the record")
    def record(table_id: str,
               x_seat_token: str | None = Header(None, max_length=200)) -> Response:
        table = lobby.get(table_id)
        viewer = viewer_of(table, x_seat_token)
        with table.lock:
            # While the game goes on, the seed would foretell the dice and private events
            # belong to their seats: a reader gets its excerpt. A finished game is whole.
            finished = table.state.is_over()
            shown = table.record if finished else table.record.excerpt(viewer)
            if not finished:
                # A window's quiet decisions are not the reader's to know yet.
                shown.events = shown.events[:public_extent(table, viewer)[1]]
            text = shown.dumps()
        return Response(text, media_type="application/json", headers={
            "Content-Disposition": f'attachment; filename="{table.game.id}-{table.id}.json"'})

    replays = app.state.replays = ReplayCache()  # checkpoints per table, this process only

    @app.get("/api/tables/{table_id}/history", summary="a few steps as you saw them, to replay")
    def table_history(table_id: str, request: Request,
                      start: int = Query(0, alias="from", description="the first step",
                                         json_schema_extra={"minimum": 0}),
                      count: int = Query(1, description=f"steps, 1 to {MAX_PAGE}; fewer if "
                                         f"they would pass {MAX_PAGE_BYTES} bytes",
                                         json_schema_extra={"minimum": 1,
                                                            "maximum": MAX_PAGE}),
                      x_seat_token: str | None = Header(None, max_length=200)) -> Response:
        table = lobby.get(table_id)
        viewer = viewer_of(table, x_seat_token)
        return json_answer(request, replays.page(table, viewer, start, count),
                           public_to(table, viewer))

    @app.get("/api/tables/{table_id}/events", summary="server-sent events: the table live")
    async def events(table_id: str, request: Request,
                     x_seat_token: str | None = Header(None, max_length=200)):
        table = lobby.get(table_id)
        viewer = viewer_of(table, x_seat_token)
        stream = broker.stream(table, lambda start: payload(lobby, table, viewer, start),
                               request.is_disconnected)
        return StreamingResponse(stream, media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store",
                                          "X-Accel-Buffering": "no"})

    @app.post("/api/records", status_code=201, summary="upload a record to watch")
    async def upload(request: Request) -> dict:
        raw = await request.body()
        try:
            doc = json.loads(raw)
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise ServerError(422, f"record: not JSON ({exc})", field="record") from None
        except RecursionError:  # [[[[...]]]] deeper than the parser goes
            raise ServerError(422, "record: nested too deeply to be a record",
                              field="record") from None
        check_record_options(doc)
        table = lobby.upload(doc)
        return {"id": table.id, "game": table.game.id, "spectator_url": f"/table/{table.id}"}

    # ----- the pages -------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    def lobby_page():
        return FileResponse(WEB / "lobby.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    def table_page(table_id: str):
        try:
            lobby.get(table_id)
        except ServerError as exc:
            if exc.status != 404:
                raise
            return FileResponse(WEB / "missing.html", status_code=404)
        return FileResponse(WEB / "table.html")

    return app


def _option_json(option) -> dict:
    default = option.to_json(option.default)
    return {"name": option.name, "kind": option.kind, "default": default, "help": option.help,
            "choices": list(option.choices), "min": option.minimum, "max": option.maximum,
            "reconstructed": option.reconstructed}


DATA_FOLDER = "data"  # beside the working directory; git ignores it


def default_database() -> str:
    """SQLite file data/palantir.db under the working directory (its -wal and -shm files
    beside it), the folder made if need be."""
    folder = os.path.abspath(os.environ.get("PALANTIR_DATA", DATA_FOLDER))
    os.makedirs(folder, exist_ok=True)
    return f"sqlite:///{os.path.join(folder, 'palantir.db')}"


def served_addresses(host: str, port: int) -> list[str]:
    """The addresses a browser can open for a socket bound to host:port."""
    if host in ("0.0.0.0", "::", ""):
        return [f"http://localhost:{port}/ (and this machine's other addresses)"]
    shown = f"[{host}]" if ":" in host else host
    return [f"http://{shown}:{port}/"]


def listening_socket(host: str, port: int) -> socket.socket:
    """A TCP socket bound to host:port and listening; OSError if it cannot be."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # Named TCP, so asyncio sets TCP_NODELAY on each connection: without it a response's
    # second segment waits out the browser's delayed ACK (40 ms on every reused connection).
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def serve_command(args) -> int:
    """`palantir serve`: run the table until interrupted (Ctrl-C or SIGTERM)."""
    database = args.database or default_database()
    app = create_app(database, agent_workers=args.agent_workers, ray_address=args.ray,
                     create_rate=args.create_rate, trust_proxy=args.trust_proxy)
    # The socket is bound here so the banner names the port actually served (--port 0
    # picks a free one) and a busy port is a clear message, not a traceback.
    try:
        sock = listening_socket(args.host, args.port)
    except OSError as exc:
        print(f"palantir: cannot serve on {args.host}:{args.port}: {exc.strerror}",
              file=sys.stderr)
        return 2
    port = sock.getsockname()[1]
    for address in served_addresses(args.host, port):
        print(f"palantir table at {address}", flush=True)
    print(f"  database {shown_url(database)}", flush=True)
    # A request stuck past the grace period must not keep SIGTERM from stopping the server.
    config = uvicorn.Config(app, log_level="warning", access_log=False,
                            timeout_graceful_shutdown=SHUTDOWN_GRACE_SECONDS)
    uvicorn.Server(config).run(sockets=[sock])
    return 0
