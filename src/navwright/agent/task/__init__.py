"""What the person asked, read once: credentials it gives (`credentials`), what it is (`intent`), and
the words a request commands with (`words`)."""
