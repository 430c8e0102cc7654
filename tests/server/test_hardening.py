"""The web table hosted (issue 10): request data never reaches a file, a process or an import;
malformed text is a 422 naming its field; creation is rate limited per client; every answer
carries the security headers; the published schema says what the server really does."""

from __future__ import annotations

import importlib
import json
import os
import re
import sys
import threading
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from palantir.engine.game import Game, game_ids, get_game
from palantir.engine.options import Option, local_options_given
from palantir.games.spi_sauron import SpiSauron
from palantir.server.app import WEB, create_app
from palantir.server.lobby import Lobby, ServerError
from palantir.server.storage import SeatRow, Storage, TableRow

from .jtm_play import GAME, create, token_of
from .live_server import LiveServer

MARK = "palantir-probe-7f3a"  # in every hostile value, so any use of one can be recognized


class Watch:
    """Records the audit events that touch files, processes and imports while it is on."""

    EVENTS = ("open", "os.system", "os.exec", "os.posix_spawn", "os.spawn",
              "subprocess.Popen", "import", "os.listdir", "os.scandir", "shutil.copyfile")

    def __init__(self):
        self.on = False
        self.seen: list[tuple[str, str]] = []
        self.lock = threading.Lock()

    def __call__(self, event, args):
        if self.on and event in self.EVENTS:
            with self.lock:
                self.seen.append((event, repr(args)))

    def touching(self, text: str) -> list[tuple[str, str]]:
        """The recorded events whose arguments contain `text`."""
        return [(e, a) for e, a in self.seen if text in a]


WATCH = Watch()
sys.addaudithook(WATCH)  # audit hooks cannot be removed: it records only while WATCH.on


@pytest.fixture
def watched(monkeypatch):
    """WATCH on for the test, and every importlib.import_module name recorded with it."""
    real = importlib.import_module

    def recorded(name, package=None):
        with WATCH.lock:
            WATCH.seen.append(("import_module", repr(name)))
        return real(name, package)

    monkeypatch.setattr(importlib, "import_module", recorded)
    WATCH.seen.clear()
    WATCH.on = True
    yield WATCH
    WATCH.on = False


@pytest.fixture
def app_client(tmp_path):
    """A client that answers a 500 instead of raising it, over an unlimited app."""
    app = create_app(f"sqlite:///{tmp_path / 'table.db'}", create_rate=0)
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


def post_raw(client, path: str, text: str | bytes, headers: dict | None = None):
    """POST exactly these bytes as JSON."""
    body = text.encode() if isinstance(text, str) else text
    return client.post(path, content=body,
                       headers={"Content-Type": "application/json", **(headers or {})})


def spi(options: dict) -> dict:
    return {"game": "spi-sauron", "options": options, "seats": ["human", "human"]}


def record(game: str = GAME, options: dict | None = None, events: list | None = None) -> dict:
    return {"format": "palantir-record/1", "game": game, "options": options or {},
            "events": events or []}


# ----- 1. an option that names files is a command-line option only ---------------------------

def override_paths(tmp_path: Path) -> dict[str, str]:
    """Paths of every sort: a reply that differed between them would tell what is there."""
    not_toml = tmp_path / "secret.txt"
    not_toml.write_text("root:x:0:0:root:/root:/bin/bash\n")
    good = tmp_path / "good.toml"
    good.write_text("[units.leaders.isildur]\nrally = 9\n")
    fifo = tmp_path / "pipe"
    folder = tmp_path / "folder"
    folder.mkdir()
    os.mkfifo(fifo)
    return {"missing": str(tmp_path / MARK / "nothing.toml"), "not TOML": str(not_toml),
            "good TOML": str(good), "directory": str(folder), "shadow": "/etc/shadow",
            "zero": "/dev/zero", "fifo": str(fifo)}


def test_overrides_from_a_request_are_refused_alike_whatever_the_path(app_client, tmp_path,
                                                                       watched):
    """Defect: /etc/shadow answered with a TOML parse position (an oracle of what exists),
    /dev/zero grew memory without bound and a FIFO pinned a worker thread."""
    answers = {}
    paths = override_paths(tmp_path)
    watched.seen.clear()  # making them opened them
    for name, path in paths.items():
        for where, send in (("create", lambda p: app_client.post("/api/tables", json=spi(
                                {"overrides": [p]}))),
                            ("upload", lambda p: app_client.post("/api/records", json=record(
                                "spi-sauron", {"overrides": [p]})))):
            response = send(path)
            assert response.status_code == 422, (name, where, response.text)
            body = response.json()
            assert body["field"] == "options.overrides", (name, where, body)
            assert "overrides" in body["error"] and path not in response.text
            answers[(name, where)] = body["error"]
        assert not watched.touching(path), (name, watched.touching(path))
    assert len(set(answers.values())) == 1, answers


def test_a_record_with_the_default_overrides_still_uploads(app_client):
    """Records name every option, `overrides: []` included: one made on the web re-uploads."""
    created = app_client.post("/api/tables", json=spi({})).json()
    text = app_client.app.state.lobby.get(created["id"]).record.dumps()
    assert json.loads(text)["options"]["overrides"] == []
    response = app_client.post("/api/records", content=text)
    assert response.status_code == 201, response.text


def test_the_web_does_not_offer_an_option_that_names_files(app_client):
    games = {g["id"]: g for g in app_client.get("/api/games").json()["games"]}
    names = [o["name"] for o in games["spi-sauron"]["options"]]
    assert "overrides" not in names and "reinforcement_delay" in names
    for game in games.values():  # lobby.js draws an input for every option listed here
        for option in game["options"]:
            assert not next(o for o in get_game(game["id"]).option_schema()
                            if o.name == option["name"]).local


def test_overrides_is_declared_local_and_still_works_on_the_command_line(tmp_path, capsys):
    option = next(o for o in SpiSauron().option_schema() if o.name == "overrides")
    assert option.local
    good = tmp_path / "good.toml"
    good.write_text("[units.leaders.isildur]\nrally = 9\n")
    game = SpiSauron()
    components = game.components_for(game.validate_options({"overrides": str(good)}))
    assert components.leaders["isildur"].rally == 9
    from palantir.cli import main
    bad = tmp_path / "bad.toml"
    bad.write_text("not = toml = at all")
    assert main(["play", "spi-sauron", "--option", f"overrides={bad}"]) == 2
    assert "not TOML" in capsys.readouterr().err  # the command line still reads the file


def test_local_options_given_names_only_local_options_away_from_their_default():
    schema = (Option("files", "list", (), "files", local=True),
              Option("players", "int", 2, "players", minimum=1, maximum=4))
    assert local_options_given(schema, {"players": 3}) == []
    assert local_options_given(schema, {"files": []}) == []
    assert local_options_given(schema, {"files": ""}) == []
    assert local_options_given(schema, {"files": ["a.toml"]}) == ["files"]
    assert local_options_given(schema, {"files": 7}) == ["files"]


HOSTILE = [  # (method, path, JSON body or None, headers, status, field)
    ("post", "/api/tables", {"game": f"../../{MARK}", "seats": ["human"]}, {}, 422, "game"),
    ("post", "/api/tables", {"game": f"palantir.games.{MARK}:Game", "seats": ["human"]}, {},
     422, "game"),
    ("post", "/api/tables", {"game": "os:system", "seats": ["human"]}, {}, 422, "game"),
    ("post", "/api/tables", {"game": GAME, "seats": [f"{MARK}:system"]}, {}, 422,
     "seats[0].agent"),
    ("post", "/api/tables", {"game": GAME, "seats": ["os:system"]}, {}, 422, "seats[0].agent"),
    ("post", "/api/tables", {"game": GAME, "seats": [
        {"kind": "agent", "agent": f"/tmp/{MARK}.py"}]}, {}, 422, "seats[0].agent"),
    ("post", "/api/tables", {"game": "strategy-battle", "options": {
        "scenario": f"../../{MARK}/etc/passwd"}, "seats": ["human", "human"]}, {}, 422,
     "options.scenario"),
    ("post", "/api/tables", {"game": GAME, "options": {"hobbits": [f"/{MARK}"]},
                             "seats": ["human"]}, {}, 422, "options.hobbits"),
    ("post", "/api/tables", spi({"overrides": f"/{MARK}"}), {}, 422, "options.overrides"),
    ("post", "/api/records", record(f"/tmp/{MARK}.json"), {}, 422, "record"),
    ("post", "/api/records", record("strategy-battle", {"scenario": f"../{MARK}"}), {}, 422,
     "record"),
    ("post", "/api/records", record("spi-sauron", {"overrides": [f"/{MARK}"]}), {}, 422,
     "options.overrides"),
    ("get", f"/api/tables/{MARK}", None, {}, 404, "table"),
    ("get", f"/table/{MARK}", None, {}, 404, None),
    ("get", f"/static/..%2f..%2f{MARK}", None, {}, 404, None),
    ("get", "/api/games", None, {"X-Seat-Token": f"../{MARK}"}, 200, None),
]


@pytest.mark.parametrize("method,path,body,headers,status,field", HOSTILE)
def test_request_data_reaches_no_file_process_or_import(app_client, watched, method, path,
                                                        body, headers, status, field):
    """Games come from the registry, agents from their names, scenarios from their list,
    records from the request body: nothing a request says is a path or a module."""
    response = app_client.request(method.upper(), path, json=body, headers=headers)
    assert response.status_code == status, response.text
    if field is not None:
        assert response.json()["field"] == field, response.text
    assert not watched.touching(MARK), watched.touching(MARK)


def test_a_decision_reaches_no_file_process_or_import(app_client, watched):
    created = create(app_client, ["human"])
    WATCH.seen.clear()
    for action in (f"../../{MARK}", f"__import__('{MARK}')", f"keep R {MARK}"):
        response = app_client.post(f"/api/tables/{created['id']}/decisions",
                                   headers=token_of(created, 0), json={"action": action})
        assert response.status_code == 422 and response.json()["field"] == "action"
    assert not watched.touching(MARK)


def test_the_board_module_is_named_by_the_game_never_by_the_request(app_client, monkeypatch):
    """The page is drawn by the game's declared presentation (no medium or module read
    from the request), for every registered game."""
    asked = []
    real = Game.presentation

    def spy(self):
        asked.append(self.id)
        return real(self)

    for game_id in game_ids():
        monkeypatch.setattr(type(get_game(game_id)), "presentation", spy)
    for game_id in game_ids():
        game = get_game(game_id)
        created = app_client.post("/api/tables", json={
            "game": game_id, "seats": ["human"] * game.min_players}).json()
        page = app_client.get(f"/api/tables/{created['id']}?medium=terminal&module={MARK}")
        assert page.json()["svg"].startswith("<svg"), game_id
    assert set(asked) == set(game_ids())


# ----- 2. malformed text is a 422 naming its field --------------------------------------------

SURROGATES = [  # (path, raw JSON text, the field named)
    ("/api/tables", '{"game": "\\ud800", "seats": ["human"]}', "game"),
    ("/api/tables", '{"game": "journey-to-mordor", "seats": ["\\ud800"]}', "seats[0]"),
    ("/api/tables", '{"game": "journey-to-mordor", "seats": [{"kind": "agent", '
                    '"agent": "heur\\udc00istic"}]}', "seats[0].agent"),
    ("/api/tables", '{"game": "journey-to-mordor", "options": {"\\ud800": 1}, '
                    '"seats": ["human"]}', "options"),
    ("/api/tables", '{"game": "journey-to-mordor", "options": {"hobbits": "\\ud800"}, '
                    '"seats": ["human"]}', "options.hobbits"),
    ("/api/tables", '{"game": "journey-to-mordor", "options": {"hobbits": ["frodo", '
                    '"\\udfff"]}, "seats": ["human", "human"]}', "options.hobbits[1]"),
    ("/api/tables", '{"game": "spi-sauron", "options": {"overrides": ["/tmp/\\ud800.toml"]}, '
                    '"seats": ["human", "human"]}', "options.overrides[0]"),
    ("/api/records", '{"format": "palantir-record/1", "game": "\\ud800", "options": {}, '
                     '"events": []}', "game"),
    ("/api/records", '{"format": "palantir-record/1", "game": "journey-to-mordor", '
                     '"options": {"players": "\\ud800"}, "events": []}', "options.players"),
    ("/api/records", '{"format": "palantir-record/1", "game": "journey-to-mordor", '
                     '"options": {"\\udbff": 1}, "events": []}', "options"),
    ("/api/records", '{"format": "palantir-record/1", "game": "journey-to-mordor", '
                     '"options": {}, "events": [{"seat": 0, "action": "keep \\ud800"}]}',
     "events[0].action"),
]


@pytest.mark.parametrize("path,text,field", SURROGATES)
def test_a_lone_surrogate_is_a_422_naming_the_field(app_client, path, text, field):
    """Defect: a string holding \\ud800 was a 500 'Exception in ASGI application': the error
    message echoed it, and encoding the JSON answer failed."""
    response = post_raw(app_client, path, text)
    assert response.status_code == 422, response.text
    body = response.json()
    assert body["field"] == field and body["error"], body
    assert "\\ud" not in response.text.lower() and "\ufffd" not in body["field"]


def test_a_lone_surrogate_in_a_decision_is_a_422_naming_the_action(app_client):
    created = create(app_client, ["human"])
    response = post_raw(app_client, f"/api/tables/{created['id']}/decisions",
                        '{"action": "keep \\ud800"}', token_of(created, 0))
    assert response.status_code == 422 and response.json()["field"] == "action"


def test_a_surrogate_in_a_header_is_a_403_naming_the_header(app_client):
    """A header carries bytes: the UTF-8 form of a surrogate (\\xed\\xa0\\x80) is no token."""
    created = create(app_client, ["human"])
    response = app_client.get(f"/api/tables/{created['id']}",
                              headers={"X-Seat-Token": b"\xed\xa0\x80"})
    assert response.status_code == 403 and response.json()["field"] == "X-Seat-Token"
    response = post_raw(app_client, "/api/tables", b'{"game": "\xed\xa0\x80", "seats": []}')
    assert response.status_code == 422 and response.json()["error"]


def test_a_surrogate_pair_is_text_and_is_judged_as_usual(app_client):
    response = post_raw(app_client, "/api/tables", '{"game": "journey-to-mordor", '
                        '"options": {"hobbits": ["\\ud83d\\udc8d"]}, "seats": ["human"]}')
    assert response.status_code == 422 and response.json()["field"] == "options.hobbits"
    assert "\N{RING}" in response.json()["error"]


NOT_JSON_NUMBERS = [  # Python's parser takes these; no JSON answer can carry them back
    ('{"format": "palantir-record/1", "game": "journey-to-mordor", "options": {}, '
     '"events": [], "result": {"score": NaN}}', "result.score"),
    ('{"format": "palantir-record/1", "game": "journey-to-mordor", "options": {}, '
     '"events": [], "result": {"score": -Infinity}}', "result.score"),
    ('{"format": "palantir-record/1", "game": "journey-to-mordor", "options": {}, '
     '"events": [], "result": {"score": 1e400}}', "result.score"),
    ('{"format": "palantir-record/1", "game": "journey-to-mordor", "options": {}, '
     '"events": [{"seat": ' + "9" * 5000 + ', "action": "keep R"}]}', "events[0].seat"),
]


@pytest.mark.parametrize("text,field", NOT_JSON_NUMBERS)
def test_a_number_that_is_not_json_is_a_422_naming_the_field(app_client, text, field):
    response = post_raw(app_client, "/api/records", text)
    assert response.status_code == 422, response.text
    assert response.json()["field"] == field


def test_an_error_never_echoes_text_it_cannot_encode(app_client):
    """However a refusal comes to hold unencodable text, its answer is still JSON."""
    def refuse():
        raise ServerError(422, "no such thing: '\ud800'", field="x\udc00", rule="r\ud800")

    app_client.app.add_api_route("/api/test-refusal", refuse)
    response = app_client.get("/api/test-refusal")
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "no such thing: '\ufffd'" and body["field"] == "x\ufffd"


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    workdir = tmp_path_factory.mktemp("hardening-server")
    server = LiveServer(f"sqlite:///{workdir / 'table.db'}", workdir).start()
    yield server
    server.stop()


def test_a_lone_surrogate_through_a_real_server_is_a_422(live):
    for path, text, field in (SURROGATES[1], SURROGATES[7]):
        response = httpx.post(live.url + path, content=text.encode(),
                              headers={"Content-Type": "application/json"}, timeout=10)
        assert response.status_code == 422, response.text
        assert response.json()["field"] == field


def chunks(prefix: bytes, size: int = 3 * 1024 * 1024, piece: int = 64 * 1024):
    """A JSON body sent chunked (no Content-Length), over the limit."""
    yield prefix
    for _ in range(size // piece):
        yield b"x" * piece
    yield b'"}'


@pytest.mark.parametrize("path,prefix", [
    ("/api/tables", b'{"game": "journey-to-mordor", "seats": ["human"], "x": "'),
    ("/api/records", b'{"format": "palantir-record/1", "x": "'),
])
def test_a_chunked_body_over_the_limit_is_a_413(live, path, prefix):
    """Defect: a chunked POST /api/tables over 2 MB was a 400 'error parsing the body'."""
    response = httpx.post(live.url + path, content=chunks(prefix),
                          headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 413, response.text
    assert response.json()["field"] == "body"


def test_a_chunked_decision_over_the_limit_is_a_413(live):
    created = httpx.post(live.url + "/api/tables", json={"game": GAME, "seats": ["human"]},
                         timeout=10).json()
    response = httpx.post(f"{live.url}/api/tables/{created['id']}/decisions",
                          content=chunks(b'{"action": "'), timeout=30,
                          headers={"Content-Type": "application/json",
                                   **token_of(created, 0)})
    assert response.status_code == 413 and response.json()["field"] == "body"


# ----- 3. creation is rate limited per client --------------------------------------------------

class Clock:
    """A clock the test moves."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def limited(tmp_path, rate: int, **kwargs):
    app = create_app(f"sqlite:///{tmp_path / 'table.db'}", create_rate=rate, **kwargs)
    clock = Clock()
    app.state.create_limit.clock = clock
    return app, clock


def new_table(client, headers=None):
    return client.post("/api/tables", json={"game": GAME, "seats": ["human"]},
                       headers=headers or {})


def test_the_request_past_the_rate_is_a_429_with_retry_after(tmp_path):
    """Defect: table creation had no limit; anyone could fill the database."""
    app, clock = limited(tmp_path, 3)
    with TestClient(app) as client:
        assert [new_table(client).status_code for _ in range(3)] == [201] * 3
        refused = new_table(client)
        assert refused.status_code == 429
        assert refused.json() == {"error": refused.json()["error"], "field": None}
        assert "3 a minute" in refused.json()["error"]
        assert int(refused.headers["Retry-After"]) == 20  # a token every 60/3 s
        upload = client.post("/api/records", json=record())
        assert upload.status_code == 429  # uploads draw on the same allowance
        assert client.get("/api/games").status_code == 200  # reading is never limited
        clock.now += 20
        assert new_table(client).status_code == 201
        assert new_table(client).status_code == 429


def test_another_client_has_its_own_allowance(tmp_path):
    app, _ = limited(tmp_path, 2)
    with TestClient(app, client=("192.0.2.1", 4000)) as first:
        second = TestClient(app, client=("192.0.2.2", 4000))
        assert [new_table(first).status_code for _ in range(3)] == [201, 201, 429]
        assert [new_table(second).status_code for _ in range(3)] == [201, 201, 429]


def test_a_rate_of_zero_is_unlimited(tmp_path):
    app, _ = limited(tmp_path, 0)
    with TestClient(app) as client:
        assert {new_table(client).status_code for _ in range(40)} == {201}


def test_the_default_rate_is_thirty_a_minute(tmp_path):
    app = create_app(f"sqlite:///{tmp_path / 'table.db'}")
    assert app.state.create_limit.rate == 30


def test_x_forwarded_for_counts_only_when_the_proxy_is_trusted(tmp_path):
    app, _ = limited(tmp_path, 1)
    with TestClient(app) as client:
        assert new_table(client, {"X-Forwarded-For": "198.51.100.1"}).status_code == 201
        # Untrusted, the header is the client's own claim: it buys no new allowance.
        assert new_table(client, {"X-Forwarded-For": "198.51.100.2"}).status_code == 429
    (tmp_path / "proxied").mkdir()
    app, _ = limited(tmp_path / "proxied", 1, trust_proxy=True)
    with TestClient(app) as client:
        assert new_table(client, {"X-Forwarded-For": "198.51.100.1"}).status_code == 201
        assert new_table(client, {"X-Forwarded-For": "198.51.100.1"}).status_code == 429
        # The proxy appends the address it saw: an entry the client wrote before it is no key.
        assert new_table(client, {"X-Forwarded-For": "10.9.9.9, 198.51.100.1"}
                         ).status_code == 429
        assert new_table(client, {"X-Forwarded-For": "198.51.100.2"}).status_code == 201


def test_the_allowances_kept_stay_bounded(tmp_path):
    app, clock = limited(tmp_path, 5)
    buckets = app.state.create_limit
    for i in range(buckets.MAX_CLIENTS * 2):
        buckets.take(f"client-{i}")
        clock.now += 0.001
    assert len(buckets.buckets) <= buckets.MAX_CLIENTS


# ----- 4. headers, docs, favicon and the schema -----------------------------------------------

def csp_of(response) -> dict[str, list[str]]:
    policy = response.headers["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in policy.split(";") if d.strip()}


def test_every_answer_carries_the_security_headers(app_client):
    created = create(app_client, ["human"])
    answers = [app_client.get("/"), app_client.get(created["spectator_url"]),
               app_client.get("/static/table.js"), app_client.get("/api/games"),
               app_client.get("/openapi.json"), app_client.get("/api/tables/nothing"),
               app_client.get("/nowhere"), post_raw(app_client, "/api/tables", "{bad"),
               post_raw(app_client, "/api/tables", '{"game": "\\ud800"}'),
               app_client.post("/api/records", content=b"x" * (3 * 1024 * 1024)),
               app_client.get(f"/api/tables/{created['id']}/record")]
    for response in answers:
        where = (response.request.url.path, response.status_code)
        csp = csp_of(response)
        assert csp["script-src"] == ["'self'"], where
        assert csp["default-src"] == ["'self'"] and csp["object-src"] == ["'none'"], where
        assert csp["frame-ancestors"] == ["'none'"] and csp["base-uri"] == ["'none'"], where
        assert response.headers["X-Content-Type-Options"] == "nosniff", where
        assert response.headers["Referrer-Policy"] == "no-referrer", where
        assert response.headers["X-Frame-Options"] == "DENY", where


def test_the_429_carries_the_security_headers_too(tmp_path):
    app, _ = limited(tmp_path, 1)
    with TestClient(app) as client:
        new_table(client)
        refused = new_table(client)
        assert refused.status_code == 429 and csp_of(refused)["script-src"] == ["'self'"]


def test_the_pages_and_boards_hold_no_inline_script(app_client):
    """script-src 'self' forbids inline scripts and on* handlers: the pages have none, and
    neither has any game's board, which the page inserts with innerHTML."""
    inline_script = re.compile(r"<script(?![^>]*\bsrc=)", re.I)
    handler = re.compile(r"\son[a-z]+\s*=", re.I)
    for page in sorted(WEB.glob("*.html")):
        text = page.read_text()
        assert not inline_script.search(text) and not handler.search(text), page
    for game_id in game_ids():
        game = get_game(game_id)
        created = app_client.post("/api/tables", json={
            "game": game_id, "seats": ["human"] * game.min_players}).json()
        svg = app_client.get(f"/api/tables/{created['id']}").json()["svg"]
        assert svg and "<svg" in svg, game_id
        assert "<script" not in svg.lower() and not handler.search(svg), game_id
        assert "javascript:" not in svg.lower(), game_id


def test_the_docs_pages_that_need_a_cdn_are_off_and_the_schema_stays(app_client):
    assert app_client.get("/docs").status_code == 404
    assert app_client.get("/redoc").status_code == 404
    assert app_client.get("/openapi.json").status_code == 200


def test_a_favicon_is_served_and_linked(app_client):
    icon = app_client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"].startswith("image/svg+xml")
    assert icon.text.lstrip().startswith("<svg")
    for page in ("/", f"/table/{create(app_client, ['human'])['id']}", "/table/nothing"):
        html = app_client.get(page).text
        link = re.search(r'<link rel="icon"[^>]*href="([^"]+)"', html)
        assert link, page
        assert app_client.get(link.group(1)).status_code == 200


def test_a_method_not_allowed_names_the_allowed_ones(app_client):
    """Found by schemathesis: a 405 must carry Allow (RFC 9110)."""
    for path, allowed in (("/api/tables", {"GET", "POST"}), ("/api/records", {"POST"}),
                          ("/api/tables/x/undo", {"POST"})):
        response = app_client.request("TRACE", path)
        assert response.status_code == 405 and response.json()["error"]
        assert {m.strip() for m in response.headers["Allow"].split(",")} - {"HEAD"} == allowed


ERRORS_OF = {  # the refusals each operation really makes (400: a body that cannot be read)
    ("get", "/api/games"): set(),
    ("post", "/api/tables"): {400, 413, 422, 429},
    ("get", "/api/tables"): {422},
    ("get", "/api/tables/{table_id}"): {403, 404, 422},
    ("post", "/api/tables/{table_id}/decisions"): {400, 403, 404, 409, 413, 422},
    ("post", "/api/tables/{table_id}/undo"): {400, 403, 404, 409, 413, 422},
    ("get", "/api/tables/{table_id}/record"): {403, 404, 422},
    ("get", "/api/tables/{table_id}/history"): {403, 404, 422},
    ("get", "/api/tables/{table_id}/events"): {403, 404, 422},
    ("post", "/api/records"): {400, 413, 422, 429},
    ("post", "/api/positions"): {400, 413, 422, 429},
}


def test_the_schema_documents_the_errors_the_server_sends(app_client):
    schema = app_client.get("/openapi.json").json()
    error = schema["components"]["schemas"]["ErrorOut"]
    assert set(error["properties"]) == {"error", "field", "problems", "rule"}
    assert error["required"] == ["error"]
    for (method, path), statuses in ERRORS_OF.items():
        responses = schema["paths"][path][method]["responses"]
        assert {int(s) for s in responses if s.startswith("4")} == statuses, path
        for status in statuses:
            content = responses[str(status)]["content"]["application/json"]
            assert content["schema"] == {"$ref": "#/components/schemas/ErrorOut"}, (path,
                                                                                     status)
    limited_op = schema["paths"]["/api/tables"]["post"]["responses"]["429"]
    assert "Retry-After" in limited_op["headers"]


def test_the_schema_describes_uploads_events_and_the_games(app_client):
    schema = app_client.get("/openapi.json").json()
    upload = schema["paths"]["/api/records"]["post"]["requestBody"]
    assert upload["required"] is True
    assert upload["content"]["application/json"]["schema"]["type"] == "object"
    events = schema["paths"]["/api/tables/{table_id}/events"]["get"]["responses"]["200"]
    assert list(events["content"]) == ["text/event-stream"]
    game = schema["components"]["schemas"]["CreateIn"]["properties"]["game"]
    assert game["enum"] == game_ids()


def test_an_error_body_matches_the_documented_model(app_client):
    """Every refusal the server makes has the documented shape: error, and optionally
    field, problems and rule."""
    for response in (post_raw(app_client, "/api/tables", "{bad"),
                     app_client.get("/api/tables?limit=0"),
                     app_client.get("/api/tables/nothing"), app_client.get("/nowhere"),
                     post_raw(app_client, "/api/records", '{"x": NaN}')):
        body = response.json()
        assert isinstance(body["error"], str) and set(body) <= {"error", "field", "problems",
                                                                "rule"}, body


def test_a_table_stored_with_file_overrides_is_never_rebuilt_from_them(tmp_path):
    """A table whose options named files before the web table refused them: loading it
    after a restart must not open those files (and the restart itself goes on)."""
    storage = Storage(f"sqlite:///{tmp_path / 'old.db'}")
    secret = tmp_path / "secret.toml"
    secret.write_text("[units]\n")
    storage.create(TableRow(id="old", game="spi-sauron",
                            options={"overrides": [str(secret)]}, seed=1, source="play",
                            status="open", result=None, created=0.0, updated=0.0,
                            seats=[SeatRow(0, "human"), SeatRow(1, "human")]))
    opened = []

    def watch(event, args):
        if event == "open" and str(args[0]) == str(secret):
            opened.append(args[0])

    sys.addaudithook(watch)  # audit hooks stay for the process: this one only records
    lobby = Lobby(storage)
    assert lobby.resume_all() == []
    with pytest.raises(ServerError) as refused:
        lobby.get("old")
    assert refused.value.field == "options.overrides" and str(secret) not in str(refused.value)
    assert opened == []
