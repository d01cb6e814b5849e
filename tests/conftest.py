"""Project-wide pytest configuration: the Discord emulator fixture is available everywhere."""

pytest_plugins = ["tests.emulator.fixtures"]
