"""A "who" answer names the person in the role asked; an answer is read off a page that shows what the
question is about (no browser, no model)."""

from __future__ import annotations

from navwright.agent.grounding import Evidence, Seen
from navwright.agent.judge.checks import JudgeInput, code_checks
from navwright.agent.roles import roles_of
from navwright.agent.task.intent import parse

HOME = "http://127.0.0.1/"
NEWS = "http://127.0.0.1/news/"
SITE = ["Northbrook Community Garden", "Visit us Plots News Events Contact"]


def _failed(task: str, answer: str, pages: dict[str, list[str]], quote: tuple[str, str]) -> list[str]:
    seen = Seen()
    for url, lines in pages.items():
        seen.add(url, "\n".join(lines))
    j = JudgeInput(parse(task), True, False, answer, [Evidence(url=quote[0], quote=quote[1])], seen)
    return [c.name for c in code_checks(j) if not c.ok]


def test_roles_are_read_from_labels_bylines_and_the_word_before_by() -> None:
    row = "Reported by: Felipe Silva | Owned by: Bence Kovacs"
    assert roles_of("Felipe Silva", row) == ["reported"] and roles_of("Bence Kovacs", row) == ["owned"]
    assert roles_of("Emma Liang", "By Emma Liang — 01/20/24 12:00:00") == []
    assert roles_of("David Okafor", "comment:2 by David Okafor, 3 years ago") == []
    assert roles_of("Ana Ruiz", "Posted by Ana Ruiz") == ["posted"]
    assert roles_of("Emma Liang", "Ticket #3 (Memory leak) created by Emma Liang") == ["created"]
    assert roles_of("Ana Ruiz", "Owner: Ana Ruiz") == ["owner"]
    assert roles_of("Nadia Ferreiro", "Today the town is led by mayor Nadia Ferreiro.") == []


def test_a_who_answer_the_page_names_in_another_role_is_not_confirmed() -> None:
    row = "Reported by: Felipe Silva | Owned by: Bence Kovacs"
    page = {"http://127.0.0.1/ticket/14": ["Ticket #14", row]}
    quote = ("http://127.0.0.1/ticket/14", row)
    assert "role_asked" in _failed("Who owns ticket #14?", "Felipe Silva owns ticket #14.", page, quote)
    assert "role_asked" not in _failed("Who owns ticket #14?", "Bence Kovacs", page, quote)
    line = "12:00 Ticket #3 (Memory leak in the heartbeat loop) created by Emma Liang"
    timeline = {"http://127.0.0.1/timeline": [line]}
    failed = _failed("Who found the cause of the memory leak?", "Emma Liang", timeline,
                     ("http://127.0.0.1/timeline", line))
    assert "role_asked" in failed


def test_an_author_answers_who_wrote_and_a_name_with_no_role_is_left_to_the_other_checks() -> None:
    line = "Building a rain garden · 12 March 2024 · posted by Tomasz Wrobel"
    page = {NEWS: [*SITE, line]}
    assert "role_asked" not in _failed("Who wrote the news article about the rain garden?", "Tomasz Wrobel",
                                       page, (NEWS, line))
    assert "role_asked" in _failed("Who closed the rain garden article?", "Tomasz Wrobel", page, (NEWS, line))
    mayor = "Today the town is led by mayor Nadia Ferreiro."
    assert "role_asked" not in _failed("Who is the mayor of Vellmar?", "Nadia Ferreiro",
                                       {HOME: [mayor]}, (HOME, mayor))


def test_an_answer_read_off_a_page_that_shows_nothing_the_question_asks_about_is_not_confirmed() -> None:
    teaser = "How we turned the wet corner into a rain garden."
    pages = {HOME: [*SITE, "A community garden with 48 plots."],
             NEWS: [*SITE, "Building a rain garden", teaser]}
    task = "Which news article on the Northbrook Community Garden website mentions a hot composting workshop?"
    assert "subject_shown" in _failed(task, teaser, pages, (NEWS, teaser))
    pages[NEWS].append("What we learned this winter: our hot composting workshop filled up in a day.")
    assert "subject_shown" not in _failed(task, "What we learned this winter", pages, (NEWS, teaser))


def test_words_that_say_where_to_look_or_how_to_pick_are_not_what_the_page_must_show() -> None:
    shop = "http://127.0.0.1/c/accessories"
    pages = {"http://127.0.0.1/": ["Outdoor Shop", "Tents Jackets Accessories"],
             shop: ["Outdoor Shop", "Tents Jackets Accessories", "GPS watch · 249.00", "Headlamp · 39.00"]}
    task = "What's the priciest item in the accessories section?"
    assert "subject_shown" not in _failed(task, "GPS watch", pages, (shop, "GPS watch · 249.00"))


def test_words_of_the_kind_of_answer_asked_are_not_what_the_page_must_show() -> None:
    row = "Greenhouse building starts · 30 September 2024 · by Helen Brooks · The frame went up this week."
    pages = {HOME: [*SITE, "A community garden with 48 plots."], NEWS: [*SITE, "# News", row]}
    task = "Who wrote the Northbrook Community Garden's most recent news article, and on what date?"
    assert "subject_shown" not in _failed(task, "Helen Brooks, 30 September 2024", pages, (NEWS, row))
    teaser = "How we turned the wet corner into a rain garden."
    pages[NEWS].append(teaser)
    about = "When was the news article about the hot composting workshop published?"
    assert "subject_shown" in _failed(about, "12 March 2024", pages, (NEWS, teaser))

