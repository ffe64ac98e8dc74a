"""What the person asked, read once: credentials it gives (`credentials`), what it is (`intent`), the
words a request commands with (`words`), and the agent's one tokenizer and stop-word list (`tokens`)."""
