"""The players' screen over HTTP (issue 24), through Starlette's test client: the page
drawn from the first snapshot, ``/state.json`` equal to the players' projection, the
guards (token, Host, methods, sizes, the stream bound, static files), the security
headers, a Hidden enemy in no byte of any response, and a fight file that goes away or
is damaged turned into a notice, never a traceback."""

from __future__ import annotations

import json
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

import momenta_cli.web.feed as feed_mod
from momenta_cli.journal import FightFile
from momenta_cli.web import Feed, build_site
from tests.conftest import invoke

with warnings.catch_warnings():  # Starlette's note that httpx2 exists
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

pytestmark = pytest.mark.usefixtures("home")

BASE = "http://127.0.0.1"
TOKEN = "s3cret-token_value"
ROUTES = ["/", "/state.json", "/map.svg", "/static/page.css", "/static/page.js"]

# A players' document in the full shape the projection gives (/tmp spec; docs), with a
# name that is markup, so the page is tested against every key whatever the projection
# of this branch fills in.
FULL_DOC: dict[str, Any] = {
    "version": 1, "view": "players", "id": 17, "title": "The <mill> ambush", "round": 2,
    "over": False, "over_reason": "",
    "turn": {"phase": "main", "side_due": "allies", "acting": None, "acting_side": None,
             "turn_of": None, "may_act": ["<b>Kira</b>", "Mira"],
             "cue": "Allies: pick who acts"},
    "zipper": [
        {"name": "<b>Kira</b>", "side": "allies", "label": "Ki", "turns_taken": 0,
         "turns_allowed": 1, "acting": False, "may_act": True, "done": False,
         "slowed": True, "surprised": False, "out": False},
        {"name": "Boss", "side": "adversaries", "label": "Bo", "turns_taken": 1,
         "turns_allowed": 3, "acting": False, "may_act": False, "done": False,
         "slowed": False, "surprised": True, "out": False},
    ],
    "allies": [
        {"name": "<b>Kira</b>", "label": "Ki", "square": "C5", "size": "1M",
         "vitality": [7, 12], "guard": [1, 2], "vigor": [3, 4], "strain": [0, 5],
         "wounds": [{"name": "Gash", "stacks": 1, "text": "Gash"}], "wound_slots": 3,
         "burdens": [], "burden_slots": 3,
         "conditions": [{"name": "Hindered", "stacks": 2, "text": "Hindered 2"}],
         "status": "up", "acting": False},
    ],
    "enemies": [
        {"name": "Boss", "label": "Bo", "side": "adversaries", "square": "F6", "size": "2",
         "health": "Bloodied", "numbers": None,
         "conditions": [{"name": "Prone", "stacks": 1, "text": "Prone"}],
         "status": "up", "acting": False},
    ],
    "map": None,
    "results": ["<i>Kira</i> hits Boss: Boss is Bloodied"],
    "settings": {"enemy_numbers": "band"},
}


@pytest.fixture
def fight(enc) -> Path:
    """The yard with a map, Mira's turn begun (``momenta do``: a journal on disk)."""
    yard = enc.with_name("yard-with-a-map.yaml")
    r = invoke("do", yard, "--seed", "1", "turn mira")
    assert r.exit_code == 0, r.output
    return yard.with_name("yard-with-a-map.fight.jsonl")


def client(feed: Feed, **kwargs) -> TestClient:
    return TestClient(build_site(feed, **kwargs), base_url=BASE)


def said(lines: list[str]):
    return lines.append


# --- the page and the document --------------------------------------------------------


def test_the_page_is_drawn_from_the_first_snapshot(fight):
    with client(Feed(fight)) as c:
        r = c.get("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert re.search(r'id="round"[^>]*>Round 1<', r.text)
    assert 'data-events="/events"' in r.text and "/static/page.js" in r.text


def test_the_page_draws_every_part_of_the_document_and_escapes_each_name(fight,
                                                                         monkeypatch):
    monkeypatch.setattr(feed_mod, "draw_map", lambda doc: "")
    _projection(monkeypatch, FULL_DOC)
    with client(Feed(fight)) as c:
        page = c.get("/").text
    assert "<b>Kira</b>" not in page and "&lt;b&gt;Kira&lt;/b&gt;" in page
    assert "<i>" not in page and "&lt;mill&gt;" in page
    assert re.search(r'id="round"[^>]*>Round 2<', page)
    assert re.search(r'id="cue" class="cue allies-due"[^>]*>Allies: pick who acts<', page)
    card = page.split('data-ally="&lt;b&gt;Kira&lt;/b&gt;"', 1)[1].split("</article>", 1)[0]
    assert 'class="bar vitality" data-now="7" data-max="12"' in card and "7/12" in card
    assert "Strain" in card and "Hindered 2" in card and "Gash" in card
    boss = page.split('data-enemy="Boss"', 1)[1].split("</article>", 1)[0]
    assert 'data-health="Bloodied"' in boss and "Prone" in boss and "7/12" not in boss
    zipper = page.split('id="zipper"', 1)[1].split("</ol>", 1)[0]
    assert "1 of 3 turns" in zipper and "Slowed" in zipper and "Surprised" in zipper
    assert re.search(r'id="may-act".*data-name="Mira"', page, re.S)


def test_the_page_draws_a_document_missing_every_optional_key(fight, monkeypatch):
    _projection(monkeypatch, {"version": 1})
    with client(Feed(fight)) as c:
        r = c.get("/")
    assert r.status_code == 200 and 'id="allies"' in r.text


def test_state_json_is_the_players_document_of_the_fight(fight):
    from momenta_cli.projection import status_document

    ff = FightFile.open(fight, repair=False)
    want = status_document(ff.session.state, ff.session.entries, players=True,
                           records=ff.records)
    with client(Feed(fight)) as c:
        r = c.get("/state.json")
    assert r.status_code == 200 and r.headers["content-type"] == "application/json"
    assert r.json() == json.loads(json.dumps(want))


def test_the_map_picture_is_the_svg_the_feed_drew(fight, monkeypatch):
    monkeypatch.setattr(feed_mod, "draw_map", lambda doc: '<svg data-test="map"></svg>')
    with client(Feed(fight)) as c:
        r = c.get("/map.svg")
        page = c.get("/").text
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml")
    assert r.text == '<svg data-test="map"></svg>'
    assert '<section id="map" class="map" aria-label="Map"' in page
    assert '<svg data-test="map"></svg></section>' in page  # the map drawn in the page


def test_without_a_map_picture_map_svg_is_not_found(fight, monkeypatch):
    monkeypatch.setattr(feed_mod, "draw_map", lambda doc: "")
    with client(Feed(fight)) as c:
        assert c.get("/map.svg").status_code == 404


def test_the_static_files_are_the_package_s_own_and_nothing_else(fight):
    here = Path(feed_mod.__file__).parent / "static"
    with client(Feed(fight)) as c:
        css = c.get("/static/page.css")
        js = c.get("/static/page.js")
        assert css.content == (here / "page.css").read_bytes()
        assert css.headers["content-type"].startswith("text/css")
        assert js.content == (here / "page.js").read_bytes()
        assert js.headers["content-type"].startswith("text/javascript")
        for path in ("/static/site.py", "/static/../site.py", "/static/..%2fsite.py",
                     "/static/%2e%2e/site.py", "/static/page.css/..", "/static/",
                     "/static/../templates/page.html", "/templates/page.html"):
            r = c.get(path)
            assert r.status_code == 404, path
            assert "import" not in r.text and "{%" not in r.text, path


def test_the_page_loads_nothing_from_elsewhere():
    here = Path(feed_mod.__file__).parent
    for name in ("templates/page.html", "static/page.css", "static/page.js",
                 "static/seat.js"):
        text = (here / name).read_text()
        assert not re.search(r"https?://|//[a-z0-9.-]+\.[a-z]{2,}/|@import|url\(", text), name
    page = (here / "templates/page.html").read_text()
    assert re.findall(r"<script[^>]*>", page) == [
        '<script src="/static/page.js{{ suffix }}" defer>',
        '<script src="/static/seat.js{{ suffix }}" defer>']  # no inline script


def test_the_script_sets_names_as_text_and_only_the_map_as_markup():
    """page.js builds the page with textContent; the one string it inserts as markup is
    the map's SVG, drawn and escaped by our server."""
    script = (Path(feed_mod.__file__).parent / "static" / "page.js").read_text()
    code = re.sub(r"//[^\n]*", "", script)
    assert re.findall(r"\.(innerHTML|outerHTML|insertAdjacentHTML)\b", code) == ["innerHTML"]
    assert re.search(r"box\.innerHTML = typeof svg === \"string\" \? svg : \"\";", code)
    assert "eval(" not in code and "document.write" not in code


def test_the_script_redraws_the_elements_the_template_draws():
    here = Path(feed_mod.__file__).parent
    script = (here / "static" / "page.js").read_text()
    page = (here / "templates" / "page.html").read_text()
    ids = set(re.findall(r'\$\("([a-z-]+)"\)', script))
    assert {"round", "cue", "may-act", "zipper", "allies", "enemies", "results", "map",
            "notice", "conn", "title"} <= ids
    assert [i for i in ids if f'id="{i}"' not in page] == []


# --- the guards ------------------------------------------------------------------------


@pytest.mark.parametrize("path", [*ROUTES, "/events"])
def test_with_a_token_every_route_refuses_a_request_without_it(fight, path):
    with client(Feed(fight), token=TOKEN) as c:
        missing = c.get(path)
        wrong = c.get(path, params={"token": TOKEN[:-1] + "x"})
        right = c.request("HEAD" if path == "/events" else "GET", path,
                          params={"token": TOKEN})
    assert missing.status_code == 403 and "token" in missing.text
    assert wrong.status_code == 403
    assert right.status_code in (200, 404 if path == "/map.svg" else 200)
    if path == "/events":
        assert right.headers["content-type"].startswith("text/event-stream")


def test_with_a_token_the_page_s_own_addresses_carry_it(fight):
    with client(Feed(fight), token=TOKEN) as c:
        page = c.get("/", params={"token": TOKEN}).text
    assert f'data-events="/events?token={TOKEN}"' in page
    assert f'href="/static/page.css?token={TOKEN}"' in page
    assert f'src="/static/page.js?token={TOKEN}"' in page


@pytest.mark.parametrize("host, status", [
    ("evil.example", 400), ("evil.example:8000", 400), ("127.0.0.1.evil.example", 400),
    ("", 400), ("127.0.0.1:8000", 200), ("localhost:8123", 200), ("LOCALHOST", 200),
    ("192.168.1.20:8000", 200),  # allowed below, as a LAN address is under --lan
])
def test_the_host_header_must_name_this_machine(fight, host, status):
    with client(Feed(fight), allowed_hosts=("127.0.0.1", "localhost", "192.168.1.20")) as c:
        r = c.get("/", headers={"host": host})
    assert r.status_code == status, r.text


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
def test_nothing_but_reading_is_allowed(fight, method):
    before = fight.read_bytes()
    with client(Feed(fight)) as c:
        r = c.request(method, "/")
        r2 = c.request(method, "/events")
    assert r.status_code == 405 and r2.status_code == 405
    assert r.headers["allow"] == "GET, HEAD"
    assert fight.read_bytes() == before


def test_head_reads_without_a_body(fight):
    with client(Feed(fight)) as c:
        r = c.head("/state.json")
    assert r.status_code == 200 and r.content == b""


def test_a_request_body_is_refused(fight):
    with client(Feed(fight)) as c:
        r = c.request("GET", "/", content=b"x" * 100)
    assert r.status_code == 413


def test_an_over_long_address_is_refused(fight):
    with client(Feed(fight)) as c:
        assert c.get("/", params={"q": "x" * 3000}).status_code == 414
        assert c.get("/" + "a" * 400).status_code == 414
        assert c.get("/", params={"q": "x" * 100}).status_code == 200


def test_event_streams_are_bounded(fight):
    feed = Feed(fight)
    with client(feed, max_streams=3) as c:
        feed.streams = 3  # three screens connected
        r = c.get("/events")
    assert r.status_code == 503 and r.headers["retry-after"]
    assert feed.streams == 3  # a refused stream takes no place


@pytest.mark.parametrize("path", [*ROUTES, "/nowhere"])
def test_every_response_carries_the_security_headers(fight, path):
    with client(Feed(fight), token=TOKEN) as c:
        for r in (c.get(path, params={"token": TOKEN}), c.get(path),
                  c.get(path, headers={"host": "evil.example"})):
            csp = r.headers["content-security-policy"]
            assert "default-src 'self'" in csp and "script-src 'self';" in csp
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "no-referrer"


# --- never a secret ------------------------------------------------------------------


@pytest.fixture
def hidden_fight(fight) -> Path:
    """The yard, Mira's turn, Knife-1 Hidden (R20): the players must learn nothing of it."""
    r = invoke("do", fight, "--seed", "1", "cond knife-1 hidden")
    assert r.exit_code == 0, r.output
    return fight


def _secrets(fight: Path) -> list[str]:
    from momenta_cli.engine.geometry import square_name

    knife = FightFile.open(fight, repair=False).session.state.get("Knife-1")
    assert knife.has("Hidden") and knife.position is not None
    square = square_name(knife.position)
    return ["Knife-1", "knife-1", "KNIFE-1", "Hidden", f'"{square}"', f">{square}<",
            f"'{square}'", f"{square} "]


@pytest.mark.parametrize("path", [*ROUTES, "/events (the event's data)"])
def test_a_hidden_enemy_is_in_no_byte_of_any_response(hidden_fight, path):
    """Every response the players' screen sends, searched for the Hidden enemy's name,
    its square and its condition. (With this branch's placeholder projection, which
    names nobody, this passes trivially; with the full projection and map_svg it is the
    real check: every route is searched, whatever the document holds.)"""
    feed = Feed(hidden_fight)
    with client(feed) as c:
        if path.startswith("/events"):
            body = feed.current.text  # the very data every event carries
            assert body and json.loads(body)["doc"] is not None
        else:
            body = c.get(path).text
    for secret in _secrets(hidden_fight):
        assert secret not in body, (path, secret)


# --- a fight that goes away or is damaged ---------------------------------------------


def test_a_fight_file_that_goes_away_is_a_notice_then_comes_back(fight):
    lines: list[str] = []
    feed = Feed(fight, say=said(lines))
    kept = fight.read_bytes()
    fight.unlink()
    gone = feed.build()
    again = feed.build()
    assert gone.doc is None and gone.notice == feed_mod.GONE and again.notice == gone.notice
    assert lines == [f"players' screen: {fight}: the fight file is gone"]  # said once
    with client(feed) as c:
        page = c.get("/").text
        state = c.get("/state.json")
    assert f'role="alert">{feed_mod.GONE}</div>' in page
    assert state.status_code == 503 and state.json() == {"notice": feed_mod.GONE}
    fight.write_bytes(kept)
    back = feed.build()
    assert back.doc is not None and back.notice == ""
    assert lines[1:] == [f"players' screen: showing {fight}"]


def test_a_damaged_journal_shows_the_recovered_fight_with_a_notice(fight):
    r = invoke("do", fight, "--seed", "1", "end")
    assert r.exit_code == 0, r.output
    head, first, second = fight.read_bytes().splitlines(keepends=True)[:3]
    fight.write_bytes(head + first + second.replace(b'"seq"', b'"sqe"'))
    lines: list[str] = []
    snap = Feed(fight, say=said(lines)).build()
    assert snap.notice == feed_mod.DAMAGED and snap.doc is not None
    assert len(lines) == 1 and "Traceback" not in lines[0] and str(fight) in lines[0]
    assert fight.read_bytes() == head + first + second.replace(b'"seq"', b'"sqe"')


def test_a_journal_that_cannot_be_read_is_a_notice_with_one_line_for_the_gm(fight):
    fight.write_bytes(b"this is not a fight\n")
    lines: list[str] = []
    snap = Feed(fight, say=said(lines)).build()
    assert snap.doc is None and snap.notice == feed_mod.UNREADABLE
    assert len(lines) == 1 and "\n" not in lines[0] and str(fight) in lines[0]
    assert fight.read_bytes() == b"this is not a fight\n"  # read-only


def test_a_failure_while_drawing_is_a_notice_not_a_traceback(fight, monkeypatch):
    def broken(doc):
        raise ValueError("no such terrain")

    monkeypatch.setattr(feed_mod, "draw_map", broken)
    lines: list[str] = []
    snap = Feed(fight, say=said(lines)).build()
    assert snap.notice == feed_mod.BROKEN and lines == [
        "players' screen: internal error: ValueError: no such terrain"]


def test_an_encounter_s_fight_is_waited_for_until_it_starts(enc):
    from momenta_cli.web import fight_target

    path, waiting = fight_target(enc)
    assert path == enc.with_name("demo.fight.jsonl") and waiting
    assert fight_target(path) == (path, False)
    feed = Feed(path, waiting=waiting, say=lambda line: None)
    assert feed.build().notice == feed_mod.WAITING
    assert invoke("do", enc, "--seed", "1", "turn brannoc").exit_code == 0
    snap = feed.build()
    assert snap.notice == "" and snap.doc is not None and snap.id == 1


def _projection(monkeypatch, doc: dict[str, Any]) -> None:
    """Make the feed project every fight as ``doc``."""
    import momenta_cli.projection as projection

    monkeypatch.setattr(projection, "status_document",
                        lambda *a, **k: json.loads(json.dumps(doc)))
