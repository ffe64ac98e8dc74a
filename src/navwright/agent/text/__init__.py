"""Every sentence a model reads is written here, from typed entries: the messages of each role
(messages.py, with the system prompts in prompts/), the notes of a step's history (notes.py), why an
action, a finish or an answer was not taken (refusals.py), why a step ended (reports.py), why a run's
answer was confirmed or not (verdicts.py). Nothing else writes model text, and nothing parses it back."""
