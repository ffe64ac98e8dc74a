"""The words a request commands with, read by code with no model call: a change of the site, work on the
page's controls, a question, a look-up; `commands` tells a word said as a command ("Order the parka")
from the same word as a noun ("my order history"). The safety policy (agent/policy.py) and the task's
intent (intent.py) read them."""

from __future__ import annotations

import re
from functools import lru_cache

CHANGING = ("turn on", "turn off", "switch on", "switch off", "enable", "disable", "set up", "change",
            "update", "rename", "add", "remove", "cancel", "archive", "mark", "move", "subscribe",
            "unsubscribe", "upload", "save", "create", "edit", "forward", "file", "post", "close", "reopen",
            "assign")
"""Words of a request that asks to change something on the site (a setting, a list, a file, a ticket
filed, closed or assigned)."""
EDITING = ("change", "edit", "update", "rename", "correct")
"""Words of a request that asks to change what a record already holds ("change its amount to 45.60")."""


FAMILIES: tuple[tuple[str, ...], ...] = (
    ("buy", "pay", "payment", "order", "checkout", "check out", "purchase", "place order", "submit payment",
     "book", "reserve", "subscribe", "donate", "rent"),
    ("send", "reply", "post", "email", "mail", "forward", "share", "publish", "submit", "comment"),
    ("delete", "remove", "erase", "cancel", "close", "unsubscribe", "deactivate", "empty"),
    ("transfer", "wire", "donate", "pay", "send money"),
    ("apply", "application", "submit application", "send application", "register", "sign up", "enrol",
     "enroll", "submit"),
)
"""Words of one kind of commitment: a person who asked for one of them asked for the kind. ("message"
is not one: "auto-reply with the message …" asks for no mail to be sent.)"""
COMMITTING = (*FAMILIES[0], "send", "reply", "delete", "apply for")
"""Words of a request that asks for a commitment a button makes (an order, a booking, a sent message,
a deletion, an application), not for a cart or a setting edited ("auto-reply", "remove from the cart",
"apply the coupon" are not here)."""
PURCHASE = ("buy", "order", "purchase", "checkout", "check out")
"""Commands of a request that orders something through a cart."""


ACTING = ("type", "enter", "fill", "press", "click", "select", "choose", "pick", "tick", "submit", "log in",
          "sign in", "sign up", "register", "expand", "open", "switch", "drag", "focus")
"""Words of a request that asks to work the page's controls."""
ASKING = ("tell me", "what", "which", "how", "when", "where", "who", "whether", "find out", "let me know",
          "read", "report", "show me", "give me", "say", "look up", "check", "see", "get")
"""Words of a request that asks for information (an answer is then part of what it wants)."""


LOOKING = ("find", "search", "look for", "look up", "guess", "solve")
"""Words of a request with a look-up or a problem in it ("…to find and click the link"): the page is
read for it, not only worked."""


def works_controls(request: str) -> bool:
    """The request begins by commanding the page's controls ("Enter an item that starts with "Les"",
    "Click on the okay button", "Select yn and click Submit"), asks nothing and looks nothing up: an
    action, known with no model call (the reader took "Enter an item…" for a question and ended the
    step with a suggestion it read, nothing chosen)."""
    text = request.lower().strip()
    if "?" in text or any(commands(text, w) for w in ASKING) or any(says(text, w) for w in LOOKING):
        return False
    return any(re.match(rf"{re.escape(w)}\b", text) for w in ACTING)


def tries_controls(request: str) -> bool:
    """The request tells to work the page's controls (press, type, submit…) and asks no question ("Guess
    the number between 0-9 and press Submit. Use the feedback below to find the right number"): the
    page's "The number is lower than 5" after a try is feedback on it, not the answer. A question ("Is
    coupon SAVE10 valid? Enter it and press Apply") may have such a line as its answer."""
    text = request.lower()
    return "?" not in text and any(commands(text, w) for w in ACTING)


def commit_missing(request: str, committed: int) -> bool:
    """Guard for a step's "done": the request asks to order, book, pay, send or delete, and no action
    that commits (one this policy asked approval for) has run yet: adding to a cart or filling a form
    only prepares it."""
    text = request.lower()
    return committed == 0 and any(commands(text, w) for w in COMMITTING)


def acting_missing(request: str, actions: int) -> bool:
    """Guard for a step's "done": the request commands working the page (type, press, choose, a change,
    a commitment) and asks nothing, and the step did no action at all: an answer alone does not do it
    ("Solve for x, type your answer and press Submit" was finished as "x = 8", with nothing typed)."""
    text = request.lower()
    if actions or "?" in text or any(commands(text, w) for w in ASKING):
        return False
    return any(commands(text, w) for w in (*ACTING, *CHANGING, *COMMITTING))


def asks_change(request: str) -> bool:
    """The request commands a change or a commitment ("Turn on my vacation auto-reply", "Order…") and
    asks no question (no sentence of it ends with "?"): an action, known with no model call."""
    text = request.lower()
    return "?" not in text and any(commands(text, w) for w in (*CHANGING, *COMMITTING))


def commands(text: str, word: str) -> bool:
    """`word` is said as a command: at the start of the request or of a sentence or clause ("Order
    the parka", "…. Send a new email", "please book", "and pay"), not as a noun ("my order history",
    "my booking reference"). A request put as a polite question is a command too ("Could you forward
    Alene's email to Charmian?", "can you please book…")."""
    return command_at(text, word) is not None


_LEAD = (r"(?:^|[.;:!?,]\s*|\b(?:and|then|please|to|now)\s+|"
         r"\b(?:could|can|would|will)\s+you\s+(?:please\s+)?)")


def command_at(text: str, word: str) -> int | None:
    """Where the clause that says `word` as a command begins in `text` (see `commands`), else None."""
    found = re.search(rf"{_LEAD}{re.escape(word)}\b", text)
    return None if found is None else found.start()


COMMANDS = (*ACTING, *CHANGING, *COMMITTING, *ASKING, *LOOKING)
"""Every word a request commands with."""
_SENTENCE_END = re.compile(r"[.!?;](?=\s|$)")


@lru_cache(maxsize=64)
def told_before_command(request: str) -> tuple[tuple[int, int], ...]:
    """The stretches of `request` that state something (`_STATES`) before the sentence's first command
    ("Tom Becker's bank transfer for order MCPKL has arrived: mark that order as paid"), not where to
    look (`_POINTER`). A sentence with no command that code knows is left alone: "I will pay by bank
    transfer" names the payment to choose, "Sign me up as a volunteer for the Apple Pressing" the
    shift. Read once per text: the navigator asks it of the same request at every call."""
    spans: list[tuple[int, int]] = []
    start = 0
    for end in [m.end() for m in _SENTENCE_END.finditer(request)] + [len(request)]:
        sentence = request[start:end].lower()
        lead = len(sentence) - len(sentence.lstrip())
        found = [at for word in COMMANDS if (at := command_at(sentence.strip(), word)) is not None]
        told = sentence.strip()[: min(found)] if found else ""
        if told and _STATES.search(told) and not _POINTER.match(told):
            spans.append((start + lead, start + lead + len(told)))
        start = end
    return tuple(spans)


_STATES = re.compile(r"\b(?:is|are|was|were|has|have|had|been)\b")
"""A finite verb that makes words a statement ("has arrived", "was entered wrong"), not a command that code
does not know ("Pull up Jacky's email and mark it important": "pull up" is the command)."""
_POINTER = re.compile(r"(?:according to|on|in|using|of|from|at|for|with|via|under|within)\b")
"""How a sentence begins that says where before it commands ("According to Harbor's ReleaseProcess wiki
page, …", "On the City of Lindfjord website, …"): what it names is where to go."""


def says(text: str, word: str) -> bool:
    """`word` in `text`, as it is or inflected ("booked", "ordering", "replies", "payment"), not as the
    start of another word ("booklet" does not say "book") nor as the end of one ("auto-reply" does not
    say "reply")."""
    stem, ending = (word[:-1], "(?:y|ys|ies|ied|ying|yment|yments)") if word.endswith("y") else (word, "")
    if word.endswith("e"):
        stem, ending = word[:-1], "(?:e|es|ed|ing|er|ers)"
    ending = ending or "(?:s|es|ed|d|ing|er|ers|ment|ments)?"
    return re.search(rf"(?<![\w-]){re.escape(stem)}{ending}\b", text) is not None
