"""Which learned request is like a new one: by meaning with the embedding model, by words without it."""

from __future__ import annotations

import pytest

from navwright.memory import similar
from navwright.memory.similar import method, most_like

LEARNED = [
    ("What does the blue mug cost?", "What does the blue mug cost?"),
    ("Add the red teapot to the cart", "Add the {{$1}} to the cart"),
    ("Find the cheapest flight from Lisbon to Paris", "Find the cheapest flight from {{$1}} to {{$2}}"),
]


@pytest.fixture
def words_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """As on an install without the embedding model's package."""
    monkeypatch.setattr(similar, "embedder", lambda: None)


def test_the_embedding_model_loads_from_its_wheel_and_finds_a_paraphrase() -> None:
    assert method() == "wordllama"  # the dev install has it; loading fetched nothing (no network here)
    assert most_like("How much is the blue mug?", LEARNED) == 0
    assert most_like("Order two pizzas", LEARNED) is None
    assert most_like("What is the weather in Paris?", LEARNED) is None  # a shared city is not a like request
    signup = ("Sign up Ada Lovelace with ada@example.com to the newsletter",
              "Sign up {{$1}} with {{$2}} to the newsletter")
    assert most_like("Sign up Grace Hopper with grace@example.com to the newsletter", [signup]) == 0


def test_the_learned_template_counts_so_other_values_do_not_hide_a_like_request() -> None:
    asked = "Add the Le Creuset casserole to the cart"  # cosine 0.35 to the request, 0.54 to its template
    assert most_like(asked, LEARNED) == 1
    assert most_like(asked, [(said, said) for said, _ in LEARNED]) is None


def test_without_the_embedding_model_requests_are_compared_by_their_words(words_only: None) -> None:
    assert method() == "bm25"
    assert most_like("How much does the blue mug cost?", LEARNED) == 0
    assert most_like("Order two pizzas", LEARNED) is None


def test_work_from_another_site_must_be_more_alike(words_only: None) -> None:
    asked = "Find the flight from Lisbon"  # 4 of its 5 words: enough here, not for another site's work
    assert most_like(asked, LEARNED) == 2
    assert most_like("Find the cheap flights from Lisbon to Oslo", LEARNED, elsewhere=True) is None
