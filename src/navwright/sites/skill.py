"""A site function as a navigator Skill: validated arguments, change observation, confirmation flag."""

from __future__ import annotations

from pydantic import BaseModel

from navwright.browser.changes import act_and_observe
from navwright.browser.render import quote_page
from navwright.browser.skills.base import Skill, SkillContext
from navwright.browser.types import ActionResult
from navwright.sites.calls import Declared, HttpCall
from navwright.sites.invoke import FALLBACK, bad_arguments, call_function
from navwright.sites.schema import args_of, params_model


def describe(fn: Declared) -> str:
    """The function's description, plus the allowed values of its optional choice parameters."""
    props = fn.parameters.get("properties") or {}
    required = set(fn.parameters.get("required") or [])
    choices = [
        f"{name}: {'|'.join(str(v) for v in prop['enum'])}"
        for name, prop in props.items()
        if isinstance(prop, dict) and name not in required and isinstance(prop.get("enum"), list)
    ]
    text = f"Site function: {quote_page(fn.description.rstrip('.'))}."
    return f"{text} ({'; '.join(choices)})" if choices else text


def site_function_skill(fn: Declared, *, name: str | None = None, budget: int = 1500) -> Skill:
    """The skill the navigator sees; state-changing functions need the person's confirmation."""
    skill_name = name or fn.name
    params = params_model(skill_name, fn.parameters)

    async def handler(ctx: SkillContext, chosen: BaseModel) -> ActionResult:
        args = args_of(chosen)
        bad = bad_arguments(fn, args)
        if bad:
            return ActionResult(action=skill_name, ok=False, error=bad)
        text: list[str | None] = [None]

        async def act() -> str:
            out = await call_function(
                fn, ctx.session.page, args, allowed_domains=list(ctx.allowed_domains), budget=budget
            )
            text[0] = out.text
            return out.detail

        result = await act_and_observe(ctx.session, skill_name, act, secrets=ctx.secrets)
        result.text = text[0]
        if not result.ok:
            result.error = f"{result.error or 'the call failed'}. {FALLBACK}"
        return result

    return Skill(
        name=skill_name,
        description=describe(fn),
        params=params,
        handler=handler,
        read_only=fn.read_only,
        changes_page=not isinstance(fn.invocation, HttpCall),
        needs_confirmation=not fn.read_only,
    )
