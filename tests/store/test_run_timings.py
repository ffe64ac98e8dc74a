"""Where a run's time went, in `runs show` (issue 37): per call role, prompt and reused tokens, seconds;
the totals; the shares of model, browser and navwright."""

from __future__ import annotations

from navwright.agent.events import ActionDone, Event, ModelCalled, RunFinished, RunStarted
from navwright.store import RunStore
from navwright.store.timings import run_timings

T0 = 1_700_000_000.0


def timed_run(run_id: str = "run-t1") -> list[Event]:
    return [
        RunStarted(run_id=run_id, ts=T0, task="add the cheapest headphones to the cart"),
        ModelCalled(run_id=run_id, ts=T0 + 3, role="planner", model="m", prompt_tokens=900,
                    completion_tokens=30, seconds=3.0),
        ModelCalled(run_id=run_id, ts=T0 + 5, role="navigator", model="m", prompt_tokens=1200,
                    completion_tokens=20, seconds=2.0, reused_tokens=1100),
        ActionDone(run_id=run_id, ts=T0 + 6, step=1, action="click", ok=True, result="ok", ms=600.0,
                   observe_ms=400.0),
        RunFinished(run_id=run_id, ts=T0 + 10, status="success", model_calls=2, seconds=10.0),
    ]  # fmt: skip


def test_timings_split_the_runs_seconds_into_model_browser_and_navwright() -> None:
    t = run_timings(timed_run())
    assert [(c.role, c.prompt_tokens, c.reused_tokens) for c in t.calls] == [
        ("planner", 900, 0), ("navigator", 1200, 1100)
    ]
    assert (t.model_s, t.browser_s, t.own_s) == (5.0, 1.0, 4.0)
    shares = t.as_json()["share"]
    assert shares == {"model": 0.5, "browser": 0.1, "navwright": 0.4}


def test_runs_show_gives_each_calls_reused_tokens_and_the_shares(store: RunStore) -> None:
    for event in timed_run():
        store.emit(event)
    text = store.render_run("run-t1")
    assert "1,200+20 tok 2.0s (1,100 reused)" in text
    assert "navigator  1,200 ( 1,100 reused)    2.0 s" in text
    assert "total 2 calls, 2,100 prompt tokens (1,100 reused), 5.0 s" in text
    assert "time: 10.0 s — model 5.0 s (50%), browser 1.0 s (10%), navwright 4.0 s (40%)" in text
