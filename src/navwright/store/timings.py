"""Where a run's time went, from its events: each model call (role, prompt tokens, reused tokens,
seconds), the totals, and the shares of the run spent in the model, in the browser and in the rest.

The browser's share is what the events time: each action and the observation before it. The rest
(navwright's own code, and browser work no event times, such as starting Chromium) is the run's seconds
less the other two. `runs show`, `navwright run --json` and the web page give these.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from navwright.agent.events import ActionDone, Event, ModelCalled, RunFinished


class CallTiming(BaseModel):
    role: str
    prompt_tokens: int
    reused_tokens: int
    completion_tokens: int
    seconds: float


class RunTimings(BaseModel):
    calls: list[CallTiming]
    seconds: float
    model_s: float
    browser_s: float

    @property
    def own_s(self) -> float:
        return max(0.0, self.seconds - self.model_s - self.browser_s)

    def share(self, part: float) -> float:
        return part / self.seconds if self.seconds > 0 else 0.0

    def as_json(self) -> dict[str, object]:
        """The `timings` object of `navwright run --json`."""
        return {
            "calls": [c.model_dump() for c in self.calls],
            "prompt_tokens": sum(c.prompt_tokens for c in self.calls),
            "reused_tokens": sum(c.reused_tokens for c in self.calls),
            "model_seconds": round(self.model_s, 2),
            "seconds": round(self.seconds, 2),
            "share": {name: round(self.share(part), 3) for name, part in self._parts()},
        }

    def _parts(self) -> list[tuple[str, float]]:
        return [("model", self.model_s), ("browser", self.browser_s), ("navwright", self.own_s)]


def run_timings(events: Sequence[Event]) -> RunTimings:
    """The timings of a run's events (a run still going counts up to its last event)."""
    calls = [
        CallTiming(role=e.role, prompt_tokens=e.prompt_tokens, reused_tokens=e.reused_tokens,
                   completion_tokens=e.completion_tokens, seconds=e.seconds)
        for e in events if isinstance(e, ModelCalled)
    ]  # fmt: skip
    browser_ms = sum(e.ms + e.observe_ms for e in events if isinstance(e, ActionDone))
    finished = [e.seconds for e in events if isinstance(e, RunFinished) and e.seconds > 0]
    seconds = finished[-1] if finished else (events[-1].ts - events[0].ts if events else 0.0)
    model_s = sum(c.seconds for c in calls)
    return RunTimings(calls=calls, seconds=seconds, model_s=model_s, browser_s=browser_ms / 1000)


def timing_lines(t: RunTimings) -> list[str]:
    """The timings as text: one line per model call, the totals, the shares."""
    if not t.calls and t.seconds <= 0:
        return []
    lines = ["model calls: role, prompt tokens (reused), seconds"]
    for n, c in enumerate(t.calls, 1):
        tokens = f"{c.prompt_tokens:>6,} ({c.reused_tokens:>6,} reused)"
        lines.append(f"  {n:>3} {c.role:<9} {tokens} {c.seconds:6.1f} s")
    prompt, reused = sum(c.prompt_tokens for c in t.calls), sum(c.reused_tokens for c in t.calls)
    total = f"{len(t.calls)} calls, {prompt:,} prompt tokens ({reused:,} reused)"
    lines.append(f"  total {total}, {t.model_s:.1f} s")
    shares = ", ".join(f"{name} {part:.1f} s ({t.share(part):.0%})" for name, part in t._parts())
    lines.append(f"time: {t.seconds:.1f} s — {shares}")
    return lines
