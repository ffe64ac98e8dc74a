"""What of the person's data a typed value carries (agent/exposure.person_data)."""

from __future__ import annotations

from navwright.agent.exposure import person_data

PROFILE = "name: Ada Lovelace\nemail: ada@example.com\nphone: +44 555 1234\n12 Baker Street, London"


def test_names_addresses_e_mails_numbers_and_secrets_are_the_person_s_data() -> None:
    for value in ["Ada Lovelace", "ada@example.com", "London", "12 Baker Street", "555-1234", "Lovelace"]:
        assert person_data(value, PROFILE, {}), value
    assert person_data("{{PASSWORD}}", PROFILE, {}) == ["{{PASSWORD}}"]
    assert person_data("hunter2-Zq9", PROFILE, {"PASSWORD": "hunter2-Zq9"}) == ["{{PASSWORD}}"]


def test_other_text_and_what_the_person_asked_to_type_are_not() -> None:
    assert person_data("blue mug", PROFILE, {}) == []
    assert person_data("a", PROFILE, {}) == []
    assert person_data("London", PROFILE, {}, asked="Find hotels in London") == []
