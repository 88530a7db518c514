"""The players' screen in a real browser (issue 24): Playwright driving Debian's chromium
(tests/browser.py) at ``momenta serve``, as the table would see it.

The TV and phone layouts load and show the fight; ``momenta do`` commands show on the
open page without a reload (who may act, a Vitality, a token's square, a Defeated mark);
the page reconnects by itself after the server restarts; who may act, the round and each
ally's Vitality equal ``momenta status --json --players`` after each command of the
shipped scripted fight with a map; a Hidden enemy is in neither the page nor its map;
and the screenshots the README shows are taken here (written to docs/images/ only with
MOMENTA_SCREENSHOTS=1, so a test run leaves the tree as it was).

Every wait is Playwright's own (an expectation that polls until it holds or its timeout
passes); nothing sleeps for a fixed time. Without Chromium every test here is skipped,
with the reason (the ``browser`` fixture).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import struct
import subprocess
import sys
from pathlib import Path

import pytest

from tests.browser import browser, free_port, serving  # noqa: F401  (browser: a fixture)

ROOT = Path(__file__).resolve().parent.parent
YARD = "yard-with-a-map.yaml"
SCRIPT = "yard-with-a-map.script"
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}
WAIT = 10_000  # ms: how long an expectation waits for the page (a command shows in ~0.1 s)
# The yard a few commands in: Brannoc hit and Knife-2 Bloodied by his longsword, Knife-1
# Hurt by Tamsin's arrow, Tamsin acting. Dice written, so any seed plays it the same.
SCENE = ["turn brannoc", "move brannoc to d7", "move brannoc to h8",
         "attack knife-2 with longsword dice 2,5,1", "end",
         "turn knife-1", "move knife-1 to i9", "attack brannoc with shiv", "end",
         "turn tamsin", "move tamsin to d7", "attack knife-1 with shortbow dice 3,1,4"]


def _expect():
    from playwright.sync_api import expect

    return expect


class Table:
    """A private copy of encounters/ and a private MOMENTA_HOME: the GM's side of the
    table, driving the fight with ``momenta do`` in processes of their own."""

    def __init__(self, where: Path):
        self.dir = where
        shutil.copytree(ROOT / "encounters", where / "encounters",
                        ignore=shutil.ignore_patterns("*.fight.*", "*.lock"))
        self.encounter = where / "encounters" / YARD
        self.fight = self.encounter.with_name("yard-with-a-map.fight.jsonl")
        path = os.environ.get("PYTHONPATH")
        self.env = {**os.environ, "MOMENTA_HOME": str(where / "home"),
                    "PYTHONPATH": str(ROOT) + (os.pathsep + path if path else "")}

    def momenta(self, *args: str) -> str:
        r = subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=self.dir,
                           env=self.env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (args, r.stdout, r.stderr)
        return r.stdout

    def do(self, *lines: str) -> None:
        """``momenta do YARD LINES... --seed 1``: the fight file written, as at the table."""
        self.momenta("do", str(self.encounter), *lines, "--seed", "1", "--quiet")

    def status(self, *, players: bool = True) -> dict:
        """The status document (``status FIGHT --json [--players]``)."""
        return json.loads(self.momenta("status", str(self.fight), "--json",
                                       *(["--players"] if players else [])))

    def serve(self, port: int | None = None):
        return serving(self.fight, cwd=self.dir, env=self.env, port=port)


def open_page(browser, base: str, viewport: dict):  # noqa: F811
    """A fresh page at ``base`` with ``viewport`` (device scale 1), live on the stream."""
    return live_page(browser.new_context(viewport=viewport, device_scale_factor=1), base)


def live_page(context, base: str):
    """A new page of ``context`` at ``base``, once it is live on the event stream."""
    page = context.new_page()
    page.goto(base + "/")
    _expect()(page.locator("#conn")).to_have_attribute("data-state", "live", timeout=WAIT)
    return page


def at_id(page, doc: dict) -> None:
    """Wait until the page has drawn the snapshot ``doc`` is (its journal record count)."""
    _expect()(page.locator("body")).to_have_attribute("data-id", str(doc["id"]),
                                                      timeout=WAIT)


def not_reloaded(page) -> None:
    """Mark the page's window: a navigation (a reload) would lose the mark."""
    page.evaluate("window.__marker = 1")


def assert_not_reloaded(page) -> None:
    assert page.evaluate("window.__marker") == 1, "the page was reloaded"


# --- the two layouts and the screenshots (one server for the module: they only read) ---


@pytest.fixture(scope="module")
def scene(tmp_path_factory, browser):  # noqa: F811  (browser first: no server without it)
    """The yard a few commands in (SCENE), served for the module's read-only tests:
    ``(table, base URL, players' document)``."""
    table = Table(tmp_path_factory.mktemp("scene"))
    table.do(*SCENE)
    with table.serve() as (base, _):
        yield table, base, table.status()


@pytest.mark.parametrize("layout", ["tv", "phone"])
def test_the_tv_and_phone_layouts_show_the_fight(browser, scene, layout):  # noqa: F811
    expect = _expect()
    table, base, doc = scene
    viewport = TV if layout == "tv" else PHONE
    page = open_page(browser, base, viewport)
    try:
        at_id(page, doc)
        expect(page.locator("#round")).to_have_text("Round 1")
        expect(page.locator("#cue")).to_have_text("Tamsin is acting")
        assert doc["turn"]["cue"] == "Tamsin is acting"
        for ally in doc["allies"]:
            card = page.locator(f'[data-ally="{ally["name"]}"]')
            expect(card).to_be_visible()
            now, most = ally["vitality"]
            expect(card.locator(".bar.vitality .num")).to_have_text(f"{now}/{most}")
        expect(page.locator('[data-ally="Tamsin"]')).to_have_class("card acting")
        expect(page.locator('[data-enemy="Knife-2"] .health')).to_have_text("Bloodied")
        svg = page.locator("#map svg")
        expect(svg).to_be_visible()
        expect(svg.locator("g.token")).to_have_count(len(doc["map"]["tokens"]))
        expect(svg.locator('g.token[data-name="Tamsin"]')).to_have_class(
            "token side-allies acting")
        sizes = page.evaluate("""() => {
            const map = document.getElementById('map');
            const panels = document.querySelector('.panels').getBoundingClientRect();
            const box = map.getBoundingClientRect();
            return {mapScroll: map.scrollWidth, mapClient: map.clientWidth,
                    mapLeft: box.left, mapTop: box.top, mapRight: box.right,
                    mapBottom: box.bottom, panelsLeft: panels.left, panelsTop: panels.top,
                    pageWidth: document.documentElement.scrollWidth,
                    bodyWidth: document.body.scrollWidth, viewport: window.innerWidth};
        }""")
        # nothing wider than the screen: no sideways scrolling of the whole page
        assert sizes["pageWidth"] <= sizes["viewport"], sizes
        assert sizes["bodyWidth"] <= sizes["viewport"], sizes
        if layout == "tv":
            # the map large on the left, the rest beside it, the map wholly shown
            assert sizes["mapRight"] <= sizes["panelsLeft"], sizes
            assert sizes["mapRight"] - sizes["mapLeft"] >= 0.45 * TV["width"], sizes
            assert sizes["mapScroll"] <= sizes["mapClient"], sizes
        else:
            # stacked: the panels under the map; the map scrolls sideways inside its box
            assert sizes["panelsTop"] >= sizes["mapBottom"], sizes
            assert sizes["mapScroll"] > sizes["mapClient"], sizes
    finally:
        page.context.close()


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_screenshots_of_both_layouts(browser, scene, tmp_path):  # noqa: F811
    """The README's pictures of the players' screen: the TV's screen as it shows, the
    phone's whole page. Into docs/images/ with MOMENTA_SCREENSHOTS=1, else a tmp dir."""
    table, base, doc = scene
    out = ROOT / "docs" / "images" if os.environ.get("MOMENTA_SCREENSHOTS") == "1" \
        else tmp_path
    out.mkdir(parents=True, exist_ok=True)
    shots = {"tv": (TV, out / "players-screen-tv.png", False),
             "phone": (PHONE, out / "players-screen-phone.png", True)}
    for name, (viewport, path, full) in shots.items():
        page = open_page(browser, base, viewport)
        try:
            at_id(page, doc)
            _expect()(page.locator("#map svg g.token")).to_have_count(
                len(doc["map"]["tokens"]))
            page.screenshot(path=str(path), full_page=full, animations="disabled",
                            caret="hide")
        finally:
            page.context.close()
        width, height = _png_size(path)
        assert width == viewport["width"], (name, width)
        if full:
            assert height > viewport["height"], (name, height)  # the whole stacked page
        else:
            assert height == viewport["height"], (name, height)


# --- live updates, reconnecting -----------------------------------------------------------


def test_commands_show_on_the_open_page_without_a_reload(browser, tmp_path):  # noqa: F811
    expect = _expect()
    table = Table(tmp_path)
    table.do("turn brannoc", "move brannoc to d7", "move brannoc to h8")
    with table.serve() as (base, _):
        page = open_page(browser, base, TV)
        try:
            not_reloaded(page)
            expect(page.locator("#cue")).to_have_text("Brannoc is acting")
            expect(page.locator("#may-act li")).to_have_count(0)
            brannoc = page.locator('[data-ally="Brannoc"] .bar.vitality .num')
            expect(brannoc).to_have_text("21/21")

            table.do("end")  # who may act: the adversaries' side is due
            expect(page.locator("#cue")).to_have_text("Adversaries act next", timeout=WAIT)
            expect(page.locator("#may-act li")).to_have_text(
                ["Gorm", "Knife-1", "Knife-2", "Ogre"])

            table.do("turn knife-1")
            expect(page.locator("#cue")).to_have_text("Knife-1 is acting", timeout=WAIT)
            expect(page.locator("#may-act li")).to_have_count(0)
            expect(page.locator('#zipper li[data-name="Knife-1"]')).to_have_class(
                re.compile(r"\bacting\b"))

            knife = page.locator('#map g.token[data-name="Knife-1"]')
            expect(knife).to_have_attribute("data-square", "I7")
            table.do("move knife-1 to i9")  # a token's square
            expect(knife).to_have_attribute("data-square", "I9", timeout=WAIT)

            table.do("attack brannoc with shiv")  # an ally's Vitality (a Grunt: no roll)
            expect(brannoc).to_have_text("19/21", timeout=WAIT)

            out = page.locator('#map g.token[data-name="Knife-2"]')
            expect(out).not_to_have_class("token side-adversaries out")
            table.do("defeat knife-2")  # a Defeated mark: token, zipper and card
            expect(out).to_have_class("token side-adversaries out", timeout=WAIT)
            expect(page.locator('#zipper li[data-name="Knife-2"]')).to_have_class(
                re.compile(r"\bout\b"))
            expect(page.locator('[data-enemy="Knife-2"]')).to_have_attribute(
                "data-status", "Defeated")
            expect(page.locator('[data-enemy="Knife-2"] .health')).to_have_text("Down")
            assert_not_reloaded(page)
        finally:
            page.context.close()


@pytest.mark.slow  # two servers and a page waiting out its reconnect
def test_the_page_reconnects_after_the_server_restarts(browser, tmp_path):  # noqa: F811
    expect = _expect()
    table = Table(tmp_path)
    table.do("turn brannoc")
    port = free_port()
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    try:
        with table.serve(port) as (base, _):
            page = live_page(context, base)
            not_reloaded(page)
            expect(page.locator("#cue")).to_have_text("Brannoc is acting")
        # the server stopped (Ctrl-C): the page says so and keeps what it showed
        expect(page.locator("#conn")).to_have_attribute("data-state", "reconnecting",
                                                        timeout=WAIT)
        expect(page.locator("#conn")).to_have_text("reconnecting…")
        expect(page.locator("#cue")).to_have_text("Brannoc is acting")
        with table.serve(port):  # started again on the same port
            expect(page.locator("#conn")).to_have_attribute("data-state", "live",
                                                            timeout=WAIT)
            table.do("end")
            expect(page.locator("#cue")).to_have_text("Adversaries act next", timeout=WAIT)
            expect(page.locator("#may-act li")).to_have_text(
                ["Gorm", "Knife-1", "Knife-2", "Ogre"])
            at_id(page, table.status())
            assert_not_reloaded(page)
    finally:
        context.close()


# --- the page equals the status document --------------------------------------------------


def script_lines(text: str) -> list[str]:
    """A script's commands as replay reads them: blank lines and ``#`` comments are not
    commands (play.run_line skips them)."""
    lines = text.split("\n")
    return [x.rstrip("\r") for x in lines if x.strip() and not x.strip().startswith("#")]


def _page_view(page) -> dict:
    return page.evaluate("""() => ({
        id: document.body.dataset.id,
        round: document.getElementById('round').dataset.round,
        mayAct: [...document.querySelectorAll('#may-act li')].map(li => li.textContent),
        vitality: Object.fromEntries([...document.querySelectorAll('[data-ally]')].map(
            card => [card.dataset.ally,
                     card.querySelector('.bar.vitality .num').textContent])),
    })""")


@pytest.mark.slow  # 62 commands, each a `momenta do` and a `status` process (~40 s)
def test_the_page_equals_the_status_document_after_each_command(browser, tmp_path):  # noqa: F811
    """The shipped scripted fight with a map, one ``momenta do`` per command, the open
    page compared after each with ``status --json --players``. Each ``do`` rolls afresh
    from its own seed, so the script is first played once as replay plays it (one seed
    for the whole) and its dice written on its lines (``log --format script``): each line
    then plays the same story on its own."""
    scratch = Table(tmp_path / "scratch")
    shipped = script_lines(scratch.encounter.with_name(SCRIPT).read_text(encoding="utf-8"))
    scratch.do(*shipped)  # one process, seed 1: the story `momenta replay` tells
    pinned = script_lines(scratch.momenta("log", str(scratch.fight), "--format",
                                             "script"))
    # the same commands as the shipped script, less its previews, with the dice written
    commands = [x for x in shipped if x.split()[0] not in ("path", "los")]
    assert [x.split(" dice ")[0] for x in pinned] == commands

    table = Table(tmp_path / "table")
    table.do(pinned[0])
    with table.serve() as (base, _):
        page = open_page(browser, base, TV)
        try:
            not_reloaded(page)
            for number, line in enumerate(pinned, start=1):
                if number > 1:
                    table.do(line)
                doc = table.status()
                at_id(page, doc)
                want = {"id": str(doc["id"]), "round": str(doc["round"]),
                        "mayAct": doc["turn"]["may_act"],
                        "vitality": {a["name"]: f"{a['vitality'][0]}/{a['vitality'][1]}"
                                     for a in doc["allies"]}}
                assert _page_view(page) == want, (number, line)
            assert doc["round"] == 3 and len(pinned) == len(commands)
            assert_not_reloaded(page)
        finally:
            page.context.close()


# --- never a secret -----------------------------------------------------------------------


def test_a_hidden_enemy_is_neither_on_the_page_nor_on_its_map(browser, tmp_path):  # noqa: F811
    """Knife-1 Hidden, then taking its turn and moving: the page (as the script redrew it
    from the stream) and its SVG hold neither its name nor its square."""
    expect = _expect()
    table = Table(tmp_path)
    table.do("turn mira", "cond knife-1 hidden", "end", "turn knife-1",
             "move knife-1 to i9")
    gm = table.status(players=False)
    knife = next(e for e in gm["enemies"] if e["name"] == "Knife-1")
    assert knife["hidden"] and knife["square"] == "I9"  # the secret is real
    with table.serve() as (base, _):
        page = open_page(browser, base, TV)
        try:
            doc = table.status()
            at_id(page, doc)  # the script has redrawn the page from the stream
            expect(page.locator('[data-enemy="Knife-2"]')).to_be_visible()
            html = page.content()
            svg = page.locator("#map svg").evaluate("svg => svg.outerHTML")
            assert 'data-name="Knife-2"' in svg  # the map drawn, with the others' tokens
            for text in (html, svg):
                assert "knife-1" not in text.lower()
                for secret in ("Hidden", '"I9"', ">I9<", "I9 ", " I9"):
                    assert secret not in text, secret
            # while it acts, the page says neither who acts nor which side
            assert doc["turn"]["cue"] == "The GM's turn"  # not even its side (R39)
            expect(page.locator("#cue")).to_have_text("The GM's turn")
        finally:
            page.context.close()
