"""The one fitter of every alt text (:func:`renderer.alt.pack`): within the limit, whole
sentences in reading order, then where the rest is; a lower rank is never crowded out by
a higher one, whatever the order the sentences come in."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from renderer.alt import NOW, REST, Sentence, pack, sentences, whole

MORE = "More: /board text:true."
WORD = st.text(alphabet="abcdefghij", min_size=1, max_size=12)
SENTENCE = st.builds(
    lambda words, rank: Sentence(" ".join(words).capitalize() + ".", rank),
    st.lists(WORD, min_size=1, max_size=20),
    st.integers(NOW, REST),
)


def kept_of(out: str, said: list[Sentence]) -> list[int] | None:
    """The indexes of the sentences ``out`` is made of, in order (``None`` if it is not
    whole sentences, then possibly :data:`MORE`)."""
    rest, kept = out, []
    for index, s in enumerate(said):
        if rest == s.text or rest.startswith(s.text + " "):
            kept.append(index)
            rest = rest[len(s.text) :].lstrip()
    return kept if rest in ("", MORE) else None


@settings(max_examples=300)
@given(
    said=st.lists(SENTENCE, min_size=1, max_size=30, unique_by=lambda s: s.text),
    limit=st.integers(300, 1200),
)
def test_pack_keeps_whole_sentences_and_the_lowest_ranks_first(
    said: list[Sentence], limit: int
) -> None:
    out = pack(said, limit, MORE)
    assert len(out) <= limit
    kept = kept_of(out, said)
    assert kept is not None, out
    if len(whole(said)) <= limit:
        assert out == whole(said)
        return
    assert out.endswith(MORE)
    room = limit - len(MORE) - 1
    for rank in range(NOW, REST + 1):
        mine = [i for i, s in enumerate(said) if s.rank == rank]
        dropped = [i for i in mine if i not in kept]
        assert [i for i in mine if i in kept] == mine[: len(mine) - len(dropped)]
        if dropped:  # it did not fit beside what every rank up to this one kept
            used = sum(len(said[i].text) + 1 for i in kept if said[i].rank <= rank)
            assert used + len(said[dropped[0]].text) > room


def test_a_text_splits_into_its_sentences() -> None:
    said = sentences("Ann to play. Bo passed!\nScores: Ann 3, Bo 2.", NOW)
    assert [s.text for s in said] == ["Ann to play.", "Bo passed!", "Scores: Ann 3, Bo 2."]
    assert {s.rank for s in said} == {NOW}
