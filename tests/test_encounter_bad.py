"""Every kind of mistake in an encounter file gives FILE:LINE:COL: field: message lines,
exit code 1 and never a traceback.

Each file in tests/bad_encounters/ starts with ``# expect: [FILE:]LINE FIELD``: the line
(and file, when the problem is in an included library) and field path that must appear.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from momenta_cli.cli.app import app
from momenta_cli.encounter import load_encounter, validate_file
from momenta_cli.errors import EncounterError

BAD = Path(__file__).parent / "bad_encounters"
CORPUS = sorted(BAD.glob("*.yaml"))
runner = CliRunner()


def _expectation(path: Path) -> tuple[str, str, str]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# expect: (?:(\S+):)?(\d+) (\S+)", first)
    assert match, f"{path.name}: first line must be '# expect: [FILE:]LINE FIELD'"
    shown = os.path.join(os.path.dirname(str(path)), match[1]) if match[1] else str(path)
    return os.path.normpath(shown), match[2], match[3]


def _validate(*args: str):
    return runner.invoke(app, ["validate", *args])


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 25


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_bad_encounter(path: Path):
    shown, line, field = _expectation(path)
    result = _validate(str(path))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert result.stdout == ""  # problems go to stderr
    wanted = [ln for ln in result.stderr.splitlines()
              if ln.startswith(f"{shown}:{line}:") and f": {field}: " in ln]
    assert wanted, f"no '{shown}:{line}:... {field}:' in:\n{result.stderr}"
    for ln in result.stderr.splitlines():
        assert re.match(r"^.+:\d+:\d+: \S.*: .+$", ln), ln


@pytest.mark.parametrize("path", CORPUS, ids=[p.stem for p in CORPUS])
def test_bad_encounter_api_raises_with_all_problems(path: Path):
    with pytest.raises(EncounterError) as info:
        load_encounter(path)
    assert info.value.problems == validate_file(path)


def test_all_problems_are_reported_not_just_the_first(tmp_path: Path):
    f = tmp_path / "many.yaml"
    f.write_text("name: Many\ncombatants:\n"
                 "  - {name: A, side: allies, max_vitalty: 3}\n"
                 "  - {name: B, side: allies, resistances: [Fier]}\n"
                 "  - {name: C, side: allys}\n")
    problems = validate_file(f)
    assert [p.split(":")[1] for p in problems] == ["3", "4", "5"], problems


def test_problems_in_a_stat_block_point_at_the_stat_block(tmp_path: Path):
    f = tmp_path / "block.yaml"
    f.write_text("name: B\nstat_blocks:\n  - name: Bandit\n    resistances: [Fier]\n"
                 "combatants:\n  - {name: T, side: adversaries, stat_block: Bandit}\n")
    assert validate_file(f) == [
        f"{f}:4:19: stat_blocks[0].resistances[0]: unknown damage type 'Fier' "
        "(did you mean 'Fire'?)"]


def _single_problem(path: Path | str, text: str) -> str:
    result = _validate(str(path))
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    assert text in result.stderr, result.stderr
    return result.stderr


def test_huge_file_is_refused_without_reading_it(tmp_path: Path):
    big = tmp_path / "huge.yaml"
    with open(big, "wb") as fh:
        fh.write(b"name: Huge\n")
        fh.truncate(50 * 1024 * 1024)  # 50 MB (sparse: cheap to make)
    _single_problem(big, f"{big}:1:1: (file): file is 50 MB; the limit is 5 MB")


def test_binary_file_is_refused(tmp_path: Path):
    binary = tmp_path / "image.yaml"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR" + bytes(range(256)))
    _single_problem(binary, "binary file (contains NUL bytes)")


def test_non_utf8_file_is_refused(tmp_path: Path):
    latin = tmp_path / "latin1.yaml"
    latin.write_bytes("name: Caf\xe9\ncombatants: []\n".encode("latin-1"))
    _single_problem(latin, f"{latin}:1:1: (file): not UTF-8 text")


def test_control_character_is_refused(tmp_path: Path):
    f = tmp_path / "bell.yaml"
    f.write_text("name: Bell\x07\ncombatants: []\n")
    _single_problem(f, f"{f}:1:11: (file): YAML: unacceptable character")


def test_directory_is_refused(tmp_path: Path):
    _single_problem(tmp_path, f"{tmp_path}:1:1: (file): is a directory")


def test_missing_file(tmp_path: Path):
    _single_problem(tmp_path / "nope.yaml", "nope.yaml:1:1: (file): no such file")


def test_permission_denied(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    f = tmp_path / "secret.yaml"
    f.write_text("name: Secret\n")
    f.chmod(0)
    if os.geteuid() == 0:  # root reads anything: simulate the refusal instead
        real_open = os.open

        def deny(path, *args, **kwargs):
            if str(path).endswith("secret.yaml"):
                raise PermissionError(13, "Permission denied")
            return real_open(path, *args, **kwargs)
        monkeypatch.setattr(os, "open", deny)
    _single_problem(f, f"{f}:1:1: (file): permission denied")


def test_many_files_report_each(tmp_path: Path):
    good = Path(__file__).parent / "fixtures" / "ambush.yaml"
    result = _validate(str(good), str(CORPUS[0]), str(tmp_path / "gone.yaml"))
    assert result.exit_code == 1
    assert f"OK {good} (2 combatants)" in result.stdout
    assert "gone.yaml:1:1: (file): no such file" in result.stderr


def test_deep_nesting_is_refused(tmp_path: Path):
    f = tmp_path / "deep.yaml"
    f.write_text("name: " + "[" * 5000 + "]" * 5000 + "\n")
    _single_problem(f, "nesting is too deep")


def test_huge_integer_is_a_problem(tmp_path: Path):
    f = tmp_path / "digits.yaml"
    f.write_text("name: D\ncombatants:\n  - {name: A, side: allies, max_vitality: "
                 + "9" * 5000 + "}\n")
    _single_problem(f, f"{f}:3:43: combatants[0].max_vitality: cannot read this as a whole "
                       "number")


def test_a_typo_does_not_hide_the_other_mistakes_of_its_entry(tmp_path: Path):
    # One run reports the misspelled key, the unknown weapon in the same entry, and the
    # duplicate name that only shows once that entry is checked.
    f = tmp_path / "typo.yaml"
    f.write_text("name: t\ncombatants:\n"
                 "  - name: A\n    side: allies\n    atributes: {POW: 2}\n"
                 "    weapons: [Longswrd]\n"
                 "  - {name: A, side: allies}\n")
    problems = validate_file(f)
    assert [p.split(": ")[1] for p in problems] == [
        "combatants[0].atributes", "combatants[0].weapons[0]", "combatants[1].name"]


def test_a_merge_key_is_named_as_such_with_either_yaml_parser(tmp_path: Path):
    # libyaml gives plain scalars the style "" where PyYAML's own parser gives None.
    f = tmp_path / "merge.yaml"
    f.write_text("name: m\ncombatants:\n  - name: A\n    side: allies\n    <<: {notes: x}\n")
    _single_problem(f, f"{f}:5:5: combatants[0].<<: YAML merge keys (<<) are not "
                       "supported; use stat_block")


def test_include_and_rules_of_the_wrong_shape_are_one_problem_each(tmp_path: Path):
    f = tmp_path / "shape.yaml"
    f.write_text("name: s\ninclude: library/armoury.yaml\nrules: 5\n"
                 "combatants:\n  - {name: A, side: allies}\n")
    assert validate_file(f) == [
        f"{f}:2:10: include: should be a list (one '- item' per line)",
        f"{f}:3:8: rules: should be a mapping of names to values (key: value lines)"]


def test_an_include_path_over_the_name_limit_is_not_looked_for(tmp_path: Path):
    f = tmp_path / "long.yaml"
    f.write_text("name: l\ninclude: [" + "x" * 5000 + "]\n"
                 "combatants:\n  - {name: A, side: allies}\n")
    problems = validate_file(f)
    assert len(problems) == 1 and "at most 80 characters" in problems[0], problems
