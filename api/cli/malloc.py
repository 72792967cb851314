"""Two glibc malloc arenas for the server's threads, not eight per core.

glibc gives each thread that allocates an arena of its own, and what one thread frees stays in
its arena, out of the others' reach. The server's threads (the event loop, the worker, its relay
and projections, the pool of sync handlers) mostly wait, and under the GIL few allocate at once:
two arenas serve them with about 1 MB less held with 100 missions (README.md#performance,
scenario 6). Not glibc (musl, macOS): nothing to do.
"""

from __future__ import annotations

import ctypes
import ctypes.util

M_ARENA_MAX = -8  # glibc's malloc.h
ARENAS = 2


def limit_arenas(arenas: int = ARENAS) -> bool:
    """Call before the process starts its threads; True when glibc took the limit."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        return bool(libc.mallopt(M_ARENA_MAX, arenas))
    except (OSError, AttributeError):
        return False
