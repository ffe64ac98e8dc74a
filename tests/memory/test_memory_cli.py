"""Request templates, the memory tables, and `navwright memory list / show / forget / export / import`."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from navwright.cli import app
from navwright.memory import Descriptor, LearnedAction, LearnedStep, MemoryStore, Workflow
from navwright.memory.describe import find
from navwright.memory.models import Effect
from navwright.memory.template import match, to_template, values_named
from navwright.store import default_db_path

SITE = "http://127.0.0.1:8765"


def test_a_request_with_other_values_matches_the_template_and_gives_them_back() -> None:
    task = "Sign up Ada Lovelace with ada@example.com, weekly"
    values = values_named(task, ["ada@example.com", "Ada Lovelace", "Ada", "{{PASSWORD}}", "x"])
    assert values == ["Ada Lovelace", "ada@example.com"]
    template = to_template(task, values)
    assert template == "Sign up {{$1}} with {{$2}}, weekly"
    assert match(template, "sign up  Alan Turing with alan@example.com, Weekly") == \
        ["Alan Turing", "alan@example.com"]
    assert match(template, "Sign up Alan Turing with alan@example.com, monthly") is None
    assert match(template, "Sign up  with alan@example.com, weekly") is None


def test_a_pressed_name_is_a_value_only_where_the_request_quotes_it_and_only_as_whole_words() -> None:
    task = 'Click on the "no" button if you know the answer, then press Submit'
    values = values_named(task, [], ["no", "Submit"])
    assert values == ["no"]  # "Submit" is not quoted: the next request presses it too
    template = to_template(task, values)
    assert template == 'Click on the "{{$1}}" button if you know the answer, then press Submit'
    assert values_named("Type 12 into the 1234 box", ["12", "123"]) == ["12"]


def test_of_two_links_named_alike_the_replay_finds_the_one_written_as_the_request_writes_it() -> None:
    """A replay of 'Click on the link "Eget"' clicked the link "eget" beside it: names match in any
    case, and nearby text learned on another page decided."""
    target = Descriptor(role="link", name="Eget", near="lorem ipsum dolor")
    lower = Descriptor(role="link", name="eget", near="lorem ipsum dolor sit")
    upper = Descriptor(role="link", name="Eget", near="amet consectetur")
    assert find(target, {"1": lower, "2": upper}) == "2"
    assert find(target, {"1": lower}) == "1"  # no better one: the same name in another case still is


def workflow(successes: int = 2, failures: int = 0) -> Workflow:
    button = Descriptor(role="button", name="Sign up", form="signup", index_in_form=3)
    action = LearnedAction(skill="click", element_param="element", target=button,
                           effect=Effect(navigated=True, path="/welcome", visible=True))
    step = LearnedStep(site=SITE, request="Sign up {{$1}}", values=["Ada"], actions=[action],
                       changed_state=True)
    return Workflow(site=SITE, task="Sign up {{$1}}", values=["Ada"], steps=[step], successes=successes,
                    failures=failures)


def test_a_workflow_is_served_after_two_successes_and_demoted_after_two_failed_replays(
    tmp_path: Path,
) -> None:
    with MemoryStore(tmp_path / "runs.db") as store:
        assert store.save_workflow(workflow(successes=1)).status == "learning"
        assert store.served(SITE, "Sign up Grace") is None
        saved = store.save_workflow(workflow())
        assert saved.status == "served" and len(store.workflows()) == 1
        found = store.served(SITE, "Sign up Grace")
        assert found is not None and found[1] == ["Grace"]
        assert store.served("http://other:1", "Sign up Grace") is None
        assert store.save_workflow(workflow(failures=2)).status == "demoted"
        assert store.served(SITE, "Sign up Grace") is None


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NAVWRIGHT_HOME", str(tmp_path / "home"))
    return tmp_path


def test_memory_commands_list_show_forget_and_round_trip_a_file(home: Path) -> None:
    runner = CliRunner()
    assert "memory is empty" in runner.invoke(app, ["memory", "list"]).output
    with MemoryStore(default_db_path()) as store:
        saved = store.save_workflow(workflow())
        store.add_step(saved.steps[0])
    listed = runner.invoke(app, ["memory", "list"])
    assert listed.exit_code == 0 and saved.id in listed.output and "served" in listed.output
    shown = runner.invoke(app, ["memory", "show", saved.id[:5]])
    assert shown.exit_code == 0, shown.output
    assert '"name": "Sign up"' in shown.output and "/welcome" in shown.output
    out = home / "memory.json"
    assert runner.invoke(app, ["memory", "export", str(out)]).exit_code == 0
    assert runner.invoke(app, ["memory", "forget", saved.id]).exit_code == 0
    with MemoryStore(default_db_path()) as store:
        assert store.workflows() == []
    imported = runner.invoke(app, ["memory", "import", str(out)])
    assert imported.exit_code == 0 and "imported 1 workflows and 1 steps" in imported.output
    with MemoryStore(default_db_path()) as store:
        [back] = store.workflows()
    assert back.model_dump(exclude={"ts"}) == saved.model_dump(exclude={"ts"})


def test_a_bad_memory_file_or_id_is_one_line_of_error(home: Path) -> None:
    runner = CliRunner()
    bad = home / "bad.json"
    bad.write_text('{"format": "navwright-memory", "version": 1, "workflows": [{"site": 3}]}')
    result = runner.invoke(app, ["memory", "import", str(bad)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "is not a navwright memory file: workflows.0" in result.output
    assert len(result.output.strip().splitlines()) == 1
    missing = runner.invoke(app, ["memory", "import", str(home / "none.json")])
    assert missing.exit_code == 2 and "could not read" in missing.output
    forget = runner.invoke(app, ["memory", "forget", "nope"])
    assert forget.exit_code == 2 and "no memory entry" in forget.output


def test_teach_says_in_words_why_it_cannot_start() -> None:
    runner = CliRunner()
    empty = runner.invoke(app, ["teach", "--url", SITE, "  "])
    assert empty.exit_code != 0 and "the request is empty" in empty.output
    assert "Traceback" not in empty.output
    piped = runner.invoke(app, ["teach", "--url", SITE, "Sign up Ada"], input="\n")  # no terminal
    assert piped.exit_code != 0 and "needs a person at this terminal" in piped.output


def test_a_taught_secret_is_named_in_letters_digits_and_underscores() -> None:
    from navwright.cli.teach import _secret_name_from

    assert _secret_name_from("Password") == "PASSWORD"
    assert _secret_name_from(" card number (16 digits) ") == "CARD_NUMBER_16_DIGITS"
    assert _secret_name_from("—") == "SECRET"


def test_two_runs_that_typed_words_the_request_never_gave_are_not_the_same_workflow() -> None:
    """'Solve the math problem' answered 7 once and 3 the next time: each answer was worked out from its
    page, so neither run's words may be replayed (served after two such runs, a replay typed the old
    answer and the run said success)."""

    def solved(answer: str, name: str = "Answer") -> Workflow:
        field = Descriptor(role="textbox", name=name)
        typed = LearnedAction(skill="type_text", element_param="element", target=field,
                              params={"text": answer}, effect=Effect(visible=True))
        step = LearnedStep(site=SITE, request="Solve the math problem", actions=[typed], changed_state=True)
        return Workflow(site=SITE, task="Solve the math problem", steps=[step])

    assert solved("7").signature() != solved("3").signature()
    assert solved("7").signature() == solved("7").signature()
    assert solved("{{$1}}").signature() == solved("{{$1}}").signature()  # the request's value, templated
    assert solved("7").signature() != solved("7", name="Code").signature()


def test_a_value_typed_in_another_case_than_the_request_writes_it_is_not_the_requests_value() -> None:
    # 'Type "KASIE" in all lower case': "kasie" was worked out; replaying "JERALD" as written is wrong
    assert values_named('Type "KASIE" in all lower case letters and press Submit.', ["kasie"]) == []
    assert values_named('Type "KASIE" and press Submit.', ["KASIE"]) == ["KASIE"]


def test_a_workflow_is_served_only_for_values_written_in_the_case_it_learned_them(tmp_path: Path) -> None:
    store = MemoryStore(tmp_path / "m.db")
    workflow = Workflow(site=SITE, task='Type "{{$1}}" in all lower case letters', values=["kasie"],
                        successes=2)  # served
    store.save_workflow(workflow)
    assert store.served(SITE, 'Type "jerald" in all lower case letters') is not None
    assert store.served(SITE, 'Type "JERALD" in all lower case letters') is None
