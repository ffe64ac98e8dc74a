"""Action skills: one small module per skill family; `default_registry` collects them."""

from __future__ import annotations

from navwright.browser.skills import (
    choose,
    click,
    dialogs,
    find,
    form,
    keyboard,
    navigate,
    pages,
    read,
    scroll,
    search,
    tabs,
    upload,
)
from navwright.browser.skills.base import SkillRegistry


def default_registry() -> SkillRegistry:
    """Every built-in browser skill."""
    registry = SkillRegistry()
    for s in (
        navigate.open_url,
        click.click,
        keyboard.type_text,
        choose.select_option,
        choose.set_checked,
        keyboard.press_key,
        scroll.scroll,
        click.hover,
        navigate.go_back,
        tabs.switch_tab,
        tabs.close_tab,
        dialogs.handle_dialog,
        upload.upload_file,
        read.read_page,
        read.wait_for,
        search.search_site,
        form.fill_form,
        find.find_in_page,
        pages.next_page,
    ):
        registry.add(s)
    return registry
