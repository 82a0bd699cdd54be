"""Records saved as UTF-16 (a Windows "Unicode" text file), read as the UTF-8 they hold.

The readers take UTF-8 (with or without a byte-order mark).  A stream that starts with
a UTF-16 byte-order mark is decoded as UTF-16 and re-encoded as UTF-8 as it is read, a
block at a time, so that every reader (native, PBN) sees the same text; without the
mark it would be refused for its NUL bytes.
"""

from __future__ import annotations

import io
from typing import BinaryIO, Final

from spadesctl.record_formats import head_of

#: The byte-order marks of UTF-16, little- and big-endian.
UTF16_BOMS: Final = (b"\xff\xfe", b"\xfe\xff")
_CHARS: Final = 64 * 1024


class _Utf16AsUtf8(io.RawIOBase):
    """A raw stream of the UTF-8 encoding of a UTF-16 stream."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__()
        self._text = io.TextIOWrapper(stream, encoding="utf-16", errors="replace", newline="")
        self._pending = b""

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while not self._pending:
            chunk = self._text.read(_CHARS)
            if not chunk:
                return 0
            self._pending = chunk.encode("utf-8")
        n = min(len(buffer), len(self._pending))
        buffer[:n] = self._pending[:n]
        self._pending = self._pending[n:]
        return n

    def close(self) -> None:
        if not self.closed:
            self._text.detach()  # the stream it reads is its opener's to close
        super().close()


def utf8_stream(stream: BinaryIO) -> BinaryIO:
    """``stream`` itself, or for a UTF-16 one (told by its byte-order mark) its text
    as UTF-8."""
    head = head_of(stream)
    if head is None or not head.startswith(UTF16_BOMS):
        return stream
    return io.BufferedReader(_Utf16AsUtf8(stream))


__all__ = ["UTF16_BOMS", "utf8_stream"]
