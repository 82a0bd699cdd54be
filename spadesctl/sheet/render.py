"""Score sheets for people and programs: a text table (with ``--explain``), JSON and CSV.

Each renderer takes :class:`SheetReport` values (a sheet, its check against the record,
and optionally the ``--apply-penalties`` comparison) and returns text; nothing here
prints or reads files.  The text is meant for a league referee who does not read code:
one row per side per hand, the record's own figures beside the recomputed ones where they
disagree, and numbered notes saying where and how the sheet went wrong.
"""

from __future__ import annotations

import csv
import io
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TextIO

from spadesctl.cards import Party, Seat, Side
from spadesctl.diagnostics import PLAY_AFTER_GAME_OVER, RESULT_MISMATCH, Diagnostic, Kind
from spadesctl.events import Bid
from spadesctl.rules.ruleset import RenegePenalty, RenegeSet
from spadesctl.sheet.disputes import SheetCheck, check_sheet
from spadesctl.sheet.model import ScoreSheet, SheetHand
from spadesctl.sheet.penalties import PenaltyComparison

if TYPE_CHECKING:
    from spadesctl.express.sheet import SettledSheet


@dataclass(frozen=True, slots=True)
class SheetReport:
    """What the ``score`` command shows for one game.

    ``problems``: the other diagnostics of the game (bidding, play), only counted in the
    text so that the referee knows to run ``spadesctl check``.
    """

    sheet: ScoreSheet
    check: SheetCheck
    penalties: PenaltyComparison | None = None
    problems: tuple[Diagnostic, ...] = ()

    @classmethod
    def of(
        cls,
        sheet: ScoreSheet,
        penalties: PenaltyComparison | None = None,
        problems: Iterable[Diagnostic] = (),
    ) -> SheetReport:
        return cls(sheet, check_sheet(sheet), penalties, tuple(problems))

    @property
    def disputed(self) -> bool:
        return self.check.disputed


#: Notes are wrapped to this width (the table is as wide as its columns).
TEXT_WIDTH = 88


# --- shared wording ---------------------------------------------------------------------


def bid_text(hand: SheetHand, party: Party) -> str:
    """The party's bids: ``N 3, S nil`` for a side, ``4`` for a player on their own."""
    if hand.unbid:
        return "(no bidding)"
    bids = hand.bids_of(party)
    if not bids:
        return "-"
    if isinstance(party, Seat):
        return bids[0].text
    return ", ".join(_one_bid(b) for b in bids)


def _one_bid(bid: Bid) -> str:
    return bid.text if isinstance(bid.bidder, Side) else f"{bid.bidder} {bid.text}"


def took_text(hand: SheetHand, party: Party) -> str:
    """The party's tricks: ``N 4, S 3`` per seat where known, the side's total otherwise."""
    counts = hand.taken_by(party)
    if not counts:
        return "-"
    if len(counts) == 1 and counts[0][0] is party:
        return str(counts[0][1])
    return ", ".join(f"{s} {n}" for s, n in counts)


def _party_word(sheet: ScoreSheet) -> str:
    return "side" if sheet.partnership else "player"


def _result_line(sheet: ScoreSheet) -> str:
    result = sheet.result
    if result is None:
        standing = sheet.standing
        totals = ", ".join(f"{p} {standing.score(p)}" for p in standing.parties)
        scored = sheet.scored_hands
        after = f" after hand {scored[-1].number}" if scored else ""
        return f"Result: no winner yet: {totals}{after} (target {sheet.rules.target})."
    return f"Result: {result.winner} won. {_sentence(result.text)}."


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:] if text else text


def _players_line(sheet: ScoreSheet) -> str | None:
    names = {s: sheet.player(s) for s in sheet.seats}
    if not any(names.values()):
        return None
    parts = []
    for party in sheet.parties:
        seats = party.seats if isinstance(party, Side) else (party,)
        who = " and ".join(f"{names[s] or '?'} ({s})" for s in seats)
        parts.append(f"{party}: {who}" if isinstance(party, Side) else who)
    return "; ".join(parts)


def _penalty_words(penalty: RenegePenalty, partnership: bool) -> str:
    who = "side" if partnership else "player"
    if isinstance(penalty, RenegeSet):
        return f"the offending {who} is set"
    others = "the other side" if partnership else "the other players"
    return f"{penalty} trick{'s' if penalty != 1 else ''} to {others}"


# --- text -------------------------------------------------------------------------------


def render_text(reports: Sequence[SheetReport], explain: bool = False) -> str:
    """Every game's sheet as text, games separated by a blank line."""
    return "\n\n".join(_game_text(r, explain) for r in reports) + ("\n" if reports else "")


def _game_text(report: SheetReport, explain: bool) -> str:
    sheet = report.sheet
    check = report.check
    title = f"Game {sheet.index} of {sheet.source}"
    if sheet.title:
        title += f": {sheet.title}"
    lines = [title, "=" * len(title), f"Rules: {sheet.rules_text}"]
    players = _players_line(sheet)
    if players:
        lines.append(f"Players: {players}")
    lines.append("")
    refs = {d: i for i, d in enumerate(check.diagnostics, start=1)}
    lines.extend(_table(sheet, check, refs))
    lines.append("")
    lines.extend(_legend(sheet))
    lines.append("")
    lines.append(_result_line(sheet))
    lines.append(_recorded_result_line(sheet, check, refs))
    lines.append("")
    lines.extend(_verdict(sheet, check))
    notes = _unscored_notes(sheet, check)
    if notes:
        lines.append("")
        lines.extend(notes)
    if report.problems:
        n = len(report.problems)
        lines.append("")
        lines.append(
            f"The record has {n} other problem{'s' if n != 1 else ''} (in its lines, bids or "
            "play): run spadesctl check for them."
        )
    if explain:
        lines.append("")
        lines.extend(_explain(sheet, check, refs))
    if report.penalties is not None:
        lines.append("")
        lines.extend(_penalties_text(report.penalties))
    return "\n".join(lines)


def _table(sheet: ScoreSheet, check: SheetCheck, refs: dict[Diagnostic, int]) -> list[str]:
    bags = sheet.carries_bags
    header = ["hand", "dealer", _party_word(sheet), "bid", "took", "points"]
    if bags:
        header.append("bags")
    header += ["total", "sheet"]
    right = {"hand", "points", "bags", "total"}
    rows: list[list[str] | str] = []
    ended = False
    unchecked = set(check.unchecked)
    for hand in sheet.hands:
        if not ended and hand.number in sheet.hands_after_end and sheet.result is not None:
            ended = True
            ref = _ref_for(check, refs, PLAY_AFTER_GAME_OVER)
            rows.append(
                f"-- the game was over after hand {sheet.result.hand}; "
                f"the hands below should not have been played{ref} --"
            )
        for i, party in enumerate(sheet.parties):
            row = [str(hand.number), hand.dealer.value] if i == 0 else ["", ""]
            row += [party.value, bid_text(hand, party), took_text(hand, party)]
            if hand.score is None:
                row += ["-"] + (["-"] if bags else []) + ["-"]
            else:
                after = hand.score.after
                row.append(f"{hand.score.points(party):+d}")
                if bags:
                    row.append(str(after.bags(party)))
                row.append(str(after.score(party)))
            row.append(_sheet_cell(sheet, hand, party, check, unchecked, refs))
            rows.append(row)
    widths = [len(h) for h in header]
    for entry in rows:
        if isinstance(entry, list):
            widths = [max(w, len(c)) for w, c in zip(widths, entry, strict=True)]

    def fmt(cells: list[str]) -> str:
        out = []
        for name, width, cell in zip(header, widths, cells, strict=True):
            out.append(cell.rjust(width) if name in right else cell.ljust(width))
        return "  ".join(out).rstrip()

    lines = [fmt(header), fmt(["-" * w for w in widths])]
    for entry in rows:
        lines.append(entry if isinstance(entry, str) else fmt(entry))
    return lines


def _ref_for(check: SheetCheck, refs: dict[Diagnostic, int], kind: Kind) -> str:
    for d in check.diagnostics:
        if d.kind is kind:
            return f" [{refs[d]}]"
    return ""


def _sheet_cell(
    sheet: ScoreSheet,
    hand: SheetHand,
    party: Party,
    check: SheetCheck,
    unchecked: set[tuple[int, Party]],
    refs: dict[Diagnostic, int],
) -> str:
    total = hand.recorded_totals.get(party)
    bag_count = hand.recorded_bag_counts.get(party) if sheet.carries_bags else None
    if total is None and bag_count is None:
        return ""
    if hand.score is None:
        shown = [str(total)] if total is not None else []
        if bag_count is not None:
            shown.append(f"{bag_count} bag{'s' if bag_count != 1 else ''}")
        return ", ".join(shown) + " (not checked)"
    if (hand.number, party) in unchecked:
        return f"{total if total is not None else bag_count} (not checked)"
    disagreements = check.at(hand.number, party)
    if not disagreements:
        return "ok"
    shown = []
    marks = []
    for d in disagreements:
        if d.figure == "score":
            shown.append(str(d.recorded))
        else:
            shown.append(f"{d.recorded} bag{'s' if d.recorded != 1 else ''}")
        if d.diagnostic is not None and d.diagnostic in refs:
            marks.append(f"[{refs[d.diagnostic]}]")
    text = ", ".join(shown)
    return f"{text} {' '.join(marks)}" if marks else text


def _legend(sheet: ScoreSheet) -> list[str]:
    who = "side" if sheet.partnership else "player"
    lines = [f"points: what the hand scored for the {who}; total: the running score, recomputed."]
    if sheet.carries_bags:
        lines.append(f"bags: the {who}'s bag count after the hand.")
    lines.append(
        "sheet: 'ok' where the record's figures agree, the record's own figures where they"
    )
    lines.append("do not; [n] marks where the sheet went wrong (see below).")
    return lines


def _recorded_result_line(sheet: ScoreSheet, check: SheetCheck, refs: dict[Diagnostic, int]) -> str:
    recorded = sheet.recorded_result
    if recorded is None:
        return "The record gives no result."
    ref = _ref_for(check, refs, RESULT_MISMATCH)
    if ref:
        return f"The record says {recorded.winner} won: it disagrees{ref}."
    return f"The record says {recorded.winner} won: it agrees."


def _verdict(sheet: ScoreSheet, check: SheetCheck) -> list[str]:
    has_lines = any(h.recorded_score or h.recorded_bags for h in sheet.hands)
    if not check.diagnostics:
        if has_lines and (check.unchecked or any(h.score is None for h in sheet.hands)):
            return ["The sheet agrees with the recomputed scores wherever they could be checked."]
        if has_lines:
            return ["The sheet agrees with the recomputed scores."]
        if sheet.recorded_result is None:
            return ["The record has no score, bags or result lines to compare."]
        return ["The record has no score or bags lines to compare."]
    n = len(check.diagnostics)
    lines = [f"Where the sheet is wrong ({n}):"]
    for i, d in enumerate(check.diagnostics, start=1):
        mark = f"  [{i}] "
        lines.extend(
            textwrap.wrap(
                f"line {d.line}: {d.message}",
                width=TEXT_WIDTH,
                initial_indent=mark,
                subsequent_indent=" " * len(mark),
                break_on_hyphens=False,
            )
        )
    return lines


def _unscored_notes(sheet: ScoreSheet, check: SheetCheck) -> list[str]:
    lines = []
    for hand in sheet.hands:
        if hand.score is None:
            why = hand.unscored or "it could not be scored"
            if hand.recorded_totals:
                then = "the totals carry on from the sheet's figures after it"
            else:
                then = "the sheet gives no totals after it, so later totals are not checked"
            lines.extend(
                textwrap.wrap(f"Hand {hand.number} was not scored ({why}): {then}.", TEXT_WIDTH)
            )
    return lines


def _explain(sheet: ScoreSheet, check: SheetCheck, refs: dict[Diagnostic, int]) -> list[str]:
    lines = ["Hand by hand:"]
    for hand in sheet.hands:
        lines.append("")
        lines.append(f"Hand {hand.number} (dealer {hand.dealer.word})")
        if hand.score is None:
            lines.append(f"  not scored: {hand.unscored or 'it could not be scored'}")
            continue
        lines.extend(f"  {item.text}" for item in hand.score.items)
        after = hand.score.after
        totals = ", ".join(
            f"{p} {after.score(p)}" + (f" ({_bags(after.bags(p))})" if sheet.carries_bags else "")
            for p in after.parties
        )
        lines.append(f"  after hand {hand.number}: {totals}")
        wrong = check.at(hand.number)
        if wrong:
            shown = ", ".join(
                f"{d.party} {d.recorded}"
                if d.figure == "score"
                else f"{d.party} {_bags(d.recorded)}"
                for d in wrong
            )
            lines.append(f"  the sheet says: {shown}")
    return lines


def _bags(n: int) -> str:
    return f"{n} bag{'s' if n != 1 else ''}"


def _penalties_text(comparison: PenaltyComparison) -> list[str]:
    sheet = comparison.ruled
    rules = sheet.rules
    penalty = _penalty_words(rules.renege_penalty, sheet.partnership)
    lines = [f"With every renege penalised (renege penalty: {penalty}):"]
    if not comparison.added:
        lines.append("  The play shows no renege that the table did not call: the scores stand.")
        return lines
    for number, ruling in comparison.added:
        where = f" in trick {ruling.trick}" if ruling.trick is not None else ""
        lines.append(
            f"  hand {number}: {ruling.offender.word} reneged{where} (not called at the table)"
        )
    changes = comparison.changes
    if not changes:
        lines.append("  No score changes.")
    else:
        header = ["hand", _party_word(sheet), "points", "with penalty", "total", "with penalty"]
        rows = [
            [
                str(c.hand),
                c.party.value,
                f"{c.points:+d}",
                f"{c.penalised_points:+d}",
                str(c.total),
                str(c.penalised_total),
            ]
            for c in changes
        ]
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(header)]
        lines.append("")
        for row in [header, ["-" * w for w in widths], *rows]:
            cells = [
                c.ljust(w) if i == 1 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            ]
            lines.append("  " + "  ".join(cells).rstrip())
        lines.append("")
    final = ", ".join(f"{p} {d:+d}" for p, d in comparison.final_differences.items())
    lines.append(f"  Final totals change by: {final}.")
    penalised = comparison.penalised.result
    if comparison.result_changed:
        if penalised is None:
            lines.append("  With the penalties no one would have won yet.")
        else:
            lines.append(
                f"  With the penalties the result would be: {penalised.winner} won. "
                f"{_sentence(penalised.text)}."
            )
    else:
        lines.append("  The result would be the same.")
    return lines


# --- JSON -------------------------------------------------------------------------------


def sheet_json(report: SheetReport) -> dict[str, Any]:
    """One game's sheet as plain JSON values (see docs/scoring.md for the fields)."""
    sheet = report.sheet
    check = report.check
    parties = sheet.parties
    names = [_NAMES[p] for p in parties]
    after_end = sheet.hands_after_end
    disputed_hands = {d.hand for d in check.disagreements}
    hands = []
    for hand in sheet.hands:
        score = hand.score
        number = hand.number
        recorded_score, recorded_bags = hand.recorded_score, hand.recorded_bags
        entry: dict[str, Any] = {
            "hand": number,
            "dealer": _NAMES[hand.dealer],
            "scored": score is not None,
            "unscored_reason": hand.unscored if score is None else None,
            "after_game_over": number in after_end,
            "bids": {_NAMES[b.bidder]: b.text for b in hand.bids},
            "tricks": {_NAMES[p]: n for p, n in hand.taken},
            "rulings": [_ruling_json(r.offender, r.trick) for r in hand.rulings],
            "points": None,
            "bags": None,
            "new_bags": None,
            "totals": None,
            "recorded": {
                "totals": _entries(recorded_score.entries) if recorded_score else None,
                "bags": _entries(recorded_bags.entries) if recorded_bags else None,
            },
            "disputed": number in disputed_hands,
            "explanation": [],
        }
        if score is not None:
            results = [score.result(p) for p in parties]
            after = [score.after[p] for p in parties]
            entry["points"] = {n: r.points for n, r in zip(names, results, strict=True)}
            entry["bags"] = {n: a.bags for n, a in zip(names, after, strict=True)}
            entry["new_bags"] = {n: r.bags_added for n, r in zip(names, results, strict=True)}
            entry["totals"] = {n: a.score for n, a in zip(names, after, strict=True)}
            entry["explanation"] = [
                {"party": _NAMES[i.party], "points": i.points, "text": i.text} for i in score.items
            ]
        hands.append(entry)
    result = sheet.result
    out: dict[str, Any] = {
        "file": sheet.source,
        "game": sheet.index,
        "event": sheet.title,
        "rules": sheet.rules_text,
        "parties": names,
        "players": {s.value: n for s, n in sheet.game.players.items()},
        "hands": hands,
        "result": None
        if result is None
        else {
            "winner": result.winner.value,
            "reason": result.reason.value,
            "hand": result.hand,
            "text": result.text,
        },
        "recorded_result": None
        if sheet.recorded_result is None
        else sheet.recorded_result.winner.value,
        "hands_after_game_over": list(sheet.hands_after_end),
        "final": {p.value: sheet.standing.score(p) for p in sheet.parties},
        "disputed": check.disputed,
        "disputes": [d.to_dict() for d in check.diagnostics],
        "problems": len(report.problems),
    }
    if report.penalties is not None:
        out["penalties"] = _penalties_json(report.penalties)
    return out


#: Each party's name in the JSON (an enum's ``value`` is a property, dearer than a lookup).
_NAMES: Final[dict[Party, str]] = {p: p.value for p in (*Seat, *Side)}


def _entries(entries: tuple[tuple[Party, int], ...]) -> dict[str, int]:
    """A recorded line's figures by party name (a party written twice: its last figure)."""
    return {_NAMES[p]: n for p, n in entries}


def _ruling_json(seat: Seat, trick: int | None) -> dict[str, Any]:
    return {"seat": seat.value, "trick": trick}


def _penalties_json(comparison: PenaltyComparison) -> dict[str, Any]:
    result = comparison.penalised.result
    return {
        "added": [{"hand": n, **_ruling_json(r.offender, r.trick)} for n, r in comparison.added],
        "changes": [
            {
                "hand": c.hand,
                "party": c.party.value,
                "points": c.points,
                "penalised_points": c.penalised_points,
                "total": c.total,
                "penalised_total": c.penalised_total,
            }
            for c in comparison.changes
        ],
        "final_differences": {p.value: d for p, d in comparison.final_differences.items()},
        "result": None if result is None else {"winner": result.winner.value, "text": result.text},
        "result_changed": comparison.result_changed,
    }


def render_json(reports: Sequence[SheetReport]) -> str:
    """``{"games": [...], "disputed": bool}``, indented, with a final newline."""
    out = io.StringIO()
    write_json(reports, out)
    return out.getvalue()


def write_json(reports: Iterable[SheetReport | SettledSheet], out: TextIO) -> bool:
    """Write :func:`render_json`'s document game by game, holding one game at a time.

    Returns whether any game is disputed.
    """
    from spadesctl.emit import SheetSettings
    from spadesctl.emit.sheets import JsonEmitter  # which imports this module

    emitter = JsonEmitter(out, SheetSettings())
    emitter.start()
    for report in reports:
        emitter.write(report)
    emitter.finish()
    return emitter.disputed


# --- CSV --------------------------------------------------------------------------------

CSV_COLUMNS = (
    "file",
    "game",
    "hand",
    "dealer",
    "party",
    "bid",
    "tricks",
    "points",
    "bags",
    "new_bags",
    "total",
    "recorded_total",
    "recorded_bags",
    "disputed",
    "after_game_over",
)
CSV_PENALTY_COLUMNS = ("penalised_points", "penalised_total")


def render_csv(reports: Sequence[SheetReport], penalties: bool = False) -> str:
    """One row per game, hand and party (a side, or a player without partnerships)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS + (CSV_PENALTY_COLUMNS if penalties else ()))
    for report in reports:
        sheet = report.sheet
        penalised = (
            {h.number: h for h in report.penalties.penalised.hands} if report.penalties else {}
        )
        for hand in sheet.hands:
            score = hand.score
            for party in sheet.parties:
                disputed = bool(report.check.at(hand.number, party))
                row: list[object] = [
                    sheet.source,
                    sheet.index,
                    hand.number,
                    hand.dealer.value,
                    party.value,
                    _csv_bid(hand, party),
                    _csv_tricks(hand, party),
                    "" if score is None else score.points(party),
                    "" if score is None or not sheet.carries_bags else score.after.bags(party),
                    "" if score is None or not sheet.carries_bags else score.bags_added(party),
                    "" if score is None else score.after.score(party),
                    _blank(hand.recorded_totals.get(party)),
                    _blank(hand.recorded_bag_counts.get(party)),
                    "yes" if disputed else "no",
                    "yes" if hand.number in sheet.hands_after_end else "no",
                ]
                if penalties:
                    other = penalised.get(hand.number)
                    ps = other.score if other is not None else None
                    row += ["", ""] if ps is None else [ps.points(party), ps.after.score(party)]
                writer.writerow(row)
    return buffer.getvalue()


def _csv_bid(hand: SheetHand, party: Party) -> str:
    if hand.unbid or not hand.bids_of(party):
        return ""
    return bid_text(hand, party)


def _csv_tricks(hand: SheetHand, party: Party) -> object:
    counts = hand.taken_by(party)
    return sum(n for _, n in counts) if counts else ""


def _blank(value: int | None) -> object:
    return "" if value is None else value
