"""A script for the model stand-in: answers per role, in order, that may read the prompt they answer."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel

from navwright.models.base import Message

Answer = dict[str, Any] | str | Callable[[str], dict[str, Any] | str]
ROLES = {"PlannerReply": "planner", "RetryReply": "planner", "CheckReply": "check",
         "NavigatorReply": "navigator", "ReaderReply": "reader", "FormPlan": "formfill",
         "VerifyReply": "verify"}
NOT_A_QUESTION = {"kind": "action", "answer": ""}
"""The reader's answer when a script gives none: the task changes something, so the reader is not
asked again in the run and the navigator does the step."""
SHOWN = {"shows": "yes"}
"""The check call's answer when a script gives none: the quoted lines show the answer."""
NO_VALUES = {"fields": {}}
"""The form procedure's answer when a script gives none: the task gives no value for the form, so the
navigator fills it."""


def eid(prompt: str, label: str) -> str:
    """The id the page shows right before `label` (as a model would read it)."""
    for line in prompt.splitlines():  # a page line: `[id] role "label…`
        found = re.match(r"\s*(?:<page>)?\[([^\]]+)\] [^\"]*\"" + re.escape(label), line)
        if found:
            return found.group(1)
    raise AssertionError(f"no element labelled {label!r} in the prompt:\n{prompt}")


def web_step(request: str, site: str = "") -> dict[str, Any]:
    return {"decision": {"kind": "web_step", "thought": "do it", "site": site, "request": request}}


def finish(answer: str) -> dict[str, Any]:
    return {"decision": {"kind": "finish", "thought": "done", "answer": answer, "evidence": ""}}


def give_up(reason: str) -> dict[str, Any]:
    return {"decision": {"kind": "give_up", "thought": "no way", "reason": reason}}


def ask(question: str, kind: str = "data") -> dict[str, Any]:
    return {"decision": {"kind": "ask_user", "thought": "need it", "question": question, "ask": kind}}


def actions(*items: dict[str, Any]) -> dict[str, Any]:
    return {"thought": "next", "actions": list(items)}


def done(answer: str = "") -> dict[str, Any]:
    return {"name": "finish", "status": "done", "answer": answer}


class Script:
    """Hands out the next answer for the role the schema names; keeps every prompt it saw."""

    def __init__(self, **answers: list[Answer]) -> None:
        self.answers = {role: list(items) for role, items in answers.items()}
        self.prompts: list[tuple[str, str]] = []
        self.schemas: list[tuple[str, type[BaseModel] | dict[str, Any] | None]] = []

    def __call__(self, messages: list[Message], schema: type[BaseModel] | None) -> dict[str, Any] | str:
        role = ROLES.get(schema.__name__ if schema else "", "other")
        return self.reply(role, [m.content for m in messages], schema)

    def reply(
        self, role: str, contents: list[str], schema: type[BaseModel] | dict[str, Any] | None
    ) -> dict[str, Any] | str:
        """The next answer for `role` to messages with these contents (the last one is the prompt)."""
        prompt = contents[-1] if contents else ""
        self.prompts.append((role, "\n".join(contents)))
        self.schemas.append((role, schema))
        queue = self.answers.get(role) or []
        if role == "reader" and not queue:
            return dict(NOT_A_QUESTION)
        if role == "formfill" and not queue:
            return dict(NO_VALUES)
        if role == "verify" and not queue:
            return dict(SHOWN)
        if not queue:
            raise AssertionError(f"the script has no more {role} answers; prompt was:\n{prompt}")
        answer = queue.pop(0)
        made = answer(prompt) if callable(answer) else answer
        return with_refs(made, schema) if isinstance(made, dict) and schema is not None else made

    def seen(self, role: str) -> list[str]:
        return [p for r, p in self.prompts if r == role]

    def offered(self, role: str = "navigator") -> list[set[str]]:
        """The action names each call's reply schema allowed (the prompt may list more: the run's menu
        keeps every action offered so far, agent/menus.py)."""
        return [action_names(s) for r, s in self.schemas if r == role and s is not None]


def element_refs(script: Script, role: str = "navigator") -> list[set[str]]:
    """The elements ("label #ID") each call's reply schema let an action name."""
    schemas = [s for r, s in script.schemas if r == role and s is not None]
    return [{ref for ref in _enums(s) if " #" in ref} for s in schemas]


def action_names(schema: type[BaseModel] | dict[str, Any]) -> set[str]:
    """The `name` constants of the actions a reply schema allows."""
    node = schema if isinstance(schema, dict) else schema.model_json_schema()
    names: list[str] = []
    for model in node.get("$defs", {}).values():
        _collect_enums(model.get("properties", {}).get("name", {}), names)
    return set(names)


def with_refs(answer: dict[str, Any], schema: type[BaseModel] | dict[str, Any]) -> dict[str, Any]:
    """Write bare element ids the way the schema (a model or its JSON schema) names elements
    ("label #ID"), as a model would."""
    refs = _enums(schema)
    for action in answer.get("actions", []):
        element = action.get("element") if isinstance(action, dict) else None
        if isinstance(element, str) and "#" not in element:
            action["element"] = next((r for r in refs if r.endswith(f" #{element}")), element)
    return answer


def _enums(schema: type[BaseModel] | dict[str, Any]) -> list[str]:
    """Every string constant of a reply schema (a model or its JSON schema): action names, element refs."""
    out: list[str] = []
    _collect_enums(schema if isinstance(schema, dict) else schema.model_json_schema(), out)
    return out


def _collect_enums(node: Any, out: list[str]) -> None:
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("enum", "const"):
                out.extend(v for v in (value if isinstance(value, list) else [value]) if isinstance(v, str))
            else:
                _collect_enums(value, out)
    elif isinstance(node, list):
        for item in node:
            _collect_enums(item, out)
