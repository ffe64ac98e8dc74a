"""The harness's side of a MiniWoB++ task page: start a seeded episode, read whether it is over.

Only the harness runs these scripts. The agent sees the page through its ordinary observation and
never reads `WOB_*` globals or `core` internals.
"""

from __future__ import annotations

from typing import Literal

from playwright.async_api import Page
from pydantic import BaseModel

DataMode = Literal["train", "test"]

_LOADED_JS = "() => typeof core === 'object' && core.cover_div != null && typeof genProblem === 'function'"

_START_JS = """([seed, maxMs, mode]) => {
  Math.seedrandom(seed);
  core.EPISODE_MAX_TIME = maxMs;
  core.setDataMode(mode);
  core.startEpisodeReal();
  core.hideDisplay();
  return true;
}"""

_READY_JS = "() => WOB_TASK_READY === true"
_UTTERANCE_JS = "() => core.getUtterance()"
_STATE_JS = "() => ({done: WOB_DONE_GLOBAL === true, raw: Number(WOB_RAW_REWARD_GLOBAL), " \
    "reason: WOB_REWARD_REASON == null ? '' : String(WOB_REWARD_REASON)})"


class EpisodeState(BaseModel):
    """What the task page says about the episode: over or not, and its raw reward."""

    done: bool
    raw_reward: float
    reason: str = ""


class TaskPageError(Exception):
    """The task page did not load or start; the message says which task and why."""


async def start_episode(page: Page, *, seed: int, max_ms: int, data_mode: DataMode, timeout_ms: float) -> str:
    """Seed and start an episode on a freshly loaded task page; returns its instruction."""
    try:
        await page.wait_for_function(_LOADED_JS, timeout=timeout_ms)
        await page.evaluate(_START_JS, [seed, max_ms, data_mode])
        await page.wait_for_function(_READY_JS, timeout=timeout_ms)
        utterance = await page.evaluate(_UTTERANCE_JS)
    except Exception as exc:
        raise TaskPageError(f"the task page at {page.url} did not start: {_first_line(exc)}") from exc
    if isinstance(utterance, dict) and isinstance(utterance.get("utterance"), str):
        return str(utterance["utterance"])  # the natural-language email tasks add their fields in train mode
    return str(utterance)


async def read_state(page: Page) -> EpisodeState | None:
    """The episode's state, or None when the page no longer holds a task (navigated away, crashed)."""
    try:
        raw = await page.evaluate(_STATE_JS)
    except Exception:
        return None
    return EpisodeState(done=bool(raw["done"]), raw_reward=float(raw["raw"]), reason=str(raw["reason"]))


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__
