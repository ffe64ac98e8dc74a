"""The sentences a model reads are written in agent/text/, word for word as the rules wrote them before,
and the rules hand those writers typed values (agent/text/ imports no rule module)."""

from __future__ import annotations

import ast
from pathlib import Path

import navwright.agent.text as text_package
from navwright.agent.grounding import Evidence, Grounding, Seen
from navwright.agent.judge.answer import Answering, named_unseen
from navwright.agent.judge.checks import JudgeInput, code_checks
from navwright.agent.task.intent import parse
from navwright.agent.text import messages, notes, refusals, reports, verdicts
from navwright.browser.types import ElementInfo

RULE_MODULES = ("navwright.agent.vetoes", "navwright.agent.judge", "navwright.agent.procedures",
                "navwright.agent.guard", "navwright.agent.exposure")


def test_a_question_only_task_refuses_a_change_with_the_same_sentence() -> None:
    assert refusals.changes_the_site("Add to cart") == (
        'not run: the task only asks for information, and "Add to cart" would change the site. '
        "Read the answer from the page instead.")


def test_a_press_on_another_record_names_both_records_cut_to_seventy_characters() -> None:
    cancel = ElementInfo(id="7", role="button", name="Cancel")
    said = refusals.other_record(cancel, "request 14 " + "x" * 80, "request 12", "3")
    assert said == ('not run: "Cancel" [7] belongs to "request 14 ' + "x" * 59 + '", not to the record the '
                    'task names; "request 12" has its own [3].')


def test_a_finish_with_unseen_facts_quotes_at_most_four_of_them() -> None:
    said = refusals.finish_unfounded(["a", "b", "c", "d", "e"], None)
    assert said == '"a", "b", "c", "d" is on no page seen so far'
    assert refusals.finish_unfounded([], "3 kg") == '"3 kg" is not what the task asks'


def test_the_answer_guard_reads_its_reason_from_the_writer() -> None:
    grounding = Grounding(facts=["42 €"], missing=["42 €"], evidence=[])
    answering = Answering("It costs 42 €", parse("price?"), grounding, None, False, False, 0, 0)
    assert named_unseen(answering) == refusals.answer_unseen(["42 €"])
    assert named_unseen(answering) == 'it names "42 €", which no page showed'


def test_an_invalid_answer_is_asked_again_with_its_error() -> None:
    assert refusals.answer_invalid("answer: too long") == (
        "Your answer was not valid: answer: too long. Answer again with shorter, valid JSON.")


def test_a_secret_typed_in_the_wrong_field_says_where_it_may_go() -> None:
    field = ElementInfo(id="2", role="textbox", name="Search")
    said = refusals.secret_misplaced(["PW"], ("shop.example",), refusals.secret_field(field))
    assert said == ('{{PW}} may only be typed into a field that asks for it on shop.example; '
                    'textbox "Search" does not ask for it')


def test_step_reports_and_kept_notes_keep_their_words() -> None:
    assert reports.needs_value("E-mail") == 'needs from the person: a value for "E-mail"'
    assert reports.same_result('click "Next"', 3) == (
        'click "Next" gave the same result 3 times; stopping this step')
    assert notes.set_amount(2, "pairs") == "set to the 2 pairs the task asks for"
    line = Evidence(url="https://a.test/", quote="Men: 12")
    assert messages.reader_note(line) == "On https://a.test/: Men: 12"


def test_a_verdict_check_reads_its_detail_from_the_writer() -> None:
    footer = "© 2025 Corva College. All rights reserved. " + "x" * 60
    seen = Seen()
    seen.add("http://127.0.0.1/p", footer)
    j = JudgeInput(parse("In what year was Corva College established?"), True, False, "2025",
                   [Evidence(url="http://127.0.0.1/p", quote=footer)], seen)
    failed = [c.detail for c in code_checks(j) if not c.ok]
    assert failed == [verdicts.chrome_only(footer)]
    assert failed == ['the only line quoted is the page\'s chrome ("' + footer[:80] + '"), not about what '
                      "was asked"]


def test_the_verdict_sentences_keep_their_words() -> None:
    assert verdicts.count_unstated(("unread", "emails"), {15.0, 2.5}) == (
        "no page states the count of unread emails given (2.5, 15); a count of rows the model read is "
        "not checked")
    assert verdicts.change_elsewhere({"SW-488", "#26"}, "We have sent you an e-mail") == (
        'the page showed a change that does not name #26, SW-488 ("We have sent you an e-mail")')
    assert verdicts.amount_unset(2, "pairs") == (
        "the task asks for 2 pairs, and no action set 2 nor did a page show it after the commitment")
    assert verdicts.answer_doubted("a preview") == "code doubted this answer when it read it: a preview"
    assert verdicts.check_failed("TimeoutError") == "the check call failed (TimeoutError)"
    assert verdicts.refused_action("x") == "refused an action: x"


def test_the_text_package_imports_no_rule_module() -> None:
    for path in Path(text_package.__file__).parent.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in imported if m.startswith(RULE_MODULES)], path.name
