"""The message a request names by its author is opened by code, and one it gives to someone else is
forwarded to that person and sent, under the confirmation policy (agent/authored.py)."""

from __future__ import annotations

from agent_support import EventList
from script import Script, actions, done, finish

from navwright.agent.run import Agent
from navwright.agent.settings import RunSettings
from navwright.agent.task.authored import author_of, recipient_of
from navwright.agent.wiring import Models, RunIO, TaskRequest, Tools
from navwright.browser.session import BrowserSession
from navwright.models.scripted import ScriptedModel


def test_the_author_is_read_from_how_the_request_names_the_message() -> None:
    said = {
        "Give Bobine the message you received from Cora,": ("Cora", "Bobine"),
        "Please find the mail by Sherline. Forward it to Henryetta.": ("Sherline", "Henryetta"),
        "Look for the email that Bobine wrote and forward it to Bevvy": ("Bobine", "Bevvy"),
        "Forward Sherline's e-mail to Fernandina.": ("Sherline", "Fernandina"),
        "Delete Marta Lopez's email": ("Marta Lopez", None),
        "Email from Ana: forward it to Bo": ("Ana", "Bo"),
        "Amargo wrote an email in this app that needs to be forwarded to Penelope.": ("Amargo", "Penelope"),
        "Send Bettine the information Lidia sent to you.": ("Lidia", "Bettine"),
        "I need an email written to me by Penni sent to Maris": ("Penni", "Maris"),
        "Caryn is waiting for the email by Brooke.": ("Brooke", "Caryn"),
        "Lori wants his or her message to be sent to Berry.": ("Lori", "Berry"),
        "Reply to the message sent to you by Cora Lind": ("Cora Lind", None),
    }
    for request, (author, recipient) in said.items():
        assert author_of(request) == author, request
        assert recipient_of(request, author) == recipient, request
    # deleting what one person sent another gives it to nobody
    assert recipient_of("Delete the email Ana sent to Bo", "Ana") is None
    # a question about a message, a start time, a flight "from": nothing to open by code
    assert author_of("Is the latest message from Ben unread?") is None
    assert author_of("Is the email sent to me by Ana unread?") is None
    assert author_of("What time does the offsite start, according to Marta's email?") is None
    assert author_of("Book a flight from Amsterdam to Rome and send me the ticket") is None


async def test_a_message_given_to_someone_is_opened_by_its_author_forwarded_and_sent(
    session: BrowserSession, site: str, events: EventList
) -> None:
    # a 1.5B model opened the message of the first name it read (the recipient's) and pressed Reply
    script = Script(reader=[{"kind": "action", "answer": ""}], navigator=[actions(done("Sent."))],
                    check=[finish("Message sent.")])  # fmt: skip
    request = TaskRequest(task="Pass on the note from Priya Raman to Tom Becker.", url=f"{site}/mailbox.html")
    # --yes approves what the request asks: passing a note on to someone asks for it to be sent
    result = await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(yes=True),
                         RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.opened") == ["Priya Raman"], events.dump()
    sent = await session.page.evaluate("window.sent")
    assert sent["to"] == "Tom Becker" and sent["subject"] == "Fwd: Budget figures", events.dump()
    assert result.status == "success" and not script.seen("navigator")  # no decision of the model's


async def test_a_question_about_a_message_opens_nothing_by_code(
    session: BrowserSession, site: str, events: EventList
) -> None:
    script = Script(reader=[{"kind": "question", "answer": ""}],
                    navigator=[actions({"name": "finish", "status": "failed", "answer": "not shown"})])
    request = TaskRequest(task="Is the note from Priya Raman about the budget?", url=f"{site}/mailbox.html")
    await Agent(request, Models.same(ScriptedModel(script)), Tools(session), RunSettings(),
                RunIO(sink=events)).run()  # fmt: skip
    assert await session.page.evaluate("window.opened") == []
