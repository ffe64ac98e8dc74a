"""Distillation passes: small named steps from the page script's raw items to the lines a model reads.

A mode is a choice of passes (see `passes_for`). Each pass takes and returns a list of `Line`.
"""

from navwright.browser.distill.compact import Left, Reach, is_long, select_in_reach, with_notes
from navwright.browser.distill.lines import Line, RawItem, RawPage, to_lines
from navwright.browser.distill.passes import (
    apply_budget,
    collapse_link_runs,
    drop_duplicate_text,
    join_inline,
    join_records,
    keep_mode,
    passes_for,
)

__all__ = [
    "Left",
    "Line",
    "RawItem",
    "RawPage",
    "Reach",
    "apply_budget",
    "collapse_link_runs",
    "drop_duplicate_text",
    "is_long",
    "join_inline",
    "join_records",
    "keep_mode",
    "passes_for",
    "select_in_reach",
    "to_lines",
    "with_notes",
]
