"""The names of the rules a run can switch off (`--without NAME`), written out so that the run's settings
can check a name without importing the rules (agent/rules.py gathers them from the rules themselves; a
test keeps the two the same)."""

RULE_NAMES: tuple[str, ...] = (
    "amount_set", "answer_acts", "answer_commits", "answer_content", "answer_doubted", "answer_informs",
    "answer_number", "answer_seen", "answer_time", "answer_whole", "asks_back", "authored_message", "broaden",
    "change_on_task", "change_shown", "checkout", "choose_named", "column_asked", "commit_on_named_record",
    "committed", "compare", "compare_items", "comparison_made", "confirmation", "copying", "count_marked",
    "count_stated", "doubted_reading", "edit_named", "filled_not_pressed",
    "finish_acts", "finish_after_miss", "finish_after_refusal", "finish_all_parts", "finish_commits",
    "finish_confirmed", "finish_form_sent",
    "finish_grounded", "flow_finished", "form_procedure", "hold_unfilled", "keep_code_values",
    "language_left_alone", "look_up",
    "model_check", "no_element_ids", "no_page_credentials", "not_chrome", "not_the_task", "nothing_invented",
    "numbered_result", "one_commit_per_record", "open_coded", "open_result", "press_kind",
    "press_named", "question_changes_nothing", "question_fills_nothing", "question_offered_no_change_form",
    "question_starts_nothing",
    "quoted", "read_label", "read_post",
    "reader", "reader_on_subject", "reference", "retry_new_path", "review", "role_asked", "section",
    "send_chosen",
    "set_amount", "sign_in",
    "site_changed", "site_functions_first", "start", "state_shown", "stay_signed_in", "subject_shown",
    "suggestion",
    "tick_named",
    "time_stated", "total_stated",
    "type_beginning", "typed_as_written", "value_shown",
)
