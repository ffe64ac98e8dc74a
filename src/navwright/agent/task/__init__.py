"""What the person asked, read once: what it is and what it names, gives and bounds (`intent`, parsed
once per task or edit; the rules read it, never the raw text), from its parts (`parts`, `names`,
`login`, `measure`, `asks`), the words a request commands with (`words`), the credentials it gives
(`credentials`), and the agent's one tokenizer and stop-word list (`tokens`)."""
