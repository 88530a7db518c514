"""The encounter cache (momenta_cli/encounter/cache.py): a fight reopens its encounter from
a cache entry while every file the load read is unchanged, and never trusts an entry
that is not exactly what it wrote."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from momenta_cli.encounter import cache, load_encounter, load_encounter_cached, loader
from momenta_cli.encounter.cache import cache_dir
from momenta_cli.encounter.roots import LIBRARY_ENV
from momenta_cli.errors import EncounterError

pytestmark = pytest.mark.usefixtures("home")

ROOT = Path(__file__).resolve().parent.parent
PIKE = "weapons:\n  - {name: Pike, tags: [Piercing, Melee 2], damage: {0s: 2, 1+: %d}}\n"


@pytest.fixture
def loads(monkeypatch) -> list[str]:
    """The paths the full loader was asked for (a cache miss adds one)."""
    seen: list[str] = []
    real = loader.load_checked

    def counted(path, **kw):
        seen.append(os.fspath(path))
        return real(path, **kw)

    monkeypatch.setattr(loader, "load_checked", counted)
    return seen


def entries() -> list[Path]:
    d = cache_dir()
    return sorted(d.glob("*" + cache.SUFFIX)) if d.is_dir() else []


def only_entry() -> Path:
    (entry,) = entries()
    return entry


def reseal(blob: bytes, *, version: int | None = None) -> bytes:
    """``blob`` with a correct checksum again (and another version, if given): what a
    deliberate edit of an entry looks like."""
    head, _, rest = blob.partition(b"\n")
    _, _, body = rest.partition(b"\n")
    if version is not None:
        head = f"{cache.MAGIC} {version}".encode()
        meta, _, payload = body.partition(b"\n")
        data = json.loads(meta)
        data["version"] = version
        body = json.dumps(data, sort_keys=True).encode() + b"\n" + payload
    digest = hashlib.sha256(head + b"\n" + body).hexdigest().encode()
    return head + b"\n" + digest + b"\n" + body


# --- hits --------------------------------------------------------------------------------


def test_a_hit_is_equal_to_a_full_load_for_every_sample(tmp_path, loads):
    encs = tmp_path / "encounters"
    shutil.copytree(ROOT / "encounters", encs, ignore=shutil.ignore_patterns("*.fight.*",
                                                                               "*.lock"))
    samples = sorted(encs.glob("*.yaml"))
    assert samples
    for enc in samples:
        first = load_encounter_cached(enc)
        assert first == load_encounter(enc)
    assert len(entries()) == len(samples)
    loads.clear()
    for enc in samples:
        assert load_encounter_cached(enc) == load_encounter(enc)
    assert loads == [str(e) for e in samples]  # only the comparison loads: every one a hit


def test_a_hit_names_the_encounter_as_given(enc, monkeypatch, loads):
    load_encounter_cached(enc)
    monkeypatch.chdir(enc.parent)
    spec = load_encounter_cached("demo.yaml")
    assert spec.source == "demo.yaml" and spec == load_encounter("demo.yaml")
    assert loads == [str(enc), "demo.yaml"]  # the second was the comparison


def test_a_symlink_to_the_encounter_shares_its_entry(enc, tmp_path, loads):
    link = tmp_path / "elsewhere.yaml"
    link.symlink_to(enc)
    load_encounter_cached(enc)
    assert load_encounter_cached(link).source == str(link)
    assert loads == [str(enc)] and len(entries()) == 1


# --- misses ------------------------------------------------------------------------------


def test_an_edited_encounter_misses(enc, loads):
    load_encounter_cached(enc)
    enc.write_text(enc.read_text().replace("Brannoc", "Brennoc"))
    spec = load_encounter_cached(enc)
    assert loads == [str(enc), str(enc)]
    assert any(c.name == "Brennoc" for c in spec.combatants)
    assert load_encounter_cached(enc) == spec and len(loads) == 2  # the new entry hits


def test_an_edited_included_library_misses(enc, loads):
    first = load_encounter_cached(enc)
    armoury = enc.parent / "library" / "armoury.yaml"
    armoury.write_text(armoury.read_text().replace("- name: Dagger", "- name: Poniard"))
    with pytest.raises(EncounterError) as err:  # a combatant carries the Dagger
        load_encounter_cached(enc)
    assert str(err.value) == str(pytest.raises(EncounterError, load_encounter, enc).value)
    armoury.write_text(armoury.read_text().replace("- name: Poniard", "- name: Dagger")
                       + "# a comment\n")
    again = load_encounter_cached(enc)
    assert again == first and len(loads) == 4  # first, the miss, the comparison, the fix


def test_an_include_that_now_resolves_elsewhere_misses(tmp_path, loads):
    (tmp_path / "a.yaml").write_text(PIKE % 6)
    (tmp_path / "b.yaml").write_text(PIKE % 9)
    link = tmp_path / "arms.yaml"
    link.symlink_to("a.yaml")
    enc = tmp_path / "enc.yaml"
    enc.write_text("name: E\ninclude: [arms.yaml]\n"
                   "combatants: [{name: A, side: allies, weapons: [Pike]}]\n")
    assert load_encounter_cached(enc).combatants[0].weapon("Pike").damage.tiers == (2, 6)
    link.unlink()
    link.symlink_to("b.yaml")  # a.yaml and the encounter are unchanged
    assert load_encounter_cached(enc).combatants[0].weapon("Pike").damage.tiers == (2, 9)
    assert len(loads) == 2


def test_the_library_path_is_part_of_the_key(tmp_path, monkeypatch, loads):
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "arms.yaml").write_text(PIKE % 6)
    campaign = tmp_path / "campaign"
    campaign.mkdir()
    enc = campaign / "enc.yaml"
    enc.write_text("name: E\ninclude: [../shared/arms.yaml]\n"
                   "combatants: [{name: A, side: allies, weapons: [Pike]}]\n")
    monkeypatch.setenv(LIBRARY_ENV, str(shared))
    assert load_encounter_cached(enc).combatants[0].weapon("Pike") is not None
    monkeypatch.delenv(LIBRARY_ENV)
    with pytest.raises(EncounterError, match="outside this encounter's folder"):
        load_encounter_cached(enc)
    assert len(loads) == 2


def test_another_momenta_misses(enc, monkeypatch, loads):
    load_encounter_cached(enc)
    monkeypatch.setattr(cache, "code_fingerprint", lambda: "another build")
    load_encounter_cached(enc)
    assert len(loads) == 2 and len(entries()) == 2


def test_a_bad_file_gives_the_full_loads_errors_and_is_not_cached(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: B\nrules: {solid_hit: sometimes}\ncombatants: [{name: A}]\n")
    with pytest.raises(EncounterError) as cached:
        load_encounter_cached(bad)
    with pytest.raises(EncounterError) as full:
        load_encounter(bad)
    assert str(cached.value) == str(full.value) and cached.value.args == full.value.args
    assert entries() == []
    missing = tmp_path / "missing.yaml"
    with pytest.raises(EncounterError) as cached:
        load_encounter_cached(missing)
    assert str(cached.value) == str(pytest.raises(EncounterError, load_encounter,
                                                  missing).value)


# --- entries not to trust ----------------------------------------------------------------


def _flip(blob: bytes, at: int) -> bytes:
    return blob[:at] + bytes([blob[at] ^ 0x01]) + blob[at + 1:]


DAMAGE = {
    "a byte of the pickle flipped": lambda b: _flip(b, len(b) - 40),
    "a byte of the record flipped": lambda b: _flip(b, b.index(b'"files"') + 3),
    "a byte of the checksum flipped": lambda b: _flip(b, b.index(b"\n") + 5),
    "truncated": lambda b: b[: len(b) // 2],
    "cut to its header": lambda b: b[: b.index(b"\n") + 1],
    "empty": lambda b: b"",
    "a wrong checksum": lambda b: b.replace(b.split(b"\n")[1], b"0" * 64, 1),
    "an older version": lambda b: reseal(b, version=cache.CACHE_VERSION - 1),
    "a newer version": lambda b: reseal(b, version=cache.CACHE_VERSION + 1),
    "garbage": lambda b: os.urandom(len(b)),
}


@pytest.mark.parametrize("damage", DAMAGE, ids=list(DAMAGE))
def test_a_damaged_entry_is_ignored_and_rebuilt(enc, damage, loads):
    good = load_encounter_cached(enc)
    entry = only_entry()
    blob = entry.read_bytes()
    entry.write_bytes(DAMAGE[damage](blob))
    assert load_encounter_cached(enc) == good
    assert len(loads) == 2  # a miss
    assert entry.read_bytes() == blob  # rebuilt as it was
    assert load_encounter_cached(enc) == good and len(loads) == 2  # and used again


def test_an_entry_whose_files_record_was_edited_is_not_trusted(enc, loads):
    load_encounter_cached(enc)
    entry = only_entry()
    head, _, rest = entry.read_bytes().partition(b"\n")
    _, _, body = rest.partition(b"\n")
    meta, _, payload = body.partition(b"\n")
    data = json.loads(meta)
    armoury = next(k for k in data["files"] if k.endswith("armoury.yaml"))
    data["files"][armoury] = "0" * 64
    entry.write_bytes(reseal(head + b"\n\n" + json.dumps(data, sort_keys=True).encode()
                             + b"\n" + payload))
    load_encounter_cached(enc)
    assert len(loads) == 2


class _Boom:
    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (os.system, (f"touch {self.marker}",))


def test_an_entry_never_runs_code(enc, tmp_path, loads):
    good = load_encounter_cached(enc)
    entry = only_entry()
    marker = tmp_path / "ran"
    head, _, rest = entry.read_bytes().partition(b"\n")
    _, _, body = rest.partition(b"\n")
    meta, _, _ = body.partition(b"\n")
    for evil in (_Boom(marker), {"spec": _Boom(marker)}, [good, _Boom(marker)]):
        forged = head + b"\n\n" + meta + b"\n" + pickle.dumps(evil, protocol=5)
        entry.write_bytes(reseal(forged))  # a valid checksum: only the unpickler stands
        assert load_encounter_cached(enc) == good
    assert not marker.exists()
    assert len(loads) == 4


def test_an_entry_holding_something_else_than_a_spec_is_a_miss(enc, loads):
    load_encounter_cached(enc)
    entry = only_entry()
    head, _, rest = entry.read_bytes().partition(b"\n")
    _, _, body = rest.partition(b"\n")
    meta, _, _ = body.partition(b"\n")
    entry.write_bytes(reseal(head + b"\n\n" + meta + b"\n" + pickle.dumps((1, 2))))
    load_encounter_cached(enc)
    assert len(loads) == 2


def test_a_directory_or_fifo_in_place_of_an_entry_is_a_miss(enc, loads):
    good = load_encounter_cached(enc)
    entry = only_entry()
    entry.unlink()
    os.mkfifo(entry)  # never waited on
    assert load_encounter_cached(enc) == good
    entry.unlink()
    entry.mkdir()
    assert load_encounter_cached(enc) == good
    assert len(loads) == 3


# --- a cache that cannot be written ------------------------------------------------------


def test_a_home_that_is_a_file_is_no_cache(enc, tmp_path, monkeypatch, loads):
    not_a_dir = tmp_path / "home-file"
    not_a_dir.write_text("x")
    monkeypatch.setenv("MOMENTA_HOME", str(not_a_dir))
    assert load_encounter_cached(enc) == load_encounter(enc)
    assert load_encounter_cached(enc) == load_encounter(enc)
    assert not_a_dir.read_text() == "x"


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes through permissions")
def test_a_read_only_home_is_no_cache(enc, tmp_path, monkeypatch):
    ro = tmp_path / "ro"
    ro.mkdir()
    ro.chmod(0o500)
    try:
        monkeypatch.setenv("MOMENTA_HOME", str(ro / "home"))
        assert load_encounter_cached(enc) == load_encounter(enc)
    finally:
        ro.chmod(0o700)


def test_a_full_disk_is_no_cache(enc, monkeypatch, loads):
    import momenta_cli.storage as storage

    def full(path, data):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(storage, "atomic_write", full)  # what the cache writes with
    assert load_encounter_cached(enc) == load_encounter(enc)
    assert entries() == []
    assert list(cache_dir().iterdir()) == []  # no temp file left either


def test_the_cache_keeps_the_most_recently_used_entries(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "MAX_ENTRIES", 3)
    files = []
    for i in range(5):
        f = tmp_path / f"e{i}.yaml"
        f.write_text(f"name: E{i}\ncombatants: [{{name: A, side: allies}}]\n")
        files.append(f)
    for f in files[:3]:
        load_encounter_cached(f)
    for f, when in zip(files[:3], (100, 0, 50), strict=True):  # e0 used last, e1 first
        os.utime(only_entry_of(f), (when, when))
    stale = cache_dir() / ".x.entry.0000.tmp"  # a temp file a killed writer left
    stale.write_bytes(b"half")
    os.utime(stale, (0, 0))
    for f in files[3:]:
        load_encounter_cached(f)
    assert len(entries()) == 3
    assert {e.name for e in entries()} == {only_entry_of(files[i]).name for i in (0, 3, 4)}
    assert not stale.exists()


def only_entry_of(enc: Path) -> Path:
    for e in entries():
        if json.loads(e.read_bytes().split(b"\n")[2])["key"]["encounter"] == str(
                enc.resolve()):
            return e
    raise AssertionError(f"no entry for {enc}")


# --- what a hit costs --------------------------------------------------------------------

HIT = """
import json, sys
from momenta_cli.encounter.cache import load_encounter_cached
spec = load_encounter_cached(sys.argv[1])
print(json.dumps({"names": [c.name for c in spec.combatants],
                  "heavy": sorted(m for m in sys.modules if m.split(".")[0] in
                                  ("pydantic", "pydantic_core", "yaml", "_yaml"))
                           + [m for m in sys.modules if m == "momenta_cli.encounter.loader"]}))
"""


def test_a_hit_imports_neither_pydantic_nor_yaml(enc, tmp_path):
    env = dict(os.environ, MOMENTA_HOME=str(tmp_path / "sub-home"))

    def run() -> dict:
        r = subprocess.run([sys.executable, "-c", HIT, str(enc)], capture_output=True,
                           text=True, env=env, timeout=60, check=True)
        return json.loads(r.stdout)

    miss = run()
    assert "pydantic" in miss["heavy"] and "momenta_cli.encounter.loader" in miss["heavy"]
    hit = run()
    assert hit["heavy"] == [] and hit["names"] == miss["names"]
