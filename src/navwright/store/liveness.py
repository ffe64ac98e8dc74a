"""Is the process that recorded a run still alive? Used to tell `running` from `interrupted`.

A run is tied to a process token: the boot id plus the process start time (Linux), so a reused
pid or a reboot does not make a dead run look alive.
"""

from __future__ import annotations

import os
from pathlib import Path

_BOOT_ID = Path("/proc/sys/kernel/random/boot_id")


def boot_id() -> str:
    """This machine's boot id, or "" where the system does not expose one."""
    try:
        return _BOOT_ID.read_text().strip()
    except OSError:
        return ""


def process_start(pid: int) -> str:
    """The start time of process `pid` in clock ticks since boot, or "" when unknown or gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return ""
    # Field 22 (starttime); the command name (field 2) may hold spaces, so split after its ')'.
    fields = stat.rsplit(")", 1)[-1].split()
    if len(fields) <= 19 or fields[0] in ("Z", "X"):  # a zombie has finished running
        return ""
    return fields[19]


def process_token(pid: int) -> str:
    """`boot:start` for a live process; "" when it cannot be determined."""
    start = process_start(pid)
    return f"{boot_id()}:{start}" if start else ""


def is_alive(pid: int | None, token: str) -> bool:
    """Whether the process that wrote `token` for `pid` is still the one running now."""
    if not pid or pid <= 0:
        return False
    if token and boot_id():
        return process_token(pid) == token
    return _signal_alive(pid)


def _signal_alive(pid: int) -> bool:
    if os.name != "posix":  # os.kill(pid, 0) would terminate the process on Windows
        return pid == os.getpid()
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True
