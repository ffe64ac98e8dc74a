"""No library navwright imports may change the process's logging (issue 36, item 15): once memory
holds entries the embedding model loads, and its import used to turn the root logger to INFO, so every
model call printed `INFO:httpx: HTTP Request ...` on stderr."""

from __future__ import annotations

import subprocess
import sys

import pytest

PROBE = """
import logging
from navwright.memory.similar import embedder
loaded = embedder() is not None
root = logging.getLogger()
logging.getLogger("httpx").info("HTTP Request: POST http://127.0.0.1:9/v1/chat/completions")
print(loaded, root.level, len(root.handlers))
"""


def test_loading_the_embedding_model_leaves_the_root_logger_alone() -> None:
    pytest.importorskip("wordllama")
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", str(30), "0"], done.stdout
    assert "INFO:httpx" not in done.stderr and "HTTP Request" not in done.stderr
