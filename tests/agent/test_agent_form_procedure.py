"""The form procedure for an action: one short call maps the task's and the person's details onto the
page's form, code fills it, and the navigator sends it (its own, guarded decision). Values said nowhere
are left out; a box is ticked only when the task asks for it."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish

from navwright.agent.formfill import FormPlan, given_values, said_in, split_names
from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.intent import parse
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.skills.base import SkillContext
from navwright.browser.skills.form import FillParams
from navwright.browser.types import ElementInfo
from navwright.models.scripted import ScriptedModel


def _click(label: str):  # type: ignore[no-untyped-def]
    return lambda p: actions({"name": "click", "element": eid(p, label)})


PROFILE = ("Name: Dana Whitfield. Email: dana.whitfield@example.com. Home address: 14 Elm Street, Portland, "
           "97205. Card: 4111 1111 1111 1111, expiry 08/29, CVC 123.")
PLAN = {"fields": {
    "Full name": "Dana Whitfield", "Email": "dana.whitfield@example.com", "Street address": "14 Elm Street",
    "City": "Portland", "Postcode": "97205", "Shipping": "Standard", "Card number": "4111 1111 1111 1111",
    "Expiry (MM/YY)": "08/29", "Security code": "123", "Gift message": "Enjoy your new mug!",
    "Subscribe to our newsletter": "yes",
}}


async def test_a_checkout_is_filled_from_the_persons_details_and_sent_by_the_navigator(
    session: BrowserSession, site: str, events: EventList
) -> None:
    place = _click("Place order")
    script = Script(reader=[{"kind": "action", "answer": ""}], formfill=[PLAN],
                    navigator=[place, actions(done("Order MW-1042 placed."))],
                    check=[finish("Order MW-1042 placed.")])  # fmt: skip
    settings = RunSettings(yes=True, profile=PROFILE)
    request = TaskRequest(task="Order the blue mug with standard shipping to my home address.",
                          url=f"{site}/checkout.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                         RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    order = await session.page.evaluate("window.order")
    assert order["name"] == "Dana Whitfield" and order["postcode"] == "97205"
    assert order["shipping"] == "standard"
    assert order["card"] == "4111 1111 1111 1111" and order["cvc"] == "123"
    assert order["gift"] == "" and "newsletter" not in order  # said nowhere / not asked for
    assert order["terms"] == "on"  # the terms of the order the person asked for
    assert "About the person: Name: Dana Whitfield" in script.seen("formfill")[0]
    fill = [e for e in events.of("action_done") if e.action == "fill_form"]  # type: ignore[attr-defined]
    assert len(fill) == 1 and fill[0].params["submit"] is False  # the order is the navigator's to send
    assert "Dana Whitfield" in script.seen("navigator")[0]  # it sees the form filled


async def test_a_question_never_shows_the_persons_details_to_the_form_procedure(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": ""}], formfill=[{"fields": {}}],
                    navigator=[actions({"name": "finish", "status": "failed", "answer": "no answer here"})])
    settings = RunSettings(profile=PROFILE)
    request = TaskRequest(task="How long does standard shipping take?", url=f"{site}/checkout.html?estimate")
    model = Models.same(ScriptedModel(script))
    await Agent(request, model, Tools(session), settings, RunIO(sink=events)).run()
    assert script.seen("formfill") and "Dana" not in script.seen("formfill")[0]


async def test_a_question_does_not_fill_a_form_whose_button_places_an_order(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """A question may not send a form that makes or changes a record, so filling it finds nothing out."""
    script = Script(reader=[{"kind": "question", "answer": ""}], formfill=[{"fields": {}}],
                    navigator=[actions({"name": "finish", "status": "failed", "answer": "no answer here"})])
    request = TaskRequest(task="How long does standard shipping take?", url=f"{site}/checkout.html")
    model = Models.same(ScriptedModel(script))
    await Agent(request, model, Tools(session), RunSettings(), RunIO(sink=events)).run()
    assert not script.seen("formfill") and script.seen("navigator")


def test_a_value_is_said_in_other_words_order_or_date_format() -> None:
    source = "Jonas Weber, born 14 March 1988, phone +351 912 345 678"
    assert said_in("Weber", source) and said_in("weber jonas", source)
    assert said_in("1988-03-14", source) and said_in("14.03.1988", source)
    assert said_in("+351 912 345 678", source)
    assert not said_in("1988-03-15", source) and not said_in("Anna", source) and not said_in("Berlin", source)


def test_a_box_or_a_choice_is_ticked_only_when_the_task_names_it() -> None:
    fields = [ElementInfo(id="1", role="textbox", name="Full name"),
              ElementInfo(id="2", role="radio", name="Standard (3–5 days) · free"),
              ElementInfo(id="3", role="radio", name="Express (next day) · $9.00"),
              ElementInfo(id="4", role="checkbox", name="Email me a reminder before it expires"),
              ElementInfo(id="5", role="checkbox", name="Subscribe to our newsletter")]  # fmt: skip
    task = "Apply for a permit with express delivery, and I want an email reminder."
    plan = FormPlan(fields={
        "Express (next day) · $9.00": "yes", "Standard (3–5 days) · free": "yes", "Full name": "Jonas Weber",
        "Email me a reminder before it expires": "yes", "Subscribe to our newsletter": "yes",
    })  # fmt: skip
    got = given_values(plan, fields, f"{task} Name: Jonas Weber.", parse(task))
    assert got == {"Express (next day) · $9.00": "yes", "Email me a reminder before it expires": "yes",
                   "Full name": "Jonas Weber"}  # fmt: skip
    by_choice = given_values(FormPlan(fields={"Delivery": "Express"}), fields, task, parse(task))
    assert by_choice == {"Express (next day) · $9.00": "yes"}  # the choice it names, by its own label


def test_the_request_itself_or_a_fields_label_is_no_value_to_fill_in() -> None:
    fields = [ElementInfo(id="1", role="textbox", name="Summary:"),
              ElementInfo(id="2", role="textbox", name="Keywords:")]  # fmt: skip
    task = "Close Harbor ticket #26 with the resolution wontfix."
    plan = FormPlan(fields={"Summary": task, "Keywords": "Cc:"})
    assert given_values(plan, fields, f"{task} Keywords: Cc:", parse(task)) == {}
    quoted = "File a ticket with the summary 'Close Harbor ticket #26 with the resolution wontfix'."
    plan = FormPlan(fields={"Summary": "Close Harbor ticket #26 with the resolution wontfix"})
    assert given_values(plan, fields, quoted, parse(quoted)) == {
        "Summary:": "Close Harbor ticket #26 with the resolution wontfix"}
    paid = "Tom's bank transfer for order MCPKL has arrived: mark that order as paid."
    plan = FormPlan(fields={"Summary": "Mark order MCPKL as paid", "Keywords": "14 March 2025"})
    assert given_values(plan, fields, f"{paid} Due Friday 14 March 2025", parse(paid)) == {
        "Keywords:": "14 March 2025"}


def test_another_fields_label_may_be_the_value_a_field_is_given() -> None:
    fields = [ElementInfo(id="1", role="combobox", name="Who paid?", options=["Anna", "Ben"]),
              ElementInfo(id="2", role="checkbox", name="Anna"),
              ElementInfo(id="3", role="checkbox", name="Ben")]
    task = "Add a bill 'Pizza night' of 36.00, paid by Ben."
    plan = FormPlan(fields={"Who paid?": "Ben"})
    assert given_values(plan, fields, task, parse(task)) == {"Who paid?": "Ben"}


def test_a_choice_told_apart_by_its_number_is_ticked_when_the_task_says_the_number() -> None:
    # "a 12-month resident parking permit": the three permit labels differ only by their numbers
    labels = ("Resident permit, 12 months (€120)", "Resident permit, 6 months (€70)",
              "Visitor booklet, 20 day-passes (€35)")
    fields = [ElementInfo(id=str(i), role="radio", name=n) for i, n in enumerate(labels)]
    task = "Apply for a 12-month resident parking permit for my car with my details."
    plan = FormPlan(fields={name: "radio" for name in labels})
    assert given_values(plan, fields, task, parse(task)) == {"Resident permit, 12 months (€120)": "yes"}


async def test_fill_form_picks_a_radio_choice_named_as_a_field_with_yes(
    session: BrowserSession, site: str
) -> None:
    await session.page.goto(f"{site}/checkout.html")
    skill = next(s for s in Tools(session).skill_list() if s.name == "fill_form")
    params = FillParams(fields={"Express": "yes"}, submit=False)
    result = await skill.run(SkillContext(session=session), params)
    assert result.ok, result
    assert await session.page.evaluate("document.querySelector('[value=express]').checked")


def test_a_label_the_model_shortened_still_names_its_field() -> None:
    fields = [ElementInfo(id="1", role="textbox", name="Expiry (MM/YY)"),
              ElementInfo(id="2", role="radio", name="Standard (5–7 business days) — Free"),
              ElementInfo(id="3", role="radio", name="Express (2 business days) — $14.95"),
              ElementInfo(id="4", role="textbox", name="Email"),
              ElementInfo(id="5", role="textbox", name="Email me")]
    task = "Order the parka, standard shipping."
    plan = FormPlan(fields={"Expiry": "08/29", "Standard": "5–7 business days", "Express": "2 business days",
                            "Ema": "x@y.z"})  # fmt: skip
    got = given_values(plan, fields, f"{task} Card expiry 08/29. Email x@y.z", parse(task))
    assert got == {"Expiry (MM/YY)": "08/29", "Standard (5–7 business days) — Free": "yes"}


def test_a_label_copied_with_the_kind_the_prompt_shows_after_it_still_names_its_field() -> None:
    # a 1.5B model answered with the lines as the prompt lists them: "… › First name (textbox)"
    fields = [ElementInfo(id="1", role="textbox", name="Passenger 2 (adult) › First name"),
              ElementInfo(id="2", role="textbox", name="Passenger 2 (adult) › Last name"),
              ElementInfo(id="3", role="textbox", name="Phone (optional)")]
    task = "Book it for two: me and Tomás Ferreira. My phone is 912 345 678."
    plan = FormPlan(fields={"Passenger 2 (adult) › First name (textbox)": "Tomás",
                            "Passenger 2 (adult) › Last name (textbox)": "Ferreira",
                            "Phone (optional)": "912 345 678"})  # fmt: skip
    assert given_values(plan, fields, task, parse(task)) == {
        "Passenger 2 (adult) › First name": "Tomás", "Passenger 2 (adult) › Last name": "Ferreira",
        "Phone (optional)": "912 345 678"}


def test_a_field_named_by_its_section_is_found_whatever_stands_between_the_words() -> None:
    fields = [ElementInfo(id=str(i), role="textbox", name=f"Passenger {n} (adult) › {part} name")
              for i, (n, part) in enumerate([(1, "First"), (1, "Last"), (2, "First"), (2, "Last")])]
    task = "Book flight SW 488 for two: me and Tomás Ferreira."
    plan = FormPlan(fields={"Passenger 2 (adult) - First name": "Tomás", "passenger 2 last name": "Ferreira",
                            "Passenger 1 (adult) › First name": "Maria", "First name": "Maria"})
    got = given_values(plan, fields, f"{task} Name: Maria Santos.", parse(task))
    assert got == {"Passenger 2 (adult) › First name": "Tomás", "Passenger 1 (adult) › First name": "Maria",
                   "Passenger 2 (adult) › Last name": "Ferreira"}  # "First name" alone names no one field


async def test_after_the_item_is_in_the_cart_code_goes_to_the_checkout_and_fills_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    def add(p: str) -> dict[str, object]:
        size = {"name": "select_option", "element": eid(p, "Size"), "option": "L"}
        return actions(size, {"name": "click", "element": eid(p, "Add to cart")}, done("Ordered."))
    place = _click("Place order")
    plan = {"fields": {"Full name": "Dana Whitfield", "Email": "dana.whitfield@example.com",
                       "Shipping address": "14 Elm Street, Portland"}}  # fmt: skip
    script = Script(reader=[{"kind": "action", "answer": ""}], formfill=[plan],
                    navigator=[add, place, actions(done("Order MW-2210 is placed."))],
                    check=[finish("Order MW-2210 is placed.")])  # fmt: skip
    request = TaskRequest(task="Order the Trail mug in size L.", url=f"{site}/mug_item.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    order = await session.page.evaluate("window.order")
    assert order["cart"] == [{"item": "Trail mug", "size": "L"}]  # once: not added again
    assert order["name"] == "Dana Whitfield" and order["address"] == "14 Elm Street, Portland"
    clicks = [e.params for e in events.of("action_done") if e.action == "click"]  # type: ignore[attr-defined]
    assert len(clicks) == 4  # Add to cart, Place order (model); View cart, Proceed to checkout (code)
    assert len(script.seen("navigator")) == 2  # the page's "Thank you! Order MW-2210 is placed." ends it
    assert "MW-2210" in result.answer and any("MW-2210" in e.quote for e in result.evidence)


async def test_booking_the_quickest_opens_the_pick_fills_the_details_and_books(
    session: BrowserSession, site: str, events: EventList
) -> None:
    search = {"fields": {"From": "Utrecht", "To": "Cologne", "Date": "5 March"}}
    details = {"fields": {"Full name": "Dana Whitfield", "Email": "dana.whitfield@example.com"}}
    book = _click("Book and pay")
    script = Script(formfill=[search, details], navigator=[book, actions(done("Booked: IC 2213, RH-5521."))],
                    check=[finish("Booked IC 2213, reference RH-5521.")])  # fmt: skip
    request = TaskRequest(task="Book me the quickest train from Utrecht to Cologne on 5 March.",
                          url=f"{site}/train_search.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    booking = await session.page.evaluate("window.booking")
    assert booking == {"train": "IC 2213", "name": "Dana Whitfield", "email": "dana.whitfield@example.com"}
    assert len(script.seen("navigator")) == 1  # the search, the pick, the details and the end took none
    assert "RH-5521" in result.answer  # the page's confirmation is the answer


async def test_booking_any_train_that_leaves_in_time_opens_the_first_that_fits_and_books_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    details = {"fields": {"Full name": "Dana Whitfield", "Email": "dana.whitfield@example.com"}}
    script = Script(formfill=[details], navigator=[_click("Book and pay")], check=[finish("Booked ICE 125.")])
    task = "Book me a direct train from Utrecht to Cologne on 5 March that leaves after 9:30 am."
    request = TaskRequest(task=task, url=f"{site}/trains.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    booking = await session.page.evaluate("window.booking")
    assert booking["train"] == "ICE 125"  # ICE 121 leaves 08:02; IC 2213 is not direct
    assert len(script.seen("navigator")) == 1


async def test_booking_the_cheapest_is_not_done_when_the_pick_is_only_found(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(navigator=[actions(done("IC 2213 is the quickest.")), actions(done("IC 2213."))],
                    planner=[finish("IC 2213 is the quickest train."), finish("IC 2213.")])  # fmt: skip
    task = "Book me the quickest train from Utrecht to Cologne."
    request = TaskRequest(task=task, url=f"{site}/trains.html")
    settings = RunSettings(yes=True, profile=PROFILE, compare=False)
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                         RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "failed", events.dump()  # found, not booked: never "success"


def test_a_choice_is_taken_when_the_task_says_its_number_in_words() -> None:
    pax = ElementInfo(id="1", role="combobox", name="Passengers", options=["1 adult", "2 adults", "3 adults"])
    task = "Book flight SW 488 on 14 December for two: me and Tomás Ferreira."
    def plan(value: str) -> FormPlan:
        return FormPlan(fields={"Passengers": value})

    assert given_values(plan("2 adults"), [pax], task, parse(task)) == {"Passengers": "2 adults"}
    assert given_values(plan("3 adults"), [pax], task, parse(task)) == {}
    alone = "Book me the cheapest flight to Munich, just me."
    assert given_values(plan("1 adult"), [pax], alone, parse(alone)) == {}  # left as it is


async def test_the_record_a_booking_names_by_its_code_is_opened_with_no_decision(
    session: BrowserSession, site: str, events: EventList
) -> None:
    details = {"fields": {"Full name": "Dana Whitfield", "Email": "dana.whitfield@example.com"}}
    book = _click("Book and pay")
    script = Script(formfill=[details], navigator=[book, actions(done("Booked: IC 2213, RH-5521."))],
                    check=[finish("Booked IC 2213, reference RH-5521.")])  # fmt: skip
    request = TaskRequest(task="Book train IC 2213 to Cologne for me.", url=f"{site}/trains.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    assert (await session.page.evaluate("window.booking"))["train"] == "IC 2213"
    assert script.seen("reader") == []  # "Book…" commands an action: no call asks what kind of task it is


async def _apply_for_a_card(
    session: BrowserSession, url: str, plan: dict[str, dict[str, str]], profile: str, events: EventList
) -> Script:
    """A library card application from `url`: code fills the form by `plan`; the navigator gives up."""
    give_up = actions({"name": "finish", "status": "failed", "answer": "x"})
    script = Script(formfill=[plan], navigator=[give_up])
    request = TaskRequest(task="Apply for a library card with my details.", url=url)
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                RunSettings(yes=True, profile=profile), RunIO(sink=events)).run()  # fmt: skip
    return script


async def test_a_wizard_page_of_the_persons_details_is_filled_and_continued_by_code(
    session: BrowserSession, site: str, events: EventList
) -> None:
    plan = {"fields": {"First name": "Dana", "Last name": "Whitfield", "Email": "dana.whitfield@example.com"}}
    await _apply_for_a_card(session, f"{site}/card_apply.html", plan, PROFILE, events)
    fill = [e for e in events.of("action_done") if e.action == "fill_form"]  # type: ignore[attr-defined]
    assert fill and fill[0].params["submit"] is True  # "Continue" commits nothing the person must approve
    assert "Dana Whitfield, dana.whitfield@example.com" in await session.page.inner_text("#who")


async def test_a_wizard_page_of_a_choice_and_a_declaration_is_filled_and_the_application_sent_by_code(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # a permit wizard's page 3 (one choice, one optional field, a declaration box that enables Continue)
    # was left to the model, which wandered off to "Check an application"; the run then said "success"
    plan = {"fields": {"Which card do you need?": "Visitor card", "Home branch": "Harbour Street"}}
    script = Script(formfill=[plan])  # no navigator call: code sends it from "Check your answers" too
    request = TaskRequest(task="Apply for a visitor library card and tell me the application number.",
                          url=f"{site}/card_choice.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success" and "LIB-2026-0042" in result.answer, events.dump()
    assert await session.page.evaluate("window.applied") == {"card": "visitor", "declare": "1", "news": None}
    assert script.seen("navigator") == []


async def test_the_boxes_and_choices_code_set_are_not_undone_by_clicks_in_passing(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the model once clicked "I accept the fare rules" after code had ticked it (unticking it), then
    # pressed "Book and pay" again and again; another time it clicked every shipping choice in turn
    def clicks(p: str) -> dict[str, object]:
        labels = ("Express (next day)", "I accept the terms", "Place order")
        return actions(*({"name": "click", "element": eid(p, label)} for label in labels))

    script = Script(reader=[{"kind": "action", "answer": ""}], formfill=[PLAN],
                    navigator=[clicks, actions(done("Order MW-1042 placed."))],
                    check=[finish("Order MW-1042 placed.")])  # fmt: skip
    request = TaskRequest(task="Order the blue mug with standard shipping to my home address.",
                          url=f"{site}/checkout.html")  # fmt: skip
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session),
                         RunSettings(yes=True, profile=PROFILE), RunIO(sink=events)).run()  # fmt: skip
    assert result.status == "success", events.dump()
    order = await session.page.evaluate("window.order")
    assert order["shipping"] == "standard" and order["terms"] == "on"


def test_a_full_name_in_a_first_name_field_keeps_only_the_first_name() -> None:
    values = {"Passenger 1 (adult) › First name": "Maria Santos", "Passenger 1 (adult) › Last name": "Santos",
              "Passenger 2 (adult) › First name": "Tomás", "Passenger 2 (adult) › Last name": "Ferreira"}
    assert split_names(values)["Passenger 1 (adult) › First name"] == "Maria"
    assert split_names(values)["Passenger 2 (adult) › First name"] == "Tomás"
    plain = {"First name": "Ana Lopes", "Surname": "Lopes"}
    assert split_names(plain) == {"First name": "Ana", "Surname": "Lopes"}


async def test_a_date_of_birth_asked_in_three_selects_is_filled_from_the_persons_whole_date(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the selects say only "Day", "Month", "Year": the model filled them with their first options
    plan = {"fields": {"First name": "Dana", "Last name": "Whitfield", "Date of birth": "2 July 1995"}}
    profile = "Name: Dana Whitfield. Date of birth: 2 July 1995."
    script = await _apply_for_a_card(session, f"{site}/card_birth.html", plan, profile, events)
    assert script.seen("formfill"), events.dump()
    assert "- Date of birth › Day (select)" in script.seen("formfill")[0]
    assert await session.page.inner_text("#who") == "Dana Whitfield, born 1995-7-2", events.dump()


def test_a_date_parts_first_options_are_a_guess_the_person_never_said() -> None:
    parts = [("Day", ["Day", "1", "2"]), ("Month", ["Month", "January", "July"]),
             ("Year", ["Year", "2026", "1995"])]
    fields = [ElementInfo(id=str(i), role="select", name=f"Date of birth › {part}", options=options)
              for i, (part, options) in enumerate(parts)]
    guess = FormPlan(fields={"Date of birth › Day": "1", "Date of birth › Month": "January",
                             "Date of birth › Year": "2026"})
    source = "Name: Mira Castell. Date of birth: 2 July 1995."
    assert given_values(guess, fields, source, parse("Apply for a permit.")) == {}
    assert not said_in("1", "born in 1995") and said_in("1995", "born in 1995")
    assert said_in("12", "a 12-month permit")
    whole = FormPlan(fields={"Date of birth": "2 July 1995"})
    assert given_values(whole, fields, source, parse("Apply for a permit.")) == {
        "Date of birth › Day": "2", "Date of birth › Month": "July", "Date of birth › Year": "1995"}


async def test_a_form_is_filled_from_the_values_the_page_shows_beside_its_labels(
    session: BrowserSession, site: str, events: EventList
) -> None:
    plan = {"fields": {"Policy number": "PX-4471-B", "Holder": "Jonas Weber",
                       "Email": "claims@insurer.example"}}  # fmt: skip
    script = Script(reader=[{"kind": "action", "answer": ""}], formfill=[plan],
                    navigator=[actions(done("Claim started."))],
                    check=[finish("Claim started.")])  # fmt: skip
    request = TaskRequest(task="Copy my policy details into the claim form and continue.",
                          url=f"{site}/claim_copy.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(yes=True),
                RunIO(sink=events)).run()  # fmt: skip
    seen = script.seen("formfill")[0]
    assert "Shown on the page:" in seen and "Holder | Jonas Weber" in seen, seen
    assert "claims@insurer.example" not in seen  # "Email us:" names no field
    claim = await session.page.evaluate("window.sent")
    assert claim == {"policy": "PX-4471-B", "holder": "Jonas Weber", "email": ""}, events.dump()


async def test_a_new_records_form_is_sent_with_empty_optional_fields_and_its_page_ends_the_step(
    session: BrowserSession, site: str, events: EventList
) -> None:
    plan = {"fields": {"Summary:": "Console times out", "Priority:": "major"}}
    script = Script(reader=[{"kind": "action", "answer": ""}], formfill=[plan],
                    check=[finish("Ticket #27 created.")])  # fmt: skip
    request = TaskRequest(task="File a new defect with the summary 'Console times out', priority major.",
                          url=f"{site}/new_ticket.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                         RunIO(sink=events)).run()  # fmt: skip
    created = await session.page.evaluate("window.created")
    assert created == {"summary": "Console times out", "priority": "major"}
    fill = [e for e in events.of("action_done") if e.action == "fill_form"]  # type: ignore[attr-defined]
    assert len(fill) == 1 and fill[0].params["submit"] is True, events.dump()
    assert result.status == "success", events.dump()
    assert script.seen("navigator") == []  # the record's page, titled with its summary, ends the step
    step = events.of("step_finished")[0]
    assert "Console times out" in step.answer  # type: ignore[attr-defined]


async def test_a_page_a_link_opens_says_nothing_of_a_new_record_whatever_its_words(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "action", "answer": ""}],
                    navigator=[_click("Meeting notes"),
                               actions({"name": "finish", "status": "failed", "answer": "no way to add"})])
    request = TaskRequest(task="Create a wiki page named 'MeetingNotes/2024-06-11' with the text 'Agenda'.",
                          url=f"{site}/wiki_start.html")
    settings = RunSettings(screenshots=False, max_steps=1)
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), settings,
                RunIO(sink=events)).run()  # fmt: skip
    assert len(script.seen("navigator")) == 2, events.dump()  # "All changes saved." ended nothing
