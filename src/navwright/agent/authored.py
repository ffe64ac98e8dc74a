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
then over code's) and presses Send, under the confirmation policy like any send.
"""

from __future__ import annotations

import re

from navwright.agent.procedure import Move
from navwright.browser.types import ElementInfo

NAME = r"([A-Z][\w-]+(?:\s+[A-Z][\w-]+)?)"
MESSAGE = r"(?i:e-?mail|mail|message|note|letter|information|info)s?"
AUTHORED = [
    re.compile(rf"\b{MESSAGE}\b(?:\s+(?:that\s+)?you\s+(?:received|got|have)|\s+(?:written|sent)\s+to\s+(?:me|you))?"
               rf"\s+(?:from|by)\s+{NAME}"),
    re.compile(rf"\b{MESSAGE}\s+(?:(?:that|which)\s+)?{NAME}\s+(?:wrote|sent|has\s+sent)\b"),
    re.compile(rf"\b{NAME}'s\s+(?:latest\s+|last\s+|new\s+)?{MESSAGE}\b"),
    re.compile(rf"\b{NAME}\s+(?:wrote|sent)\s+(?:me\s+|you\s+)?(?:an?|the|this|that)\s+{MESSAGE}\b"),
    re.compile(rf"\b{NAME}\s+wants\s+(?:his\s+or\s+her|her|his|their)\s+(?:own\s+)?{MESSAGE}\b"),
]
DOING = re.compile(r"\b(?:forward(?:s|ed|ing)?|repl(?:y|ies|ied|ying)|respond|answer|delete[sd]?|deleting|"
                   r"remov(?:e|es|ed|ing)|trash|archive[sd]?|star(?:s|red)?|flag(?:s|ged)?|"
                   r"mov(?:e|es|ed|ing)|send|give|pass\s+on|share)\b", re.IGNORECASE)
"""What a request does with a message once it is open."""
LISTED = {"button", "link", "row", "listitem", "option", "gridcell"}
GIVING = r"(?i:forward(?:ed|ing)?|send|giv(?:e|en|ing)|gave|pass(?:ed)?\s+on|shared?)"
AWAITED = re.compile(rf"\b{NAME}\s+(?:is|was|has\s+been)\s+(?:waiting|asking|looking)\s+for\s+"
                     rf"(?:the|an?|this|that)\s+{MESSAGE}")
"""Someone waits for a message another wrote: "Caryn is waiting for the email by Brooke" gives it to her."""
PASSED_ON = re.compile(r"\b(?:be|being|get|gets|have\s+(?:it|them)|want\s+(?:it|them))\s+"
                       r"(?:sent|forwarded)\b", re.IGNORECASE)
"""A send asked for in the passive: "Lori wants her message to be sent to Berry"."""
SENT_ON = re.compile(r"\b(?:by|from)\s+[A-Z][\w-]+(?:\s+[A-Z][\w-]+)?\s+sent\s+to\s+" + NAME)
"""A message named by its author, then where it goes: "an email written to me by Penni sent to Maris"."""
RECIPIENT = [
    SENT_ON,
    AWAITED,
    re.compile(rf"\b(?:be|being|get|gets)\s+(?:sent|forwarded)\s+to\s+{NAME}"),
    re.compile(rf"\b{GIVING}\b[^.;]*?\bto\s+{NAME}"),
    re.compile(rf"\b{GIVING}\s+{NAME}\s+(?:the|this|that|an?|her|his|their)\b"),
]
FORWARD = re.compile(r"(?:forward|fwd)\.?", re.IGNORECASE)
SEND = re.compile(r"\bsend\b", re.IGNORECASE)
TO_FIELD = re.compile(r"(?:to|recipients?|send\s+to)\s*:?", re.IGNORECASE)


def author_of(request: str) -> str | None:
    """The person who wrote the message the request does something with, or None."""
    if not any(p.search(request) for p in (DOING, SENT_ON, AWAITED, PASSED_ON)):
        return None
    for pattern in AUTHORED:
        m = pattern.search(request)
        if m is not None:  # "Forward Sherline's e-mail": the command is not a name
            first, _, rest = m.group(1).partition(" ")
            return rest if rest and DOING.fullmatch(first) else m.group(1)
    return None


def message_by(author: str, elements: list[ElementInfo]) -> ElementInfo | None:
    """The one listed message whose name begins with its author's name ("Cora In id. Lacus…"); None
    when no element or several do (a thread of hers, or a name that is also a folder's)."""
    begins = re.compile(rf"{re.escape(author)}(?!\w)")
    found = [e for e in elements if e.role in LISTED and not e.disabled
             and begins.match(e.name.strip()) and len(e.name.split()) > len(author.split())]
    return found[0] if len(found) == 1 else None


def recipient_of(request: str, author: str) -> str | None:
    """The person the request gives the message to ("forward it to Bevvy", "Give Bobine the message"),
    when that is not its author."""
    for pattern in RECIPIENT:
        m = pattern.search(request)
        if m is not None and m.group(1) != author:
            return m.group(1)
    return None


def forwards(request: str) -> bool:
    """The request gives a message someone wrote to someone else: it asks for it to be sent on."""
    author = author_of(request)
    return author is not None and recipient_of(request, author) is not None


def message_move(request: str, elements: list[ElementInfo], pressed: set[str]) -> Move | None:
    """What code does next with the message the request names by its author, each once (`pressed`
    keeps what it did): open it from the list; to give it to someone, press Forward, type that person
    into the empty recipient field and press the one Send button."""
    author = author_of(request)
    if author is None:
        return None
    recipient = recipient_of(request, author)
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
