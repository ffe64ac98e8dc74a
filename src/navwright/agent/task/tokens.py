"""The agent's one way to cut text into words, and its one list of words that say nothing of what is
asked (`STOP`). A word is a run of letters and digits in any script ("Zürich", "東京", "LF2026"); an
underscore, an apostrophe or a hyphen ends it ("first_name" is two words, "what's" is "what" and "s").
Words are compared case-folded ("Straße" and "STRASSE" are one word).

A rule that must drop a few more words says so where it reads them: `STOP | {"tell", "please"}`."""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+")
NUMBER = re.compile(r"(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?")
"""A number as a page or a person writes it in figures ("1,299.00", "7", "2.1")."""
_LETTERS = re.compile(r"[^\W\d_]+")

NUMBER_WORDS = {word: n for n, word in enumerate((
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
    "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"))}
"""Numbers as a person writes them in words, up to twenty."""
STOP = frozenset({
    # articles
    "a", "an", "the",
    # pronouns and determiners
    "i", "me", "my", "we", "our", "you", "your", "he", "him", "his", "she", "her", "it", "its", "they",
    "them", "their", "this", "that", "these", "those", "there",
    # prepositions and conjunctions
    "of", "in", "on", "at", "to", "for", "from", "by", "with", "about", "into", "as", "and", "or", "but",
    "if", "than", "then",
    # auxiliaries
    "is", "are", "was", "were", "be", "been", "do", "does", "did", "has", "have", "had", "can", "could",
    "would", "should",
    # question words
    "what", "which", "who", "whom", "whose", "when", "where", "why", "how", "much", "many",
})
"""English function words: they carry no topic, so a rule that matches a request's words against a
page's leaves them out. Words that are also names ("US", "May", "Will") are not in it."""

CALENDAR = frozenset({
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
})
"""The names of the months and of the days of the week: capitalised, but not the name of a thing."""


def words(text: str, keep_case: bool = False) -> list[str]:
    """The text's words in order, case-folded (as written with `keep_case`): letters and digits in any
    script, no underscore."""
    found = _WORD.findall(text)
    return found if keep_case else [w.casefold() for w in found]


def word_set(text: str) -> frozenset[str]:
    """The text's distinct words, case-folded (see `words`)."""
    return frozenset(words(text))


def telling(sets: Sequence[frozenset[str]]) -> frozenset[str]:
    """The words some of these word sets hold and others do not: what tells their texts apart."""
    if not sets:
        return frozenset()
    return frozenset().union(*sets) - frozenset(sets[0]).intersection(*sets[1:])


def letters(text: str, min_len: int = 1, keep_case: bool = False) -> list[str]:
    """The text's runs of letters only, case-folded (as written with `keep_case`), of `min_len` letters
    or more as written: digits end a run ("abc123" is "abc") and shorter runs are left out."""
    return [w if keep_case else w.casefold() for w in _LETTERS.findall(text) if len(w) >= min_len]


def joined(text: str) -> str:
    """The text's words, case-folded, one space between them: two texts that differ only in case,
    punctuation and spacing read the same ("Save  changes!" and "save changes")."""
    return " ".join(words(text))


def flat(text: str) -> str:
    """The text's letters and digits only, case-folded: "BK-7Q2X" and "bk 7q2x" are both "bk7q2x"."""
    return "".join(words(text))


def numbers_in(text: str) -> list[re.Match[str]]:
    """Where the text shows a number ("1,299.00", "7", "2.1")."""
    return list(NUMBER.finditer(text))


def number_value(match: re.Match[str]) -> float:
    return float(match.group(0).replace(",", ""))


def number_set(text: str) -> frozenset[float]:
    """The values of the numbers the text shows."""
    return frozenset(number_value(m) for m in numbers_in(text))
