"""What the person asked, read once: credentials it gives (`credentials`), and what it is (`intent`)."""
