"""Players answer their own decisions on their phones, in a real browser (issue 25):
Playwright driving Debian's chromium (tests/browser.py) at ``momenta serve FIGHT --lan``
beside a prompt (``momenta resume --ask`` from a pipe: the GM's own answers are its
lines), with a TV page and two phone contexts, Wren's and Tamsin's.

Gorm attacks Wren: her reaction (with each choice's odds), her Dodge's dice (tapped in
any order), Brace (both amounts shown) and the Wound d6 are answered on her phone;
Tamsin's phone shows no question, only whom the table waits for; the TV shows none and
then the result; the journal line is the command typed whole. Every wait is
Playwright's own or polls for what it waits for; without Chromium the test is skipped,
with the reason.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.seating import Exchange
from tests.browser import browser, free_port, wait_until  # noqa: F401  (browser: a fixture)

pytestmark = pytest.mark.slow  # a browser, a server and a prompt

ROOT = Path(__file__).resolve().parent.parent
WAIT = 10_000  # ms
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}


def _expect():
    from playwright.sync_api import expect

    return expect


def test_a_pcs_reaction_dice_brace_and_wound_are_answered_on_its_phone(browser,  # noqa: F811
                                                                       tmp_path):
    expect = _expect()
    shutil.copytree(ROOT / "encounters", tmp_path / "encounters",
                    ignore=shutil.ignore_patterns("*.fight.*", "*.lock"))
    path = os.environ.get("PYTHONPATH")
    env = {**os.environ, "MOMENTA_HOME": str(tmp_path / "home"), "COLUMNS": "100",
           "PYTHONPATH": str(ROOT) + (os.pathsep + path if path else "")}
    demo = tmp_path / "encounters" / "demo.yaml"
    fight = tmp_path / "encounters" / "demo.fight.jsonl"

    def momenta(*args: str, encounter: Path = demo) -> None:
        r = subprocess.run([sys.executable, "-m", "momenta_cli", *args], cwd=tmp_path,
                           env=env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, (args, r.stdout, r.stderr)

    opening = ["turn wren", "next gorm", "set wren vitality 3"]
    momenta("do", str(demo), *opening, "--seed", "4", "--quiet")
    seats = Exchange(fight)
    wren, tamsin = seats.seat("Wren"), seats.seat("Tamsin")
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "momenta_cli", "serve", str(fight),
                               "--lan", "--port", str(port)], cwd=tmp_path, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    prompt = None
    contexts = []
    try:
        wait_until(lambda: seats.serving() or server.poll() is not None, "the server")
        assert server.poll() is None, server.communicate()
        token = json.loads((seats.dir / "server.json").read_text())["token"]
        base = f"http://127.0.0.1:{port}"

        def page_at(url: str, viewport: dict):
            context = browser.new_context(viewport=viewport, device_scale_factor=1)
            contexts.append(context)
            page = context.new_page()
            page.goto(url)
            expect(page.locator("#conn")).to_have_attribute("data-state", "live",
                                                            timeout=WAIT)
            return page

        tv = page_at(f"{base}/?token={token}", TV)
        mine = page_at(f"{base}/seat?token={token}&seat={wren}", PHONE)
        other = page_at(f"{base}/seat?token={token}&seat={tamsin}", PHONE)
        expect(mine.locator("#allies article.card").first).to_have_attribute(
            "data-ally", "Wren")  # its PC's card first
        expect(other.locator("#allies article.card").first).to_have_attribute(
            "data-ally", "Tamsin")
        expect(mine.locator("#ask-idle")).to_have_text("Nothing to answer now.")

        prompt = subprocess.Popen([sys.executable, "-m", "momenta_cli", "resume", str(fight),
                                   "--ask"], cwd=tmp_path, env=env, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        assert prompt.stdin is not None
        prompt.stdin.write("attack wren\n5,6,6\nquit\n")  # Gorm's roll is the GM's
        prompt.stdin.close()
        prompt.stdin = None

        body = mine.locator("#ask-body")
        expect(body).to_have_attribute("data-kind", "reaction", timeout=WAIT)
        expect(body.locator("h3")).to_have_text("Wren's reaction")
        dodge = body.locator('button[data-answer="dodge"]')
        expect(dodge.locator(".odds")).to_contain_text("Vigor left 5")
        expect(dodge.locator(".odds")).to_have_attribute("data-wound", re.compile(r"\d"))
        expect(other.locator("#ask-idle")).to_have_text("Waiting for Wren.")
        expect(other.locator("#ask-body button")).to_have_count(0)
        expect(tv.locator("#ask")).to_have_count(0)  # the TV shows no question
        dodge.click()

        expect(body).to_have_attribute("data-kind", "dice", timeout=WAIT)
        for face in ("1", "5", "5"):  # in any order: the engine counts the faces
            body.locator(f'button[data-face="{face}"]').click()
        expect(mine.locator("#ask-faces")).to_have_text("1, 5, 5")
        mine.locator("#ask-send").click()

        expect(body).to_have_attribute("data-kind", "brace", timeout=WAIT)
        expect(body.locator('button[data-answer="y"] .detail')).to_contain_text("Broken")
        expect(body.locator('button[data-answer="n"] .detail')).to_contain_text(
            "5 to Vitality")
        body.locator('button[data-answer="n"]').click()

        expect(body).to_have_attribute("data-kind", "wound_die", timeout=WAIT)
        expect(body.locator('button[data-answer="3"] .detail')).to_have_text("Exhausted")
        body.locator('button[data-answer="3"]').click()

        expect(mine.locator("#ask-idle")).to_have_text("Nothing to answer now.",
                                                       timeout=WAIT)
        out, err = prompt.communicate(timeout=60)
        assert prompt.returncode == 0, err
        expect(tv.locator("#results")).to_contain_text("Exhausted", timeout=WAIT)
        expect(tv.locator('[data-ally="Wren"] .wounds')).to_contain_text("Exhausted")
        expect(other.locator("#ask-body button")).to_have_count(0)
        seats.unseat("Tamsin")  # revoked: the open page says so
        expect(other.locator("#ask-said")).to_contain_text("this seat is closed",
                                                           timeout=WAIT)
    finally:
        for context in contexts:
            context.close()
        for proc in (prompt, server):
            if proc is not None and proc.poll() is None:
                proc.send_signal(2)
                try:
                    proc.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    proc.kill()
    last = json.loads(fight.read_text().splitlines()[-1])
    assert last["cmd"] == "attack wren roll 5,6,6 dodge def 1,5,5"
    assert [s["kind"] for s in last["seated"]] == ["reaction", "dice", "brace", "wound_die"]
    typed = demo.with_name("typed.yaml")
    typed.write_text(demo.read_text())
    script_line = last["cmd"] + " dice " + ",".join(map(str, last["dice"]))
    momenta("do", str(typed), *opening, script_line, "--seed", "4", "--quiet")
    whole = json.loads(typed.with_name("typed.fight.jsonl").read_text().splitlines()[-1])
    assert (whole["cmd"], whole["dice"], whole["events"]) == \
        (last["cmd"], last["dice"], last["events"])

