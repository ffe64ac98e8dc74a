"""navwright: a web agent that plans tasks as website steps and carries them out in Chromium."""

__version__ = "0.1.0"
