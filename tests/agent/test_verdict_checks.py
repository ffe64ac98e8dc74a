"""The checks code makes before a run may say success, on typed inputs (no browser, no model)."""

from __future__ import annotations

from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.checks import JudgeInput, code_checks
from navwright.agent.judge.judge import doubt, judge
from navwright.agent.judge.verdict import RunVerdict
from navwright.agent.outcomes import StepReport
from navwright.agent.step import says_something
from navwright.agent.task.credentials import task_credentials
from navwright.agent.task.intent import parse
from navwright.agent.wiring import TaskRequest


def _question(task: str, answer: str, lines: list[str], quote: str | None = None) -> JudgeInput:
    seen = Seen()
    seen.add("http://127.0.0.1/p", "\n".join(lines))
    evidence = [Evidence(url="http://127.0.0.1/p", quote=quote)] if quote else []
    return JudgeInput(parse(task), True, False, answer, evidence, seen)


def _failed(j: JudgeInput) -> list[str]:
    return [c.name for c in RunVerdict(checks=code_checks(j)).failed]


def test_a_year_quoted_only_from_the_copyright_footer_is_not_confirmed() -> None:
    j = _question("In what year was Corva College established?", "2025",
                  ["Visit Corva College", "© 2025 Corva College. All rights reserved."],
                  "© 2025 Corva College. All rights reserved.")
    assert _failed(j) == ["not_chrome"]


def test_a_year_quoted_from_the_article_passes_the_code_checks() -> None:
    j = _question("In what year was Corva College established?", "1891",
                  ["Corva College was established in 1891 by the city guilds."],
                  "Corva College was established in 1891 by the city guilds.")
    assert _failed(j) == []


def test_a_count_that_is_only_an_element_reference_is_not_confirmed() -> None:
    line = '[15] link "Lena Ortiz | Dentist reminder"'
    j = _question("How many unread emails are in my inbox?", "15", ["Inbox", line], line)
    assert set(_failed(j)) == {"count_stated", "no_element_ids"}


def test_a_count_the_page_states_beside_what_is_counted_is_confirmed() -> None:
    j = _question("How many unread emails are in my inbox?", "There are 3 unread emails.",
                  ["Inbox", "3 unread messages", "[4] link \"Lena Ortiz | Dentist reminder\""],
                  "3 unread messages")
    assert _failed(j) == []


def test_a_count_code_made_of_marked_rows_is_confirmed_and_the_same_number_read_by_a_model_is_not() -> None:
    row = "Ben Ortiz · Water butt prices · Apr 25"
    task = "How many unread messages from Ben Ortiz are in my inbox?"
    j = _question(task, "3", ["Inbox", row], row)
    counted = "3 (the records marked unread)"
    j.reports = [StepReport(status="done", summary="", answer=counted, about_task=True)]
    assert _failed(j) == ["count_stated"]  # the model's count of rows it read is not checked
    j.reports[0].counted = True
    assert _failed(j) == []
    j.answer = "4"
    assert _failed(j) == ["count_stated"]  # not the number code counted


def test_a_count_that_is_a_reference_beside_the_counted_word_is_not_confirmed() -> None:
    task = "How many open tickets does the storage component of Harbor have?"
    for line in ("# {8} Active Tickets, Mine first", "Ticket #8 Open tickets"):
        j = _question(task, "The storage component has 8 open tickets.", ["Available Reports", line], line)
        assert "count_stated" in _failed(j), line
    j = _question(task, "8", ["Custom Query: component storage, status open", "(8 matches)"], "(8 matches)")
    assert _failed(j) == []


def test_a_price_a_day_or_a_count_of_another_thing_is_no_count_of_what_is_asked() -> None:
    task = "How many weekend passes have been sold?"
    for line in ("Weekend pass | €16.00", "Weekend pass · Sat 16 Sep", "Weekend pass – 16 days",
                 "Weekend pass | 16.50 EUR"):
        j = _question(task, "16", [line], line)
        assert "count_stated" in _failed(j), line
    for line in ("Weekend pass | € 89.00 | 16", "16 weekend passes", "Weekend pass: sixteen sold"):
        j = _question(task, "16", [line], line)
        assert "count_stated" not in _failed(j), line


def test_a_how_many_question_names_what_it_counts_whatever_follows_it() -> None:
    assert parse("How many weekend passes (not VIP) have been sold?").counted == ("weekend", "passes")
    assert parse("How many tickets: open and closed?").counted == ("tickets",)
    assert parse("how many rooms we booked last year").counted


def test_a_cheapest_question_not_answered_by_a_comparison_is_not_confirmed() -> None:
    j = _question("What's the cheapest lamp rated at least 4 stars?", "Orbit, 64.90",
                  ["Orbit lamp · 64.90 · 4.5 stars"], "Orbit lamp · 64.90 · 4.5 stars")
    j.criterion = "lowest price"
    assert _failed(j) == ["comparison_made"]
    j.reports = [StepReport(status="done", summary="", answer="Orbit", about_task=True)]
    assert _failed(j) == []


def test_the_most_of_a_thing_read_off_one_record_is_not_confirmed_unless_a_line_says_it_is_the_most() -> None:
    task = "Which port town has the largest population?"
    one = "Ostrahavn · Port · population 3,100"
    j = _question(task, "Ostrahavn", [one], one)
    j.criterion = "largest population"
    assert _failed(j) == ["comparison_made"]
    said = "Corva is the largest town of the archipelago and its busiest port."
    j = _question(task, "Corva", [said], said)
    j.criterion = "largest population"
    assert _failed(j) == []
    fewest = "Vell is the smallest port of the archipelago."
    j = _question(task, "Vell", [fewest], fewest)
    j.criterion = "largest population"
    assert _failed(j) == ["comparison_made"]  # a superlative the other way round is no answer


def test_an_answer_to_the_most_of_a_thing_that_one_line_gives_is_doubted_before_the_step_ends() -> None:
    task = "Which question on the forum has the most answers?"
    line = "Why are my courgettes rotting at the tip? 7 answers"
    seen = Seen()
    seen.add("http://127.0.0.1/q", line)
    why = doubt(parse(task), "Why are my courgettes rotting at the tip?", [Evidence(url="http://127.0.0.1/q",
                                                                                   quote=line)], seen)
    assert why is not None and "no list was compared" in why


def test_an_action_no_page_showed_done_is_not_confirmed() -> None:
    j = JudgeInput(parse("Cancel request 12"), False, True, "Cancelled.", [], Seen(),
                   [StepReport(status="done", summary="clicked", changed_state=False)], changed_by=["Cancel"])
    assert _failed(j) == ["change_shown"]
    j.reports = [StepReport(status="done", summary="clicked", changed_state=True, site_changes=1)]
    j.changed_by = ["Cancel request"]
    assert _failed(j) == []


def test_an_action_the_page_answered_with_no_results_is_not_confirmed() -> None:
    j = JudgeInput(parse('Enter an item that starts with "Al" and ends with "ia".'), False, True, "Alia", [],
                   Seen(), [StepReport(status="done", summary="typed", changed_state=True, actions=3,
                                       refused="No search results.")])
    assert _failed(j) == ["change_shown"]
    j.reports[0].refused = ""
    assert _failed(j) == []


def test_an_action_whose_only_change_came_in_a_failed_step_is_not_confirmed() -> None:
    j = JudgeInput(parse('Enter an item that starts with "Ca".'), False, True, "Done.", [], Seen(),
                   [StepReport(status="failed", summary="typed", changed_state=True, actions=4)])
    assert _failed(j) == ["change_shown"]
    j.reports[0].status = "done"
    assert _failed(j) == []


def test_a_save_in_a_failed_step_then_a_done_step_that_changed_nothing_is_not_confirmed() -> None:
    task = 'Turn on my vacation auto-reply with the message "I am away until 1 December."'
    j = JudgeInput(parse(task), False, True, "", [], Seen(),
                   [StepReport(status="failed", summary="saved", changed_state=True, site_changes=1),
                    StepReport(status="done", summary="searched", changed_state=True)], changed_by=["Save"])
    assert _failed(j) == ["change_shown"]
    j.reports[0].status = "done"
    assert _failed(j) == []


def test_a_change_the_task_asks_for_with_only_pages_opened_searched_and_filled_is_not_confirmed() -> None:
    task = ("Log in to the pretix back office. Tom Becker's bank transfer for order MCPKL has arrived: mark "
            "that order as paid.")
    paid = "Order MCPKL has been marked as paid."
    shown = Evidence(url="http://127.0.0.1/orders/MCPKL", quote="Order MCPKL")
    searched = [StepReport(status="done", summary="searched MCPKL, chose Pending", changed_state=True,
                           actions=8, evidence=[shown])]
    j = JudgeInput(parse(task), False, True, paid, [], Seen(), searched)
    assert _failed(j) == ["site_changed"]
    j.changed_by = ["Mark as paid"]
    assert _failed(j) == []
    assert next(c for c in code_checks(j) if c.name == "site_changed").detail.endswith("('Mark as paid')")


def test_working_the_page_s_controls_asks_for_no_change_of_what_the_site_holds() -> None:
    j = JudgeInput(parse("Expand the section below and click the link inside it."), False, True, "Done.", [],
                   Seen(), [StepReport(status="done", summary="clicked", changed_state=True, actions=2)])
    assert _failed(j) == []
    assert "site_changed" not in {c.name for c in code_checks(j)}


def test_the_words_of_a_prompt_s_example_are_no_answer() -> None:
    assert not says_something("the answer for the person") and not says_something("...")
    assert says_something("The vacation reply is on.")


def test_a_change_shown_in_lines_that_name_nothing_of_the_task_is_not_confirmed() -> None:
    task = "Tom Becker's bank transfer for order MCPKL has arrived: mark that order as paid."
    reset = "If the address is registered to valid account, then we have sent you an email."
    j = JudgeInput(parse(task), False, True, reset, [], Seen(),
                   [StepReport(status="done", summary="sent", changed_state=True,
                               evidence=[Evidence(url="http://127.0.0.1/forgot", quote=reset)])],
                   changed_by=["Mark as paid"])
    assert _failed(j) == ["change_on_task"]
    j.reports[0].evidence = [Evidence(url="http://127.0.0.1/order/MCPKL", quote="Order MCPKL · Paid")]
    assert _failed(j) == []


def test_a_quote_that_only_says_the_task_again_does_not_confirm_what_the_answer_adds() -> None:
    task = "Which airline flies LIS to BER cheapest on 14 December?"
    echo = "Search results for: airline LIS to BER on 14 December"
    j = _question(task, "Aurora Air", [echo, "Aurora Air · €112"], echo)
    assert _failed(j) == ["not_the_task"]
    j.evidence.append(Evidence(url="http://127.0.0.1/p", quote="Aurora Air · €112"))
    assert _failed(j) == []


def test_a_yes_no_answer_may_rest_on_a_line_made_of_the_task_s_words() -> None:
    j = _question("Is the Kestrel jacket in stock?", "Yes, it is in stock.", ["Kestrel jacket · In stock"],
                  "Kestrel jacket · In stock")
    assert _failed(j) == []


def test_an_order_with_no_committing_button_pressed_is_not_confirmed() -> None:
    j = JudgeInput(parse("Order the blue mug"), False, True, "Ordered.", [], Seen(),
                   [StepReport(status="done", summary="added", changed_state=True)], committed=0,
                   commit_asked=True)
    assert _failed(j) == ["committed"]


async def test_checks_switched_off_by_name_are_not_made() -> None:
    j = _question("In what year was Corva College established?", "2025", ["© 2025 Corva College."],
                  "© 2025 Corva College.")
    verdict = await judge(j, None, frozenset({"not_chrome"}))
    assert verdict.status == "success" and "not_chrome" not in [c.name for c in verdict.checks]


def test_the_task_is_read_once_as_a_question_an_action_or_several_commits() -> None:
    assert parse("How many unread emails are in my inbox?").counted == ("unread", "emails")
    assert parse("What's the cheapest monitor? Name and price").question_only
    assert not parse("Add the cheapest headphones to the cart and tell me the total").question_only
    assert not parse("Cancel request 12 and tell me the refund").several
    assert parse("Cancel requests 12 and 14").several
    assert parse("Delete all drafts").several


def test_a_request_put_as_a_polite_question_is_an_action_not_a_question() -> None:
    assert not parse("Could you forward Alene's email to Charmian?").question_only
    assert not parse("Can you please book the cheapest flight to Lisbon?").question_only
    assert parse("Can you tell me when the library opens?").question_only


def test_credentials_written_in_the_task_become_secrets_of_the_run() -> None:
    request = TaskRequest(task="Sign in as ada@example.com with password Hunter-22 and show my permits")
    assert request.secrets == {"TASK_PASSWORD": "Hunter-22"}
    assert task_credentials("Pay with card 4111 1111 1111 1111, CVC 123") == {
        "TASK_CVC": "123", "TASK_CARD_NUMBER": "4111 1111 1111 1111"}
    assert task_credentials("Open the password reset page") == {}
    assert TaskRequest(task="PIN 4821", secrets={"PIN": "4821"}).secrets == {"PIN": "4821"}


RECEIPTS = ["Date | Who | What | Amount", "2025-03-02 | Marta | Train to Porto | 48.20",
            "2025-03-09 | Marta | Hotel Ribeira | 112.00", "2025-03-11 | Joan | Taxi | 15.00"]


def test_a_total_answered_by_one_of_several_rows_about_the_same_person_is_not_confirmed() -> None:
    task = "How much did Marta spend on travel in total?"
    answer = "Marta spent 48.20 on travel."
    _refused_and_doubted(task, answer, RECEIPTS, RECEIPTS[1], "total_stated", "several")


def _refused_and_doubted(task: str, answer: str, lines: list[str], quote: str, check: str,
                         why_says: str) -> None:
    """The verdict's `check` fails, and a reader's answer like it is doubted (the step goes on)."""
    j = _question(task, answer, lines, quote)
    assert _failed(j) == [check]
    why = doubt(parse(task), answer, j.evidence, j.seen)
    assert why is not None and why_says in why


def test_a_total_a_line_states_or_a_row_of_its_own_confirms_the_answer() -> None:
    task = "How much did Marta spend on travel in total?"
    stated = [*RECEIPTS, "Total for Marta: 160.20"]
    assert _failed(_question(task, "160.20", stated, stated[-1])) == []
    own_row = ["Who | Receipts | Spent", "Marta | 2 | 160.20", "Joan | 1 | 15.00"]
    assert _failed(_question(task, "Marta spent 160.20.", own_row, own_row[1])) == []
    one_record = "How much did Marta pay for the hotel?"  # one record's figure: no total asked
    assert _failed(_question(one_record, "112.00", RECEIPTS, RECEIPTS[2])) == []


def test_a_question_asks_for_a_total_when_it_sums_records_not_when_it_counts_them() -> None:
    assert parse("How much has Chloe paid in all, for expenses?").totals
    assert parse("What is the total of the March bills?").totals
    assert not parse("How many open tickets are there in total?").totals  # a count: count_stated's
    assert not parse("What is the price of the Alpine tent?").totals
    assert not parse('Type "DOLORES" in all lower case letters in the text input and press Submit.').totals


HELPDESK = ["# Open tickets", "Ticket | Subject | Status | Priority | Assignee",
            "4471 | Printer on floor 3 jams | Open | High | Sam Ortiz",
            "4480 | VPN drops at noon | Waiting | Low | Ida Berg"]


def test_an_answer_from_a_neighbouring_column_of_the_row_is_not_confirmed() -> None:
    task = "Which priority does ticket 4471 have?"
    _refused_and_doubted(task, "Open", HELPDESK, HELPDESK[2], "column_asked", "Priority")
    assert _failed(_question(task, "High", HELPDESK, HELPDESK[2])) == []


def test_a_column_is_named_only_by_the_question_not_by_its_sentence_about_signing_in() -> None:
    bills = ["When? | Who paid? | For what? | For whom? | How much? | Actions",
             "2024-05-12 | Rosa | Plumber | Everyone | 120.00 (30.00 each)"]
    signs_in = "Log in to the project flat-42 (its password is in {{PASSWORD}}). "
    assert _failed(_question(f"{signs_in}Who paid for the plumber in May?", "Everyone", bills,
                             bills[1])) == ["column_asked"]
    assert _failed(_question(f"{signs_in}Who paid for the plumber in May?", "Rosa paid it.", bills,
                             bills[1])) == []
    # "How much?" names nothing: the row's amount answers a question that names no column
    assert _failed(_question(f"{signs_in}How much was the plumber in May?", "120.00", bills, bills[1])) == []
    # "project" is said only where the task signs in: the Project column is not what it asks
    by_project = ["Project | What | Payer | Amount", "Garden | Plumber | Rosa | 120.00"]
    assert _failed(_question(f"{signs_in}Who paid the plumber?", "Rosa", by_project, by_project[1])) == []


def test_a_yes_to_whether_an_order_is_paid_read_off_a_pending_row_is_not_confirmed() -> None:
    task = "Find Omar Haddad's order: what is its order code, and is it paid?"
    row = "G7FN3 | omar.haddad@example.org | €0.00 / €140.00 | 2 | Pending"
    j = _question(task, "Its order code is G7FN3. Is it paid? Yes, it is paid.", ["Orders", row], row)
    assert _failed(j) == ["state_shown"]


def test_a_yes_quoted_from_a_line_that_shows_the_state_and_a_no_are_not_held_by_state_shown() -> None:
    task = "Find Omar Haddad's order: what is its order code, and is it paid?"
    paid = "G7FN3 | omar.haddad@example.org | €140.00 / €140.00 | 2 | Paid"
    assert "state_shown" not in _failed(_question(task, "G7FN3, and it is paid", ["Orders", paid], paid))
    pending = "G7FN3 | omar.haddad@example.org | €0.00 / €140.00 | 2 | Pending"
    assert "state_shown" not in _failed(_question(task, "G7FN3; it is not paid yet", [pending], pending))
    assert "state_shown" not in _failed(_question(task, "G7FN3, unpaid", [pending], pending))
    choice = _question("Is ticket #14 open or closed?", "Yes, it is open", ["#14 closed"], "#14 closed")
    assert "state_shown" not in _failed(choice)  # a choice is no yes-or-no question
