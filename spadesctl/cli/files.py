"""Writing output files atomically: a temporary file in the same folder, then a rename."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from pathlib import Path


def new_file_mode() -> int:
    """The mode a new file gets (``0o666`` less the umask), as ``open`` would give it."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_atomically(path: Path, chunks: Iterable[str]) -> None:
    """Write ``chunks`` to ``path`` through a temporary file renamed into place, so that
    ``path`` never holds half a file.  A file replaced keeps its mode; a new one gets the
    mode ``open`` would give it (``mkstemp`` alone would make it private).

    A symbolic link is followed: the file it points to is replaced, the link kept.

    Raises :class:`OSError` whose ``filename`` is ``path`` when it cannot be written.
    """
    shown = path
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    directory = path.parent if str(path.parent) else Path(".")
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        raise OSError(exc.errno, exc.strerror, str(shown)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            for chunk in chunks:
                out.write(chunk)
            out.flush()
            os.fsync(out.fileno())
        try:
            mode = path.stat().st_mode & 0o7777
        except FileNotFoundError:
            mode = new_file_mode()
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise OSError(exc.errno, exc.strerror, str(shown)) from None
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
