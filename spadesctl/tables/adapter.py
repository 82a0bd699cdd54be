"""One game, refereed (replayed and scored), as rows of the four tables.

This is the only module of :mod:`spadesctl.tables` that knows the referee's output
(:func:`spadesctl.referee.referee_game`): :func:`add_game` referees a game under its
ruleset (:func:`spadesctl.rules.resolve.rules_for_game`) and appends its rows to a
:class:`~spadesctl.tables.builder.TableSet`.  Everything else works on the tables alone.

The violations are what ``spadesctl check`` reports for the game: an invalid Rules tag
(the game's hands are then refereed under the default ruleset, but its violations are
those of the tag alone, as ``check`` reports them), the replay's violations, and the
score sheet's disputes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from spadesctl.cards import ALL_CARDS, Party, Seat, Side, Suit
from spadesctl.core.bids import is_nil
from spadesctl.dates import game_date, game_time
from spadesctl.diagnostics import RENEGE, RENEGE_RULED, UNSUPPORTED_RENEGE_CALL, Diagnostic
from spadesctl.events import Bid, BidKind
from spadesctl.imports.encode import (
    NO_COLUMNS,
    NO_HAND_COLUMNS,
    encode_hand,
    game_comments,
    game_tags,
)
from spadesctl.record import Game
from spadesctl.referee import RefereedGame, referee_game
from spadesctl.replay import ReplayedHand
from spadesctl.replay.bidding import contract_of
from spadesctl.rules import effective_suit, format_rules
from spadesctl.rules.resolve import rules_for_game
from spadesctl.rules.ruleset import Ruleset
from spadesctl.scoring import party_of
from spadesctl.scoring.model import HandScore
from spadesctl.sheet.build import sheet_from_referee
from spadesctl.sheet.disputes import disputes
from spadesctl.tables.builder import GameInfo, TableSet
from spadesctl.tables.deal import NO_DEAL, Features, NoDeal, features, whole_deal_known

_PLAIN_SUIT_TEXT: Final = MappingProxyType(
    {s: s.value for s in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)}
)
_SEAT_TEXT: Final = MappingProxyType({s: s.value for s in Seat})
_CARD_TEXT: Final = MappingProxyType({c: c.text for c in ALL_CARDS})
_INT32: Final = range(-(2**31), 2**31)
#: Diagnostics naming a seat that are not that seat's violation: a renege, ruled or not
#: (counted apart, see :func:`_renege_count`), and a renege ruling the play contradicts.
_NOT_THE_SEATS_FAULT: Final = frozenset({RENEGE, RENEGE_RULED, UNSUPPORTED_RENEGE_CALL})


def file_text(source: str) -> str:
    """``source`` as the tables can hold it.  polars strings are UTF-8; a file name that is
    not (Linux allows any bytes; Python reads them as surrogate escapes) keeps its odd
    bytes written ``\\xNN``, as standard error shows them."""
    if source.isascii():
        return source
    try:
        return source.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    except UnicodeEncodeError:  # a surrogate no file name holds
        return source.encode("utf-8", "backslashreplace").decode("utf-8")


def game_info(game: Game, rules: Ruleset) -> GameInfo:
    players = game.players
    return GameInfo(
        file=file_text(game.source),
        game=game.index,
        event=game.tag("Event"),
        date=game_date(game.tag("Date")),
        preset=rules.name,
        north=players.get(Seat.N),
        east=players.get(Seat.E),
        south=players.get(Seat.S),
        west=players.get(Seat.W),
        time=game_time(game.tag("Time")),
    )


def _team(side: Side, players: Mapping[Seat, str]) -> str | None:
    names = [players.get(s) for s in side.seats]
    if names[0] is None or names[1] is None:
        return None
    return " & ".join(sorted((names[0], names[1])))


def _renege_count(hand: ReplayedHand) -> Counter[Seat]:
    """Reneges per seat: those the play proves, and the table's rulings on tricks whose
    play is not recorded (a ruling on a recorded trick stands only if the play proves it)."""
    played = {t.number for t in hand.tricks}
    found = {(r.seat, r.trick) for r in hand.reneges}
    found.update((r.seat, r.trick) for r in hand.hand.reneges if r.trick not in played)
    return Counter(seat for seat, _ in found)


def _int32(value: int | None) -> int | None:
    """``value`` if it fits the tables' 32-bit columns, else ``None`` (absurd record figures)."""
    return value if value is not None and value in _INT32 else None


#: :func:`_int32`, for the express check's rows (:mod:`spadesctl.express.rows`).
int32 = _int32


def game_diagnostics(
    refereed: RefereedGame, problems: tuple[Diagnostic, ...] = ()
) -> list[Diagnostic]:
    """What ``check`` reports for a game that parsed: the problems of a bad Rules tag
    (and then nothing else: ``check`` referees it no further), or the replay's
    violations and the score sheet's disputes, in source order."""
    if problems:
        return list(problems)
    found = list(refereed.diagnostics)
    found.extend(disputes(sheet_from_referee(refereed)))
    found.sort(key=Diagnostic.sort_key)
    return found


def add_game(
    tables: TableSet,
    game: Game,
    default_rules: Ruleset,
    *,
    lossless: bool = True,
    comments: tuple[tuple[int, str], ...] = (),
) -> int:
    """Referee ``game`` (a game without syntax issues) and append its rows to ``tables``;
    return the number of hands it holds.  ``lossless``: fill the columns that keep what the
    record says (docs/import.md); ``False`` leaves them null (``stats`` reads none of them).
    ``comments``: the game's source lines that held a comment (the ``comments`` cell).

    The game is played under its Rules tag, or ``default_rules`` when it has none or the
    tag is invalid (then an ``invalid-rules`` violation).
    """
    chosen = rules_for_game(game, default_rules)
    rules = chosen.rules
    refereed = referee_game(game, rules)
    info = game_info(game, rules)
    players = game.players
    result = refereed.result
    if tables.hands is not None or tables.tricks is not None:
        _add_hands(tables, info, refereed, players, lossless)
    diagnostics: list[Diagnostic] = []
    if tables.violations is not None or tables.games is not None:
        diagnostics = game_diagnostics(refereed, chosen.problems)
    if tables.violations is not None:
        add = tables.violations.add
        for d in diagnostics:
            seat = Seat(d.seat) if d.seat in ("N", "E", "S", "W") else None
            add(
                info,
                hand=_int32(d.hand),
                trick=_int32(d.trick),
                seat=d.seat if seat is not None else None,
                player=players.get(seat) if seat is not None else None,
                party=d.party,
                name=d.name,
                code=d.code,
                severity=d.severity.value,
                line=_int32(d.line) or 0,
                column=_int32(d.column) or 0,
                message=d.message,
            )
    if tables.games is not None:
        final = dict(refereed.standing.scores)
        end_hand = result.hand if result is not None else None
        after_end = len(refereed.hands_after_end)
        tables.games.add(
            info,
            rules=format_rules(rules),
            players=rules.players,
            partnership=rules.partnership,
            hands=len(game.hands),
            winner=result.winner.value if result is not None else None,
            end=result.reason.value if result is not None else "unfinished",
            end_hand=_int32(end_hand),
            hands_after_end=after_end,
            recorded_winner=game.result.winner.value if game.result is not None else None,
            score_ns=_int32(final.get(Side.NS)),
            score_ew=_int32(final.get(Side.EW)),
            score_n=_int32(final.get(Seat.N)),
            score_e=_int32(final.get(Seat.E)),
            score_s=_int32(final.get(Seat.S)),
            score_w=_int32(final.get(Seat.W)),
            violations=len(diagnostics),
            bid_rounds=rules.bid_rounds,
            pass_cards=rules.pass_cards,
            renege_transfer=rules.renege_transfer,
            tags=game_tags(game) if lossless else None,
            comments=game_comments(game, comments) if lossless else None,
        )
    return len(game.hands)


def _add_hands(
    tables: TableSet,
    info: GameInfo,
    refereed: RefereedGame,
    players: Mapping[Seat, str],
    lossless: bool,
) -> None:
    rules = refereed.rules
    result = refereed.result
    winner: Party | None = result.winner if result is not None else None
    decided_after = result.hand if result is not None else None
    deck = rules  # its deck and high_twos say which cards are spades
    # Per seat, once per game: (party, its text, side text, team, player)
    seats: dict[Seat, tuple[Party, str, str | None, str | None, str | None]] = {}
    for seat in Seat:
        party = party_of(rules, seat)
        side = party if isinstance(party, Side) else None
        seats[seat] = (
            party,
            party.value,
            None if side is None else side.value,
            None if side is None else _team(side, players),
            players.get(seat),
        )
    for refereed_hand in refereed.hands:
        hand, score = refereed_hand.replayed, refereed_hand.score
        if tables.tricks is not None:
            _add_tricks(tables, info, hand, players, deck)
        if tables.hands is None:
            continue
        taken: dict[Party, int] = dict(hand.taken)
        reneges = _renege_count(hand)
        others = Counter(
            d.seat
            for d in hand.diagnostics
            if d.seat is not None and d.kind not in _NOT_THE_SEATS_FAULT
        )
        after_end = decided_after is not None and hand.number > decided_after
        dealt = _dealt(hand)
        passed = _passes_before_bid(hand)
        raises = _raises(hand)
        received_void = _received_void(score)
        number = _int32(hand.number)
        dealer = _SEAT_TEXT[hand.dealer]
        kept = (
            encode_hand(hand.hand, hand.seats, {s: seats[s][0] for s in Seat}, hand.tricks)
            if lossless
            else NO_HAND_COLUMNS
        )
        first_row = True
        for seat in hand.seats:
            own = kept.seats.get(seat, NO_COLUMNS)
            party, party_text, side_text, team, player = seats[seat]
            cards, dealt_cards = dealt.get(seat, (NO_DEAL, None))
            seat_text = _SEAT_TEXT[seat]
            bid = hand.bid_of(seat)
            blind_nil = bid is not None and bid.kind is BidKind.BLIND_NIL
            nil = bid is not None and not blind_nil and is_nil(rules, bid)
            tricks = taken.get(seat)
            outcome = score.result(party) if score is not None else None
            first_bid = _bid_in(hand.first_bids, seat)
            raise_tricks = raises.get(party, 0)
            pass_to, passed_cards, passed_spades = passed.get(seat, (None, None, None))
            tables.hands.add(
                info,
                hand=number,
                dealer=dealer,
                seat=seat_text,
                player=player,
                side=side_text,
                party=party_text,
                team=team,
                bid=_int32(bid.tricks) if bid is not None else None,
                nil=nil,
                blind_nil=blind_nil,
                blind=bid is not None and bid.kind is BidKind.BLIND,
                tricks=_int32(tricks),
                contract=_int32(outcome.contract) if outcome is not None else None,
                party_tricks=_int32(outcome.taken if outcome is not None else hand.taken_by(party)),
                made=outcome.made if outcome is not None else None,
                bags=_int32(outcome.overtricks + outcome.extra_bags)
                if outcome is not None
                else None,
                points=_int32(outcome.points) if outcome is not None else None,
                score=_int32(score.after.score(party)) if score is not None else None,
                nil_made=tricks == 0 if (nil or blind_nil) and tricks is not None else None,
                reneges=reneges[seat],
                violations=reneges[seat] + others[seat_text],
                unbid=hand.unbid,
                played=hand.hand.is_played,
                after_end=after_end,
                won=None if winner is None else winner is party,
                spades=cards[0],
                hearts=cards[1],
                diamonds=cards[2],
                clubs=cards[3],
                jokers=cards[4],
                aces=cards[5],
                high_cards=cards[6],
                dealt=dealt_cards,
                first_bid=_int32(first_bid.tricks) if first_bid is not None else None,
                raised=raise_tricks > 0,
                raise_tricks=raise_tricks,
                pass_to=pass_to,
                passed_cards=passed_cards,
                passed_spades=passed_spades,
                renege_lost=_int32(outcome.removed) if outcome is not None else None,
                renege_received=_int32(outcome.received) if outcome is not None else None,
                renege_counted=_int32(outcome.received - received_void.get(party, 0))
                if outcome is not None
                else None,
                bid_text=own.bid_text,
                bid_order=own.bid_order,
                deal=own.deal,
                took=_int32(own.took),
                claim=own.claim,
                ruled_reneges=own.ruled_reneges,
                recorded_score=_int32(own.recorded_score),
                recorded_bags=_int32(own.recorded_bags),
                lines_before_bids=kept.lines_before_bids if first_row else None,
                lines_after_bids=kept.lines_after_bids if first_row else None,
            )
            first_row = False


def _bid_in(bids: tuple[Bid, ...], bidder: Party) -> Bid | None:
    for b in bids:
        if b.bidder is bidder:
            return b
    return None


def _raises(hand: ReplayedHand) -> dict[Party, int]:
    """Per party whose raise counted (``bid_rounds=2``): the tricks it added to the
    party's first-round contract."""
    if not hand.hand.raises or hand.bids == hand.first_bids:
        return {}
    rules = hand.rules
    out: dict[Party, int] = {}
    for party in {party_of(rules, seat) for seat in hand.seats}:
        before = contract_of(rules, hand.first_bids, party)
        after = contract_of(rules, hand.bids, party)
        if before is not None and after is not None and after > before:
            out[party] = after - before
    return out


def _passes_before_bid(hand: ReplayedHand) -> dict[Seat, tuple[str, str, int]]:
    """Per seat that passed cards before the bidding (``pass_cards``), as recorded: to
    whom, the cards (in the record's order) and how many of them are spades."""
    out: dict[Seat, tuple[str, str, int]] = {}
    for p in hand.hand.passes_before_bid:
        to, cards, spades = out.get(p.giver, (_SEAT_TEXT[p.receiver], "", 0))
        texts = [_CARD_TEXT[c] for c in p.cards]
        cards = " ".join([cards, *texts]) if cards else " ".join(texts)
        spades += sum(effective_suit(c, hand.rules) is Suit.SPADES for c in p.cards)
        out[p.giver] = (to, cards, spades)
    return out


def _received_void(score: HandScore | None) -> dict[Party, int]:
    """Per party: renege penalty tricks it received that count for nothing (it had no
    contract), from the scorer's rulings."""
    void: dict[Party, int] = {}
    if score is None:
        return void
    for ruling in score.rulings:
        for party, count in ruling.shares:
            if party in ruling.no_contract:
                void[party] = void.get(party, 0) + count
    return void


def _dealt(hand: ReplayedHand) -> dict[Seat, tuple[Features | NoDeal, str | None]]:
    """The deal columns of each seat and its cards as dealt (``dealt``), when the whole
    deal is known (else none)."""
    holdings = [hand.holding(seat) for seat in hand.seats]
    if not whole_deal_known(holdings, hand.holdings_known, hand.rules.tricks_per_hand):
        return {}
    return {
        seat: (features(h), " ".join(_CARD_TEXT[c] for c in h))
        for seat, h in zip(hand.seats, holdings, strict=True)
    }


def _add_tricks(
    tables: TableSet,
    info: GameInfo,
    hand: ReplayedHand,
    players: Mapping[Seat, str],
    deck: Ruleset,
) -> None:
    if tables.tricks is None:
        return
    add = tables.tricks.add
    number = _int32(hand.number)
    for trick in hand.tricks:
        if not trick.cards:
            continue
        played = {seat: _CARD_TEXT[c] for seat, c in zip(trick.seats, trick.cards, strict=False)}
        led = effective_suit(trick.cards[0], deck)
        winning = trick.card_of(trick.winner)
        wins_with = effective_suit(winning, deck) if winning is not None else None
        leader, winner = trick.leader, trick.winner
        add(
            info,
            hand=number,
            trick=_int32(trick.number),
            leader=_SEAT_TEXT[leader],
            leader_player=players.get(leader),
            winner=_SEAT_TEXT[winner],
            winner_player=players.get(winner),
            led_suit=_PLAIN_SUIT_TEXT.get(led),
            cards=" ".join([_CARD_TEXT[c] for c in trick.cards]),
            card_n=played.get(Seat.N),
            card_e=played.get(Seat.E),
            card_s=played.get(Seat.S),
            card_w=played.get(Seat.W),
            winning_card=played.get(winner),
            trumped=wins_with is Suit.SPADES and led is not Suit.SPADES,
            spades_broken=trick.spades_broken,
            breaks_spades=trick.breaks_spades,
        )
