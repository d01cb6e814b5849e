"""Project-wide pytest configuration: the Discord emulator and PostgreSQL fixtures are
available everywhere."""

pytest_plugins = ["tests.emulator.fixtures", "tests.pg"]
