"""The e2e ``table`` fixture (the real bot on the emulator) and ``url`` (a fresh store
on each backend) for the fault tests."""

from tests.e2e.conftest import table, url

__all__ = ["table", "url"]
