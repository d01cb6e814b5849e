"""``/rules`` with a topic end to end through the Discord emulator: the topic's autocomplete
follows the chosen game, a card's full text comes back privately, an unknown topic gets a
sentence naming the close ones, and the summary names the topics."""

from __future__ import annotations

from bot.words.text import t
from tests.e2e.conftest import Table


async def test_rules_topics_through_discord(table: Table) -> None:
    tb = table
    emu = tb.emu
    choices = await emu.autocomplete(
        tb.alice, tb.channel, "rules", {"game": "rising_sun", "topic": "merch"}, focused="topic"
    )
    assert [c["value"] for c in choices] == ["Way of the Merchant"]
    none = await emu.autocomplete(
        tb.alice, tb.channel, "rules", {"game": "no-such-game", "topic": ""}, focused="topic"
    )
    assert none == []

    card = await tb.answer(
        await emu.slash(
            tb.alice, tb.channel, "rules", {"game": "rising_sun", "topic": "Way of the Merchant"}
        )
    )
    assert card.ephemeral
    assert card.content.startswith("**Way of the Merchant**\nSet: Teapot · Summer · Enhancement")
    assert "richer than you takes coins from the supply" in card.content

    unknown = await tb.answer(
        await emu.slash(tb.bob, tb.channel, "rules", {"game": "rising_sun", "topic": "Oni of Doom"})
    )
    assert unknown.ephemeral
    assert unknown.content.startswith("The rules of Rising Sun have no topic called “Oni of Doom”")
    assert "Did you mean: Oni of" in unknown.content

    summary = await tb.answer(
        await emu.slash(tb.carol, tb.channel, "rules", {"game": "rising_sun"})
    )
    assert summary.content.startswith("**Rising Sun**")
    assert summary.content.endswith(t("rulebook.topics", "en", topics="Card sets, Season cards"))
