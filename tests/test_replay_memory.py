"""The peak memory of ``momenta replay --json`` over 10,000 commands stays under 60 MiB
(issue 28): the log is streamed to a pipe entry by entry, never held as one document
and its text (render/state_json.py ``chunks``). A bound, not a timing: the figure beside
its baseline is bench/'s (bench_scale.py, memory)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BOUND_MIB = 60

# The process's own high-water mark (VmHWM), as tests/test_geometry_bounds.py reads it:
# ru_maxrss can be the parent's, kept across exec.
_WRAP = textwrap.dedent("""
    import os, sys
    sys.argv = ["momenta", *sys.argv[1:]]
    try:
        from momenta_cli.cli import main
        main()
    finally:
        with open("/proc/self/status") as status:
            peak = next(int(x.split()[1]) for x in status if x.startswith("VmHWM:"))
        with open(os.environ["PEAK_TO"], "w") as f:
            f.write(str(peak))
""")


def _brawl_lines(n: int) -> tuple[str, list[str]]:
    """bench/common.py's brawl encounter and ``n`` lines it accepts."""
    spec = importlib.util.spec_from_file_location("bench_common", ROOT / "bench" / "common.py")
    assert spec is not None and spec.loader is not None
    common = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = common  # its dataclasses look their module up
    spec.loader.exec_module(common)
    return common.ENCOUNTER, common.generate(n)[1]


@pytest.mark.slow  # 10,000 commands generated, then replayed in a process of its own
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc (Linux)")
def test_replay_json_of_ten_thousand_commands_peaks_under_60_mib(tmp_path):
    encounter, lines = _brawl_lines(10_000)
    (tmp_path / "brawl.yaml").write_text(encounter.lstrip(), encoding="utf-8")
    (tmp_path / "brawl.script").write_text("\n".join(lines) + "\n", encoding="utf-8")
    env = {**os.environ, "MOMENTA_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT),
           "PEAK_TO": str(tmp_path / "peak")}
    out = tmp_path / "out.json"
    with out.open("w") as sink:  # a file, as a script reads it: the streamed form
        done = subprocess.run([sys.executable, "-c", _WRAP, "replay", "--json", "brawl.yaml",
                               "brawl.script"], cwd=tmp_path, env=env, stdout=sink,
                              stderr=subprocess.PIPE, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert out.read_text().count('"script_line"') == 10_000  # every command was logged
    peak_mib = int((tmp_path / "peak").read_text()) / 1024
    assert peak_mib < BOUND_MIB, f"peak {peak_mib:.1f} MiB"
