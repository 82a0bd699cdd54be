"""Writing a command's output: standard output, a file replaced atomically, or a device.

:func:`open_output` is the one way a command writes what it makes (``convert -o``,
``export -o``, ``stats -o``, ``generate -o``, ``fmt --write``, and standard output):

- ``-`` (or ``None``) is standard output, and so are ``/dev/stdout`` and ``/dev/fd/1``.
- A regular file (or a name that does not exist yet) is written under a temporary name
  in the same directory, flushed to disk (``fsync``) and renamed into place only when
  the ``with`` block ends normally.  If the block raises (a missing or binary input, a
  bad ruleset, a bug, ``KeyboardInterrupt``, or the ``SystemExit`` that
  :func:`exit_on_termination` turns ``SIGTERM`` into), the temporary file is removed
  and the destination is exactly as it was, or still absent.  A symbolic link is
  followed (the file it points to is replaced, the link kept) and a replaced file
  keeps its mode; a new one gets the mode ``open`` would give it.
- Anything else that exists (a device such as ``/dev/full`` or ``/dev/null``, a FIFO, a
  terminal) is written through, never replaced: a rename would put a regular file where
  the device was.

Every failure to write is an :class:`OutputError` whose message names the destination
(``standard output`` for ``-``), so that a command prints one line and exits 2; a
reader that went away is :class:`ReaderGone`.  Only
``SIGKILL`` can leave a temporary file (``.NAME.XXXX.tmp``) behind: nothing runs then.
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import FrameType
from typing import IO, Any, Final, Literal, cast, overload

from spadesctl.errors import SpadesctlIOError

#: Names that mean "this process's standard output" however they are spelled.
_STDOUT_NAMES: Final = frozenset({"-", "/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"})

#: The exit status of a command stopped by a signal (128 + its number), as shells report it.
_SIGNAL_BASE: Final = 128


class OutputError(SpadesctlIOError):
    """An output that cannot be written (a missing directory, no permission, a full
    disk or device); the message names the destination."""


class ReaderGone(Exception):
    """The reader of standard output (or of a pipe) went away (``spadesctl ... | head``).

    Not an :class:`OSError`, so that nothing on the way mistakes it for a failed write:
    the command line ends quietly (exit status 141, as for a command ended by SIGPIPE).
    """

    def __init__(self, name: str) -> None:
        super().__init__(f"{name}: Broken pipe (the reader went away)")


def destination_name(destination: str | os.PathLike[str] | None) -> str:
    """How messages name a destination: ``standard output`` for ``-``, ``None`` and the
    other names of it (``/dev/stdout``)."""
    if is_standard_output(destination):
        return "standard output"
    return str(destination)


def is_standard_output(destination: str | os.PathLike[str] | None) -> bool:
    """Whether ``destination`` names this process's standard output."""
    return destination is None or str(destination) in _STDOUT_NAMES


def cannot_write(destination: str | os.PathLike[str] | None, exc: OSError) -> OutputError:
    """The :class:`OutputError` for ``exc`` met writing ``destination``."""
    if isinstance(exc, OutputError):
        return exc
    name = destination_name(destination)
    if exc.strerror is None and str(exc).startswith(f"{name}: cannot be written"):
        return OutputError(str(exc))  # ours, passed back through a library (polars)
    reason = exc.strerror or str(exc) or type(exc).__name__
    error = OutputError(f"{name}: cannot be written ({reason})")
    error.errno = exc.errno
    return error


def is_broken_pipe(exc: BaseException) -> bool:
    """Whether ``exc`` says the reader of our output went away (``spadesctl ... | head``);
    polars raises a bare :class:`OSError` whose message says so."""
    if isinstance(exc, BrokenPipeError):
        return True
    return isinstance(exc, OSError) and (
        exc.errno == errno.EPIPE or "Broken pipe" in str(exc).split("\n", 1)[0]
    )


class _Guarded:
    """A stream whose write errors are :class:`OutputError` naming the destination
    (a broken pipe stays a :class:`BrokenPipeError`: the reader went away)."""

    def __init__(self, stream: IO[Any], name: str | None) -> None:
        self._stream = stream
        self._name = name

    @classmethod
    def around(cls, stream: IO[Any], name: str | None) -> IO[Any]:
        """``stream`` guarded, typed as the stream it stands for."""
        return cast(IO[Any], cls(stream, name))

    def _failed(self, exc: OSError) -> Exception:
        if is_broken_pipe(exc):
            return ReaderGone(destination_name(self._name))
        return cannot_write(self._name, exc)

    def write(self, data: str | bytes) -> int:
        try:
            return self._stream.write(data)
        except OSError as exc:
            raise self._failed(exc) from None

    def writelines(self, lines: Iterable[str | bytes]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise self._failed(exc) from None

    def fileno(self) -> int:
        return self._stream.fileno()

    def isatty(self) -> bool:
        return self._stream.isatty()

    def writable(self) -> bool:
        return True

    def readable(self) -> bool:
        return False

    def seekable(self) -> bool:
        return False

    def close(self) -> None:
        """Closing is :func:`open_output`'s job (a writer that closes what it was given,
        as some libraries do, must not close standard output)."""

    @property
    def closed(self) -> bool:
        return False


@overload
def open_output(
    destination: str | os.PathLike[str] | None, *, binary: Literal[False] = False
) -> contextlib.AbstractContextManager[IO[str]]: ...
@overload
def open_output(
    destination: str | os.PathLike[str] | None, *, binary: Literal[True]
) -> contextlib.AbstractContextManager[IO[bytes]]: ...
def open_output(
    destination: str | os.PathLike[str] | None, *, binary: bool = False
) -> contextlib.AbstractContextManager[IO[str]] | contextlib.AbstractContextManager[IO[bytes]]:
    """A stream to write ``destination`` (``-``/``None``: standard output), committed when
    the ``with`` block ends normally and discarded (the destination untouched) when it
    raises.  Text streams are UTF-8 with ``\\n`` line ends.  See the module's docstring.

    Raises :class:`OutputError` (on entry, on a write, or on commit) naming the
    destination when it cannot be written.
    """
    return _open_output(destination, binary)


@contextlib.contextmanager
def _open_output(destination: str | os.PathLike[str] | None, binary: bool) -> Iterator[IO[Any]]:
    if is_standard_output(destination):
        stream: IO[Any] = sys.stdout.buffer if binary else sys.stdout
        guarded = _Guarded.around(stream, "-")
        yield guarded
        guarded.flush()
        return
    path = Path(os.fspath(destination))  # type: ignore[arg-type]
    try:
        status = path.stat()  # follows symbolic links
    except FileNotFoundError:
        status = None
    except OSError as exc:
        raise cannot_write(path, exc) from None
    if status is not None and (not stat.S_ISREG(status.st_mode) or _is_descriptor(path)):
        with _written_through(path, binary) as through:
            yield through
        return
    with _replaced(path, binary, None if status is None else stat.S_IMODE(status.st_mode)) as new:
        yield new


def _is_descriptor(path: Path) -> bool:
    """Whether ``path`` is an open descriptor's alias (``/dev/fd/N``, ``/proc/.../fd/N``):
    renaming over it would not reach the file the descriptor has open."""
    text = str(path.absolute())
    return text.startswith(("/dev/fd/", "/proc/")) or os.path.realpath(path).startswith("/proc/")


@contextlib.contextmanager
def _written_through(path: Path, binary: bool) -> Iterator[IO[Any]]:
    """A device, FIFO or descriptor alias: opened and written as it is, never replaced."""
    try:
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError as exc:
        raise cannot_write(path, exc) from None
    try:
        stream = _fdopen(fd, binary)
    except BaseException:
        os.close(fd)
        raise
    try:
        guarded = _Guarded.around(stream, str(path))
        yield guarded
        guarded.flush()
    except BaseException:
        with contextlib.suppress(OSError):
            stream.close()
        raise
    try:
        stream.close()
    except OSError as exc:
        raise cannot_write(path, exc) from None


@contextlib.contextmanager
def _replaced(path: Path, binary: bool, old_mode: int | None) -> Iterator[IO[Any]]:
    """A regular file: a temporary file beside it, renamed over it on success."""
    shown = path
    if path.is_symlink():
        path = Path(os.path.realpath(path))
    directory = path.parent if str(path.parent) else Path(".")
    # The stopping signals wait while the temporary file is made: one that came between
    # its making and the ``try`` below would leave it behind (seen under load).
    held = _hold_signals()
    try:
        fd, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=directory)
    except OSError as exc:
        _release_signals(held)
        raise cannot_write(shown, exc) from None
    try:
        _release_signals(held)  # a signal held is handled here, inside the ``try``
        with _fdopen(fd, binary) as stream:
            yield _Guarded.around(stream, str(shown))
            stream.flush()
            os.fsync(stream.fileno())
        os.chmod(temporary, new_file_mode() if old_mode is None else old_mode)
        os.replace(temporary, path)
    except OSError as exc:
        _remove(temporary)
        raise cannot_write(shown, exc) from None
    except BaseException:
        _remove(temporary)
        raise
    _sync_directory(directory)


#: The signals :func:`exit_on_termination` turns into an exit, where the platform has them.
_TERMINATING: Final = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)
#: The signals that stop a command: those, and ``SIGINT``.
_STOPPING: Final = frozenset({signal.SIGINT, *_TERMINATING})


def _hold_signals() -> set[int | signal.Signals] | None:
    """Hold the stopping signals (where the platform can): the mask to restore."""
    if not hasattr(signal, "pthread_sigmask"):
        return None
    return signal.pthread_sigmask(signal.SIG_BLOCK, _STOPPING)


def _release_signals(held: set[int | signal.Signals] | None) -> None:
    if held is not None:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _fdopen(fd: int, binary: bool) -> IO[Any]:
    if binary:
        return os.fdopen(fd, "wb")
    return os.fdopen(fd, "w", encoding="utf-8", newline="\n")


def _remove(temporary: str) -> None:
    with contextlib.suppress(OSError):
        os.unlink(temporary)


def _sync_directory(directory: Path) -> None:
    """Make the rename durable (best effort: not every file system allows it)."""
    with contextlib.suppress(OSError):
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def new_file_mode() -> int:
    """The mode a new file gets (``0o666`` less the umask), as ``open`` would give it
    (``mkstemp`` alone would make it private)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask


def write_text(destination: str | os.PathLike[str] | None, chunks: Iterable[str]) -> None:
    """Write ``chunks`` to ``destination`` with :func:`open_output` (all or nothing)."""
    with open_output(destination) as out:
        for chunk in chunks:
            out.write(chunk)


def exit_on_termination() -> None:
    """Turn ``SIGTERM`` and ``SIGHUP`` into :class:`SystemExit` (status 128 + signal), as
    ``SIGINT`` is a :class:`KeyboardInterrupt`, so that the ``with`` blocks of
    :func:`open_output` remove their temporary files on the way out.

    For the command line's entry point (signal handlers belong to the main thread).
    """

    def stop(signum: int, frame: FrameType | None) -> None:
        signal.signal(signum, signal.SIG_DFL)  # a second signal ends the process at once
        raise SystemExit(_SIGNAL_BASE + signum)

    for number in _TERMINATING:
        if signal.getsignal(number) is signal.SIG_DFL:
            signal.signal(number, stop)


__all__ = [
    "OutputError",
    "ReaderGone",
    "cannot_write",
    "destination_name",
    "exit_on_termination",
    "is_broken_pipe",
    "is_standard_output",
    "new_file_mode",
    "open_output",
    "write_text",
]
