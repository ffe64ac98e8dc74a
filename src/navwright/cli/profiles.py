"""`navwright profiles list / show / delete`: the saved browser profiles (never a cookie's value)."""

from __future__ import annotations

from typing import Annotated

import typer

from navwright.console.errors import fail
from navwright.printable import printable

profiles_app = typer.Typer(
    help="Browser profiles: cookies and storage kept between runs (`navwright run --profile NAME`).",
    no_args_is_help=True,
)
NameArg = Annotated[str, typer.Argument(help="The profile's name.")]


def say(text: str) -> None:
    """One line on the terminal; text from a profile's file (domains, origins) has control characters
    escaped."""
    print(printable(text))


@profiles_app.command("list")
def profiles_list() -> None:
    """List the saved profiles: name, when saved, how many cookies, for which domains."""
    from navwright.browser.profiles import ProfileError, ProfileStore

    store = ProfileStore()
    names = store.names()
    if not names:
        say(f"no profiles yet (they are kept in {store.root}); `navwright run --profile NAME` makes one")
        return
    for name in names:
        try:
            info = store.describe(name)
        except ProfileError as exc:
            say(f"{name}  ({exc})")
            continue
        saved = info.saved.strftime("%Y-%m-%d %H:%M") if info.saved else "?"
        say(f"{name}  saved {saved} UTC  {info.cookies} cookies  {', '.join(info.domains) or '-'}")


@profiles_app.command("show")
def profiles_show(name: NameArg) -> None:
    """Where a profile is kept and what it holds (domains and counts; never values)."""
    from navwright.browser.profiles import ProfileError, ProfileStore

    store = ProfileStore()
    try:
        info = store.describe(name)
        path = store.state_path(name)
    except ProfileError as exc:
        fail(str(exc))
    say(f"profile: {info.name}")
    say(f"file: {path}")
    say(f"saved: {info.saved:%Y-%m-%d %H:%M:%S} UTC" if info.saved else "saved: ?")
    say(f"cookies: {info.cookies} ({', '.join(info.domains) or 'none'})")
    say(f"local storage: {', '.join(info.origins) or 'none'}")


@profiles_app.command("delete")
def profiles_delete(name: NameArg) -> None:
    """Delete a profile (its cookies and storage): the next run with it starts logged out."""
    from navwright.browser.profiles import ProfileError, ProfileStore

    try:
        ProfileStore().delete(name)
    except ProfileError as exc:
        fail(str(exc))
    say(f"deleted profile {name}")

