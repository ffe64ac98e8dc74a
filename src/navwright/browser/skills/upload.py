"""upload_file: only files under the run's upload folders."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, Field

from navwright.browser.changes import act_and_observe
from navwright.browser.skills.base import SkillContext, skill
from navwright.browser.skills.common import ElementError, click_locator, element_field, find, probe
from navwright.browser.types import ActionResult


class UploadParams(BaseModel):
    element: str = element_field()
    path: str = Field(description="file to upload")


def allowed_file(path: str, upload_dirs: list[Path]) -> Path:
    """The resolved file, if it lies inside an allowed folder; otherwise an error in words."""
    if not upload_dirs:
        raise ElementError("uploads are not allowed in this run (no upload folder was given)")
    candidates = [Path(path)] if Path(path).is_absolute() else [d / path for d in upload_dirs]
    for candidate in candidates:
        real = candidate.resolve()
        if any(real.is_relative_to(d.resolve()) for d in upload_dirs) and real.is_file():
            return real
    folders = ", ".join(str(d) for d in upload_dirs)
    raise ElementError(f"{path} is not a file in the allowed upload folders ({folders})")


@skill("upload_file", UploadParams, does="upload", element_fields=("element",), offered_on=("file",))
async def upload_file(ctx: SkillContext, p: UploadParams) -> ActionResult:
    """Attach a file to a file input (or the button that opens a file picker)."""

    async def act() -> str:
        file = allowed_file(p.path, ctx.upload_dirs)
        page = ctx.session.page
        loc = await find(ctx, p.element)
        info = await probe(loc)
        if info.ctag == "input" and info.type == "file":
            await loc.set_input_files(file)
            return f"attached {file.name} to {p.element}"
        async with page.expect_file_chooser(timeout=2000) as chooser:
            await click_locator(page, loc, p.element, info)
        await (await chooser.value).set_files(file)
        return f"clicked {p.element} and chose {file.name} in the file picker"

    return await act_and_observe(ctx.session, "upload_file", act, secrets=ctx.secrets)
