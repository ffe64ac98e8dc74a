"""The page's language switcher is left alone (`language_left_alone`).

Asked "How much has Chloe paid in all?" on a shared budget's bills page, the small model's first action
was "Languages": the menu it opened listed forty languages, and the next call carried 1,984 prompt
tokens instead of 1,568, and chose wrong. Nothing a person asks of a site needs its interface in
another language unless the task says so. So while the task names no language, the menu offers no
control of a language switcher: the toggle labelled "Language" or "Languages" (in a few tongues), a
list of three or more links or buttons each labelled with a language's own name ("Deutsch", "Čeština",
"English (UK)"), and a select whose options are such names. The page still shows them; no action may
name them. A single link "English" (a course, a section) is offered as before.
"""

from __future__ import annotations

from navwright.agent.choosing import LISTS
from navwright.agent.task.intent import TaskIntent
from navwright.agent.task.tokens import joined, letters
from navwright.browser.types import ElementInfo, Observation

LANGUAGE_LEFT_ALONE = "language_left_alone"
CONTROLS = ("link", "button", "menuitem", "option")
MIN_LISTED = 3
"""Controls labelled with a language's name, at least, for them to be a switcher's list."""
TOGGLE_WORDS = frozenset({"language", "languages", "lang", "sprache", "sprachen", "langue", "langues",
                          "idioma", "idiomas", "lingua", "lingue", "taal", "talen", "språk", "sprog",
                          "kieli", "jezik", "język", "jazyk", "nyelv", "язык", "мова"})
"""The word of a switcher's toggle ("Languages", "Sprache")."""
AROUND = frozenset({"change", "select", "choose", "switch", "your", "the", "site", "interface", "display"})
"""Words a toggle's label may hold besides ("Change language", "Select your language")."""
LANGUAGE_WORDS = frozenset({"language", "languages", "translate", "translation", "translated", "locale"})
"""Words by which a task asks about the page's language."""
NAMES = {
    "english": "english", "deutsch": "german", "français": "french", "francais": "french",
    "español": "spanish", "espanol": "spanish", "italiano": "italian", "nederlands": "dutch",
    "português": "portuguese", "portugues": "portuguese", "polski": "polish", "čeština": "czech",
    "slovenčina": "slovak", "magyar": "hungarian", "română": "romanian", "hrvatski": "croatian",
    "srpski": "serbian", "slovenščina": "slovenian", "dansk": "danish", "svenska": "swedish",
    "norsk": "norwegian", "bokmål": "norwegian", "nynorsk": "norwegian", "suomi": "finnish",
    "eesti": "estonian", "latviešu": "latvian", "lietuvių": "lithuanian", "türkçe": "turkish",
    "azərbaycan": "azerbaijani", "català": "catalan", "galego": "galician", "euskara": "basque",
    "esperanto": "esperanto", "ελληνικά": "greek", "русский": "russian", "українська": "ukrainian",
    "български": "bulgarian", "српски": "serbian", "עברית": "hebrew", "العربية": "arabic",
    "فارسی": "persian", "हिन्दी": "hindi", "বাংলা": "bengali", "தமிழ்": "tamil", "ไทย": "thai",
    "tiếng việt": "vietnamese", "bahasa indonesia": "indonesian", "bahasa melayu": "malay",
    "中文": "chinese", "简体中文": "chinese", "繁體中文": "chinese", "日本語": "japanese",
    "한국어": "korean", "íslenska": "icelandic", "gaeilge": "irish", "cymraeg": "welsh",
    "shqip": "albanian", "македонски": "macedonian", "беларуская": "belarusian", "ქართული": "georgian",
    "հայերեն": "armenian", "oʻzbekcha": "uzbek", "kiswahili": "swahili", "afrikaans": "afrikaans",
}
"""Languages' own names, each with its English name (what a task that asks for one says)."""


def left_alone(intent: TaskIntent, obs: Observation) -> frozenset[str]:
    """Ids of the page's language switcher's controls, while the task names no language; else none."""
    if asks_language(intent):
        return frozenset()
    listed = [e for e in obs.elements if e.role in CONTROLS and language_named(e.name)]
    held = {e.id for e in listed} if len(listed) >= MIN_LISTED else set()
    held |= {e.id for e in obs.elements if _toggle(e) or _language_list(e)}
    return frozenset(held)


def asks_language(intent: TaskIntent) -> bool:
    """The task says a language, or asks about the page's language ("Switch the shop to German")."""
    words = intent.words
    return bool(words & LANGUAGE_WORDS) or any(
        name in words or english in words or (" " in name and name in intent.joined)
        for name, english in NAMES.items())


def language_named(label: str) -> bool:
    """A label that is a language's own name, perhaps with its region ("English (UK)", "Deutsch")."""
    head = joined(label.split("(")[0])
    return head in NAMES


def _toggle(e: ElementInfo) -> bool:
    """A control whose label says only "Language(s)" ("Change language", "Sprache ▾")."""
    words = set(letters(e.name))
    return e.role in (*CONTROLS, *LISTS) and bool(words & TOGGLE_WORDS) and words <= TOGGLE_WORDS | AROUND


def _language_list(e: ElementInfo) -> bool:
    """A select whose options are languages' own names, most of them."""
    return e.role in LISTS and len(e.options) >= 2 and (
        sum(language_named(o) for o in e.options) * 2 > len(e.options))
