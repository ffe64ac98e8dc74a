"""The MCP tools, one module each; `ALL_TOOLS` collects them."""

from __future__ import annotations

from navwright.mcp.tools import (
    answer_question,
    click,
    navigate,
    observe,
    press_key,
    read_text,
    run_status,
    run_task,
    screenshot,
    select_option,
    tabs,
    type_text,
)

ALL_TOOLS = [
    run_task.TOOL, run_status.TOOL, answer_question.TOOL,
    navigate.TOOL, observe.TOOL, click.TOOL, type_text.TOOL, select_option.TOOL, press_key.TOOL,
    read_text.TOOL, tabs.TOOL, screenshot.TOOL,
]  # fmt: skip
