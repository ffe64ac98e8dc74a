"""Grounded answers: facts of an answer must be in text the run observed (agent/grounding.py)."""

from __future__ import annotations

from navwright.agent.grounding import Seen, adds_to, facts_of, ground, informs, lacks_number, restates
from navwright.agent.task.intent import parse
from navwright.agent.task.said import said_in


def _seen(*pages: tuple[str, str]) -> Seen:
    seen = Seen()
    for url, text in pages:
        seen.add(url, text)
    return seen


SHOP = ("http://shop/p/7",
        'heading "Trailblazer 40L backpack"\nPrice: $1,299.00\nIn stock: 14 left\nSKU TB-4021')


def test_an_answer_with_a_price_the_page_showed_is_grounded_with_its_line() -> None:
    result = ground("The Trailblazer 40L backpack costs $1299.", _seen(SHOP))
    assert result.ok
    assert result.evidence[0].url == "http://shop/p/7"
    assert any("1,299.00" in e.quote for e in result.evidence)


def test_a_price_and_a_flight_number_no_page_showed_are_missing() -> None:
    result = ground("Flight LH12345 costs $1000.", _seen(SHOP))
    assert not result.ok
    assert "LH12345" in result.missing
    assert "1000" in result.missing


def test_a_name_no_page_showed_is_missing_and_a_seen_one_is_not() -> None:
    seen = _seen(("http://mail/inbox", "From Ben Ortiz — Quarterly report\nFrom Ada Lim — Lunch?"))
    assert ground("The report came from Ben Ortiz.", seen).ok
    assert ground("The report came from Carla Mendes.", seen).missing == ["Carla Mendes"]


def test_small_counts_need_no_quote_but_codes_do() -> None:
    seen = _seen(("http://mail/inbox", "From Ben Ortiz — Quarterly report"))
    assert ground("You have 3 unread messages from Ben Ortiz.", seen).ok
    assert not ground("Your booking reference is QX7K2P.", seen).ok


def test_facts_the_person_gave_need_no_page() -> None:
    result = ground("Booked flight for Maria Lopez on 14 December.", Seen(), given="passenger Maria Lopez")
    assert result.ok


def test_codes_match_across_case_and_hyphens() -> None:
    seen = _seen(("http://permits/done", "Your application number is APP-2026-0042."))
    assert ground("Application app 2026 0042 was submitted.", seen).ok
    assert ground("Application number: APP-2026-0042", seen).evidence[0].url == "http://permits/done"


def test_a_sentence_s_first_word_is_not_a_name_and_ordinals_are_not_codes() -> None:
    assert facts_of("Shipping is free on the 2nd item.") == []


def test_a_quote_that_a_page_showed_is_found() -> None:
    seen = _seen(SHOP)
    assert seen.quote_found("In stock: 14 left") is not None
    assert seen.quote_found("the answer is provided on the current page") is None


def test_an_answer_that_only_repeats_the_request_restates_it() -> None:
    request = "Can I buy the Cascade Rain Shell right now or is it sold out?"
    assert restates("Can I buy the Cascade Rain Shell right now or is it sold out?", said_in(request))
    assert restates("can i buy the cascade rain shell right now", said_in(request))
    assert not restates("The Cascade Rain Shell is out of stock.", said_in(request))
    assert not restates("It costs $149.00", said_in(request))


def test_an_answer_adds_to_the_request_only_with_something_a_page_showed() -> None:
    seen = _seen(("http://mail/inbox", "Nordline Rail | Booking reference: NR-58213 Lindfjord C"),
                 ("http://shop/c", "Cascade Rain Shell · $149.00 · Out of stock"))
    request = "What is the booking reference in my latest booking confirmation from Nordline Rail?"
    echo = "The booking reference in the latest booking confirmation from Nordline Rail"
    assert not adds_to(echo, said_in(request), seen)
    assert adds_to("NR-58213", said_in(request), seen)
    assert adds_to("It is out of stock", said_in("Can I buy the Cascade Rain Shell or is it sold out?"), seen)
    assert not adds_to("It costs $120", said_in("How much is the Cascade Rain Shell?"), seen)


def test_a_non_answer_informs_nothing_and_a_fact_or_a_quote_does() -> None:
    seen = _seen(("http://wiki/pelin", "Population (2020) | 7,215"),
                 ("http://wiki/pelin", "Text is available under an open licence."),
                 ("http://shop/c", "Cascade Rain Shell · $149.00 · Out of stock"))
    request = "Using the wiki: what is the population of Pelin?"

    def told(answer: str, asked: str = request) -> bool:
        return informs(answer, ground(answer, seen, asked), said_in(asked), seen) is not None

    assert not told("The population of Pelin is not mentioned in the provided text.")
    assert not told("What is the population of Pelin?")
    assert told("7,215")
    assert told("Out of stock", "Can I buy the Cascade Rain Shell or is it sold out?")
    seen.add("http://site/links", "[3] link \"Start\"")
    seen.add("http://site/links", "[4] button \"Refresh\"")
    assert not told("The shop opens at Start and refreshes at Refresh.", "When is the shop open?")
    seen.add("http://site/account", "You are not signed in.")
    assert told("You are not signed in", "Tell me who is signed in")


def test_an_element_id_is_not_a_fact_the_page_showed() -> None:
    page = ("http://big/", '[42] button "Like"\n[43] link "More"')
    assert ground("The answer is 42.", _seen(page)).missing == ["42"]
    assert ground("The answer is 42.", _seen(("http://big/", "The answer is 42."), page)).ok


def test_a_date_is_one_fact_found_only_as_the_same_day() -> None:
    # a run once answered "QX7P2L, 2026-11-23": the date the model had typed itself, "grounded" by the
    # "© 2026" of a footer because its year was checked as a number on its own
    seen = _seen(("http://air/", "© 2026 Skyway\nFlights · My trips"))
    result = ground("QX7P2L, 2026-11-23", seen, given="My booking reference is QX7P2L.")
    assert result.missing == ["2026-11-23"]
    trip = _seen(("http://air/trip", "SW 488 · Monday 14 December 2026 · departs 06:50"))
    assert ground("It leaves on 2026-12-14 at 06:50.", trip).ok
    assert ground("It leaves on 2026-12-15.", trip).missing == ["2026-12-15"]
    assert ground("On 14.12.2026.", seen, given="my flight on 14 December 2026").ok  # the person said it


def test_text_the_run_typed_grounds_no_fact_when_a_page_echoes_it() -> None:
    seen = Seen()
    seen.add("http://x/status", "Check the status of an application\nApplication number\nPostcode")
    seen.typed("LF-482-KT")
    echo = "type_text: done, typed 'LF-482-KT' into 4.\n[4] textbox \"Number\" value=\"LF-482-KT\""
    seen.add("http://x/status", echo)
    made_up = ground("The application number is LF-482-KT.", seen)
    assert made_up.missing == ["LF-482-KT"]
    seen.add("http://x/done", "Your application number is LF-2026-0042")
    seen.typed("LF-2026-0042")  # copied from the page into a form afterwards: the page showed it first
    assert ground("Application LF-2026-0042 is submitted.", seen).ok


def test_a_question_for_a_number_is_not_answered_by_a_line_without_one() -> None:
    july = "what is the average high temperature in July in Ostrahavn, according to its climate table?"
    assert lacks_number("There were no results.", parse(july))
    assert not lacks_number("22.2 °C", parse(july))
    unread = "How many unread messages from Ben Ortiz are in my inbox?"
    assert lacks_number("Ben Ortiz sent you messages.", parse(unread))
    assert not lacks_number("four", parse(unread)) and not lacks_number("There are none.", parse(unread))
    stock = "Can I buy the Cascade Rain Shell right now or is it sold out?"
    assert not lacks_number("It is sold out.", parse(stock))


def test_a_time_of_day_is_one_fact_found_only_as_the_same_time() -> None:
    seen = Seen()
    seen.add("http://x/trip", "Sunday 10 December 2026 · 0 stops\nDeparts 06:50 from Lisbon")
    assert facts_of("The flight leaves at 10:00 AM") == ["10:00 AM"]
    assert ground("The flight leaves at 10:00 AM", seen).missing == ["10:00 AM"]  # not "10" and "0"
    assert ground("It leaves at 6:50 am.", seen).ok
    assert not ground("It leaves at 6:50 pm.", seen).ok


def test_an_address_with_a_port_holds_no_time_of_day() -> None:
    from navwright.browser.skills.dates import times_in

    assert times_in("http://127.0.0.1:42877/getform.html at 08:15") == [("08:15", 495)]


def test_a_form_hint_s_sample_value_grounds_nothing() -> None:
    seen = _seen(("http://city/status", "Application number\nFor example, LF-PP-2026-01234\ne.g. 4821\n"
                  "Error: We could not find an application with this number"))
    assert ground("The application number is LF-PP-2026-01234.", seen).missing == ["LF-PP-2026-01234"]
    assert ground("The postcode is 4821.", seen).missing == ["4821"]
    article = _seen(("http://wiki/corva", "For example, the harbour of Corva handled 1,204 ships in 1908 "
                     "and more than twice that number ten years later."))
    assert ground("Corva handled 1,204 ships.", article).ok  # a sentence of an article is no hint


def test_a_question_asked_back_informs_nothing_even_when_a_line_holds_its_words() -> None:
    request = "My application LF-PP-2026-00903 is on hold. What is missing?"
    seen = _seen(("http://city/status", "Status: On hold - proof of address missing: upload a utility bill"))
    for answer in ("What is missing?", "What is the missing information?"):
        assert informs(answer, ground(answer, seen, request), said_in(request), seen) is None
    answer = "Proof of address is missing."
    assert informs(answer, ground(answer, seen, request), said_in(request), seen) is not None


def test_a_short_answer_in_the_request_s_words_informs_nothing_but_a_yes_no_or_choice_answer_does() -> None:
    request = "My application LF-PP-2026-00903 is on hold; my postcode is 4862. What is missing?"
    seen = _seen(("http://city/status", '[4] textbox "Postcode" value="4862" required\n'
                  "Status: On hold - proof of address missing"))
    answer = "The postcode is missing."
    assert restates(answer, said_in(request))
    assert informs(answer, ground(answer, seen, request), said_in(request), seen) is None
    assert not restates("It is in stock", said_in("Is the Cascade Rain Shell in stock?"))
    assert not restates("Corva", said_in("Which town was founded first, Corva or Pelin?"))
    assert not restates("You are not signed in", said_in("Tell me who is signed in"))


def test_an_answer_whose_words_beyond_the_request_are_on_one_line_is_told_by_that_line() -> None:
    # "The Cascade Rain Shell is out of stock." was turned back: no line held most of its words
    request = "Can I buy the Cascade Rain Shell right now or is it sold out?"
    page = "# Cascade Rain Shell\n$149.00\n[16] button \"Out of stock\""
    seen = _seen(("http://shop/p/cascade-shell", page))
    answer = "The Cascade Rain Shell is out of stock."
    told = informs(answer, ground(answer, seen, request), said_in(request), seen)
    assert told is not None and "Out of stock" in told.quote
    invented = "The Cascade Rain Shell is back in stock tomorrow."
    assert informs(invented, ground(invented, seen, request), said_in(request), seen) is None


def test_a_fact_on_the_line_of_another_fact_is_quoted_from_that_line() -> None:
    seen = Seen()
    seen.add("http://127.0.0.1/flat-42/", "2024-01-04 | Anna | Electricity | Everyone | 68.40 (17.10 each)\n"
             "2024-02-04 | Anna | Electricity | Everyone | 72.15 (18.04 each)\n"
             "2024-03-04 | Anna | Rent | Everyone | 900.00")
    grounding = ground("The electricity bill of February 2024 was 72.15.", seen)
    row = "2024-02-04 | Anna | Electricity | Everyone | 72.15 (18.04 each)"
    assert grounding.ok and [e.quote for e in grounding.evidence] == [row], "the year is on the bill's row"
