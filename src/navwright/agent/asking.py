"""`asks_back`: the planner may not ask the person what the person asked. A question ("Who wrote the most
recent news article, and when was it published?") is asked because the person does not know the answer;
the planner's "What date was the most recent news article published?" hands it back to them. Such a
question is not put to the person: the planner decides again, told to find it on the site or give up."""

from __future__ import annotations

from collections.abc import Collection

from navwright.agent.decisions import AskUser
from navwright.agent.task.asks import content_stems
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import words

NAME = "asks_back"

MIN_SHARED = 2
"""Content words the planner's question must share with the request to be the request's own question."""


def asks_back(decision: AskUser, intent: TaskIntent, without: Collection[str] = ()) -> bool:
    """`decision` asks the person for data that the question they asked is about: two or more of its
    content words, and at least half of them, are the request's ("What date do you travel?" for "the
    cheapest flight to Lisbon" shares none and is asked)."""
    if NAME in without or decision.ask != "data" or not intent.question_only:
        return False
    theirs = content_stems(words(decision.question))
    shared = theirs & intent.stems
    return len(shared) >= MIN_SHARED and 2 * len(shared) >= len(theirs)
