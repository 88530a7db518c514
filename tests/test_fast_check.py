"""The check of a file by the kept schemas of pydantic's models, without pydantic
(momenta_cli/encounter/fastcheck.py, docs/speed.md): it may only find a file right, and a
file it finds right builds the very spec pydantic's models build; any other file is
checked by pydantic and worded as before. The kept schemas are an entry no one can make
run code."""

from __future__ import annotations

import copy
import os
import pickle
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from momenta_cli.encounter import fastcheck, load_checked
from momenta_cli.encounter.fastcheck import Doubt, fast_models, keep_schemas, schema_dir
from momenta_cli.encounter.file_model import MODELS, EncounterModel, PydanticModels, core_schemas
from momenta_cli.encounter.loader import Loaded, load_with
from momenta_cli.encounter.validators import FILE_KEYS
from momenta_cli.storage import seal

ROOT = Path(__file__).resolve().parent.parent
ENCS = ROOT / "encounters"
SHIPPED = [*sorted(ENCS.glob("*.yaml")), *sorted((ENCS / "library").iterdir()),
           *sorted((ENCS / "parties").iterdir())]
# the shipped encounters pydantic's models must check: they name a party file (R38)
PARTY = {"campaign-stair.yaml"}


def kept() -> fastcheck.FastModels:
    """The kept schemas, as a later run reads them from the (private) state home."""
    import pydantic

    keep_schemas(core_schemas(), pydantic.VERSION)
    fast = fast_models()
    assert fast is not None
    return fast


def compare(path: Path, fast: fastcheck.FastModels) -> bool:
    """Whether the kept schemas found the file at ``path`` right; either way, what
    ``load_checked`` gives is what pydantic's models give, and a file found right built
    the same spec."""
    slow = load_with(path, True, PydanticModels())
    try:
        quick: Loaded | None = load_with(path, True, fast)
    except Doubt:
        quick = None
    right = quick is not None and not quick.problems
    if right:
        assert quick is not None
        assert slow.problems == []
        assert quick.spec == slow.spec
        # the same objects shared the same way: the encounter cache keeps the same bytes
        assert pickle.dumps(quick.spec) == pickle.dumps(slow.spec)
        assert (quick.library, quick.rule_sources, quick.events, quick.reads) == (
            slow.library, slow.rule_sources, slow.events, slow.reads)
    chosen = load_checked(path, library_ok=True)
    assert chosen.problems == slow.problems
    assert chosen.spec == slow.spec
    return right


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.relative_to(ENCS).as_posix())
def test_every_shipped_file_is_found_right_and_built_as_pydantic_builds_it(path):
    right = compare(path, kept())
    if path.parent == ENCS:
        assert right == (path.name not in PARTY)  # a party file is read by pydantic


def test_the_demo_with_its_libraries_is_found_right_by_the_kept_schemas():
    result = load_with(ENCS / "demo.yaml", True, kept())
    assert result.problems == [] and result.spec is not None
    assert result.reads is not None and len(result.reads.files) == 3  # its two includes


def test_damage_types_that_are_not_a_list_are_a_problem_not_a_traceback(tmp_path):
    # found by the mutated files below: the loader iterated whatever was written
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\ndamage_types: 3\ncombatants:\n  - {name: A, side: allies}\n",
                   encoding="utf-8")
    assert [p.split(": ", 1)[1] for p in load_checked(bad).problems] == [
        "damage_types: should be a list (one '- item' per line)"]


# --- mutated files -------------------------------------------------------------------------

BAD = [None, "x", 3, -1, 1.5, True, [], {}, ["a"], {"k": 1}, "ELITE", "1L", 99999, "",
       "\u202e", "Mace", "Fire", "Melee 2", "0s", "3+", "every", "C5"]
# Valid edits a GM makes: another case, a nearby number, a key dropped
CASES = (str.upper, str.lower, str.title)


def _paths(data: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path] if path else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += _paths(v, (*path, k))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out += _paths(v, (*path, i))
    return out


def _mutate(doc: Any, rnd: random.Random) -> None:
    for _ in range(rnd.randint(1, 3)):
        paths = _paths(doc)
        if not paths:
            return
        path = rnd.choice(paths)
        parent = doc
        for part in path[:-1]:
            parent = parent[part]
        last = path[-1]
        value = parent[last]
        roll = rnd.random()
        if roll < 0.3 and isinstance(value, int) and not isinstance(value, bool):
            parent[last] = max(0, value + rnd.choice((-2, -1, 1, 2)))
        elif roll < 0.4 and isinstance(value, str):
            parent[last] = rnd.choice(CASES)(value)
        elif roll < 0.55 and isinstance(parent, dict):
            del parent[last]
        elif roll < 0.65 and isinstance(parent, dict):
            parent[rnd.choice(("bogus", "hp", "max_vitality", "side", "notes", "count"))] = \
                rnd.choice(BAD)
        elif roll < 0.72 and isinstance(parent, list):
            parent.append(copy.deepcopy(value))
        elif roll < 0.8:
            other = rnd.choice(paths)
            source = doc
            for part in other:
                source = source[part]
            parent[last] = copy.deepcopy(source)
        else:
            parent[last] = rnd.choice(BAD)


def _mutated_files(tmp_path: Path, count: int, seed: int):
    """``count`` encounters (or their libraries) with one to three random edits each,
    in a copy of encounters/; yields the encounter to load."""
    encs = tmp_path / "encounters"
    shutil.copytree(ENCS, encs, ignore=shutil.ignore_patterns("*.fight.*", "*.script"))
    names = sorted(p.name for p in ENCS.glob("*.yaml"))
    rnd = random.Random(seed)
    for _ in range(count):
        name = rnd.choice(names)
        target = encs / name
        if rnd.random() < 0.25:
            target = encs / "library" / rnd.choice(("armoury.yaml", "bestiary.yaml"))
        original = target.read_text(encoding="utf-8")
        doc = yaml.safe_load(original)
        _mutate(doc, rnd)
        target.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True),
                          encoding="utf-8")
        yield encs / name
        target.write_text(original, encoding="utf-8")


def _check_mutations(tmp_path: Path, count: int, seed: int) -> None:
    fast = kept()
    right = wrong = 0
    for path in _mutated_files(tmp_path, count, seed):
        if compare(path, fast):
            right += 1
        else:
            wrong += 1
    # both ways were taken often: the comparison covered edited specs and worded problems
    assert right > count // 5 and wrong > count // 5, (right, wrong)


def test_mutated_files_build_pydantics_spec_or_pydantics_problems(tmp_path):
    _check_mutations(tmp_path, 40, seed=28)  # the slow lane's variant tries 2,000


@pytest.mark.slow  # about a minute
def test_many_mutated_files_build_pydantics_spec_or_pydantics_problems(tmp_path):
    _check_mutations(tmp_path, 2000, seed=2026)


# --- the kept entry ------------------------------------------------------------------------


def test_a_load_by_pydantic_keeps_the_schemas_and_the_next_load_uses_them(tmp_path):
    assert fast_models() is None  # a fresh home: nothing kept
    assert load_checked(ENCS / "demo.yaml").problems == []
    assert fast_models() is not None


def test_the_top_keys_are_the_models(tmp_path):
    assert set(FILE_KEYS) == set(EncounterModel.model_fields)


def test_every_model_the_loader_names_is_kept(tmp_path):
    assert set(kept().schemas) == set(MODELS)


def _entry() -> Path:
    kept()
    (entry,) = schema_dir().iterdir()
    return entry


def _reseal(entry: Path, payload: bytes) -> None:
    blob = entry.read_bytes()
    head, _, rest = blob.partition(b"\n")
    meta = rest.partition(b"\n")[2].partition(b"\n")[0]
    import json

    entry.write_bytes(seal(fastcheck.MAGIC, fastcheck.SCHEMA_VERSION, json.loads(meta),
                           payload))


def test_an_entry_naming_a_function_is_never_run(tmp_path):
    entry = _entry()
    ran = tmp_path / "ran"
    payload = pickle.dumps({"EncounterModel": (os.system, f"touch {ran}")})
    _reseal(entry, payload)
    assert fast_models() is None
    assert load_checked(ENCS / "demo.yaml").problems == []  # by pydantic
    assert not ran.exists()


class _Sneaky(pickle.Pickler):
    def persistent_id(self, obj: Any) -> Any:
        return ("check", "system") if obj is os.system else None


def test_an_entry_naming_something_outside_the_table_is_refused(tmp_path):
    import io

    entry = _entry()
    out = io.BytesIO()
    _Sneaky(out).dump({"EncounterModel": (os.system, None)})
    _reseal(entry, out.getvalue())
    assert fast_models() is None


def test_a_damaged_entry_is_not_trusted(tmp_path):
    entry = _entry()
    blob = bytearray(entry.read_bytes())
    blob[-10] ^= 1
    entry.write_bytes(bytes(blob))
    assert fast_models() is None
    assert load_checked(ENCS / "demo.yaml").problems == []
    assert fast_models() is not None  # kept again by that load


def test_an_entry_of_another_pydantic_is_not_used(tmp_path, monkeypatch):
    _entry()
    monkeypatch.setattr(fastcheck, "pydantic_version", lambda: "2.0.0")
    assert fast_models() is None


def test_an_entry_is_not_kept_by_a_pydantic_other_than_the_installed(tmp_path):
    keep_schemas(core_schemas(), "0.0.1")
    assert not schema_dir().exists()


def test_a_file_with_a_problem_is_worded_by_pydantic(tmp_path):
    kept()
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: X\ncombatants:\n  - {name: A, sidee: allies}\n", encoding="utf-8")
    assert load_checked(bad).problems == load_with(bad, True, PydanticModels()).problems
    assert any("did you mean 'side'" in line for line in load_checked(bad).problems)


def test_anything_unexpected_in_the_check_leaves_the_file_to_pydantic(monkeypatch):
    kept()
    want = load_with(ENCS / "demo.yaml", True, PydanticModels())

    def broken(self, kind, data):
        raise AttributeError("a field the stand-in lacks")

    monkeypatch.setattr(fastcheck.FastModels, "piece", broken)
    got = load_checked(ENCS / "demo.yaml")
    assert (got.problems, got.spec) == ([], want.spec)
