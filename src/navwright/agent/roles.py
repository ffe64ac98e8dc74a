"""The role a page gives a person it names ("Reported by: Felipe Silva", "created by Emma Liang",
"Owner: Ana Ruiz"), and the posts of a page, each under its author's byline ("comment:2 by David
Okafor").

A question asks for the person in one role ("Who owns ticket #14?", "Who found the cause?"): a name the
page gives in another role is not its answer, however close to the question's words the line is (a
small model reading "Reported by: Felipe Silva | Owned by: Bence Kovacs" answers "Felipe Silva owns…").
The author of the one post whose words name what a question asks ("Found it: the heartbeat timer…")
is who did or said it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from navwright.agent.labels import meets
from navwright.agent.task.asks import content_stems
from navwright.agent.task.tokens import words

_AUTHORED = content_stems(words("wrote written writes writer author authored posted published created "
                                "made sent signed"))
"""What a question asks of the person "posted by", "written by"… names: the author."""


@dataclass(frozen=True)
class Misnamed:
    """A name the answer gives that the page shows only in a role the question does not ask."""

    name: str
    role: str


def roles_of(name: str, line: str) -> list[str]:
    """The roles `line` gives `name`: the participle before "by" ("Reported by: …", "created by …"), or
    a label ("Owner: …"); [] when it names no role for it (a byline, "comment:2 by …", is the author of
    what follows it, which the line may not show)."""
    said = re.escape(name)
    found = []
    for match in re.finditer(rf"(\w+)\s+by:?\s*(?:\|\s*)?{said}", line, re.IGNORECASE):
        before = match.group(1).casefold()
        if before.isalpha() and before.endswith(("ed", "en")):
            found.append(before)
    for match in re.finditer(rf"(?:^|\|\s*)([A-Za-z][\w ]{{1,30}}?):\s*(?:\|\s*)?{said}", line):
        if "by" not in words(match.group(1)):
            found.append(" ".join(words(match.group(1))))
    return found


def misnamed(asked: frozenset[str] | None, names: list[str], lines: list[str]) -> Misnamed | None:
    """For a question that asks who (`asked`: what it asks of the person, TaskIntent.who), the first of
    `names` (the answer's) that `lines` show only in roles the question's words do not name ("Who found
    the cause?" and "created by Emma Liang"); None when each is shown in the role asked, or with no role
    at all, or the question asks no who."""
    if asked is None:
        return None
    for name in names:
        roles = [role for line in lines for role in roles_of(name, line)]
        if roles and not any(_asked(role, asked) for role in roles):
            return Misnamed(name, roles[0])
    return None


def _asked(role: str, asked: frozenset[str]) -> bool:
    stems = content_stems(words(role))
    return meets(stems, asked) or (meets(stems, _AUTHORED) and meets(_AUTHORED, asked))


_BYLINE = re.compile(r"\bby\s+([A-Z][\w'’-]+(?:\s+[A-Z][\w'’-]+){0,3})")
"""A post's byline: "comment:2 by David Okafor, 3 years ago", "Posted by Ana Ruiz"."""


@dataclass(frozen=True)
class Post:
    author: str
    byline: str
    body: list[str]


def posts_in(lines: str) -> list[Post]:
    """The posts of a page's lines: each byline ("# comment:2 by David Okafor, 3 years ago") with the
    lines under it, up to the next heading or byline."""
    posts: list[Post] = []
    for raw in lines.splitlines():
        line = raw.strip()
        found = _BYLINE.search(line)
        if found is not None and len(words(line)) <= 12:
            posts.append(Post(found.group(1), line.lstrip("# "), []))
        elif line.startswith("#"):
            posts.append(Post("", line, []))  # another heading: the post above it ends
        elif posts and line:
            posts[-1].body.append(line)
    return [p for p in posts if p.author and p.body]


def post_author(asks_who: bool, asked: frozenset[str], lines: str) -> Post | None:
    """For a question that asks who did or said something ("Who found the cause, according to its
    comments?"), the one post whose words name what it asks (`asked`: the question's stems less the
    page title's); None when none or several do."""
    if not asks_who or not asked:
        return None
    fitting = [p for p in posts_in(lines) if meets(content_stems(words(" ".join(p.body))), asked)]
    return fitting[0] if len({p.author for p in fitting}) == 1 else None
