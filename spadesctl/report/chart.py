"""Charts as inline SVG, drawn from the data: the score chart of a game, and bar charts.

A few dozen lines of our own rather than a plotting library: the charts are two kinds,
simple, and must be small, inline and offline (no script, no font, no file beside the
page); a library such as matplotlib or pygal would be a heavy dependency for that and
write far larger SVG.  Every text is escaped; series are told apart by colour *and*
dash pattern, and markers by shape, so that the charts read in black-and-white print.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape
from typing import Final

from markupsafe import Markup

from spadesctl.report.model import ChartData

#: (colour, dash pattern) of each series, in party order.
STYLES: Final = (
    ("#1f5fa8", ""),
    ("#c0392b", "7 4"),
    ("#2e7d32", "2 3"),
    ("#7b3fa0", "9 3 2 3"),
)
WIDTH: Final = 720
HEIGHT: Final = 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 16, 16, 64


def _nice_step(span: float, ticks: int = 6) -> int:
    raw = max(span / ticks, 1.0)
    magnitude = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if raw <= m * magnitude:
            return int(m * magnitude)
    return int(10 * magnitude)


def _f(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


def score_chart(data: ChartData) -> Markup:
    """Every party's running total by hand, the target (and lose-at) line, and markers
    for sets, bag penalties and nils; an empty string when no hand was scored."""
    if not data.hands:
        return Markup("")
    values = [0, data.target] + [v for series in data.totals for v in series]
    if data.lose_at is not None:
        values.append(data.lose_at)
    low, high = min(values), max(values)
    step = _nice_step(high - low)
    low = math.floor(low / step) * step
    high = math.ceil(high / step) * step
    if high == low:
        high = low + step
    xs = (0, *data.hands)
    plot_w = WIDTH - _LEFT - _RIGHT
    plot_h = HEIGHT - _TOP - _BOTTOM

    def x_of(i: int) -> float:
        return _LEFT + plot_w * i / max(len(xs) - 1, 1)

    def y_of(v: float) -> float:
        return _TOP + plot_h * (high - v) / (high - low)

    out = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="chart-title" xmlns="http://www.w3.org/2000/svg">',
        '<title id="chart-title">Running score by hand</title>',
    ]
    for v in range(low, high + 1, step):
        y = _f(y_of(v))
        out.append(f'<line class="grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y}" y2="{y}"/>')
        out.append(f'<text class="tick" x="{_LEFT - 6}" y="{y}" text-anchor="end">{v}</text>')
    every = max(1, math.ceil(len(xs) / 20))
    for i, hand in enumerate(xs):
        if i % every == 0 or i == len(xs) - 1:
            out.append(
                f'<text class="tick" x="{_f(x_of(i))}" y="{HEIGHT - _BOTTOM + 16}" '
                f'text-anchor="middle">{hand}</text>'
            )
    out.append(
        f'<text class="axis" x="{_LEFT + plot_w / 2:.0f}" y="{HEIGHT - _BOTTOM + 32}" '
        'text-anchor="middle">hand</text>'
    )
    for value, name in ((data.target, "target"), (data.lose_at, "lose at")):
        if value is None:
            continue
        y = _f(y_of(value))
        out.append(
            f'<line class="limit" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y}" y2="{y}"/>'
            f'<text class="limit-label" x="{WIDTH - _RIGHT - 4}" y="{_f(y_of(value) - 4)}" '
            f'text-anchor="end">{name} {value}</text>'
        )
    index = {hand: i + 1 for i, hand in enumerate(data.hands)}
    for k, (party, series) in enumerate(zip(data.parties, data.totals, strict=True)):
        colour, dash = STYLES[k % len(STYLES)]
        points = " ".join(f"{_f(x_of(i))},{_f(y_of(v))}" for i, v in enumerate((0, *series)))
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        out.append(
            f'<polyline class="series" data-party="{escape(party)}" fill="none" '
            f'stroke="{colour}" stroke-width="2.5"{dashes} points="{points}"/>'
        )
    styles = {p: STYLES[k % len(STYLES)][0] for k, p in enumerate(data.parties)}
    for m in data.markers:
        mx, my = x_of(index[m.hand]), y_of(m.total)
        out.append(_marker(m.kind, mx, my, styles.get(m.party, "#000"), f"hand {m.hand}: {m.text}"))
    out.append(_legend(data.parties, HEIGHT - 14))
    out.append("</svg>")
    return Markup("".join(out))


def _marker(kind: str, x: float, y: float, colour: str, title: str) -> str:
    t = f"<title>{escape(title)}</title>"
    cx, cy = _f(x), _f(y)
    if kind == "set":
        a, b, c, e = _f(x - 5), _f(x + 5), _f(y - 5), _f(y + 5)
        d = f"M{a} {c}L{b} {e}M{a} {e}L{b} {c}"
        return f'<path class="mark set" d="{d}" stroke="{colour}" stroke-width="2.5">{t}</path>'
    if kind == "bags":
        d = f"M{_f(x - 6)} {_f(y - 9)}H{_f(x + 6)}L{cx} {_f(y + 2)}Z"
        return f'<path class="mark bags" d="{d}" fill="{colour}">{t}</path>'
    fill = colour if kind == "nil" else "#fff"
    return (
        f'<circle class="mark {kind}" cx="{cx}" cy="{cy}" r="5" fill="{fill}" '
        f'stroke="{colour}" stroke-width="2">{t}</circle>'
    )


def _legend(parties: Sequence[str], y: int) -> str:
    parts = ['<g class="legend">']
    x = _LEFT
    for k, party in enumerate(parties):
        colour, dash = STYLES[k % len(STYLES)]
        dashes = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<line x1="{x}" x2="{x + 28}" y1="{y}" y2="{y}" stroke="{colour}" '
            f'stroke-width="2.5"{dashes}/><text x="{x + 34}" y="{y + 4}">{escape(party)}</text>'
        )
        x += 80
    for kind, label in (("set", "set"), ("bags", "bag penalty"), ("nil", "nil made")):
        parts.append(_marker(kind, x + 6, y - 1, "#444", label))
        parts.append(f'<text x="{x + 16}" y="{y + 4}">{label}</text>')
        x += 30 + 8 * len(label)
    parts.append(_marker("nil-failed", x + 6, y - 1, "#444", "nil failed"))
    parts.append(f'<text x="{x + 16}" y="{y + 4}">nil failed</text>')
    parts.append("</g>")
    return "".join(parts)


def bar_chart(title: str, rows: Sequence[tuple[str, float | None, str]]) -> Markup:
    """Horizontal bars, one per (label, value, shown text); a missing value has no bar.
    Values are drawn from 0 to the largest of them (at least 1, for rates)."""
    row_h, label_w, bar_w = 22, 140, 260
    height = 8 + row_h * len(rows)
    top = max([1.0, *(v for _, v, _ in rows if v is not None)])
    out = [
        f'<svg class="bars" viewBox="0 0 {label_w + bar_w + 70} {height}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(title)}</title>',
    ]
    for i, (label, value, shown) in enumerate(rows):
        y = 4 + i * row_h
        out.append(f'<text x="{label_w - 6}" y="{y + 14}" text-anchor="end">{escape(label)}</text>')
        if value is not None:
            w = _f(bar_w * max(value, 0.0) / top)
            out.append(f'<rect x="{label_w}" y="{y + 3}" width="{w}" height="{row_h - 8}"/>')
        out.append(f'<text x="{label_w + bar_w + 6}" y="{y + 14}">{escape(shown)}</text>')
    out.append("</svg>")
    return Markup("".join(out))
