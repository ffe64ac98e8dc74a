"""The message a request names by who wrote it, opened by code, and the person it goes to.

"Give Bobine the message you received from Cora" names two people; the message to open is Cora's. A
1.5B model opened Bobine's (the first name it read) and replied to it. A person reads the request's
grammar: the message is the one "from", "by" or "that … wrote" a person, or a person's ("Sherline's
e-mail"); a mail client lists each message under its sender's name first. Code opens the one listed
message whose name begins with that person's name, when the request does something with it (forward,
reply, delete): reading a message to answer a question about it ("is Ben's latest mail unread?") would
change what the question asks, so a question is the model's to work.

A request that gives the message to someone else ("…and send it to Kerrill", "Give Bobine the
message…") forwards it: code presses the open message's Forward (the model pressed Reply, told to
"give" it), types that person into the empty recipient field (it typed the author's address, and
then over code's) and presses Send, under the confirmation policy like any send. Who wrote it and
whom it goes to are read off the request once per step (agent/task/authored.py, `StepRequest`).
"""

from __future__ import annotations

import re

from navwright.agent.procedure import Move
from navwright.agent.task.request import StepRequest
from navwright.browser.types import ElementInfo

LISTED = {"button", "link", "row", "listitem", "option", "gridcell"}
FORWARD = re.compile(r"(?:forward|fwd)\.?", re.IGNORECASE)
SEND = re.compile(r"\bsend\b", re.IGNORECASE)
TO_FIELD = re.compile(r"(?:to|recipients?|send\s+to)\s*:?", re.IGNORECASE)


def message_by(author: str, elements: list[ElementInfo]) -> ElementInfo | None:
    """The one listed message whose name begins with its author's name ("Cora In id. Lacus…"); None
    when no element or several do (a thread of hers, or a name that is also a folder's)."""
    begins = re.compile(rf"{re.escape(author)}(?!\w)")
    found = [e for e in elements if e.role in LISTED and not e.disabled
             and begins.match(e.name.strip()) and len(e.name.split()) > len(author.split())]
    return found[0] if len(found) == 1 else None


def message_move(request: StepRequest, elements: list[ElementInfo], pressed: set[str]) -> Move | None:
    """What code does next with the message the request names by its author, each once (`pressed`
    keeps what it did): open it from the list; to give it to someone, press Forward, type that person
    into the empty recipient field and press the one Send button."""
    author, recipient = request.author, request.recipient
    if author is None:
        return None
    listed = message_by(author, elements)
    forward = next((e for e in elements if e.role == "button" and FORWARD.fullmatch(e.name.strip())), None)
    to = next((e for e in elements if e.role == "textbox" and TO_FIELD.fullmatch(e.name.strip())
               and not (e.value or "").strip()), None)
    if listed is not None and listed.id not in pressed:
        return _once(pressed, listed.id, ("click", {"element": listed.id}))
    if recipient and forward is not None and "forward" not in pressed:
        return _once(pressed, "forward", ("click", {"element": forward.id}))
    if recipient and to is not None and "to" not in pressed:
        return _once(pressed, "to", ("type_text", {"element": to.id, "text": recipient}))
    send = [e for e in elements if e.role == "button" and SEND.search(e.name)]
    if "to" in pressed and len(send) == 1 and "send" not in pressed:  # under the confirmation policy
        return _once(pressed, "send", ("click", {"element": send[0].id}))
    return None


def _once(pressed: set[str], key: str, move: Move) -> Move:
    pressed.add(key)
    return move
