"""`navwright mcp`: navwright as an MCP server (the official `mcp` package), over stdio or streamable HTTP.

Two layers of tools: task tools (`run_task`, `run_status`, `answer_question`) run whole tasks with
navwright's own planner and navigator; page tools (`navigate`, `observe`, `click`, `type_text`,
`select_option`, `press_key`, `read_text`, `tabs`, `screenshot`) let a client's own model drive one
browser, each page-changing tool answering with navwright's change report. Text that comes from a
page is marked as untrusted data. One module per tool in `tools/` (parameters + handler).
"""
