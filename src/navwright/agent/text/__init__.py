"""Every sentence a model reads is written here, from typed entries: the messages of each role
(messages.py, with the system prompts in prompts/), the notes of a step's history (notes.py). Nothing
else writes model text, and nothing parses it back."""
