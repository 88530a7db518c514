from typer.testing import CliRunner

from momenta_cli import __version__
from momenta_cli.cli.app import app


def test_version():
    result = CliRunner().invoke(app, ["--version"])
    assert result.exit_code == 0, result.output
    assert __version__ in result.output
