"""Loading a llama.cpp model without crashing the process.

llama.cpp's CPU backend moves weights into "extra" buffer types (AMX tiles, repacked layouts) when the
CPU advertises support. Some virtual machines advertise AMX but fault on its first instruction, which
kills the whole Python process with SIGSEGV on the first multi-token prompt. We cannot catch that, so
the first time a machine uses the embedded model we evaluate a short prompt in a child process; if the
child dies, extra buffers are switched off (slower, but correct). The verdict is cached per
(llama-cpp-python version, CPU flags) in a small JSON file beside the model.
"""

from __future__ import annotations

import ctypes
import hashlib
import importlib.util
import json
import logging
import os
import platform
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

_PROBE = """
import sys
from llama_cpp import Llama
llm = Llama(model_path=sys.argv[1], n_ctx=256, n_threads=2, verbose=False)
llm.create_completion(llm.tokenize(b"one two three four five six seven eight", add_bos=False), max_tokens=2)
"""


def _cpu_flags() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("flags"):
                return line.partition(":")[2].strip()
    except OSError:
        pass
    return platform.processor()


def _machine_key() -> str:
    try:
        llama_version = version("llama-cpp-python")
    except PackageNotFoundError:
        llama_version = "unknown"
    raw = f"{llama_version}|{_build_id()}|{platform.machine()}|{_cpu_flags()}"
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def _build_id() -> str:
    """Size and mtime of the installed llama.cpp libraries: a rebuild (other flags) gets a fresh probe."""
    spec = importlib.util.find_spec("llama_cpp")
    if spec is None or not spec.submodule_search_locations:
        return ""
    lib = Path(next(iter(spec.submodule_search_locations))) / "lib"
    try:
        stats = sorted((f.name, f.stat().st_size, int(f.stat().st_mtime)) for f in lib.glob("*.so*"))
    except OSError:
        return ""
    return str(stats)


def extra_buffers_safe(model_path: Path, cache_dir: Path, timeout: float = 120.0) -> bool:
    """True when a child process can evaluate a prompt with extra buffers on (cached per machine)."""
    verdict_file = cache_dir / "llama-probe.json"
    key = _machine_key()
    try:
        cached = json.loads(verdict_file.read_text())
        if isinstance(cached, dict) and isinstance(cached.get(key), bool):
            return bool(cached[key])
    except (OSError, ValueError):
        cached = {}
    try:
        done = subprocess.run(
            [sys.executable, "-c", _PROBE, str(model_path)], capture_output=True, timeout=timeout, check=False
        )
        safe = done.returncode == 0
    except subprocess.TimeoutExpired:
        safe = False
    verdicts = cached if isinstance(cached, dict) else {}
    verdicts[key] = safe
    try:
        cache_dir.mkdir(parents=True, exist_ok=True)
        tmp = verdict_file.with_suffix(".tmp")
        tmp.write_text(json.dumps(verdicts))
        tmp.replace(verdict_file)
    except OSError:
        pass
    return safe


def prefer_passive_wait() -> None:
    """Let llama.cpp's OpenMP threads spin only briefly, then sleep, while they wait for each other.

    Endless spinning (libgomp's ACTIVE) collapses when the agent shares the CPU with Chromium or other
    work: measured here under load ~7.7 on 2 cores, 0.7 tok/s against 3.8 with PASSIVE. Pure PASSIVE
    sleeps at each of the hundreds of barriers per token and costs a quarter of the speed on an idle
    machine. A short spin (GOMP_SPINCOUNT=1000) keeps both: on 2 idle cores one-token decodes ran at
    11.6 tok/s (PASSIVE 9.1, ACTIVE 11.9), and beside one busy process at 5.5 (PASSIVE 6.0, ACTIVE 3.6).
    libgomp reads the variables once, when llama.cpp's library is first loaded, so this only acts
    before the first `import llama_cpp`, and never overrides a value the user set.
    """
    if "llama_cpp" not in sys.modules:
        os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
        os.environ.setdefault("GOMP_SPINCOUNT", "1000")


@contextmanager
def _without_extra_buffers() -> Iterator[None]:
    """llama-cpp-python has no keyword for `use_extra_bufts`; patch its default params while loading."""
    import llama_cpp.llama_cpp as low

    original = low.llama_model_default_params

    def patched() -> Any:
        params = original()
        params.use_extra_bufts = False
        return params

    low.llama_model_default_params = patched
    try:
        yield
    finally:
        low.llama_model_default_params = original


def load_llama(model_path: Path, *, extra_buffers: bool, **kwargs: Any) -> Any:
    """Construct `llama_cpp.Llama`, with extra buffer types off unless `extra_buffers`; llama.cpp's own
    log then goes to the `navwright.llama` logger (`route_llama_log`)."""
    from llama_cpp import Llama

    if extra_buffers:
        llama = Llama(model_path=str(model_path), **kwargs)
    else:
        with _without_extra_buffers():
            llama = Llama(model_path=str(model_path), **kwargs)
    route_llama_log()
    return llama


LLAMA_LOG = logging.getLogger("navwright.llama")
_routed: list[Any] = []  # the C callback, held for as long as llama.cpp may call it


def route_llama_log() -> None:
    """Send llama.cpp's log lines to the `navwright.llama` logger at debug level, not to stderr.

    llama-cpp-python prints llama.cpp's errors to stderr, and llama.cpp logs one as an error each time a
    decode is aborted ("decode: removing memory module entries ..."): that is how a stopped or timed-out
    call ends (models/cancel.py), handled and reported in words, so the line only confused the person
    at the terminal. A real failure reaches them as a `ModelError` all the same."""
    if _routed:
        return
    import llama_cpp

    @llama_cpp.llama_log_callback  # type: ignore[untyped-decorator]
    def forward(level: int, text: bytes, user_data: ctypes.c_void_p) -> None:
        LLAMA_LOG.debug("%s", text.decode("utf-8", errors="replace").rstrip())

    _routed.append(forward)
    llama_cpp.llama_log_set(forward, ctypes.c_void_p(0))
