"""The test browser: Debian's chromium, driven by Playwright, never a browser download.

:func:`launch` starts headless chromium with a fresh profile and every background
service off (no update check, no sync, no QUIC), so that the only requests a page makes
are its own.  :func:`missing` says why the browser cannot run here (``None``: it can);
the tests skip for that reason, except where ``SPADESCTL_REQUIRE_BROWSER=1`` (CI) turns
the skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from playwright.sync_api import BrowserContext

CHROMIUM: Final = Path(os.environ.get("SPADESCTL_CHROMIUM", "/usr/bin/chromium"))
ARGS: Final = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)
#: The window the tests and the documentation's screenshot use.
VIEWPORT: Final = {"width": 1200, "height": 900}


def required() -> bool:
    return os.environ.get("SPADESCTL_REQUIRE_BROWSER") == "1"


def missing() -> str | None:
    """Why the browser tests cannot run here, or ``None``."""
    if not CHROMIUM.exists():
        return f"no chromium at {CHROMIUM} (apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@contextmanager
def launch() -> Iterator[BrowserContext]:
    """A browser context of a fresh chromium profile, closed (and the profile removed)
    afterwards."""
    from playwright.sync_api import sync_playwright

    profile = tempfile.mkdtemp(prefix="spadesctl-chromium-")
    try:
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                profile,
                executable_path=str(CHROMIUM),
                args=list(ARGS),
                headless=True,
                viewport={"width": VIEWPORT["width"], "height": VIEWPORT["height"]},
            )
            try:
                yield context
            finally:
                context.close()
    finally:
        shutil.rmtree(profile, ignore_errors=True)
