"""The one judge of a run, as named guards over typed history, each switchable with `--without NAME`:
the end of a step (`finish`: may the navigator's finish stand), the run's answer (`answer`: may the
planner's answer stand), and the verdict on it (`checks`, with a short model call where code cannot
judge, `model_check`), which gives `success` or `unverified` with its reasons (`verdict`)."""
