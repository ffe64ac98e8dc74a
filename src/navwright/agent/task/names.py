"""What a task names, read once (`TaskIntent`): the reference it gives ("booking reference QX7P2L"), the
codes of flights, models or orders ("SW 488"), its names and numbers that tell records apart ("@kelly",
"#12"), the capitalised names a look-up searches for ("Cascade Rain Shell"), and whether it makes a new
record ("File a new defect")."""

from __future__ import annotations

import re

from navwright.agent.task.tokens import CALENDAR, words

REFERENCE = re.compile(r"\b(?=[A-Z0-9-]*\d)(?=[A-Z0-9-]*[A-Z])[A-Z0-9][A-Z0-9-]{4,}[A-Z0-9]\b")
"""A reference of six signs or more, capitals and digits together ("QX7P2L", "LF-PP-2026-00871")."""
SAID_AS = re.compile(r"\b(?:reference|booking|reservation|confirmation|order|application|tracking|ticket|"
                     r"case|claim|policy|permit|parcel|shipment)\b", re.IGNORECASE)
"""Words a task calls a reference by: without one, a code is a product's or a flight's name."""
CODE = re.compile(r"\b[A-Z]{1,4}[ -]?\d{2,6}\b")
"""A code a task names: a flight, a model or an order number ("SW 488", "XR-200")."""
_REFERENCE = re.compile(r"#\d{1,7}")
"""A record's number as people write it: "ticket #14", "issue #26"."""
_NAMEISH = re.compile(r"^[A-Z0-9][\w'’.-]*$")
_NOT_NAMES = frozenset({"i", "i'm", "my", "the", "a", "an", "what", "which", "who", "when", "where", "how",
                        "is", "are", "can", "does", "do", "using", "on", "in", "at", "of", "and"})
"""Words that, capitalised, begin a question or a sentence rather than a name ("What", "Using")."""
_NAME = re.compile(r"(?<=[@#])[A-Za-z0-9]+|\b[0-9]+\b|(?<=[a-z,] )[A-Z][A-Za-z0-9]+")
"""A name or number in the task: "@kelly", "#12", "12", a capitalised word within a sentence."""
_MAKES = re.compile(r"(?:^|[.!?;]\s+)(?:add|create|file|submit|post|register|open)\b|\bnew\b")
"""A task that makes a new record: "File a new defect…", "… . Add a bill …"."""
SEVERAL = re.compile(r"\b(?:than|between|difference|both|compared?)\b", re.IGNORECASE)
"""A question about two named things at once ("how many more … does Vellmar have than Pelin?")."""


def reference_in(task: str) -> str | None:
    """The reference the task gives, when it calls it one ("booking reference", "application")."""
    found = REFERENCE.search(task)
    return found.group(0) if found and SAID_AS.search(task) else None


def codes_in(task: str) -> list[str]:
    """The codes the task names: a flight, a model or an order number ("SW 488", "XR-200")."""
    return [plain(m) for m in CODE.findall(task)]


def named_in(task: str) -> frozenset[str]:
    """The task's names and numbers, lower-cased: "@kelly", "#12", "12", a capitalised word within a
    sentence."""
    return frozenset(w.lower() for w in _NAME.findall(task))


def makes_new(task: str) -> bool:
    """The task makes a new record ("File a new defect…", "… . Add a bill …")."""
    return bool(_MAKES.search(task.strip().lower()))


def names_in(question: str, site_title: str) -> str:
    """The longest run of capitalised words (or codes) in the question that are not the site's name
    (words of the page title): "Cascade Rain Shell", "Trailblazer 40L", "Marta Kowalski"."""
    return next(iter(names_all(question, site_title)), "")


def names_all(question: str, site_title: str) -> list[str]:
    """The question's names (see names_in), the longest first, each once."""
    site = set(words(site_title))
    runs: list[list[str]] = [[]]
    opening: set[int] = set()
    """The runs that start a sentence: one capitalised word there is just the sentence's first word
    ("Add the article about Pelin...")."""
    sentence_start = True
    for raw in question.split():
        token = raw.strip(",.;:?!()\"“”")
        token = re.sub(r"['’]s$", "", token)
        clean = token.casefold()
        if _REFERENCE.fullmatch(token):  # "#14": a record's number, searched for as it is written
            runs.extend([[token], []])
            sentence_start = False
            continue
        starts = token[:1].isalpha() or bool(runs[-1])  # "40L" goes on a name, never starts one
        if token and starts and _NAMEISH.match(token) and clean not in _NOT_NAMES and clean not in site:
            if not runs[-1] and sentence_start:
                opening.add(len(runs) - 1)
            runs[-1].append(token)
        elif runs[-1]:
            runs.append([])
        sentence_start = raw.endswith((".", ":", "?", "!"))
    named = [run for i, run in enumerate(runs)
             if not (i in opening and len(run) == 1)
             and (max((len(w) for w in run), default=0) > 2 or _REFERENCE.fullmatch(" ".join(run)))
             and not all(w.casefold().removesuffix("s") in CALENDAR for w in run)]  # "July", "Mondays"
    # a size or a code of two letters ("M", "EU") is no name to search for
    ordered = sorted(named, key=len, reverse=True)
    return list(dict.fromkeys(" ".join(run) for run in ordered))


_RUN = r"((?:[A-Z][\w'’-]*\s?){1,4})"
_MINE = re.compile(rf"\b(?i:my name is|i am|i'm|signed)\s+{_RUN}|{_RUN},?\s*\(?[\w.+-]+@[\w-]+\.[\w.]+")
"""A name the person gives as theirs: "my name is Ana Ruiz", "Jonas Weber, jonas.weber@example.org"."""


def own_names(task: str) -> frozenset[str]:
    """The names the task gives as the person's own details (to fill in, not to look up): beside an
    e-mail address ("from Jonas Weber, jonas.weber@example.org"), after "my name is"."""
    found = [m.group(1) or m.group(2) for m in _MINE.finditer(task)]
    return frozenset(n.strip() for n in found if n and n.strip())


_QUOTE = re.compile(r"(?<!\w)['‘\"“]([^'’\"”]{3,200})['’\"”](?!\w)")
_BODY = re.compile(r"\b(?i:message|note|comment|question|e-?mail|reply|saying|asking|text)\b[^:]*:\s+(\S.*)$")
"""What a task gives to write after a colon: "… a message through its contact form, from …: Is there a
plot free for next spring?"."""


def given_text(task: str) -> list[str]:
    """The text the task gives to type or send, not to find its way by: what it quotes ("with the
    summary 'Web console times out'"), and a message's words after a colon."""
    given = [m.group(1) for m in _QUOTE.finditer(task)]
    body = _BODY.search(task)
    return given + ([body.group(1)] if body else [])


def plain(text: str) -> str:
    """The text without spaces and dashes, case-folded: "SW 488" and "sw-488" are both "sw488"."""
    return re.sub(r"[\s-]+", "", text).casefold()
