"""A request to order, book, send or delete is done only when a button that commits it ran: a step that
put the item in a cart, or only filled the form, is turned back rather than reported done."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, eid, finish, give_up

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.step import took_commit
from navwright.agent.task.words import acting_missing, asks_change, commit_missing
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.browser.types import ActionResult, ElementChange
from navwright.models.scripted import ScriptedModel

ACTION = {"kind": "action", "answer": ""}
YES = RunSettings(yes=True)


def _click(label: str):  # type: ignore[no-untyped-def]
    return lambda p: actions({"name": "click", "element": eid(p, label)}, done(""))


async def test_a_purchase_reported_done_before_the_buy_button_is_turned_back_until_it_is_pressed(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[ACTION], navigator=[_click("Save for later"), _click("Buy now")],
                    check=[finish("Ordered the blue mug.")])
    model = ScriptedModel(script)
    result = await Agent(TaskRequest(task="Buy the blue mug", url=f"{site}/buy.html"), Models.same(model),
                         Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert await session.page.evaluate("window.orders || 0") == 1
    assert "no button that does it was pressed" in script.seen("navigator")[1]


async def test_a_purchase_never_made_ends_the_step_failed_saying_so(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[ACTION], navigator=[_click("Save for later"), lambda p: actions(done(""))],
                    planner=[{"decision": {"kind": "give_up", "thought": "x", "reason": "not bought"}}])
    model = ScriptedModel(script)
    result = await Agent(TaskRequest(task="Buy the blue mug", url=f"{site}/buy.html"), Models.same(model),
                         Tools(session), YES, RunIO(sink=events)).run()
    assert result.status != "success"
    finished = events.of("step_finished")[0]
    assert finished.status == "failed" and "no button that does it" in finished.answer  # type: ignore[attr-defined]


def test_only_requests_that_commit_need_a_committing_button() -> None:
    assert commit_missing("Order the Alpine Down Parka in size M", 0)
    assert commit_missing("Send a new email to lukas@example.test", 0)
    assert not commit_missing("Order the parka", 1)
    assert not commit_missing("Turn on my vacation auto-reply", 0)
    assert not commit_missing("Remove the socks from my cart", 0)
    assert not commit_missing("Show my order history", 0)  # a noun, not a command
    assert not commit_missing("My booking reference is QX7P2L. When does it leave?", 0)
    assert commit_missing("Log in as anna. Delete the email from The Reading Room.", 0)
    assert commit_missing("please book me the cheapest flight", 0)
    assert commit_missing("Log in. Reply to Marta's email: say I will be there.", 0)
    assert commit_missing("On the city's website, apply for a visitor booklet for my household", 0)
    assert not commit_missing("Apply the coupon SAVE10 to my cart", 0)  # no application is sent


def test_a_request_that_commands_a_change_and_asks_nothing_is_an_action_without_a_model_call() -> None:
    # the reader once called "Log in… Turn on my vacation auto-reply…" a question; code then filled and
    # sent the compose form it wandered into, as for a search before an answer
    assert asks_change('Log in as anna. Turn on my vacation auto-reply with the message "Away".')
    assert asks_change("On the city's website, apply for a visitor booklet and tell me the number.")
    assert asks_change("Remove the socks from my cart")
    assert not asks_change("Log in to my webmail. How many unread messages from Ben Ortiz are in my inbox?")
    assert not asks_change("What does it cost to add a second bag?")
    assert not asks_change("My booking reference is QX7P2L. When does it leave")


async def test_the_planner_cannot_call_a_purchase_done_when_nothing_bought_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[ACTION], navigator=[_click("Save for later"), lambda p: actions(done(""))],
                    planner=[finish("The blue mug is saved for later."), finish("Saved for later.")])
    model = ScriptedModel(script)
    result = await Agent(TaskRequest(task="Buy the blue mug", url=f"{site}/buy.html"), Models.same(model),
                         Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "failed", events.dump()
    assert result.error is not None and "no button that does it was pressed" in result.error


async def test_the_planner_cannot_call_a_task_done_that_no_action_of_the_run_worked(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # the navigator gave up with nothing done; the planner then claimed it done, in the task's own words
    # (which the page also showed): "The item labeled 'W' was clicked."
    gave_up = actions({"name": "finish", "status": "failed", "answer": "no"})
    script = Script(reader=[ACTION], navigator=[gave_up],
                    planner=[finish("Parma was selected and Submit clicked."), finish("Parma was selected.")])
    result = await Agent(TaskRequest(task="Select Parma and click Submit.", url=f"{site}/choose_town.html"),
                         Models.same(ScriptedModel(script)), Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "failed", events.dump()
    assert result.error is not None and "no action of this run did" in result.error


async def test_an_order_button_the_form_refused_commits_nothing(
    session: BrowserSession, site: str, events: EventList
) -> None:
    place = lambda p: {"name": "click", "element": eid(p, "Place order")}  # noqa: E731
    fill = {"name": "type_text", "element": "1", "text": "Dana"}  # the page's ids, as the first call saw them
    script = Script(reader=[ACTION], navigator=[lambda p: actions(place(p), done("")), actions(done("")),
                                                actions(fill, {"name": "click", "element": "2"}, done(""))],
                    check=[finish("Order placed for Dana.")])
    model = ScriptedModel(script)
    result = await Agent(TaskRequest(task="Order the blue mug for Dana", url=f"{site}/order_form.html"),
                         Models.same(model), Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert await session.page.evaluate("window.orders || 0") == 1
    assert "no button that does it was pressed" in script.seen("navigator")[2]  # the refused click


async def test_the_click_whose_confirmation_ends_the_step_is_recorded_in_it(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[ACTION], navigator=[_click("Buy now")])
    result = await Agent(TaskRequest(task="Buy the blue mug", url=f"{site}/buy.html"),
                         Models.same(ScriptedModel(script)), Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "success" and result.answer == "Order placed", events.dump()
    summary = events.of("step_finished")[-1].summary  # type: ignore[attr-defined]
    assert "Buy now" in summary  # not "no actions": the step's record (and memory) has the commit


async def test_an_answer_alone_does_not_do_a_task_that_asks_to_type_it_and_press_submit(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """The 1.5B model finished "Solve for x, type your answer, press Submit" as "x = 8" with nothing
    typed, and the run said success."""
    task = "Solve for x and type your answer into the textbox. Press Submit when done."
    typed = lambda p: actions({"name": "type_text", "element": eid(p, "Answer"), "text": "8"},  # noqa: E731
                              {"name": "click", "element": eid(p, "Submit")})
    script = Script(reader=[ACTION], navigator=[lambda p: actions(done("x = 8")), typed,
                                                lambda p: actions(done("Your answer 8 was sent."))],
                    check=[finish("Your answer 8 was sent.")])
    model = ScriptedModel(script)
    result = await Agent(TaskRequest(task=task, url=f"{site}/puzzle.html"), Models.same(model),
                         Tools(session), YES, RunIO(sink=events)).run()
    assert result.status == "success", events.dump()
    assert await session.page.evaluate("window.submitted") == "8"
    assert "this step did nothing on it yet" in script.seen("navigator")[1]


def test_only_requests_that_work_the_page_and_ask_nothing_need_an_action() -> None:
    assert acting_missing("Solve for x and type your answer into the textbox. Press Submit when done.", 0)
    assert acting_missing("Select nothing and click Submit.", 0)
    assert acting_missing("Turn on my vacation auto-reply", 0)
    assert not acting_missing("Turn on my vacation auto-reply", 1)
    assert not acting_missing("What is the price of the blue mug?", 0)
    assert not acting_missing("Log in and tell me my balance", 0)  # a question: the answer may be on the page
    assert not acting_missing("Open the FAQ. How long does delivery take", 0)
    assert not acting_missing("The price of the cheapest monitor", 0)
    assert not acting_missing("Open the cart and read the total", 0)  # a planner's step that reads


async def test_enter_in_a_message_box_that_only_adds_a_line_sends_nothing(
    session: BrowserSession, site: str, events: EventList
) -> None:
    """A reply typed into a multi-line box and Enter pressed there, twice: the box only took a new line,
    yet the run ended `success` ("the button that commits ran"). A key press commits only when the page
    answers it past the field's own text."""
    reply = lambda p: actions({"name": "click", "element": eid(p, "Reply")})  # noqa: E731
    typed = lambda p: actions({"name": "type_text", "element": eid(p, "Message"),  # noqa: E731
                               "text": "I will take the bus.", "enter": True, "risky": True},
                              {"name": "press_key", "key": "Enter", "element": eid(p, "Message")}, done(""))
    gave_up = actions({"name": "finish", "status": "failed", "answer": "not sent"})
    script = Script(reader=[ACTION], navigator=[reply, typed, actions(done("")), gave_up],
                    check=[finish(""), finish("")], planner=[give_up("not sent"), give_up("not sent")])
    request = TaskRequest(task="Reply to the message from Tom Becker: say I will take the bus.",
                          url=f"{site}/mailbox.html")
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), YES,
                         RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.sent === undefined"), events.dump()
    assert result.status != "success", events.dump()
    assert "no button that does it was pressed" in script.seen("navigator")[-1], events.dump()


def test_enter_commits_when_the_page_answers_past_the_field() -> None:
    line = ElementChange(id="9", what="value is now 'Hi\\n'")
    only_a_line = ActionResult(action="press_key", ok=True, changed=[line])
    assert not took_commit(only_a_line, "key", "9")
    assert not took_commit(only_a_line.model_copy(update={"action": "type_text"}), "type", "9")
    chat = ActionResult(action="press_key", ok=True, changed=[line], appeared_text=["You: Hi"])
    assert took_commit(chat, "key", "9")  # a chat box that sends on Enter: the message shows up
    assert took_commit(ActionResult(action="press_key", ok=True, navigated=True), "key", "9")
    assert took_commit(only_a_line, "press", "10")  # a click is judged by `took` alone
