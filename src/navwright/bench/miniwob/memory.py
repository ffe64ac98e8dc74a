"""Memory in the MiniWoB++ benchmark: what each `--memory` mode lets a run do.

Every task page is filed under one site, "miniwob" (the pages are served at a fresh port each time),
and the page's reward is the judge: `learn` keeps an episode only when the page rewarded it. The
other modes only read, so held-out seeds measure what was learned on other seeds.
"""

from __future__ import annotations

from dataclasses import dataclass

from navwright.bench.miniwob.errors import BenchError
from navwright.bench.miniwob.options import MiniwobOptions
from navwright.memory import MemoryStore, MemoryUse

SITE = "miniwob"

USES = {
    "learn": MemoryUse(site=SITE, replays=False, examples=False, learns=True, judged=True),
    "examples": MemoryUse(site=SITE, replays=False, examples=True, learns=False, judged=True),
    "workflows": MemoryUse(site=SITE, replays=True, examples=True, learns=False, judged=True),
}
"""Learning is zero-shot (WebWISE's auto-context: no examples while trials run)."""


@dataclass(frozen=True)
class BenchMemory:
    store: MemoryStore
    use: MemoryUse


def bench_memory(options: MiniwobOptions) -> BenchMemory | None:
    """The store and use the options ask for (None: memory off). Reading a store that holds nothing
    learned on MiniWoB++ is an error in words (the measurement would be memory off in disguise)."""
    if options.memory == "off":
        return None
    store = MemoryStore(options.memory_db)  # None: the default store, where `navwright memory` looks
    if options.memory != "learn" and not store.steps(SITE):
        store.close()
        raise BenchError(f"--memory {options.memory}: the memory store at {store.path} holds nothing "
                         "learned on MiniWoB++; fill it first with `navwright learn`")  # fmt: skip
    return BenchMemory(store, USES[options.memory])
