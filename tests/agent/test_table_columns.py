"""A table row is read with its column headers: the header row seen above it on its page."""

from __future__ import annotations

from navwright.agent.columns import labelled
from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.model_check import verify_messages
from navwright.agent.task.login import without_login

URL = "http://127.0.0.1/p"
PAGE = """# Bills
  When? | Who paid? | For what? | For whom? | How much? | Actions
  2024-02-04 | Anna | Electricity | Everyone | 72.15 (18.04 each)
  [12] link "edit"
  Reported by: Felipe Silva | Owned by: Bence Kovacs
# Team
  Chitra Nair | new | enhancement
  Emma Liang | closed | defect
## Tickets
  Owner | Status | Type
  Chitra Nair | new | enhancement"""


def _columns(quote: str) -> list[str]:
    seen = Seen()
    seen.add(URL, PAGE)
    return seen.with_columns(Evidence(url=URL, quote=quote)).columns


def test_a_row_gets_the_header_row_above_it_and_a_heading_ends_the_table() -> None:
    row = "2024-02-04 | Anna | Electricity | Everyone | 72.15 (18.04 each)"
    assert _columns(row)[:2] == ["When?", "Who paid?"]
    assert _columns("Reported by: Felipe Silva | Owned by: Bence Kovacs") == []  # labels itself: no table
    # a table of names and words alone: its first row cannot be told from a header row
    assert _columns("Emma Liang | closed | defect") == []


def test_a_row_seen_first_without_its_header_keeps_none_and_one_seen_with_it_keeps_it() -> None:
    seen = Seen()
    seen.add(URL, "Chitra Nair | new | enhancement")  # a matching line, before the page
    seen.add(URL, PAGE)
    assert seen.with_columns(Evidence(url=URL, quote="Chitra Nair | new | enhancement")).columns == []
    assert _columns("Chitra Nair | new | enhancement") == []  # first seen under "# Team", with no header


def test_a_labelled_row_puts_each_cell_after_its_header_and_leaves_a_row_that_does_not_fit() -> None:
    header = ("When?", "Who paid?", "For what?", "For whom?", "How much?", "Actions")
    row = "2024-02-04 | Anna | Electricity | Everyone | 72.15 (18.04 each)"
    assert labelled(row, header) == ("When: 2024-02-04 | Who paid: Anna | For what: Electricity | "
                                     "For whom: Everyone | How much: 72.15 (18.04 each)")
    assert labelled("a | b", header) == "a | b"


def test_the_check_call_reads_the_question_without_signing_in_and_the_row_with_its_headers() -> None:
    task = ("Log in to the shared budget project flat-42 (its password is in {{IHM_PASSWORD}}). "
            "How much was the electricity bill of February 2024?")
    quote = Evidence(url=URL, quote="2024-02-04 | Anna | Electricity | Everyone | 72.15",
                     columns=["When?", "Who paid?", "For what?", "For whom?", "How much?"])
    prompt = verify_messages(task, "72.15", [quote])[-1].content
    assert prompt.startswith("Question: How much was the electricity bill of February 2024?\n")
    assert "How much: 72.15" in prompt and "password" not in prompt


def test_a_task_that_is_all_one_sentence_about_signing_in_keeps_it() -> None:
    assert without_login("Log in as bob with {{PW}} and tell me my balance.") == (
        "Log in as bob with {{PW}} and tell me my balance.")
    signs_in = "Sign in as ann (the password is in {{PW}}). Then open the inbox."
    assert without_login(signs_in) == "Then open the inbox."
