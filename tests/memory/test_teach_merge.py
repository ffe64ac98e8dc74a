"""What the teaching recorder's events become: one action per thing the person did."""

from __future__ import annotations

from navwright.memory.teach import Lesson, TaughtEvent, Teacher, merged, workflow_of

PAGE = "http://127.0.0.1:8765/search"
RESULTS = PAGE + "?q=desk+lamp"


def _event(kind: str, key: str, value: str = "", *, role: str = "searchbox", name: str = "Search",
           url: str = PAGE) -> TaughtEvent:
    return TaughtEvent.model_validate({"kind": kind, "key": key, "url": url, "value": value,
                                       "target": {"role": role, "name": name}})


def test_keystrokes_into_one_field_are_one_text_and_enter_ends_it() -> None:
    events = [_event("fill", "1", "d"), _event("fill", "1", "de"), _event("fill", "1", "desk lamp"),
              _event("enter", "1", "desk lamp"),
              _event("select", "2", "Price: low to high", role="combobox", name="Sort", url=RESULTS),
              _event("click", "3", role="link", name="Desk lamp Mia", url=RESULTS)]
    shown = merged(events)
    assert [s.line() for s in shown] == [
        "type_text searchbox \"Search\" = 'desk lamp' then Enter",
        "select_option combobox \"Sort\" = 'Price: low to high'",
        'click link "Desk lamp Mia"',
    ]
    lesson = Lesson(request="Find a desk lamp", start_url=PAGE, final_url="http://127.0.0.1:8765/item/9",
                    variables=["desk lamp"])
    workflow = workflow_of(lesson, shown)
    typed, picked, opened = workflow.steps[0].actions
    assert workflow.task == "Find a {{$1}}" and typed.params == {"text": "{{$1}}", "enter": True}
    assert typed.effect.navigated and typed.effect.path == "/search"  # Enter sent the search (?q=)
    assert picked.params == {"option": "Price: low to high"} and not picked.effect.navigated
    assert opened.target is not None and opened.target.name == "{{$1}} Mia"  # another lamp's link next time
    assert opened.effect.navigated and opened.effect.path == "/item/9"


def test_the_same_field_typed_into_again_after_another_action_is_a_new_action() -> None:
    shown = merged([_event("fill", "1", "lamp"), _event("click", "2", role="button", name="Go"),
                    _event("fill", "1", "floor lamp")])
    assert [s.skill for s in shown] == ["type_text", "click", "type_text"]
    assert shown[2].value == "floor lamp"


def test_a_report_not_in_the_recorders_shape_is_ignored_and_counted() -> None:
    teacher = Teacher()
    teacher.heard(None, {"kind": "rm -rf", "key": "1", "url": PAGE, "target": {}})
    teacher.heard(None, "click everything")
    go = {"role": "button", "name": "Go"}
    teacher.heard(None, {"kind": "click", "key": "1", "url": PAGE, "target": go})
    assert teacher.ignored == 2 and [s.line() for s in teacher.shown()] == ['click button "Go"']
