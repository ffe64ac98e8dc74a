"""The harness on real MiniWoB++ pages in real Chromium, with scripted agents."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from miniwob_scripted import ButtonClicker, Idle

from navwright.bench.miniwob.episode import (
    EpisodeAgent,
    EpisodeLimits,
    EpisodeOutcome,
    EpisodeSpec,
    run_episode,
)
from navwright.bench.miniwob.logs import EpisodeEventLog
from navwright.bench.miniwob.page import start_episode
from navwright.bench.miniwob.tasks import task_path
from navwright.browser.chromium import BrowserSettings
from navwright.browser.session import BrowserSession

LIMITS = EpisodeLimits(timeout_s=20, max_actions=5)


@pytest.fixture(scope="module")
async def session() -> AsyncIterator[BrowserSession]:
    async with BrowserSession(BrowserSettings(viewport_width=800, viewport_height=600)) as s:
        yield s


async def _run(
    task: str, agent: EpisodeAgent, session: BrowserSession, base_url: str, tmp_path: Path, seed: int = 0
) -> EpisodeOutcome:
    spec = EpisodeSpec(task=task, seed=seed)
    log = EpisodeEventLog(tmp_path, spec)
    try:
        return await run_episode(
            spec, session=session, agent=agent, base_url=base_url, limits=LIMITS, sink=log
        )
    finally:
        log.close()


async def test_clicking_the_button_on_click_test_scores_success_with_reward_one(
    session: BrowserSession, base_url: str, tmp_path: Path
) -> None:
    outcome = await _run("click-test", ButtonClicker(), session, base_url, tmp_path)
    assert outcome.success and outcome.done
    assert outcome.raw_reward == 1.0
    assert outcome.utterance == "Click the button."
    assert outcome.actions == 1


async def test_a_wrong_click_records_a_reward_below_one(
    session: BrowserSession, base_url: str, tmp_path: Path
) -> None:
    outcome = await _run("click-button", ButtonClicker(wrong=True), session, base_url, tmp_path, seed=3)
    assert outcome.done and not outcome.success
    assert outcome.raw_reward < 1.0


async def test_the_episode_end_is_seen_right_after_the_finishing_action(
    session: BrowserSession, base_url: str, tmp_path: Path
) -> None:
    agent = ButtonClicker(clicks=3)
    outcome = await _run("click-button", agent, session, base_url, tmp_path, seed=1)
    assert outcome.success
    assert agent.attempted == 1 and outcome.actions == 1
    assert outcome.agent_status == "stopped"


async def test_an_agent_claiming_success_without_acting_is_scored_as_unfinished(
    session: BrowserSession, base_url: str, tmp_path: Path
) -> None:
    outcome = await _run("click-test", Idle(), session, base_url, tmp_path)
    assert not outcome.success and not outcome.done
    assert outcome.raw_reward == -1.0
    assert outcome.agent_status == "success" and outcome.model_calls == 1


async def test_the_same_seed_gives_the_same_task(session: BrowserSession, base_url: str) -> None:
    utterances = []
    for seed in (7, 8, 7):
        await session.open(base_url + task_path("click-button"))
        utterances.append(await start_episode(session.page, seed=seed, max_ms=60000, data_mode="train",
                                              timeout_ms=10000))
    assert utterances[0] == utterances[2]
    assert utterances[0] != utterances[1]


async def test_a_task_whose_page_gives_its_fields_too_is_given_as_its_words_alone(
    session: BrowserSession, base_url: str
) -> None:
    # email-inbox-nl-turk's getUtterance returns {utterance, fields} in train mode: the agent was given
    # "{'utterance': 'Look for the email…', 'fields': {...}}" as its task
    await session.open(base_url + task_path("email-inbox-nl-turk"))
    task = await start_episode(session.page, seed=0, max_ms=60000, data_mode="train", timeout_ms=10000)
    assert task and "utterance" not in task and "{" not in task


async def test_the_agents_view_of_a_task_page_holds_no_reward_or_task_internals(
    session: BrowserSession, base_url: str
) -> None:
    from navwright.browser.observe import observe
    from navwright.browser.render import render_observation

    for task in ("click-test", "click-button", "enter-text"):
        await session.open(base_url + task_path(task))
        await start_episode(session.page, seed=0, max_ms=60000, data_mode="train", timeout_ms=10000)
        for mode in ("all", "text", "fields"):
            seen = render_observation(await observe(session.page, mode))
            assert "WOB_" not in seen
            assert "reward" not in seen.lower()
            assert "Episodes done" not in seen and "Time left" not in seen
        assert "START" not in seen
