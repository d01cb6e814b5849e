"""``/rules`` with topics: a rules file's headings are its topics, found loosely and across
languages, answered in Discord-sized messages; an unknown topic gets a sentence naming the
topics that look like it. Through the service, for any game whose rules have headings."""

from __future__ import annotations

from pathlib import Path

import pytest

import games
from bot.service.facade import Service
from bot.store import open_store
from bot.words import rulebook
from bot.words.text import t
from games.base import UnknownGame
from games.rising_sun.data import data
from renderer.words import words

DATA = Path(__file__).resolve().parents[2] / "data"
BOOK = """Intro line one.
Intro line two.

## Setup
Put the board down.

## Scoring
Count the points.
```
# not a heading (code)
```
### Houses
1 point each.
### Routes
A row of four.

## End
Game over.
"""


@pytest.fixture
async def service(tmp_path: Path):
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.05)
    await store.close()


def test_headings_are_topics_and_the_text_before_them_the_summary() -> None:
    book = rulebook.parse(BOOK)
    assert book.summary == "Intro line one.\nIntro line two."
    assert [tp.title for tp in book.topics] == ["Setup", "Scoring", "Houses", "Routes", "End"]
    assert book.top == ("Setup", "Scoring", "End")
    scoring = book.topics[1]
    assert scoring.level == 2 and scoring.children == ("Houses", "Routes")
    assert "# not a heading (code)" in scoring.body and "1 point" not in scoring.body
    assert book.topics[2].body == "1 point each." and book.topics[2].children == ()


def test_topics_are_found_loosely_and_across_languages() -> None:
    book = rulebook.parse(BOOK)
    for typed in ("scoring", "  SCORING ", "scóring"):
        found = rulebook.find(book, typed)
        assert found is not None and found.title == "Scoring"
    assert rulebook.find(book, "score") is None
    spanish = rulebook.parse(BOOK.replace("## Scoring", "## Puntuación"))
    found = rulebook.find_across(spanish, book, "Scoring")
    assert found is not None and found.title == "Puntuación"
    shorter = rulebook.parse(BOOK.replace("## End\n", ""))
    assert rulebook.find_across(shorter, spanish, "Puntuación") is None  # not the same headings


def test_close_topics_and_autocomplete() -> None:
    book = rulebook.parse(BOOK)
    assert rulebook.close(book, "scorng")[0] == "Scoring"
    assert set(rulebook.close(book, "routs of houses")[:2]) == {"Houses", "Routes"}
    assert rulebook.close(book, "xyzzy") == []
    assert rulebook.matching(book, "")[:3] == ["Setup", "Scoring", "End"]
    assert rulebook.matching(book, "s") == ["Setup", "Scoring", "Houses", "Routes"]
    assert rulebook.matching(book, "ou") == ["Houses", "Routes"]
    assert rulebook.matching(book, "co") == ["Scoring"]


def test_long_answers_are_cut_into_messages_at_line_breaks() -> None:
    lines = [f"Line {i}: " + "word " * 30 for i in range(60)]
    text = "\n".join(lines)
    out = rulebook.pages(text, most=10)
    assert len(out) > 1 and all(len(p) <= rulebook.MESSAGE_LIMIT for p in out)
    joined = "\n".join(out).split("\n")
    assert [line.rstrip() for line in joined] == [line.rstrip() for line in lines]
    cut = rulebook.pages(text, most=2)
    assert len(cut) == 2 and cut[-1].endswith("…") and len(cut[-1]) <= rulebook.MESSAGE_LIMIT


async def test_the_summary_lists_the_topics_and_a_file_without_headings_is_unchanged(
    service: Service,
) -> None:
    (summary,) = service.rules("rising_sun", None, "en")
    book = rulebook.load(DATA / "rising_sun" / "rules.en.md")
    assert summary.startswith(book.summary)
    assert summary.endswith(t("rulebook.topics", "en", topics=", ".join(book.top)))
    assert "Season cards" in book.top and "Card sets" in book.top
    yokai = (DATA / "yokai" / "rules.es.md").read_text(encoding="utf-8").strip()
    assert service.rules("yokai", None, "es") == [yokai]
    assert service.rules("yokai", "  ", "es") == [yokai]


@pytest.mark.parametrize("locale", ["en", "es"])
async def test_every_card_of_every_set_is_a_topic_with_its_set_cost_and_text(
    service: Service, locale: str
) -> None:
    tr = words(locale)
    sets = data().sets
    for card in data().cards.values():
        name = tr(f"rising_sun.card.{card.id}")
        (answer,) = service.rules("rising_sun", name, locale)
        assert answer.startswith(f"**{name}**\n"), answer
        meta = answer.split("\n")[1]
        assert str(card.cost) in meta
        assert tr(f"rising_sun.card_type.{card.type}") in meta
        assert tr(f"rising_sun.season.{card.season}") in meta
        for key, ids in sets.items():
            if card.id in ids and key != "core":
                assert tr(f"rising_sun.card_set.{key}") in meta, (card.id, key)
        # the full text (without its type word) is the answer's body
        body = tr(f"rising_sun.card.{card.id}.text").split(" ", 1)[1]
        assert body[-30:] in answer


async def test_a_topic_answers_in_the_readers_language_even_typed_in_english(
    service: Service,
) -> None:
    (answer,) = service.rules("rising_sun", "Way of the Merchant", "es")
    assert answer.startswith("**Camino del mercader**")
    assert "Teapot" in answer and "cuesta 2 monedas" in answer and "Mejora" in answer
    (english,) = service.rules("rising_sun", "way_of_the_merchant", "en")
    assert english.startswith("**Way of the Merchant**") and "cost 2 coins" in english
    (sets,) = service.rules("rising_sun", "Card sets", "en")
    assert "beginners" in sets and "set=horseman" in sets and "random" in sets
    (cards,) = service.rules("rising_sun", "Season cards", "en")
    assert cards.endswith(
        t("rulebook.more", "en", topics="Core cards, Archway set, Horseman set, Teapot set")
    )


async def test_an_unknown_topic_answers_the_topics_that_look_like_it(service: Service) -> None:
    (answer,) = service.rules("rising_sun", "merchnt way", "en")
    assert answer.startswith("The rules of Rising Sun have no topic called “merchnt way”")
    assert "Did you mean: Way of the Merchant," in answer
    (spanish,) = service.rules("rising_sun", "zzzz", "es")
    topics = ", ".join(rulebook.load(DATA / "rising_sun" / "rules.es.md").top)
    assert spanish == t(
        "rulebook.unknown_all", "es", title="Rising Sun", topics=topics, topic="zzzz"
    )
    (plain,) = service.rules("yokai", "Scoring", "en")
    assert plain == t("rulebook.no_topics", "en", title=games.get("yokai").title)
    with pytest.raises(UnknownGame):
        service.rules("go", None, "en")


async def test_any_game_with_headings_has_topics(
    service: Service, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "china").mkdir()
    (tmp_path / "china" / "rules.en.md").write_text(BOOK, encoding="utf-8")
    monkeypatch.setattr(rulebook, "DATA_DIR", tmp_path)
    (answer,) = service.rules("china", "Scoring", "es")  # no Spanish file: English
    assert answer.startswith("**Scoring**\nCount the points.")
    assert answer.endswith(t("rulebook.more", "es", topics="Houses, Routes"))
    assert service.rule_topics("china", "ou", "en") == ["Houses", "Routes"]


async def test_autocomplete_offers_the_games_topics(service: Service) -> None:
    assert service.rule_topics("rising_sun", "oni", "en")[:1] == ["Oni of Skulls"]
    assert set(service.rule_topics("rising_sun", "oni", "es")[:5]) == {
        "Oni de las calaveras",
        "Oni de la sangre",
        "Oni de las almas",
        "Oni del odio",
        "Oni del rencor",
    }
    assert service.rule_topics("rising_sun", "", "en")[:2] == ["Card sets", "Season cards"]
    # words starting with what was typed come before words merely containing it
    assert service.rule_topics("rising_sun", "oni", "es")[5:] == [
        "Camino del ronin",
        "Forma del demonio",
    ]
    assert len(service.rule_topics("rising_sun", "", "en")) == 25
    assert service.rule_topics("no such game", "", "en") == []


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_english_and_spanish_rules_have_the_same_headings_in_order(key: str) -> None:
    english = rulebook.load(DATA / key / "rules.en.md")
    spanish = rulebook.load(DATA / key / "rules.es.md")
    assert [tp.level for tp in english.topics] == [tp.level for tp in spanish.topics]
    for a, b in zip(english.topics, spanish.topics, strict=True):
        assert len(a.children) == len(b.children), a.title
