"""`navwright bench apps`: real open-source web applications, installed from PyPI into cached virtualenvs,
seeded, served on 127.0.0.1 and judged from their own databases."""
