"""The README's invite URL carries exactly the permissions the bot uses."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import main
from bot.edge.invite import PERMISSIONS, invite_url

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readme_invite_has_the_bots_permissions(capsys) -> None:
    text = README.read_text(encoding="utf-8")
    assert f"permissions={PERMISSIONS.value}&scope=bot+applications.commands" in text
    assert PERMISSIONS.attach_files and PERMISSIONS.create_public_threads
    assert not PERMISSIONS.administrator and not PERMISSIONS.mention_everyone
    assert main(["invite", "42"]) == 0
    assert capsys.readouterr().out.strip() == invite_url(42)


def test_the_walkthrough_links_the_screenshots() -> None:
    text = README.read_text(encoding="utf-8")
    assert "docs/screenshots/README.md" in text and "/help game:china" in text
