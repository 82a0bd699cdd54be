"""A game the express check settled, as rows of the four tables, without the full engine.

:func:`add_express_game` writes the rows that :func:`spadesctl.tables.adapter.add_game`
writes for the same game, from what the express check found
(:class:`~spadesctl.express.game.GameLedger`: each trick's winner, each party's figures
from the rules core, the running scores) and the game's lines themselves, which the
express check has proven to be as ``spadesctl fmt`` writes them.  A settled game is
clean, so it has no violations, no reneges and no hand after the game's end.  A hand
played without bids (``unbid_hands=first``) has null bids; a seat whose side bid as one
(``bid NS 7``) has a null ``bid`` and the side's bid in ``party_bid``.  A hand that
ends with a ``claim`` or ``took`` line has trick rows for the tricks played only; a
score sheet's hand (bids and a ``took`` line) has none, and null deal columns; a seat
whose tricks its took line gives together with its partner's (``took NS
5 EW 8``) has null ``tricks``, as the full engine knows only the side's count.  The
lossless columns (docs/import.md: what the record says, so that the tables read back as
it) are written from the lines too: a settled game's lines are its deal, bid, ``pass``,
``trick``, ``claim``, ``took``, ``score`` and ``bags`` lines, which
:mod:`spadesctl.imports.encode` puts in columns, but for the ``pass`` lines, a took line
that does not give every seat alone in seat order and a sheet line whose parties are in
another order (then, as there, the hand's ``lines_after_bids``, written by the
notation's writer).
``tests/test_express_rows.py`` proves the rows equal to the full engine's, column for
column and byte for byte through ``export``, on generated games of every preset the
express check covers, the samples and random edits.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from spadesctl.cards import Seat, card
from spadesctl.core.bids import BLIND_NIL, NIL, NO_BID
from spadesctl.dates import game_date, game_time
from spadesctl.events import Bid, Bids, Pass, RecordedBags, RecordedScore, Tag, Took
from spadesctl.express.family import ExpressRules
from spadesctl.express.game import GameLedger, HandLedger
from spadesctl.express.lines import SettledLines, seat_tricks, settled_lines, took_entries
from spadesctl.notation.parser import parse_lines
from spadesctl.notation.writer import format_tag, hand_lines
from spadesctl.record import SEAT_TAGS, Hand
from spadesctl.rules import format_rules
from spadesctl.tables.adapter import file_text, int32
from spadesctl.tables.builder import GameInfo, GamesBuilder, TableSet
from spadesctl.tables.deal import ACE_RANK, HIGH_CARD_RANK, NO_DEAL, Features, NoDeal, features

_SUIT_TEXT: Final = ("S", "H", "D", "C")  # suits in play, numbered as the express check does
_PRINTED: Final = ("S", "H", "D", "C")  # a deal word's suit groups, in order
_JOKERS: Final = {"B": "BJ", "L": "LJ"}
#: The hands table's lossless columns (``bid_text`` .. ``party_bid``) when they are not
#: asked for (:attr:`spadesctl.tables.corpus.CorpusOptions.lossless`): null.
_NOT_LOSSLESS: Final = (None, None, None, None, False, None, None, None, None, None) + (None,) * 11
#: A settled hand's typed lossless cells after ``lines_after_bids`` that it never fills:
#: ``widow`` .. ``widow_order`` (the express check settles no widow).
_NO_WIDOW: Final = (None,) * 6
#: A seat's bid cells (``bid_text``, ``bid_order``, ``party_bid``) without a bid.
_NO_BID_CELLS: Final[tuple[str | None, int | None, str | None]] = (None, None, None)
#: A seat's deal columns and ``dealt`` in a hand without a deal (a score sheet's).
_UNDEALT: Final[tuple[NoDeal, None]] = (NO_DEAL, None)
#: A seat's pass cells (``pass_after_bids_to`` .. ``pass_after_bids_order``) without a pass.
_NO_PASS: Final = (None, None, None)
#: How many ranks, from the ace down, are high cards (:mod:`spadesctl.tables.deal`).
_HIGH_RANKS: Final = ACE_RANK - HIGH_CARD_RANK + 1


@functools.lru_cache(maxsize=8192)
def _group_features(group: int, text: str) -> Features:
    """The deal columns (:func:`spadesctl.tables.deal.features`) of the cards of one suit
    group of a ``deal`` word (``group`` 4: the jokers)."""
    if group == 4:
        return features([card(_JOKERS[ch]) for ch in text])
    return features([card(rank + _PRINTED[group]) for rank in text])


def _seat_deal(word: str) -> tuple[Features, str]:
    """The deal columns of one seat's ``N:AJ64.QT9.74.J984`` (as ``fmt`` writes it), and
    its ``dealt`` column: its cards in the order the word writes them (``AS JS 6S 4S QH
    ...``), the jokers after the clubs.

    A suit group's ranks are written high first, so its high cards (the jack and above)
    come first: the group gives its length, and the features of its first ranks its aces
    and high cards (a small cache, where one of whole groups would not be)."""
    groups = word[2:].split(".")
    s, h, d, c = groups[0], groups[1], groups[2], groups[3]
    fs = _group_features(0, s[:_HIGH_RANKS])
    fh = _group_features(1, h[:_HIGH_RANKS])
    fd = _group_features(2, d[:_HIGH_RANKS])
    fc = _group_features(3, c[:_HIGH_RANKS])
    jokers = _group_features(4, groups[4])[4] if len(groups) == 5 else 0
    found = (
        len(s),
        len(h),
        len(d),
        len(c),
        jokers,
        fs[5] + fh[5] + fd[5] + fc[5],
        fs[6] + fh[6] + fd[6] + fc[6],
    )
    # "AJ64" -> "AS JS 6S 4S", and the jokers' "BL" -> "BJ LJ" (each join in C)
    cards = []
    if s:
        cards.append("S ".join(s) + "S")
    if h:
        cards.append("H ".join(h) + "H")
    if d:
        cards.append("D ".join(d) + "D")
    if c:
        cards.append("C ".join(c) + "C")
    if len(groups) == 5 and groups[4]:
        cards.append("J ".join(groups[4]) + "J")
    return found, " ".join(cards)


def game_info(ledger: GameLedger, source: str, index: int) -> GameInfo:
    """The game columns, as :func:`spadesctl.tables.adapter.game_info` reads them from
    the parsed game (the express check refuses a tag given twice)."""
    tags = {name.lower(): value for name, value in ledger.tags}
    players = {SEAT_TAGS[name].value: value for name, value in ledger.tags if name in SEAT_TAGS}
    assert ledger.ruleset is not None
    return GameInfo(
        file=file_text(source),
        game=index,
        event=tags.get("event"),
        date=game_date(tags.get("date")),
        preset=ledger.ruleset.name,
        north=players.get("N"),
        east=players.get("E"),
        south=players.get("S"),
        west=players.get("W"),
        time=game_time(tags.get("time")),
    )


class _Settled(NamedTuple):
    """A settled game, as its rows need it."""

    info: GameInfo
    ledger: GameLedger
    rules: ExpressRules
    players: dict[str, str]  # seat letter -> player


def add_express_game(
    tables: TableSet, ledger: GameLedger, source: str, index: int, *, lossless: bool = True
) -> int:
    """Append the rows of a game the express check settled (``ledger``, game ``index``
    of ``source``) to ``tables``; return its number of hands.  ``lossless``: fill the
    columns that keep what the record says, as :func:`spadesctl.tables.adapter.add_game`
    does; ``False`` leaves them null."""
    assert ledger.rules is not None
    players = {SEAT_TAGS[name].value: value for name, value in ledger.tags if name in SEAT_TAGS}
    game = _Settled(game_info(ledger, source, index), ledger, ledger.rules, players)
    if tables.tricks is not None:
        tables.tricks.extend(game.info, _trick_rows(game))
    if tables.hands is not None:
        tables.hands.extend(game.info, _hand_rows(game, lossless))
    if tables.games is not None:
        _add_game_row(tables.games, game, lossless)
    return len(ledger.hands)


def _tags_cell(ledger: GameLedger) -> str | None:
    """The games table's ``tags`` cell (:func:`spadesctl.imports.encode.game_tags`)."""
    if not ledger.tags:
        return None
    return "\n".join(format_tag(Tag(name, value)) for name, value in ledger.tags)


def _add_game_row(builder: GamesBuilder, game: _Settled, lossless: bool) -> None:
    ledger, rules, info = game.ledger, game.rules, game.info
    ruleset = ledger.ruleset
    assert ruleset is not None
    final = dict(zip(rules.parties, ledger.hands[-1].scores, strict=True))
    end = ledger.end
    builder.add(
        info,
        rules=format_rules(ruleset),
        players=ruleset.players,
        partnership=ruleset.partnership,
        hands=len(ledger.hands),
        winner=rules.parties[end[0]] if end is not None else None,
        end=end[1] if end is not None else "unfinished",
        end_hand=int32(end[2]) if end is not None else None,
        hands_after_end=0,
        recorded_winner=ledger.recorded_winner,
        score_ns=int32(final.get("NS")),
        score_ew=int32(final.get("EW")),
        score_n=int32(final.get("N")),
        score_e=int32(final.get("E")),
        score_s=int32(final.get("S")),
        score_w=int32(final.get("W")),
        violations=0,
        bid_rounds=ruleset.bid_rounds,
        pass_cards=ruleset.pass_cards,
        renege_transfer=ruleset.renege_transfer,
        tags=_tags_cell(ledger) if lossless else None,
    )


@functools.cache
def _bid_places(players: int, dealer: int) -> tuple[tuple[int, int], ...]:
    """Per seat, where its bid stands in a ``bid`` line of a hand ``dealer`` dealt: the
    index of its word and its place in the bidding (from 1, the dealer's left first)."""
    return tuple((2 * k, k) for k in ((s - dealer - 1) % players + 1 for s in range(players)))


class _Sheet(NamedTuple):
    """A settled hand's lossless cells that are not the same in every hand (the columns of
    :func:`spadesctl.imports.encode.encode_hand`)."""

    bid_words: list[str]  # its bid line, split: each seat's bid as written
    places: tuple[tuple[int, int], ...]  # per seat: (its word in bid_words, bid_order)
    scores: tuple[int, ...] | list[int] | None  # per party: the score line's figures
    bags: list[int] | None  # per party: the bags line's figures
    after_bids: str | None  # lines_after_bids
    before_bids: str | None  # lines_before_bids: its draw lines (two players), if any
    #: per seat index: (pass_after_bids_to, passed_after_bids, pass_after_bids_order)
    passes: dict[str, tuple[str, str, int]]
    took: list[int] | None  # per seat: the took line's count, if its cells hold the line
    claimer: str | None  # the seat of its claim line, if written
    #: per seat: its bid cells (``bid_text``, ``bid_order``, ``party_bid``) when a side
    #: bid as one or the hand is unbid; ``None``: each seat's own, by ``places``
    bid_cells: list[tuple[str | None, int | None, str | None]] | None


def _sheet(game: _Settled, hand: HandLedger, number: int, lines: SettledLines) -> _Sheet:
    """A settled hand's :class:`_Sheet` (``lines``: its lines).  Its ``pass`` lines, a
    ``took`` line that does not give every seat alone in the order of the table's rows,
    and a ``score`` or ``bags`` line whose parties are not in that order (their cells
    would not give it back as written), go in ``lines_after_bids``; a settled hand has
    no ``renege`` line, its deal goes in the ``deal`` cells and its claim in the claimer's
    ``claim`` cell."""
    rules = game.rules
    extra = lines.passes  # for lines_after_bids, in order
    passes = len(extra)
    bid_cells: list[tuple[str | None, int | None, str | None]] | None = None
    lead: list[str] = []  # its bid line, where the bid cells cannot hold it
    if hand.bid is None:  # unbid: no bid cells
        bid_cells = [_NO_BID_CELLS] * rules.players
    elif NO_BID in hand.bids:  # a side bid as one
        bid_cells = _side_bid_cells(rules, lines.bids)
        if bid_cells is None:  # as encode_hand: the bid line in lines_after_bids
            bid_cells = [_NO_BID_CELLS] * rules.players
            lead.append(" ".join(lines.bids))
    took: list[int] | None = None
    if lines.took is not None:
        entries = took_entries(lines.took)
        if [name for name, _ in entries] == list(rules.seats):
            took = [count for _, count in entries]
        else:
            extra.append(lines.took)
    scores: tuple[int, ...] | None = None
    bags: list[int] | None = None
    if lines.score is not None:
        if tuple(lines.score.split(" ")[1::2]) == rules.parties:
            scores = hand.scores  # the express check found them equal
        else:
            extra.append(lines.score)
    if lines.bags is not None:
        words = lines.bags.split(" ")
        if tuple(words[1::2]) == rules.parties:
            bags = [int(figure) for figure in words[2::2]]
        else:
            extra.append(lines.bags)
    typed = _typed_passes(extra[:passes])
    if typed:  # one pass a seat: in the pass columns, as encode_hand puts them
        extra = extra[passes:]
        passes = 0
    after_bids: str | None = None
    if len(extra) > passes or lead:  # a sheet or bid line: written as the notation's writer does
        after_bids = _after_bids(number, rules.seats[hand.dealer], lead + extra)
    elif extra:  # pass lines only, which the express check read as the writer writes them
        after_bids = "\n".join(extra)
    return _Sheet(
        lines.bids,
        _bid_places(rules.players, hand.dealer),
        scores,
        bags,
        after_bids,
        "\n".join(lines.draws) or None,
        typed,
        took,
        None if lines.claim is None else lines.claim[6:],
        bid_cells,
    )


def _side_bid_cells(
    rules: ExpressRules, words: list[str]
) -> list[tuple[str | None, int | None, str | None]] | None:
    """A settled bid line's cells (``words``: the line, split) where a side bids as one:
    per seat, its own bid in ``bid_text`` or its side's in ``party_bid``, with the
    bid's place in the line (``bid_order``), as :func:`spadesctl.imports.encode.encode_hand`
    puts them; ``None`` where a seat bids beside its side's bid (a nil: the cells would
    not give the line back)."""
    cells: list[tuple[str | None, int | None, str | None]] = [_NO_BID_CELLS] * rules.players
    for order, (party, value) in enumerate(zip(words[1::2], words[2::2], strict=True), start=1):
        members = rules.party_words[party]
        for s in members:
            if cells[s] is not _NO_BID_CELLS:
                return None
            cells[s] = (value, order, None) if len(members) == 1 else (None, order, value)
    return cells


def _typed_passes(lines: list[str]) -> dict[str, tuple[str, str, int]]:
    """The pass lines (canonical, after the bidding) of a settled hand as
    :func:`spadesctl.imports.encode.encode_hand` types them: per giver, its receiver,
    cards and place; empty when a seat passes twice (then they go in ``lines_after_bids``)."""
    typed: dict[str, tuple[str, str, int]] = {}
    for place, line in enumerate(lines, start=1):
        _, seats, cards = line.split(" ", 2)
        giver, receiver = seats.split(">")
        if giver in typed:
            return {}
        typed[giver] = (receiver, cards, place)
    return typed


def _after_bids(number: int, dealer: str, lines: list[str]) -> str:
    """A hand's ``lines_after_bids`` cell from some of its lines, as the notation's writer
    writes them (:func:`spadesctl.imports.encode.encode_hand`)."""
    passes: list[Pass] = []
    took: Took | None = None
    score: RecordedScore | None = None
    bags: RecordedBags | None = None
    bids: tuple[Bid, ...] = ()
    for event in parse_lines(lines):
        if isinstance(event, Bids):
            bids = event.bids
        elif isinstance(event, Pass):
            passes.append(event)
        elif isinstance(event, Took):
            took = event
        elif isinstance(event, RecordedScore):
            score = event
        elif isinstance(event, RecordedBags):
            bags = event
        else:  # pragma: no cover - the express check settled only these lines
            raise ValueError(f"not a line of lines_after_bids: {event!r}")
    hand = Hand(
        number, Seat(dealer), bids=bids, passes=tuple(passes), took=took, score=score, bags=bags
    )
    return "\n".join(list(hand_lines(hand))[1:])


def _hand_rows(game: _Settled, lossless: bool) -> list[tuple[object, ...]]:
    """The ``hands`` rows of a settled game: its own columns, in the order of
    :data:`spadesctl.tables.schema.HANDS` (:meth:`HandsBuilder.add` names them);
    ``lossless``: with the columns that keep what the record says, else those null."""
    rules, players = game.rules, game.players
    end = game.ledger.end
    rows = game.ledger.rows
    # per seat, once per game: (seat, player, side, party, team), its party, the result,
    # its letter
    seats = []
    for seat in range(rules.players):
        p = rules.party_of[seat]
        party = rules.parties[p]
        mates = rules.party_seats[p]
        team: str | None = None
        if rules.partnership:
            names = [players.get(rules.seats[s]) for s in mates]
            if names[0] is not None and names[1] is not None:
                team = " & ".join(sorted((names[0], names[1])))
        side = party if rules.partnership else None
        won = None if end is None else end[0] == p
        letter = rules.seats[seat]
        fixed = (letter, players.get(letter), side, party, team)
        seats.append((seat, p, fixed, won, letter))
    no_took = (None,) * rules.players
    out: list[tuple[object, ...]] = []
    for number, hand in enumerate(game.ledger.hands, start=1):
        deal = None if hand.deal is None else rows[hand.deal].split(" ")
        dealer = rules.seats[hand.dealer]
        took = hand.took
        figures, scores_after = hand.figures, hand.scores
        party_tricks = [sum([took[s] for s in mates]) for mates in rules.party_seats]
        ends = hand.end > hand.tricks + len(hand.winners)  # with a claim or took line
        lines = settled_lines(rows, hand) if lossless or ends else None
        # per seat, its tricks as the engine tells them (None: its side's count only)
        counts: Sequence[int | None] = took
        if lines is not None and lines.took is not None:
            counts = seat_tricks(rules, hand, lines.took)
        played = bool(hand.winners)
        sheet = _sheet(game, hand, number, lines) if lines is not None and lossless else None
        if sheet is not None:
            places, bid_words = sheet.places, sheet.bid_words
            scores, bags = sheet.scores, sheet.bags
            took_cells = no_took if sheet.took is None else sheet.took
            claimer, after_bids, passes = sheet.claimer, sheet.after_bids, sheet.passes
            bid_cells = sheet.bid_cells
            before_bids = sheet.before_bids
        unbid = hand.bid is None
        for seat, p, fixed, won, seat_word in seats:
            f = figures[p]
            code = hand.bids[seat]
            nil = code == NIL
            blind_nil = code == BLIND_NIL
            tricks = counts[seat]
            bid = code if code > 0 else None if code == NO_BID else 0
            dealt_features, dealt = _UNDEALT if deal is None else _seat_deal(deal[seat + 1])
            if sheet is not None:
                if bid_cells is None:  # each seat's own bid
                    word, order = places[seat]
                    bid_text: str | None = bid_words[word]
                    bid_order: int | None = order
                    party_bid: str | None = None
                else:
                    bid_text, bid_order, party_bid = bid_cells[seat]
                kept: tuple[object, ...] = (
                    bid_text,
                    bid_order,
                    dealt,  # deal: the deal line's cards, as dealt
                    took_cells[seat],  # took
                    seat_word == claimer,  # claim
                    None,  # ruled_reneges
                    None if scores is None else scores[p],  # recorded_score
                    None if bags is None else bags[p],  # recorded_bags
                    before_bids if seat == 0 else None,  # lines_before_bids: the draws
                    after_bids if seat == 0 else None,  # lines_after_bids: first row
                    None,  # raise_to: the express check settles no raise
                    *passes.get(seat_word, _NO_PASS),  # the pass
                    *_NO_WIDOW,
                    party_bid,
                )
            else:
                kept = _NOT_LOSSLESS
            out.append(
                (
                    number,
                    dealer,
                    *fixed,
                    bid,
                    nil,
                    blind_nil,
                    False,  # blind
                    tricks,
                    f[4],  # contract (at most all the tricks bid: a 32-bit figure)
                    party_tricks[p],
                    f[2],  # made
                    f[8] + f[9],  # bags: overtricks and extra bags (at most the tricks)
                    int32(f[0]),  # points
                    int32(scores_after[p]),  # score
                    tricks == 0 if (nil or blind_nil) and tricks is not None else None,  # nil_made
                    0,  # reneges
                    0,  # violations
                    unbid,
                    played,  # played: it shows trick lines
                    False,  # after_end
                    won,
                    *dealt_features,  # spades .. high_cards
                    dealt,
                    bid,  # first_bid: one round of bids, no raise
                    False,  # raised
                    0,  # raise_tricks
                    None,  # pass_to: no passes before the bidding
                    None,  # passed_cards
                    None,  # passed_spades
                    0,  # renege_lost
                    0,  # renege_received
                    0,  # renege_counted
                    *kept,  # bid_text .. party_bid
                )
            )
    return out


def _trick_rows(game: _Settled) -> list[tuple[object, ...]]:
    """The ``tricks`` rows of a settled game: its own columns, in the order of
    :data:`spadesctl.tables.schema.TRICKS` (:meth:`TricksBuilder.add` names them)."""
    rules, players = game.rules, game.players
    seats = rules.seats
    cards = rules.tables.cards
    rows = game.ledger.rows
    spots = rules.spots
    out: list[tuple[object, ...]] = []
    for number, hand in enumerate(game.ledger.hands, start=1):
        at = hand.tricks  # the trick rows follow it
        broken = False
        for t, winner in enumerate(hand.winners):
            words = rows[at + t].split(" ")
            played = words[3:]
            leader = words[2]
            by_seat: list[str | None] = [None, None, None, None]
            for s, c in zip(rules.rotations[seats.index(leader)], played, strict=True):
                by_seat[spots[s]] = c  # card_n .. card_w: by the seat's place at the table
            led = cards[played[0]][0]
            winning = by_seat[spots[winner]]
            assert winning is not None
            spade = any(cards[c][0] == 0 for c in played)
            out.append(
                (
                    number,
                    t + 1,
                    leader,
                    players.get(leader),
                    seats[winner],
                    players.get(seats[winner]),
                    _SUIT_TEXT[led],
                    " ".join(played),
                    *by_seat,  # card_n .. card_w
                    winning,
                    cards[winning][0] == 0 and led != 0,  # trumped
                    broken,  # spades_broken: before the trick
                    spade and not broken,  # breaks_spades
                )
            )
            broken = broken or spade
    return out
