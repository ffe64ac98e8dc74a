"""Memory in the MiniWoB++ benchmark, with a scripted model: `learn` keeps only the episodes the page
rewarded, and the other modes read what it kept (on other seeds) without adding to it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from miniwob_scripted import element_id
from pydantic import BaseModel

from navwright.bench.miniwob.agents import NavwrightEpisodeAgent, run_settings
from navwright.bench.miniwob.episode import EpisodeLimits, EpisodeOutcome, EpisodeSpec, run_episode
from navwright.bench.miniwob.errors import BenchError
from navwright.bench.miniwob.memory import SITE, bench_memory
from navwright.bench.miniwob.options import BenchMemoryMode, MiniwobOptions
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession
from navwright.build import Models
from navwright.memory import MemoryStore
from navwright.models.base import Message
from navwright.models.scripted import ScriptedModel

EXAMPLE = "A step done before on this site worked this way."


class Typist:
    """Types the text the request quotes (or `wrong`) and presses Submit; keeps the navigator's prompts."""

    def __init__(self, wrong: str = "") -> None:
        self.wrong = wrong
        self.prompts: list[str] = []

    def __call__(self, messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any]:
        name = schema.__name__ if schema else ""
        if name == "ReaderReply":
            return {"kind": "action", "answer": ""}
        if name != "NavigatorReply":
            raise AssertionError(f"the episode should have ended before a {name or 'free text'} call")
        self.prompts.append("\n".join(m.content for m in messages))
        prompt = messages[-1].content
        text = self.wrong or _quoted(prompt)
        field, submit = element_id(prompt, r"textbox|input"), element_id(prompt, r'button "Submit')
        return {"thought": "type it, then submit", "actions": [
            {"name": "type_text", "element": f"textbox #{field}", "text": text},
            {"name": "click", "element": f"Submit #{submit}"}]}  # fmt: skip


async def _episode(base_url: str, options: MiniwobOptions, seed: int, typist: Typist) -> EpisodeOutcome:
    model = ScriptedModel(typist)
    memory = bench_memory(options)
    agent = NavwrightEpisodeAgent(Models(model, model), run_settings(options), memory=memory)
    spec = EpisodeSpec(task="enter-text", seed=seed)
    try:
        async with BrowserSession(BrowserSettings(viewport_width=800, viewport_height=600)) as session:
            return await run_episode(spec, session=session, agent=agent, base_url=base_url,
                                     limits=EpisodeLimits(timeout_s=60), sink=_Nowhere())
    finally:
        await agent.aclose()


class _Nowhere:
    def emit(self, event: object) -> None:
        return None


def _options(mode: BenchMemoryMode, db: Path) -> MiniwobOptions:
    return MiniwobOptions(tasks="enter-text", memory=mode, memory_db=db)


async def test_learn_keeps_only_rewarded_episodes_and_examples_reach_the_navigator_on_other_seeds(
    base_url: str, tmp_path: Path
) -> None:
    db = tmp_path / "memory.db"
    wrong = await _episode(base_url, _options("learn", db), 1001, Typist(wrong="nothing like it"))
    with MemoryStore(db) as store:
        assert wrong.done and not wrong.success and store.steps() == []  # not rewarded: nothing learned
    right = Typist()
    kept = await _episode(base_url, _options("learn", db), 1000, right)
    assert kept.success and kept.agent_status == "stopped"  # the page ended the run after Submit
    assert all(EXAMPLE not in p for p in right.prompts)  # learning is zero-shot
    with MemoryStore(db) as store:
        steps = store.steps()
    assert [s.site for s in steps] == [SITE] and [a.skill for a in steps[0].actions] == ["type_text", "click"]
    # the typed text is the request's value
    assert "{{$1}}" in steps[0].request and steps[0].values == [_quoted("Task: " + kept.utterance)]

    held_out = Typist()
    measured = await _episode(base_url, _options("examples", db), 0, held_out)
    assert measured.success
    assert EXAMPLE in held_out.prompts[0] and steps[0].values[0] in held_out.prompts[0]
    with MemoryStore(db) as store:
        assert [s.id for s in store.steps()] == [steps[0].id]  # reading never adds


async def test_a_workflow_learned_from_two_rewarded_trials_replays_a_held_out_seed_with_no_model(
    base_url: str, tmp_path: Path
) -> None:
    db = tmp_path / "memory.db"
    for seed in (1000, 1001):
        assert (await _episode(base_url, _options("learn", db), seed, Typist())).success
    with MemoryStore(db) as store:
        [workflow] = store.workflows(SITE)
    assert workflow.status == "served" and workflow.successes == 2
    examples_only = await _episode(base_url, _options("examples", db), 0, Typist())
    assert examples_only.success and examples_only.model_calls >= 1  # examples mode never replays
    nobody = Typist()
    replayed = await _episode(base_url, _options("workflows", db), 0, nobody)
    assert replayed.success and replayed.model_calls == 0 and nobody.prompts == []


async def test_a_memory_mode_that_reads_an_empty_store_is_an_error_in_words(tmp_path: Path) -> None:
    with pytest.raises(BenchError, match=r"holds nothing learned on MiniWoB.*navwright learn"):
        bench_memory(_options("examples", tmp_path / "empty.db"))


def _quoted(prompt: str) -> str:
    found = re.search(r'^Task: [^"]*"([^"]+)"', prompt, re.MULTILINE)
    assert found, prompt
    return found.group(1)
