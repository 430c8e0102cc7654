"""The web table hosted: security headers, a per-client rate limit on creating tables, the
text check of request JSON, the refusal of options that name files, a safe error body, and
the published schema made to say what the server really answers."""

from __future__ import annotations

import json
import math
import re
import time
from pathlib import Path
from typing import Any, Callable, Iterable

from fastapi import FastAPI
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel
from starlette.middleware import Middleware

from ..engine.game import game_ids, get_game
from ..engine.options import local_options_given
from .lobby import ServerError

DEFAULT_CREATE_RATE = 30  # new tables and uploads per client a minute; 0: no limit
# What creates rows in the database: the spam the rate limit is for. Reading is never limited.
RATE_LIMITED = frozenset({("POST", "/api/tables"), ("POST", "/api/records"),
                          ("POST", "/api/positions")})
# Where a decision may meet the rules, the turn order or a newer version of the table.
CONFLICTS = frozenset({("POST", "/api/tables/{table_id}/decisions"),
                       ("POST", "/api/tables/{table_id}/undo"),
                       ("GET", "/api/tables/{table_id}/preview"),
                       ("GET", "/api/tables/{table_id}/odds")})

# The pages load their own scripts and nothing inline; a game's SVG board is inserted with
# innerHTML and may carry a <style> element, hence style-src 'unsafe-inline' (styles run no
# code). Scripts, plugins, framing and <base> are locked down.
CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:", "connect-src 'self'", "object-src 'none'", "base-uri 'none'",
    "form-action 'self'", "frame-ancestors 'none'"])
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    # Seat tokens live in the URL fragment, which is never sent; no-referrer all the same.
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),  # frame-ancestors for browsers that predate it
]

_SURROGATE = re.compile("[\ud800-\udfff]")
MAX_DIGITS = 100  # a JSON whole number longer than this is no seat, version or seed


# ----- the error body ---------------------------------------------------------------------

class Problem(BaseModel):
    """One invalid part of a request."""

    field: str
    error: str


class ErrorOut(BaseModel):
    """A refused request: what is wrong, and the field or rule at fault."""

    error: str
    field: str | None = None
    problems: list[Problem] | None = None
    rule: str | None = None


def safe_text(value: Any) -> Any:
    """`value` with every lone surrogate in its strings replaced by U+FFFD, so it encodes."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value)
    if isinstance(value, dict):
        return {safe_text(k): safe_text(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [safe_text(v) for v in value]
    return value


class ErrorResponse(JSONResponse):
    """A JSON error answer that always encodes: text it cannot carry is never echoed."""

    def render(self, content: Any) -> bytes:
        return super().render(safe_text(content))


def _json_answer(status: int, body: dict, headers: Iterable[tuple[bytes, bytes]] = ()):
    data = json.dumps(body).encode()
    return ({"type": "http.response.start", "status": status,
             "headers": [(b"content-type", b"application/json"),
                         (b"content-length", str(len(data)).encode()), *headers]},
            {"type": "http.response.body", "body": data})


async def _answer(send, status: int, body: dict, headers=()) -> None:
    for message in _json_answer(status, body, headers):
        await send(message)


# ----- security headers --------------------------------------------------------------------

class SecurityHeaders:
    """Adds the security headers to every answer, errors and static files included."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [h for h in SECURITY_HEADERS if h[0] not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


class AllowHeader:
    """Names in a 405's Allow every method the path takes (RFC 9110), not only those of
    the first route that matched it."""

    def __init__(self, app, routes: list):
        self.app = app
        self.routes = routes  # the router's own list: routes added later count too

    def allowed(self, scope) -> list[str]:
        """The methods of every route whose path matches the request's."""
        methods: set[str] = set()
        for route in self.routes:
            regex, route_methods = getattr(route, "path_regex", None), getattr(route, "methods",
                                                                              None)
            if regex is not None and route_methods and regex.match(scope["path"]):
                methods |= set(route_methods)
        return sorted(methods)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_allow(message):
            if message["type"] == "http.response.start" and message["status"] == 405:
                allowed = self.allowed(scope)
                if allowed:
                    headers = [h for h in message.get("headers", []) if h[0].lower() != b"allow"]
                    headers.append((b"allow", ", ".join(allowed).encode()))
                    message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_allow)


# ----- the rate limit ----------------------------------------------------------------------

class TokenBuckets:
    """A token bucket per client: `rate` a minute, up to `rate` at once; 0 means no limit."""

    MAX_CLIENTS = 10_000  # past this the idlest buckets go: memory stays bounded

    def __init__(self, rate: int, clock: Callable[[], float] = time.monotonic):
        self.rate = max(0, int(rate))
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}  # client: (tokens, when)

    def take(self, client: str) -> float:
        """Take a token for `client`: 0 if it had one, else the seconds until it has."""
        if not self.rate:
            return 0.0
        now = self.clock()
        per_second = self.rate / 60
        tokens, when = self.buckets.pop(client, (float(self.rate), now))
        tokens = min(float(self.rate), tokens + (now - when) * per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / per_second
        self.buckets[client] = (tokens, now)  # re-inserted: the dict runs idlest first
        if len(self.buckets) > self.MAX_CLIENTS:
            self._prune(now)
        return wait

    def _prune(self, now: float) -> None:
        # Down to three quarters at once, so a flood of clients prunes rarely: first the
        # buckets full again (forgetting them changes nothing), then the idlest.
        keep = self.MAX_CLIENTS * 3 // 4
        for client, (tokens, when) in list(self.buckets.items()):
            if tokens + (now - when) * self.rate / 60 >= self.rate:
                del self.buckets[client]
        for client in list(self.buckets)[:max(0, len(self.buckets) - keep)]:
            del self.buckets[client]


def client_address(scope, trust_proxy: bool) -> str:
    """The client's address; behind a trusted proxy, the one it appended to X-Forwarded-For
    (the rightmost entry: those before it are whatever the client wrote)."""
    if trust_proxy:
        for name, value in scope.get("headers") or ():
            if name.lower() == b"x-forwarded-for":
                entries = [e.strip() for e in value.decode("latin-1").split(",") if e.strip()]
                if entries:
                    return entries[-1]
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class RateLimit:
    """Refuses with 429 a client's creations (RATE_LIMITED) past its allowance."""

    def __init__(self, app, buckets: TokenBuckets, trust_proxy: bool = False):
        self.app = app
        self.buckets = buckets
        self.trust_proxy = trust_proxy

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and (scope["method"], scope["path"]) in RATE_LIMITED:
            wait = self.buckets.take(client_address(scope, self.trust_proxy))
            if wait:
                seconds = max(1, math.ceil(wait - 1e-9))
                return await _answer(send, 429, {
                    "error": f"too many new tables and uploads from this address: at most "
                             f"{self.buckets.rate} a minute; try again in {seconds} s",
                    "field": None}, [(b"retry-after", str(seconds).encode())])
        await self.app(scope, receive, send)


# ----- the text check of request JSON -------------------------------------------------------

class _NotJSON:
    """Stands in for a value Python's parser takes but JSON has not (NaN, 1e400, ...)."""

    def __init__(self, why: str):
        self.why = why


def _parse_int(text: str):
    return _NotJSON(f"a whole number of more than {MAX_DIGITS} digits") \
        if len(text.lstrip("-")) > MAX_DIGITS else int(text)


def _parse_float(text: str):
    value = float(text)
    return value if math.isfinite(value) else _NotJSON("a number too large for JSON")


def _parse_constant(name: str):
    return _NotJSON(f"{name} is not a JSON number")


def text_problem(doc: Any) -> tuple[str, str] | None:
    """(field, what is wrong) for the first string holding a lone surrogate, or the first
    number JSON cannot carry, in document order; None if the document is clean. The value
    itself is never quoted: it may be text no answer can encode."""
    stack = [("", doc)]
    while stack:
        path, value = stack.pop()
        where = path or "body"
        if isinstance(value, str):
            if _SURROGATE.search(value):
                return where, "not valid text: it holds a lone UTF-16 surrogate"
        elif isinstance(value, _NotJSON):
            return where, value.why
        elif isinstance(value, dict):
            children = []
            for key, item in value.items():
                if _SURROGATE.search(key):
                    return where, "a name that is not valid text: it holds a lone UTF-16 " \
                                  "surrogate"
                children.append((f"{path}.{key}" if path else key, item))
            stack.extend(reversed(children))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{path}[{i}]", item) for i, item in enumerate(value)]))
    return None


class TextCheck:
    """Reads a request's whole body (inside the body limit) and refuses with a 422 naming
    the field any JSON holding text or numbers that no JSON answer could carry back.

    A body that does not parse goes on to its route, which says what is wrong with it."""

    METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in self.METHODS:
            return await self.app(scope, receive, send)
        parts = []
        while True:
            message = await receive()  # the body limit's receive: raises when over it
            if message["type"] != "http.request":
                return  # the client left before its body arrived
            parts.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        body = b"".join(parts)
        problem = None
        if body.strip():
            try:
                doc = json.loads(body, parse_int=_parse_int, parse_float=_parse_float,
                                 parse_constant=_parse_constant)
            except UnicodeDecodeError:
                problem = ("body", "not UTF-8 text")
            except (ValueError, RecursionError):
                pass  # not JSON: the route answers, naming its own field
            else:
                problem = text_problem(doc)
        if problem:
            field, why = problem
            return await _answer(send, 422, {"error": f"{field}: {why}", "field": field})
        replayed = False

        async def replay():
            nonlocal replayed
            if replayed:
                return await receive()  # after the body: the disconnect, when it comes
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)


# ----- options that name files -------------------------------------------------------------

def check_request_options(game_id: Any, options: Any) -> None:
    """Refuse (422) options from a request that set an option naming files on this machine;
    the answer names the option and never the path, so it tells nothing of the files."""
    if not isinstance(game_id, str) or game_id not in game_ids() or \
            not isinstance(options, dict):
        return  # the lobby refuses these, naming the field
    for name in local_options_given(get_game(game_id).option_schema(), options):
        raise ServerError(422, f"option '{name}' names files on the server's machine: it is "
                          f"given on the command line only (palantir play --option "
                          f"{name}=FILE), never at the web table", field=f"options.{name}")


def check_record_options(doc: Any) -> None:
    """check_request_options for an uploaded record's game and options."""
    if isinstance(doc, dict):
        check_request_options(doc.get("game"), doc.get("options"))


# ----- uploaded positions ------------------------------------------------------------------

# The longest position of the golden games is 18 KB and 10 levels deep (a Sauron game):
# a position far past these is no position, and loading it would only cost the server.
MAX_POSITION_BYTES = 256 * 1024
MAX_POSITION_DEPTH = 32


def check_position_upload(position: Any) -> None:
    """Refuse an uploaded position nested too deeply (422) or too long (413), and one
    setting an option that names files (422), before the game reads it."""
    stack = [(position, 1, "position")]
    while stack:
        value, depth, path = stack.pop()
        if depth > MAX_POSITION_DEPTH:
            raise ServerError(422, f"{path}: nested more than {MAX_POSITION_DEPTH} deep, "
                                   f"which no position is", field=path)
        if isinstance(value, dict):
            stack.extend((item, depth + 1, f"{path}.{key}") for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((item, depth + 1, f"{path}[{i}]") for i, item in enumerate(value))
    if len(json.dumps(position)) > MAX_POSITION_BYTES:
        raise ServerError(413, f"position: at most {MAX_POSITION_BYTES} bytes of JSON (a "
                               f"position of a long game is a few tens of thousands)",
                          field="position")
    if isinstance(position, dict):
        try:
            check_request_options(position.get("game"), position.get("options"))
        except ServerError as exc:
            raise ServerError(exc.status, f"position: {exc.message}",
                              field=f"position.{exc.field}") from None


# ----- the published schema ----------------------------------------------------------------

ERROR_MEANINGS = {
    400: "the body could not be read",
    403: "the token is not a seat of this table, or the seat's token is needed",
    404: "no such table",
    409: "refused by the rules (`rule` names it), out of turn, or the table has changed "
         "since (`field` version)",
    413: "request body over 2 MiB",
    422: "malformed input; `field` names it",
    429: "too many new tables and uploads from this address; try again after Retry-After",
}

RECORD_BODY = {
    "required": True,
    "description": "a record, as GET /api/tables/{table_id}/record gives it",
    "content": {"application/json": {"schema": {
        "type": "object", "required": ["format", "game", "options", "events"],
        "properties": {
            "format": {"type": "string", "const": "palantir-record/1"},
            "game": {"type": "string"},  # the enum of the games is filled in per app
            "options": {"type": "object"},
            "seed": {"type": ["integer", "null"]},
            "seats": {"type": "array", "items": {"type": "string"}},
            "events": {"type": "array", "items": {"type": "object"}},
            "result": {"type": ["object", "null"]},
        }}}},
}


# One event of the live stream (OpenAPI 3.1: the schema of a text/event-stream is that of
# each event); keep-alive comments between events are no events.
SSE_EVENT = {
    "type": "object", "required": ["event", "data"],
    "properties": {
        "event": {"type": "string", "const": "table"},
        "data": {"type": "string", "contentMediaType": "application/json",
                 "description": "the table as GET /api/tables/{table_id} gives it, with only "
                                "the log steps new since the last message"},
    },
}


def _error_statuses(path: str, method: str, operation: dict) -> set[int]:
    statuses = set()
    params = operation.get("parameters", [])
    if params or "requestBody" in operation:
        statuses.add(422)
    if "requestBody" in operation:
        statuses |= {400, 413}
    if "{table_id}" in path:
        statuses.add(404)
    if any(p.get("in") == "header" and p.get("name", "").lower() == "x-seat-token"
           for p in params):
        statuses.add(403)
    if (method.upper(), path) in CONFLICTS:
        statuses.add(409)
    if (method.upper(), path) in RATE_LIMITED:
        statuses.add(429)
    return statuses


def amend_schema(schema: dict, games: list[str]) -> dict:
    """The generated OpenAPI schema, amended to what the server really answers: the error
    body and statuses of each operation, the upload's body, the event stream, the games."""
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    error = ErrorOut.model_json_schema(ref_template="#/components/schemas/{model}")
    components.update(error.pop("$defs", {}))
    components["ErrorOut"] = error
    ref = {"$ref": "#/components/schemas/ErrorOut"}
    for path, operations in schema.get("paths", {}).items():
        for method, operation in operations.items():
            if (method.upper(), path) == ("POST", "/api/records"):
                body = json.loads(json.dumps(RECORD_BODY))
                body["content"]["application/json"]["schema"]["properties"]["game"][
                    "enum"] = games
                operation["requestBody"] = body
            responses = operation.setdefault("responses", {})
            for status in sorted(_error_statuses(path, method, operation)):
                answer = {"description": ERROR_MEANINGS[status],
                          "content": {"application/json": {"schema": ref}}}
                if status == 429:
                    answer["headers"] = {"Retry-After": {
                        "description": "seconds until the address may create again",
                        "schema": {"type": "integer"}}}
                responses[str(status)] = answer
            if path.endswith("/events") and method == "get":
                responses["200"] = {"description": "one `table` message per change",
                                    "content": {"text/event-stream": {"schema": SSE_EVENT}}}
    _link_tables(schema)
    create = components.get("CreateIn", {}).get("properties", {})
    if "game" in create:
        create["game"]["enum"] = games
    text = json.dumps(schema)
    for unused in ("HTTPValidationError", "ValidationError"):
        if f'"#/components/schemas/{unused}"' not in text:
            components.pop(unused, None)
    return schema


def _link_tables(schema: dict) -> None:
    """OpenAPI links from the answers that make a table (a created table, an uploaded
    record) to every operation on a table, by the id they answer with."""
    on_a_table = [(path, method, op) for path, ops in schema.get("paths", {}).items()
                  if "{table_id}" in path for method, op in ops.items() if "operationId" in op]
    for path, method in (("/api/tables", "post"), ("/api/records", "post"),
                         ("/api/positions", "post")):
        operation = schema.get("paths", {}).get(path, {}).get(method)
        made = operation and operation.get("responses", {}).get("201")
        if not made:
            continue
        made["links"] = {op["operationId"]: {
            "operationId": op["operationId"],
            "parameters": {"path.table_id": "$response.body#/id"},
            "description": f"{method.upper()} {target} on the table just made"}
            for target, method, op in on_a_table}


# ----- putting it together -----------------------------------------------------------------

def harden(app: FastAPI, *, web: Path, create_rate: int = DEFAULT_CREATE_RATE,
           trust_proxy: bool = False) -> None:
    """Install the hardening on `app`; call it after the app's own body limit is added."""
    # The text check must sit inside the body limit, which bounds what it reads: the
    # innermost user middleware. Headers outermost, so every answer, a 413 or 429 too,
    # carries them; the rate limit before the body is read at all.
    app.user_middleware.append(Middleware(TextCheck))
    buckets = app.state.create_limit = TokenBuckets(create_rate)
    app.add_middleware(RateLimit, buckets=buckets, trust_proxy=trust_proxy)
    app.add_middleware(AllowHeader, routes=app.router.routes)
    app.add_middleware(SecurityHeaders)

    icon = web / "favicon.svg"

    def favicon():
        return FileResponse(icon, media_type="image/svg+xml")

    app.add_api_route("/favicon.ico", favicon, include_in_schema=False)

    generate = app.openapi

    def openapi() -> dict:
        if app.openapi_schema is None:
            app.openapi_schema = amend_schema(generate(), game_ids())
        return app.openapi_schema

    app.openapi = openapi
