"""The emulator's own tests use its fixture directly (the lead registers it repo-wide)."""

from tests.emulator.fixtures import emulator

__all__ = ["emulator"]
