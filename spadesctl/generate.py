"""Random legal games: a simple bot that deals, bids and plays by the rules.

:func:`generate_games` yields complete games under a ruleset: every hand dealt (or, for
two players, drawn), bid with a simple hand evaluation (some nils, a blind nil or a
blind bid where the score allows one), played out card by card by a bot that follows
every rule of the ruleset (it picks among :func:`~spadesctl.replay.legal.legal_indices`),
and scored with the real scorer, with the running score and bags written after each
hand and the result at the end.  The same seed always gives the same games.

The samples and benchmarks of the project are made with it (``spadesctl generate``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from spadesctl.cards import Party, Seat, Side, seats_for, side_of
from spadesctl.core.bids import (
    blind_bid_fault,
    blind_nil_refused,
    is_nil,
    is_unbid,
    trail,
    zero_is_nil,
)
from spadesctl.core.dealer import next_dealer
from spadesctl.core.deck import (
    CARDS,
    SPADES,
    TWO_OF_CLUBS,
    DeckTable,
    deck_table,
    first_trick_lowest_club,
    trick_winner,
)
from spadesctl.core.draws import draw_steps, drawer
from spadesctl.core.limits import MAX_HANDS
from spadesctl.events import (
    NOWHERE,
    Bid,
    BidKind,
    Deal,
    Discard,
    Draw,
    Holding,
    Pass,
    Raise,
    RecordedBags,
    RecordedScore,
    Result,
    Tag,
    Take,
    Took,
    Trick,
    Widow,
    WidowLine,
)
from spadesctl.record import Game, Hand
from spadesctl.replay.bidding import bidding_order, contract_of, raise_contract
from spadesctl.replay.deal import pass_receiver
from spadesctl.replay.legal import legal_indices
from spadesctl.replay.widow import discarded_before_bid, taken_before_bid
from spadesctl.rules.parse import format_rules
from spadesctl.rules.ruleset import BagMode, Bidding, FirstLead, Ruleset, WidowDiscard, WidowRule
from spadesctl.scoring import HandScore, Standing, game_end, parties_of, score_hand

#: A game that has not ended after :data:`~spadesctl.core.limits.MAX_HANDS` hands is
#: cut short (no result line): the notation numbers hands up to it.

_NAMES = ("Ann", "Bo", "Cy", "Di")
_HOLDING_ORDER = tuple(("SHDCJ".index(c.suit.value), -c.rank) for c in CARDS)


@dataclass(frozen=True, slots=True)
class GenerateOptions:
    """What to generate: full records, or score sheets (bids and ``took`` lines only);
    ``max_hands`` cuts a game short (no result line) when it has not ended by then."""

    hands_only: bool = False
    max_hands: int = MAX_HANDS


def generate_games(
    n: int, seed: int, rules: Ruleset, options: GenerateOptions = GenerateOptions()
) -> Iterator[Game]:
    """``n`` complete random legal games under ``rules``, the same for the same seed."""
    rng = random.Random(seed)
    for index in range(1, n + 1):
        yield _Game(rules, rng, options).play(index)


def _sorted_cards(held: set[int]) -> tuple[int, ...]:
    return tuple(sorted(held, key=_HOLDING_ORDER.__getitem__))


class _Game:
    """One game being generated (local working state)."""

    def __init__(self, rules: Ruleset, rng: random.Random, options: GenerateOptions) -> None:
        self.rules = rules
        self.rng = rng
        self.options = options
        self.table: DeckTable = deck_table(rules)
        self.seats = seats_for(rules.players)
        self.partnership = rules.has_partnerships
        self.standing = Standing.start(rules)
        self._holdings: list[set[int]] = []

    def play(self, index: int) -> Game:
        rules = self.rules
        tags = [Tag("Event", f"Generated game {index}")]
        tags.extend(Tag(s.word, _NAMES[i]) for i, s in enumerate(self.seats))
        tags.append(Tag("Rules", format_rules(rules)))
        hands: list[Hand] = []
        dealer = self.rng.choice(self.seats)
        result: Result | None = None
        for number in range(1, min(self.options.max_hands, MAX_HANDS) + 1):
            hand, score = self._hand(number, dealer)
            hands.append(hand)
            end = game_end(rules, score)
            if end is not None:
                result = Result(end.winner)
                break
            dealer = next_dealer(rules, dealer, self.seats)
        return Game(tags=tuple(tags), hands=tuple(hands), result=result, index=index)

    # -- one hand -------------------------------------------------------------------

    def _hand(self, number: int, dealer: Seat) -> tuple[Hand, HandScore]:
        rules = self.rules
        size = rules.tricks_per_hand
        draws: tuple[Draw, ...] = ()
        left: list[int] = []  # the widow: cards of the pack no one is dealt
        if rules.players == 2:
            holdings, draws = self._draw(dealer)
        else:
            pack = sorted(self.table.pack)
            self.rng.shuffle(pack)
            holdings = [set(pack[i * size : (i + 1) * size]) for i in range(len(self.seats))]
            left = sorted(pack[len(self.seats) * size :], key=_HOLDING_ORDER.__getitem__)
        dealt = [set(h) for h in holdings]
        widow_early = self._widow_before_bid(dealer, holdings, left)
        passes_before_bid = self._passes_before_bid(number, holdings)
        unbid = is_unbid(rules, number)
        bids: tuple[Bid, ...] = () if unbid else self._bids(dealer, holdings)
        raises = self._raises(dealer, bids, holdings) if bids and rules.bid_rounds > 1 else ()
        contract = bids
        for r in raises:
            contract = raise_contract(rules, contract, r.bidder, r.tricks, r.pos)
        widow_late = self._widow_after_bid(widow_early, contract, holdings, left)
        passes = self._passes(bids, holdings)
        tricks, won = self._play(dealer, holdings, contract)
        taken = tuple(zip(self.seats, won, strict=True))
        score = score_hand(rules, contract, taken, self.standing, (), number)
        self.standing = score.after
        deal = Deal(
            tuple(
                Holding(seat, tuple(CARDS[c] for c in _sorted_cards(dealt[s])))
                for s, seat in enumerate(self.seats)
            )
        )
        recorded = RecordedScore(tuple((p, s.score) for p, s in self.standing.entries))
        bags = (
            RecordedBags(tuple((p, s.bags) for p, s in self.standing.entries))
            if rules.bag_mode is BagMode.CARRY and rules.bag_limit is not None
            else None
        )
        if self.options.hands_only:
            hand = Hand(
                number=number,
                dealer=dealer,
                bids=bids,
                raises=raises,
                took=Took(tuple((p, n) for p, n in taken)),
                score=recorded,
                bags=bags,
            )
        else:
            hand = Hand(
                number=number,
                dealer=dealer,
                deal=deal,
                draws=draws,
                bids=bids,
                raises=raises,
                passes=passes,
                passes_before_bid=passes_before_bid,
                widow=Widow(tuple(CARDS[c] for c in left)) if left else None,
                widow_before_bid=widow_early,
                widow_after_bid=widow_late,
                tricks=tricks,
                score=recorded,
                bags=bags,
            )
        return hand, score

    def _draw(self, dealer: Seat) -> tuple[list[set[int]], tuple[Draw, ...]]:
        """Two players build their hands from the stock, the non-dealer first."""
        stock = sorted(self.table.pack)
        self.rng.shuffle(stock)
        holdings: list[set[int]] = [set(), set()]
        steps: list[Draw] = []
        dealt_by = self.seats.index(dealer)
        for step in range(draw_steps(self.rules.tricks_per_hand)):  # the stock: two a step
            first, second = stock.pop(), stock.pop()
            turn = drawer(dealt_by, step)
            keep_first = self._worth_keeping(first) or self.rng.random() < 0.3
            kept, discarded = (first, second) if keep_first else (second, first)
            holdings[turn].add(kept)
            steps.append(Draw(self.seats[turn], CARDS[kept], CARDS[discarded], keep_first))
        return holdings, tuple(steps)

    def _worth_keeping(self, c: int) -> bool:
        return self.table.suit[c] == SPADES or self.table.power[c] >= 11

    # -- bidding --------------------------------------------------------------------

    def _estimate(self, held: set[int]) -> int:
        """A rough count of the tricks a holding should take."""
        suit, power = self.table.suit, self.table.power
        by_suit: list[list[int]] = [[], [], [], []]
        for c in held:
            by_suit[suit[c]].append(power[c])
        spades = sorted(by_suit[SPADES], reverse=True)
        tricks = 0.0
        for rank, p in enumerate(spades):
            if p >= 14 - rank:  # top spades in sequence: A, K, Q... (and higher ones)
                tricks += 1
            elif rank >= 3:
                tricks += 0.8
        for k in (1, 2, 3):
            cards = sorted(by_suit[k], reverse=True)
            if cards and cards[0] == 14:
                tricks += 1
            if len(cards) >= 2 and 13 in cards[:2]:
                tricks += 0.6
            if len(cards) <= 1 and len(spades) >= 3:
                tricks += 0.4
        return max(0, round(tricks))

    def _behind(self, party: Party) -> int | None:
        """How far ``party`` trails the best other party (:func:`spadesctl.core.bids.trail`)."""
        scores = self.standing.scores
        ranked = list(scores)
        return trail([scores[p] for p in ranked], ranked.index(party))

    def _bids(self, dealer: Seat, holdings: list[set[int]]) -> tuple[Bid, ...]:
        rules = self.rules
        order = list(bidding_order(rules, dealer, self.seats))
        self._holdings = holdings
        estimates = {seat: self._estimate(holdings[self.seats.index(seat)]) for seat in order}
        if rules.bidding is Bidding.MIRROR:
            return tuple(self._mirror_bid(seat, holdings) for seat in order)
        if self.partnership and rules.bidding is Bidding.SUICIDE:
            return self._suicide_bids(order, estimates)
        if self.partnership and rules.nil is None and rules.min_team_bid:
            return self._side_bids(order, estimates)
        return self._seat_bids(order, estimates, holdings)

    def _mirror_bid(self, seat: Seat, holdings: list[set[int]]) -> Bid:
        spades = self.table.spades_in(holdings[self.seats.index(seat)])
        if spades == 0 and zero_is_nil(self.rules):
            return Bid(seat, BidKind.NIL, 0)
        return Bid(seat, BidKind.NUMBER, spades)

    def _danger(self, seat: Seat) -> int:
        """How likely a holding is to take a trick it does not want: its high cards."""
        suit, power = self.table.suit, self.table.power
        held = self._holdings[self.seats.index(seat)]
        return sum(max(0, power[c] - 9) * (2 if suit[c] == SPADES else 1) for c in held)

    def _suicide_bids(self, order: list[Seat], estimates: dict[Seat, int]) -> tuple[Bid, ...]:
        choice: dict[Seat, Bid] = {}
        for side in (Side.NS, Side.EW):
            a, b = side.seats
            nil, other = (a, b) if self._danger(a) <= self._danger(b) else (b, a)
            choice[nil] = Bid(nil, BidKind.NIL, 0)
            choice[other] = Bid(other, BidKind.NUMBER, self._clamp(max(4, estimates[other])))
        return self._total_rule(tuple(choice[s] for s in order))

    def _side_bids(self, order: list[Seat], estimates: dict[Seat, int]) -> tuple[Bid, ...]:
        rules = self.rules
        out: list[Bid] = []
        for side in (side_of(order[0]), side_of(order[0]).other):
            total = sum(estimates[s] for s in side.seats)
            total = max(total, rules.min_team_bid)
            if rules.max_team_bid is not None:
                total = min(total, rules.max_team_bid)
            total = self._clamp(total)
            blind = max(rules.blind_bids or 0, min(total, rules.tricks_per_hand))
            if (
                blind_bid_fault(
                    rules.blind_bids, rules.blind_bid_deficit, blind, self._behind(side)
                )
                is None
                and self.rng.random() < 0.4
            ) and (rules.max_team_bid is None or blind <= rules.max_team_bid):
                out.append(Bid(side, BidKind.BLIND, blind))
                continue
            out.append(Bid(side, BidKind.NUMBER, total))
        return self._total_rule(tuple(out))

    def _seat_bids(
        self, order: list[Seat], estimates: dict[Seat, int], holdings: list[set[int]]
    ) -> tuple[Bid, ...]:
        bids: dict[Seat, Bid] = {}
        for seat in order:
            bids[seat] = self._seat_bid(seat, estimates[seat], holdings, bids)
        return self._total_rule(tuple(bids[s] for s in order))

    def _seat_bid(
        self, seat: Seat, estimate: int, holdings: list[set[int]], made: dict[Seat, Bid]
    ) -> Bid:
        rules = self.rules
        partner = _partner(seat) if self.partnership else None
        partner_bid = made.get(partner) if partner is not None else None
        partner_nil = partner_bid is not None and is_nil(rules, partner_bid)
        nil_ok = rules.nil is not None and not (partner_nil and not rules.both_nil)
        party: Party = side_of(seat) if self.partnership else seat
        # Blind nil is decided before looking at the cards.
        if (
            nil_ok
            and not blind_nil_refused(rules.blind_nil, rules.blind_nil_deficit, self._behind(party))
            and not (partner_bid is not None and partner_bid.kind is BidKind.BLIND_NIL)
            and (partner_bid is None or not self._min_needs(partner_bid, 0))
            and self.rng.random() < 0.35
        ):
            return Bid(seat, BidKind.BLIND_NIL, 0)
        held = holdings[self.seats.index(seat)]
        # Alone, a nil has no partner to cover it: bid one only with a hopeless hand.
        highest = 13 if self.partnership else 10
        high_spades = any(
            self.table.suit[c] == SPADES and self.table.power[c] >= highest for c in held
        )
        if (
            nil_ok
            and estimate <= (1 if self.partnership else 0)
            and not high_spades
            and (partner_bid is None or not self._min_needs(partner_bid, 0))
            and self.rng.random() < 0.6
        ):
            return Bid(seat, BidKind.NIL, 0)
        bid = max(1, estimate)
        if partner_bid is not None:
            base = 0 if partner_nil else partner_bid.tricks
            bid = max(bid, rules.min_team_bid - base)
            if rules.max_team_bid is not None:
                bid = min(bid, rules.max_team_bid - base)
            room = rules.tricks_per_hand - base  # a side bids at most the tricks in a hand
            if bid > room:
                if room <= 0 and nil_ok:
                    return Bid(seat, BidKind.NIL, 0)
                bid = max(room, 0 if not rules.zero_is_nil or rules.nil is None else 1)
        elif not self.partnership:
            bid = max(bid, rules.min_team_bid)
            if rules.max_team_bid is not None:
                bid = min(bid, rules.max_team_bid)
        bid = self._clamp(bid)
        if bid == 0 and zero_is_nil(rules):
            bid = 1
        return Bid(seat, BidKind.NUMBER, bid)

    def _raises(
        self, dealer: Seat, bids: tuple[Bid, ...], holdings: list[set[int]]
    ) -> tuple[Raise, ...]:
        """The second round (``bid_rounds=2``): each party in turn raises by a trick or
        two when its cards look worth more than its bid, within the rules' limits."""
        rules = self.rules
        order = bidding_order(rules, dealer, self.seats)
        parties: list[Party] = (
            [side_of(order[0]), side_of(order[0]).other] if self.partnership else list(order)
        )
        out: list[Raise] = []
        contract = bids
        for party in parties:
            current = contract_of(rules, contract, party)
            if current is None or self.rng.random() < 0.5:
                continue
            members = party.seats if isinstance(party, Side) else (party,)
            worth = sum(self._estimate(holdings[self.seats.index(s)]) for s in members)
            new = min(current + self.rng.choice((1, 2)), rules.tricks_per_hand)
            if rules.max_team_bid is not None:
                new = min(new, rules.max_team_bid)
            if new <= current or worth < new - 1:
                continue
            trial = raise_contract(rules, contract, party, new, NOWHERE)
            total = sum(b.tricks for b in trial if not is_nil(rules, b))
            if not rules.bids_total_13 and total == rules.tricks_per_hand:
                continue
            out.append(Raise(party, new))
            contract = trial
        return tuple(out)

    def _min_needs(self, partner_bid: Bid, mine: int) -> bool:
        """Whether a side bid of ``partner_bid`` + ``mine`` falls short of min_team_bid."""
        base = 0 if is_nil(self.rules, partner_bid) else partner_bid.tricks
        return base + mine < self.rules.min_team_bid

    def _clamp(self, tricks: int) -> int:
        return max(0, min(tricks, self.rules.tricks_per_hand))

    def _total_rule(self, bids: tuple[Bid, ...]) -> tuple[Bid, ...]:
        """Under ``bids_total_13=no``, the last bidder moves by one if the total is exact."""
        rules = self.rules
        if rules.bids_total_13:
            return bids
        total = sum(b.tricks for b in bids if not is_nil(rules, b))
        if total != rules.tricks_per_hand:
            return bids
        for i in range(len(bids) - 1, -1, -1):
            b = bids[i]
            if is_nil(rules, b) or b.kind is BidKind.BLIND:
                continue
            for change in (-1, 1):
                new = b.tricks + change
                candidate = (*bids[:i], Bid(b.bidder, b.kind, new), *bids[i + 1 :])
                if new >= 1 and self._team_ok(candidate):
                    return candidate
        return bids

    def _team_ok(self, bids: tuple[Bid, ...]) -> bool:
        rules = self.rules
        if rules.bidding is Bidding.SUICIDE:
            for b in bids:
                if isinstance(b.bidder, Seat) and not is_nil(rules, b) and b.tricks < 4:
                    return False
        for party in parties_of(rules):
            members = party.seats if isinstance(party, Side) else (party,)
            total = sum(
                b.tricks
                for b in bids
                if (b.bidder is party or b.bidder in members) and not is_nil(rules, b)
            )
            contract = any(
                (b.bidder is party or b.bidder in members) and not is_nil(rules, b) for b in bids
            )
            if not contract:
                continue
            if total < rules.min_team_bid:
                return False
            if rules.max_team_bid is not None and total > rules.max_team_bid:
                return False
        return True

    # -- passes and play ------------------------------------------------------------

    def _strength(self, c: int) -> tuple[int, int]:
        return (1 if self.table.suit[c] == SPADES else 0, self.table.power[c])

    # -- the widow ------------------------------------------------------------------

    def _widow_before_bid(
        self, dealer: Seat, holdings: list[set[int]], left: list[int]
    ) -> tuple[WidowLine, ...]:
        """``widow=dealer`` or ``two_of_clubs``: the taker takes the widow before the
        bidding, and discards its two worst cards now or (``after_bid``) later."""
        rules = self.rules
        if not left or not taken_before_bid(rules):
            return ()
        taker = dealer
        if rules.widow is WidowRule.TWO_OF_CLUBS and TWO_OF_CLUBS not in left:
            taker = next(s for s, h in zip(self.seats, holdings, strict=True) if TWO_OF_CLUBS in h)
        t = self.seats.index(taker)
        holdings[t].update(left)
        lines: list[WidowLine] = [Take(taker, tuple(CARDS[c] for c in left))]
        if discarded_before_bid(rules):
            lines.append(self._discard(taker, holdings, len(left)))
        return tuple(lines)

    def _widow_after_bid(
        self,
        early: tuple[WidowLine, ...],
        bids: tuple[Bid, ...],
        holdings: list[set[int]],
        left: list[int],
    ) -> tuple[WidowLine, ...]:
        """The discard after the bidding (``widow_discard=after_bid``), or the take and
        discards of ``high_bidder``: both cards to the side that bid more (one partner
        both, or one each), one to each side on equal bids."""
        rules = self.rules
        if not left:
            return ()
        if rules.widow is not WidowRule.HIGH_BIDDER:
            if early and rules.widow_discard is WidowDiscard.AFTER_BID:
                return (self._discard(early[0].seat, holdings, len(left)),)
            return ()
        totals = {side: contract_of(rules, bids, side) or 0 for side in (Side.NS, Side.EW)}
        if totals[Side.NS] == totals[Side.EW]:
            takers = [self.rng.choice(Side.NS.seats), self.rng.choice(Side.EW.seats)]
        else:
            side = Side.NS if totals[Side.NS] > totals[Side.EW] else Side.EW
            first = self.rng.choice(side.seats)
            takers = [first, first if self.rng.random() < 0.5 else _partner(first)]
        got: dict[Seat, list[int]] = {}
        for seat, c in zip(takers, left, strict=True):
            got.setdefault(seat, []).append(c)
        lines: list[WidowLine] = []
        for seat, cards in got.items():
            holdings[self.seats.index(seat)].update(cards)
            lines.append(Take(seat, tuple(CARDS[c] for c in cards)))
        lines.extend(self._discard(seat, holdings, len(cards)) for seat, cards in got.items())
        return tuple(lines)

    def _discard(self, seat: Seat, holdings: list[set[int]], count: int) -> Discard:
        """``seat`` lays its ``count`` weakest cards face down."""
        held = holdings[self.seats.index(seat)]
        chosen = sorted(held, key=self._strength)[:count]
        held.difference_update(chosen)
        return Discard(seat, tuple(CARDS[c] for c in _sorted_cards(set(chosen))))

    def _passes_before_bid(self, number: int, holdings: list[set[int]]) -> tuple[Pass, ...]:
        """``pass_cards``: every player passes at once, the best cards to a partner and
        the worst to an opponent (chosen before any card arrives)."""
        count = self.rules.pass_cards
        if not count:
            return ()
        out: list[Pass] = []
        moves: list[tuple[int, int, list[int]]] = []
        for g, giver in enumerate(self.seats):
            receiver = pass_receiver(self.rules, self.seats, giver, number)
            if receiver is None:
                continue
            r = self.seats.index(receiver)
            to_partner = self.partnership and receiver is _partner(giver)
            chosen = sorted(holdings[g], key=self._strength, reverse=to_partner)[:count]
            moves.append((g, r, chosen))
            out.append(Pass(giver, receiver, tuple(CARDS[c] for c in chosen)))
        for g, _, chosen in moves:
            holdings[g].difference_update(chosen)
        for _, r, chosen in moves:
            holdings[r].update(chosen)
        return tuple(out)

    def _passes(self, bids: tuple[Bid, ...], holdings: list[set[int]]) -> tuple[Pass, ...]:
        """After a blind nil, the bidder passes its best cards and gets the worst back."""
        count = self.rules.blind_nil_pass
        if not count or not self.partnership:
            return ()
        out: list[Pass] = []
        power = self.table.power
        suit = self.table.suit
        for b in bids:
            if b.kind is not BidKind.BLIND_NIL or not isinstance(b.bidder, Seat):
                continue
            me = self.seats.index(b.bidder)
            mate = self.seats.index(_partner(b.bidder))

            def strength(c: int) -> tuple[int, int]:
                return (1 if suit[c] == SPADES else 0, power[c])

            give = sorted(holdings[me], key=strength, reverse=True)[:count]
            holdings[me].difference_update(give)
            holdings[mate].update(give)
            back = sorted(holdings[mate], key=strength)[:count]
            holdings[mate].difference_update(back)
            holdings[me].update(back)
            out.append(Pass(b.bidder, _partner(b.bidder), tuple(CARDS[c] for c in give)))
            out.append(Pass(_partner(b.bidder), b.bidder, tuple(CARDS[c] for c in back)))
        return tuple(out)

    def _play(
        self, dealer: Seat, holdings: list[set[int]], bids: tuple[Bid, ...]
    ) -> tuple[tuple[Trick, ...], list[int]]:
        rules = self.rules
        table = self.table
        n = len(self.seats)
        size = rules.tricks_per_hand
        wants = self._wants(bids)
        won = [0] * n
        if rules.first_lead is FirstLead.TWO_OF_CLUBS:
            leader = next(s for s, h in enumerate(holdings) if TWO_OF_CLUBS in h)
        else:
            leader = (self.seats.index(dealer) + 1) % n
        broken = False
        tricks: list[Trick] = []
        for number in range(1, size + 1):
            played: list[int] = []
            for k in range(n):
                s = (leader + k) % n
                options = legal_indices(rules, table, holdings[s], played, number == 1, broken)
                c = self._choose(s, leader, options, played, wants, won)
                holdings[s].remove(c)
                played.append(c)
            # A spade led, or played to a trick of another suit, breaks spades.
            if any(table.suit[c] == SPADES for c in played):
                broken = True
            winner = (leader + self._winner(played, number == 1)) % n
            won[winner] += 1
            tricks.append(Trick(number, self.seats[leader], tuple(CARDS[c] for c in played)))
            leader = winner
        return tuple(tricks), won

    def _winner(self, played: list[int], first: bool) -> int:
        return trick_winner(self.table, played, first_trick_lowest_club(self.rules, first))

    def _wants(self, bids: tuple[Bid, ...]) -> list[int | None]:
        """Per seat: the tricks its party aims to take (``None``: no aim, 0: a nil)."""
        own = {b.bidder: b for b in bids if isinstance(b.bidder, Seat)}
        out: list[int | None] = []
        for s, seat in enumerate(self.seats):
            mine = own.get(seat)
            if mine is not None and is_nil(self.rules, mine):
                out.append(0)
            elif self.partnership:
                out.append(self._side_contract(bids, s))
            else:
                out.append(None if mine is None else mine.tricks)
        return out

    def _side_contract(self, bids: tuple[Bid, ...], s: int) -> int | None:
        side = side_of(self.seats[s])
        total = [
            b.tricks
            for b in bids
            if (b.bidder is side or (isinstance(b.bidder, Seat) and side_of(b.bidder) is side))
            and not is_nil(self.rules, b)
        ]
        return sum(total) if total else None

    def _need(self, s: int, wants: list[int | None], won: list[int]) -> bool:
        """Whether the seat's party still needs tricks (always, in an unbid hand)."""
        want = wants[s]
        if want is None:
            return True
        if self.partnership:
            mate = self.seats.index(_partner(self.seats[s]))
            return won[s] + won[mate] < want
        return won[s] < want

    def _choose(
        self,
        s: int,
        leader: int,
        options: list[int],
        played: list[int],
        wants: list[int | None],
        won: list[int],
    ) -> int:
        """Pick a card: duck as a nil bidder, cover a nil partner, win cheaply while
        short of the bid, and otherwise get rid of high cards without winning."""
        if len(options) == 1:
            return options[0]
        if self.rng.random() < 0.05:
            return self.rng.choice(options)
        power = self.table.power
        suit = self.table.suit
        n = len(self.seats)
        by_power = sorted(options, key=lambda c: (suit[c] == SPADES, power[c]))
        nil_me = wants[s] == 0
        mate = self.seats.index(_partner(self.seats[s])) if self.partnership else None
        nil_mate = mate is not None and wants[mate] == 0
        need = self._need(s, wants, won)
        if not played:
            if nil_me:
                return by_power[0]
            return by_power[-1] if need or nil_mate else by_power[0]
        winning = [c for c in by_power if self._beats(c, played)]
        losing = [c for c in by_power if c not in winning]
        if nil_me:
            return losing[-1] if losing else by_power[0]
        top = (leader + self._winner(played, False)) % n
        mate_to_play = mate is not None and (mate - leader) % n > len(played)
        if nil_mate and (top == mate or mate_to_play) and winning:
            return winning[-1]
        if mate is not None and top == mate and not nil_mate:
            return losing[0] if losing else by_power[0]
        if need and winning:
            return winning[0]
        return losing[-1] if losing else by_power[0]

    def _beats(self, c: int, played: list[int]) -> bool:
        trial = [*played, c]
        return self._winner(trial, False) == len(played)


def _partner(seat: Seat) -> Seat:
    return {Seat.N: Seat.S, Seat.S: Seat.N, Seat.E: Seat.W, Seat.W: Seat.E}[seat]
