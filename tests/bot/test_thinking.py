"""The AI's queue is fair across games: one game's long chain of AI moves does not starve
another's, and a waiter that gives up leaves no place taken.

Defect guarded: a first-come queue (the game served stays at the head of the line): game
A's three waiting moves all go before game B's one (red, shown by serving the head game's
waiters without moving it to the back). And a cancelled waiter that had just been handed
the place keeps it (red, shown by dropping the pass-on in ``FairGate._wait``).
"""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.service.thinking import FairGate


async def served_order(arrivals: list[str], slots: int = 1) -> list[str]:
    """The order in which waiters arriving as ``arrivals`` (game keys, while the one place
    is held) get the place."""
    gate, order = FairGate(slots), list[str]()
    hold = asyncio.Event()

    async def holder() -> None:
        async with gate.turn("holder"):
            await hold.wait()

    async def waiter(key: str, n: int) -> None:
        async with gate.turn(key):
            order.append(key)
            await asyncio.sleep(0)

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    tasks = [asyncio.create_task(waiter(k, n)) for n, k in enumerate(arrivals)]
    await asyncio.sleep(0)
    hold.set()
    await asyncio.gather(first, *tasks)
    assert gate.free == slots and not gate.waiting
    return order


async def test_games_take_turns() -> None:
    assert await served_order(["a", "a", "a", "b"]) == ["a", "b", "a", "a"]
    assert await served_order(["a", "a", "b", "c", "b"]) == ["a", "b", "c", "a", "b"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from("abcd"), min_size=1, max_size=12))
def test_round_robin_for_any_arrivals(arrivals: list[str]) -> None:
    """Each game is served as often as it asked; while a game still waits, no other game
    is served twice in a row before it."""
    order = asyncio.run(served_order(arrivals))
    assert sorted(order) == sorted(arrivals)
    for i, key in enumerate(order):
        later = order[i + 1 :]
        if key in later:  # before key's next turn, every other game still waiting went
            waiting_others = {k for k in later[later.index(key) :] if k != key}
            gap = set(later[: later.index(key)])
            assert waiting_others <= gap, (order, i)


async def test_a_waiter_cancelled_as_it_is_handed_the_place_passes_it_on() -> None:
    gate, entered = FairGate(1), list[str]()

    async def waiter(key: str) -> None:
        async with gate.turn(key):
            entered.append(key)

    held = gate.turn("a")
    await held.__aenter__()
    doomed = asyncio.create_task(waiter("b"))
    patient = asyncio.create_task(waiter("c"))
    await asyncio.sleep(0)
    await held.__aexit__(None, None, None)  # the place is handed to b ...
    doomed.cancel()  # ... which is cancelled before it runs
    await asyncio.gather(doomed, return_exceptions=True)
    for _ in range(3):  # c is handed the place and goes in
        await asyncio.sleep(0)
    assert patient.done() and entered == ["c"]
    assert gate.free == 1 and not gate.waiting


async def test_a_waiter_cancelled_in_the_line_leaves_it() -> None:
    gate = FairGate(1)
    hold = asyncio.Event()

    async def holder() -> None:
        async with gate.turn("a"):
            await hold.wait()

    first = asyncio.create_task(holder())
    await asyncio.sleep(0)
    waiting = asyncio.create_task(gate.turn("b").__aenter__())
    await asyncio.sleep(0)
    assert list(gate.waiting) == ["b"]
    waiting.cancel()
    await asyncio.gather(waiting, return_exceptions=True)
    assert not gate.waiting
    hold.set()
    await first
    assert gate.free == 1
