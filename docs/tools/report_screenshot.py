"""Take the README's picture of a report page: the renege sample, at trick 1 of hand 1.

Run from the repository root (once, when the pages change):

    .venv/bin/python docs/tools/report_screenshot.py

It writes the page with ``spadesctl report``, opens it in the test browser (Debian's
chromium through Playwright, as tests/browser.py sets it up) at ``#hand-1-trick-1`` and
saves the window (the trick table of hand 1 at its top) as docs/report-renege.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from spadesctl.report.site import write_report  # noqa: E402
from tests import browser  # noqa: E402

OUT = ROOT / "docs" / "report-renege.png"


def main() -> None:
    why = browser.missing()
    if why is not None:
        sys.exit(f"report_screenshot: {why}")
    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "renege.html"
        write_report([str(ROOT / "samples" / "mistakes" / "renege.spades")], page_file)
        with browser.launch() as context:
            page = context.new_page()
            page.goto(page_file.as_uri() + "#hand-1-trick-1")
            page.wait_for_load_state("load")
            page.set_viewport_size({"width": 1200, "height": 1000})
            page.evaluate("document.getElementById('hand-1-tricks').scrollIntoView()")
            page.screenshot(path=str(OUT))
    print(f"{OUT.relative_to(ROOT)}: {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
