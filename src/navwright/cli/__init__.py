"""`navwright run / serve / demo / teach / learn / batch / mcp / runs / memory / profiles / models / doctor /
bench / config`: thin commands over the Python API, one module per command or group (`root.py`
assembles them).

Every command turns failures into one line of words and an exit code; no traceback reaches the user.
Heavy imports happen inside the commands so `navwright --help` stays fast; the benchmarks load only for
`navwright bench` (`bench.py`).
"""

from navwright.cli.root import app, main

__all__ = ["app", "main"]
