"""Examples for the navigator: the verified step of this site most like the new request (BM25 over
the steps' requests), written as one compact line of actions within a token budget. No similar step:
no example, and the prompt is exactly what it is without memory."""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from functools import cache
from importlib import resources

from navwright.browser.render import estimate_tokens
from navwright.memory.models import LearnedStep
from navwright.memory.template import fill, filled

K1, B = 1.2, 0.75
MIN_SHARED = 0.5
"""Share of the new request's words a learned request must have to count as similar."""
EXAMPLE_TOKENS = 240
"""Most tokens an example may take by `estimate_tokens` (which counts each JSON mark as one and errs
high); actions are dropped from the end to fit."""
LABEL_CHARS = 40


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def bm25(query: str, documents: list[str]) -> list[float]:
    """Okapi BM25 score of each document for the query."""
    docs = [Counter(words(d)) for d in documents]
    if not docs:
        return []
    average = sum(sum(d.values()) for d in docs) / len(docs) or 1.0
    scores = []
    for doc in docs:
        length = sum(doc.values())
        score = 0.0
        for term in set(words(query)):
            having = sum(1 for d in docs if term in d)
            if not having or term not in doc:
                continue
            idf = math.log(1 + (len(docs) - having + 0.5) / (having + 0.5))
            tf = doc[term]
            score += idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / average))
        scores.append(score)
    return scores


def most_similar(request: str, steps: list[LearnedStep]) -> LearnedStep | None:
    """The step whose request is most like this one, when it shares enough of its words."""
    texts = [fill(s.request, s.values) for s in steps]
    asked = set(words(request))
    best: tuple[float, LearnedStep] | None = None
    for step, text, score in zip(steps, texts, bm25(request, texts), strict=True):
        shared = len(asked & set(words(text))) / max(1, len(asked))
        if shared >= MIN_SHARED and score > 0 and (best is None or score > best[0]):
            best = (score, step)
    return best[1] if best else None


@cache
def _template() -> str:
    return resources.files("navwright.memory").joinpath("prompts/example.txt").read_text("utf-8")


def example_text(step: LearnedStep) -> str:
    """One compact example: the request and its actions as the navigator writes them (labels, no ids)."""
    calls: list[str] = []
    for action in step.actions:
        call: dict[str, object] = {"name": action.skill}
        if action.target is not None:
            label = fill(action.target.name or action.target.label, step.values)
            call[action.element_param or "element"] = label[:LABEL_CHARS]  # page text: kept short
        call.update(filled(action.params, step.values))
        calls.append(json.dumps(call, ensure_ascii=False, separators=(",", ":")))
    request = fill(step.request, step.values)
    while calls:
        text = _template().format(request=request, actions=", ".join(calls))
        if estimate_tokens(text) <= EXAMPLE_TOKENS:
            return "\n" + text.rstrip("\n")
        calls.pop()
    return ""
