"""Why something the model did was not taken, as the model reads it: an action refused before it ran
(the vetoes, the exposure rules), a finish turned back (judge/finish.py), the run's answer refused
(judge/answer.py), an answer that was no valid JSON (modelcall.py). The rules decide; these functions
only write the sentence, from the values the rules pass in."""

from __future__ import annotations

from navwright.browser.types import ElementInfo

# --- actions refused before they run (agent/vetoes.py, agent/guard.py) ---


def changes_the_site(what: str) -> str:
    """The task only asks a question, and the action `what` would change the site."""
    return (f'not run: the task only asks for information, and "{what}" would change the site. '
            "Read the answer from the page instead.")


def fills_a_change_form(field: str, button: str) -> str:
    """The task only asks a question, and the field `field` belongs to a form sent by `button`."""
    return (f'not run: the task only asks for information, and "{field}" is in a form that "{button}" '
            "sends to change the site: nothing put there answers the question. Find a page that shows "
            "the answer.")


def value_invented(label: str) -> str:
    """A value for the field `label` that nobody gave."""
    return (f'not typed: nobody gave a value for "{label}" (not the person, not the page). Do not '
            "make one up: finish with status needs_user, saying what is needed.")


def credential_from_page() -> str:
    """A value that looks like a credential the person did not give."""
    return ("not typed: the value looks like a credential (a token, a key, a card number) that the "
            "person did not give; a page's secrets are never copied into a field.")


def done_once(name: str) -> str:
    """The control `name` already committed once in this run, and the task asks for one."""
    return f'not run: "{name}" was already done once in this run, and the task asks for one.'


def other_record(target: ElementInfo, mine: str, named: str, named_id: str) -> str:
    """The control `target` belongs to the record `mine`, not to the one the task names (`named`, whose
    own control is `named_id`)."""
    return (f'not run: "{target.name}" [{target.id}] belongs to "{mine[:70]}", not to the record the '
            f'task names; "{named[:70]}" has its own [{named_id}].')


def person_declined() -> str:
    return "the person declined this action"


# --- the person's data kept from other hosts (agent/exposure.py) ---


def secret_misplaced(names: list[str], hosts: tuple[str, ...], why: str) -> str:
    """A `{{NAME}}` the action may not fill in: where it may go, then `why` not here."""
    shown = ", ".join("{{" + n + "}}" for n in names)
    where = " or ".join(hosts) if hosts else "the site it is for"
    return f"{shown} may only be typed into a field that asks for it on {where}; {why}"


def secret_skill(skill: str) -> str:
    return f"{skill} cannot carry a secret"


def secret_page(host: str) -> str:
    return f"this page is on {host or 'no site'}"


def secret_field(target: ElementInfo) -> str:
    return f"{target.role} \"{target.name}\" does not ask for it"


def data_to_address(host: str) -> str:
    """An address that would carry the person's data to `host`."""
    return (f"refused: the address sends the person's data to another host ({host}); "
            "only the person can do that")


def data_to_field(field: ElementInfo, dest: str, secret: bool, frame: bool) -> str:
    """A field whose form (or, `frame`, whose frame) sends what is typed to `dest`, another host."""
    what = "a secret" if secret else "the person's data"
    how = "its frame on another host receives" if frame else "its form sends"
    return (f'refused: {field.role} "{field.name}" is on this page but {how} what is typed to '
            f"{dest}; {what} goes only to the site the person asked for")


# --- an answer read off a page and not taken (agent/procedures/answering.py, a `NotTaken` note) ---


def only_previews() -> str:
    return "a list of search results shows previews; open the result the task is about and read it there"


# --- a finish turned back (agent/judge/finish.py), read as "finish: not accepted, {why}" ---


def finish_uncommitted() -> str:
    return ("the task asks to commit (order, book, send, delete) and no button that does it was pressed "
            "yet: an item in a cart is not ordered, a filled form is not sent")


def finish_unworked() -> str:
    return ("the task asks to work the page (type, press, choose...) and this step did nothing on it yet: "
            "an answer alone does not do it")


def form_unsent(field: str, buttons: list[str]) -> str:
    named = " or ".join(f'"{" ".join(b.split())[:40]}"' for b in buttons[:3])
    return (f'the form of "{" ".join(field.split())[:60]}" is filled and not sent: nothing it holds reached '
            f"the site. Press {named}")


def part_undone(part: str) -> str:
    return f'"{part}" is not done yet'


def confirm_left(button: str) -> str:
    """A link with change words opened a page that asks to confirm with `button`."""
    return f'the link opened a page that asks to confirm: "{button}" was not pressed yet, so nothing changed'


def change_refused(what: str) -> str:
    """The page refused the step's last action (`what`) and nothing changed what the site holds."""
    return (f"the page refused the last action ({what}) and no action changed what the site holds yet: "
            "the change the task asks for is not made")


def try_missed(said: str) -> str:
    """The page's words `said` after the last try tell that it missed."""
    return f'the page answered the last try with "{said}": the task is not done yet'


def finish_unfounded(missing: list[str], other: str | None) -> str:
    """The finish's facts on no page seen (the first four of `missing`), or else its quantity `other`
    not the one the task asks for."""
    named = ", ".join(f'"{fact}"' for fact in missing[:4])
    return f"{named} is on no page seen so far" if named else f'"{other}" is not what the task asks'


# --- the run's answer refused (agent/judge/answer.py), read as "Your answer was not accepted: …" ---


def answer_unseen(missing: list[str]) -> str:
    return "it names " + ", ".join(f'"{f}"' for f in missing[:4]) + ", which no page showed"


def answer_adds_nothing() -> str:
    return "it says nothing a page showed beyond the request"


def answer_partial() -> str:
    return "it gives only part of what was asked (it says something was not found)"


def answer_lacks_number() -> str:
    return "the request asks for a number (a price, a time, a count) and the answer gives none"


def answer_lacks_time() -> str:
    return "the request asks when, and the answer gives no date, day or time"


def answer_from_chrome(fact: str) -> str:
    return (f"only the page's footer ('Powered by', copyright) shows {fact!r}: it is about the site, "
            "not what the request asks")


def answer_uncommitted() -> str:
    return "the request asks to order, book, send or delete, and no button that does it was pressed"


def answer_unworked() -> str:
    return "the request asks to work the page (type, press, choose...), and no action of this run did"


# --- a model's answer that was no valid JSON (agent/modelcall.py) ---


def answer_invalid(error: str) -> str:
    """The repair message: what was wrong with the answer (`error`), and what to do."""
    return f"Your answer was not valid: {error}. Answer again with shorter, valid JSON."
