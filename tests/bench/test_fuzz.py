"""Property-based fuzzing at a small count: 0 crashes in model answers, page-script output, config."""

from __future__ import annotations

from navwright.bench.fuzz import check_config, check_model_answer, check_page_output, run_fuzz


def test_generated_inputs_never_crash_the_parsers() -> None:
    report = run_fuzz(300, seed=14)
    assert report.cases >= 300
    assert report.crashes == 0, [p.first_crash for p in report.properties if p.crashes]


def test_known_hostile_inputs_are_handled() -> None:
    check_model_answer('{"decision": {"kind": "give_up", "thought": "x", "reason": "' + "r" * 100_000 + '"}}')
    check_model_answer('```json\n{"decision": [1, 2]}\n```')
    check_page_output({"url": "u", "title": "t", "items": [{"e": {"id": "", "role": "link"}, "d": -1}]})
    check_config("[models]\ntimeout = -1\nplanner = 3\n")
    check_config("[models\n")
    endless = {"y": float("-inf"), "e": {"id": "1", "role": "x"}}
    check_page_output({"url": "u", "title": "t", "items": [endless]})
