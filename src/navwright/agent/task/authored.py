"""Who wrote the message a request does something with, and whom it goes to, read off the request's
grammar: the message "from", "by" or "that … wrote" a person, or a person's ("Sherline's e-mail");
it goes to someone else when the request gives it on ("…and send it to Kerrill", "Give Bobine the
message…"). agent/authored.py opens and forwards it; agent/policy.py reads a forward as a send the
person asked for."""

from __future__ import annotations

import re

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
