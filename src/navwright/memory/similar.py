"""Which learned request is most like a new one.

An embedding model when its package is installed (`pip install 'navwright[embed]'`: WordLlama, whose
256-dimension weights ship inside its PyPI wheel, so nothing is downloaded), else Okapi BM25 over the
requests' words. A learned request is compared twice: as it was said (its values filled in) and as
its template with the values left out, so that "Select Jane …" is like "Select {{$1}} …" whatever the
name; the better of the two counts. Precision first: a wrong example misleads a small model more
than no example does.
"""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Protocol

from navwright.logkeep import logging_kept

K1, B = 1.2, 0.75
MIN_SHARED = 0.5
"""BM25: share of the new request's words a learned request must have to count as similar."""
MIN_SHARED_ELSEWHERE = 0.7
MIN_COSINE, SURE_COSINE = 0.45, 0.7
"""Embeddings: a learned request is like the new one when their cosine similarity is at least SURE,
or at least MIN and they share enough words (static word embeddings weigh rare words, names and
e-mails, heavily: the same request for another person scores ~0.55, "weather in Paris" against
"a flight to Paris" 0.5)."""
MIN_COSINE_ELSEWHERE, SURE_COSINE_ELSEWHERE = 0.55, 0.8
"""The same, for work learned on another site (its page labels will differ: be surer)."""
SURE_SHARED = 0.75
"""A learned request that has this share of the new one's words is like it whatever the embedding
says (made-up tokens, "Select HF2" against "Select ACjXo, ktK", are far apart as vectors)."""
PLACEHOLDER = re.compile(r"\{\{[^{}]*\}\}")

log = logging.getLogger(__name__)


class Embedder(Protocol):
    name: str

    def similarities(self, query: str, texts: list[str]) -> list[float]:
        """Cosine similarity of each text to the query."""
        ...


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


class WordLlamaEmbedder:
    name = "wordllama"

    def __init__(self) -> None:
        with logging_kept():  # importing wordllama sets the root logger to INFO (httpx then prints)
            import wordllama

            # The wheel holds the weights and the tokenizer; its folder is the cache: nothing is fetched.
            folder = Path(wordllama.__file__).parent
            self._model = wordllama.WordLlama.load(cache_dir=folder, disable_download=True)

    def similarities(self, query: str, texts: list[str]) -> list[float]:
        if not texts:
            return []
        vectors = self._model.embed([query, *texts], norm=True)
        return [float(v) for v in vectors[1:] @ vectors[0]]


@cache
def embedder() -> Embedder | None:
    """The embedding model, loaded once; None when its package is absent or will not load."""
    try:
        return WordLlamaEmbedder()
    except ImportError:
        return None
    except Exception as exc:  # a broken install must not break memory: BM25 does the work
        log.warning("the embedding model did not load (%s); memory compares requests by their words", exc)
        return None


def method() -> str:
    """How requests are compared here: the embedding model's name, or "bm25"."""
    model = embedder()
    return model.name if model is not None else "bm25"


def most_like(query: str, learned: list[tuple[str, str]], *, elsewhere: bool = False) -> int | None:
    """Index of the learned request most like `query`, or None when none is like it enough."""
    found = alike(query, learned, elsewhere=elsewhere)
    return found[0] if found else None


def alike(query: str, learned: list[tuple[str, str]], *, elsewhere: bool = False) -> list[int]:
    """Indexes of the learned requests like `query` enough, the most like first. `learned`: (request
    as said, its template) pairs. `elsewhere`: they come from other sites, so the bar is higher."""
    if not learned or not words(query):
        return []
    said = [s for s, _ in learned]
    bare = [PLACEHOLDER.sub(" ", t) for _, t in learned]
    model = embedder()
    if model is None:
        return _by_words(query, said, elsewhere)
    cosines = [max(a, b) for a, b in zip(model.similarities(query, said), model.similarities(query, bare),
                                        strict=True)]  # fmt: skip
    least, sure = (MIN_COSINE_ELSEWHERE, SURE_COSINE_ELSEWHERE) if elsewhere else (MIN_COSINE, SURE_COSINE)
    floor = MIN_SHARED_ELSEWHERE if elsewhere else MIN_SHARED
    shares = [max(_shared(query, a), _shared(query, b)) for a, b in zip(said, bare, strict=True)]
    found = [i for i, (c, w) in enumerate(zip(cosines, shares, strict=True))
             if c >= sure or (c >= least and w >= floor) or (w >= SURE_SHARED and not elsewhere)]
    return sorted(found, key=lambda i: -(cosines[i] + shares[i]))


def _shared(query: str, text: str) -> float:
    """Share of the query's words that the text has."""
    asked = set(words(query))
    return len(asked & set(words(text))) / max(1, len(asked))


def _by_words(query: str, said: list[str], elsewhere: bool) -> list[int]:
    floor = MIN_SHARED_ELSEWHERE if elsewhere else MIN_SHARED
    scores = bm25(query, said)
    found = [i for i, text in enumerate(said) if _shared(query, text) >= floor and scores[i] > 0]
    return sorted(found, key=lambda i: -scores[i])
