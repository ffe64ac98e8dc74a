"""The agent's one tokenizer and stop-word list: words are runs of letters and digits in any script,
case-folded; an underscore, an apostrophe or a hyphen ends a word."""

from __future__ import annotations

from navwright.agent.task.tokens import CALENDAR, STOP, flat, joined, letters, word_set, words


def test_words_keep_accented_letters_and_digits() -> None:
    assert words("Zürich → Genève, Gate B12") == ["zürich", "genève", "gate", "b12"]


def test_words_read_any_script() -> None:
    assert words("Рейс в 東京 SU-262") == ["рейс", "в", "東京", "su", "262"]


def test_words_are_case_folded_unless_asked_to_keep_the_case() -> None:
    assert words("STRASSE Straße") == ["strasse", "strasse"]
    assert words("Book the Kestrel", keep_case=True) == ["Book", "the", "Kestrel"]


def test_an_underscore_an_apostrophe_or_a_hyphen_ends_a_word() -> None:
    assert words("first_name what's e-mail") == ["first", "name", "what", "s", "e", "mail"]


def test_word_set_holds_each_word_once() -> None:
    assert word_set("The cart, the CART and the checkout") == frozenset({"the", "cart", "and", "checkout"})


def test_letters_leave_out_digits_and_short_runs() -> None:
    assert letters("Apply for a 2026 permit, abc123") == ["apply", "for", "a", "permit", "abc"]
    assert letters("Apply for a 2026 permit, abc123", min_len=4) == ["apply", "permit"]


def test_letters_count_the_length_as_written() -> None:
    assert letters("Maß und Fuß", min_len=4) == []


def test_joined_reads_texts_that_differ_in_case_and_punctuation_the_same() -> None:
    assert joined("Save  changes!") == joined("save changes") == "save changes"
    assert joined("Passenger 2 › First name") == joined("passenger 2 - first name")


def test_flat_keeps_only_letters_and_digits() -> None:
    assert flat("BK-7Q2X") == flat("bk 7q2x") == "bk7q2x"
    assert flat("— !") == ""


def test_stop_holds_function_words_not_names_or_topics() -> None:
    assert {"the", "of", "what", "how", "many", "is", "could", "their"} <= STOP
    assert not {"us", "may", "will", "price", "ticket", "tell"} & STOP


def test_stop_words_and_calendar_are_written_as_words_reads_them() -> None:
    for word in STOP | CALENDAR:
        assert words(word) == [word]


def test_calendar_names_every_month_and_day() -> None:
    assert len(CALENDAR) == 19
    assert {"january", "may", "december", "monday", "sunday"} <= CALENDAR
