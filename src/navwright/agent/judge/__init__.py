"""The verdict of a run: typed checks over what the run saw and did (`checks`), a short model call where
code cannot judge (`model_check`), and the verdict they give (`verdict`)."""
