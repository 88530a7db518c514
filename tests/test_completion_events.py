"""Tab completion of ``event NAME [skip]`` (issue 27, scheduled events): after ``event``
the encounter's events the engine would fire now, never the combatants; after a name,
``skip``."""

from __future__ import annotations

import pytest
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document

from momenta_cli.cli.prompt import make_completer
from momenta_cli.encounter import load_encounter
from momenta_cli.engine.core import Session
from tests.conftest import ROOT
from tests.engine_helpers import run


def offered(session: Session, text: str) -> list[str]:
    """The words the prompt's completer offers with the cursor after ``text``."""
    completer = make_completer(lambda: session.state)
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent())]


@pytest.fixture
def toll() -> Session:
    """The Toll-House: a bell every round, a regeneration from round 2, and three
    once-only events (reinforcements, rally, gate)."""
    return Session(load_encounter(ROOT / "encounters" / "toll-house.yaml"))


def test_after_event_the_encounters_events_not_its_combatants(toll):
    assert offered(toll, "event ") == ["regenerate ", "bell ", "reinforcements ",
                                       "rally ", "gate "]
    assert offered(toll, "event r") == ["regenerate ", "reinforcements ", "rally "]
    assert offered(toll, "event b") == ["bell "]  # not Brannoc


def test_a_once_only_event_that_fired_is_not_offered_until_undone(toll):
    run(toll, "event gate")
    assert "gate " not in offered(toll, "event ")
    assert "bell " in offered(toll, "event ")  # fires every round: always offered
    run(toll, "event bell")
    assert "bell " in offered(toll, "event ")
    run(toll, "undo")
    run(toll, "undo")
    assert "gate " in offered(toll, "event ")


def test_after_an_events_name_skip_once(toll):
    assert "skip " in offered(toll, "event reinforcements ")
    assert offered(toll, "event bell s") == ["skip "]
    assert "skip " not in offered(toll, "event bell skip ")


def test_an_encounter_without_events_offers_none():
    duel = Session(load_encounter(ROOT / "encounters" / "duel-at-the-ford.yaml"))
    assert offered(duel, "event ") == []
