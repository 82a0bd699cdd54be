"""The ruleset: every house rule the engine knows, as one immutable value.

Each field is a named key of the ruleset (``[Rules "standard nil=50"]``); the field name
is the key, and the field's declaration (:func:`~spadesctl.rules.declare.key`) is the one
place that says its values, default, meaning, source and how the express check treats
it.  ``None`` stands for ``off`` where a key can be switched off.  Presets and the
parsing of rules text live in :mod:`spadesctl.rules.presets` and
:mod:`spadesctl.rules.parse`; docs/rules.md's key table is derived from the declarations.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from spadesctl.rules.declare import Alias, Express, choice, key, twos, whole, whole_or, yes_no


class Choice(enum.Enum):
    """The base of a ruleset key's choices of words: each member is written (in rules
    text, ``spadesctl rules``) as its value, and hashed by identity, which is cheap on
    the hot path (members are singletons)."""

    __hash__ = object.__hash__


class Deck(Choice):
    STANDARD = "standard"  # 52 cards
    JOKERS = "jokers"  # 54 less 2H and 2C; BJ > LJ are the two top spades
    JJDD = "jjdd"  # as jokers, and BJ > LJ > 2D > 2S above AS (2D is a spade)


class WidowRule(Choice):
    """``widow``: what becomes of the two cards left over when 54 are dealt 13 each."""

    OFF = "off"  # no widow: the deck leaves cards out so that every card is dealt
    ASIDE = "aside"  # set aside unseen until after the play ("Widow Spades")
    DEALER = "dealer"  # the dealer takes them and discards two
    TWO_OF_CLUBS = "two_of_clubs"  # the holder of the 2C takes them and discards two
    HIGH_BIDDER = "high_bidder"  # the side that bids more (one card each side on equal bids)


class WidowDiscard(Choice):
    """``widow_discard``: whether the taker of the widow discards before or after the bids."""

    BEFORE_BID = "before_bid"
    AFTER_BID = "after_bid"


class FirstLead(Choice):
    LEFT_OF_DEALER = "left_of_dealer"
    TWO_OF_CLUBS = "two_of_clubs"
    LOWEST_CLUB = "lowest_club"


class DealerRotation(Choice):
    CLOCKWISE = "clockwise"  # the deal passes to the left after each hand
    NONE = "none"  # the same seat deals every hand (OpenSpiel, rust-spades)


class LeadSpades(Choice):
    BROKEN = "broken"
    ANYTIME = "anytime"


class FailedNilTricks(Choice):
    BAGS = "bags"  # tricks of a failed nil bidder are bags for the side
    PARTNER = "partner"  # they count toward the partner's bid
    NONE = "none"  # they count for nothing


class BagMode(Choice):
    # each overtrick +1; a side loses bag_penalty each time its count reaches bag_limit
    CARRY = "carry"
    DEDUCT = "deduct"  # each overtrick scores -1, no counter
    OFF = "off"  # overtricks score nothing


class SetPenalty(Choice):
    BID = "bid"  # a set side loses 10 x its bid
    ZERO = "zero"  # a set side scores 0


class Bidding(Choice):
    NORMAL = "normal"
    SUICIDE = "suicide"  # one partner of each side bids nil, the other at least 4
    MIRROR = "mirror"  # each player bids the number of spades held


class FirstBidder(Choice):
    LEFT_OF_DEALER = "left_of_dealer"
    DEALER = "dealer"


class PassTo(Choice):
    """``pass_to``: whom each player passes ``pass_cards`` cards to before the bidding."""

    PARTNER = "partner"
    LEFT = "left"
    RIGHT = "right"
    ACROSS = "across"
    ROTATE = "rotate"  # left, right, across, no pass, by hand number


class MoonFail(Choice):
    SET = "set"  # a failed moon is set like any other bid
    BAGS = "bags"  # its tricks count as bags


class RenegeSet(Choice):
    """``renege_penalty=set``: the reneging side is set (the other values are tricks)."""

    SET = "set"


RenegePenalty = int | RenegeSet


class UnbidHands(Choice):
    NONE = "none"  # every hand is bid
    FIRST = "first"  # the first hand of a game is played without bids (004)
    ALL = "all"  # no hand is bid: 10 points a trick (002's running score of books)


class BlindBidSet(Choice):
    DOUBLE = "double"  # a failed blind bid loses double, as a made one scores double
    SINGLE = "single"  # it loses 10 a trick bid, "there is no double" (004)


_FIRST_OR_NONE = {True: UnbidHands.FIRST, False: UnbidHands.NONE}
_POINTS = whole(0)
_POINTS_OR_OFF = whole(0, off="off")
_NOT_REACHED = Express.NOT_REACHED


@dataclass(frozen=True, slots=True)
class Ruleset:
    """All the keys, with the ``standard`` preset's values as defaults."""

    name: str = "standard"
    players: int = key(
        4,
        whole(2, 4),
        "players at the table (3: 17 cards each; 2: hands drawn)",
        "Players at the table. With 3, the 2D is taken out and each gets 17 cards (see "
        "[Decks](#decks)); with 2, each builds a 13-card hand by drawing.",
        "000, 002",
    )
    partnership: bool = key(
        True,
        yes_no(),
        "partners sit opposite and score as one side (4 players)",
        "`yes`: North-South and East-West are sides that bid, take tricks and score together "
        "(4 players only). `no`: everyone scores alone, with their own bags.",
        "000",
    )
    deck: Deck = key(
        Deck.STANDARD,
        choice(Deck),
        "the pack; jokers and jjdd add top spades (see Decks)",
        "The pack: 52 cards; or 54 less the 2H and 2C, with the jokers as the two top spades; "
        "`jjdd` also makes the 2D a spade, ranking BJ > LJ > 2D > 2S > AS.",
        "004",
    )
    high_twos: tuple[str, ...] = key(
        (),
        twos(),
        "twos raised above the ace of spades, highest first",
        "Twos that are spades above the ace (below the jokers), highest first: 004's "
        '"some or all of the four twos are elevated to the top of the spade suit ... in some '
        'specified order". `jjdd` is `deck=jokers high_twos=2D,2S`; `high_twos=2D,2S` with '
        'the 52-card deck is "deuces high". `none`: no two is raised.',
        "004",
    )
    first_lead: FirstLead = key(
        FirstLead.LEFT_OF_DEALER,
        choice(FirstLead),
        "how the first trick of a hand starts",
        "How a hand starts: the player on the dealer's left leads; or the holder of the 2C "
        "leads it; or everyone plays their lowest club to the first trick (void: a heart or a "
        "diamond) and the highest club wins it.",
        "000, 004; two_of_clubs: project",
    )
    dealer_rotation: DealerRotation = key(
        DealerRotation.CLOCKWISE,
        choice(DealerRotation),
        "the deal passes to the left after each hand, or never moves",
        "`clockwise`: the deal passes to the left after each hand (two players alternate). "
        "`none`: the same seat deals every hand, as tables that fix the first bidder do "
        "(OpenSpiel, rust-spades: North bids and leads first, so West deals).",
        "000; none: OpenSpiel, rust-spades (docs/openspiel.md, docs/trick-notation.md)",
        Express.FIXED,
    )
    spades_first_trick: bool = key(
        True,
        yes_no(),
        "a spade may be played to the first trick",
        "`no`: nobody may play a spade to the first trick, even when void in the suit led, "
        "unless they hold nothing else.",
        "000, 004",
    )
    lead_spades: LeadSpades = key(
        LeadSpades.BROKEN,
        choice(LeadSpades),
        "spades may be led only once broken, or at any time",
        "`broken`: a spade may be led only after a spade has been played to an earlier trick, "
        "or by a player who holds only spades. `anytime`: no such rule.",
        "001, 004",
    )
    must_overtake: bool = key(
        False,
        yes_no(),
        "a player must beat the best card in the trick if able",
        "`yes`: a player following suit must beat the best card of that suit in the trick if "
        "they can; a player who cannot follow must trump, and overtrump, if they can.",
        "000",
    )
    bidding: Bidding = key(
        Bidding.NORMAL,
        choice(Bidding),
        "the bidding rule: free, suicide or mirror",
        "`normal`: any bid. `suicide`: on each side one partner bids nil and the other at "
        "least 4. `mirror`: every player bids the number of spades they hold.",
        "project",
    )
    first_bidder: FirstBidder = key(
        FirstBidder.LEFT_OF_DEALER,
        choice(FirstBidder),
        "who bids first: the dealer's left, or the dealer",
        "Who bids first: the player on the dealer's left, or the dealer (with side bids, "
        "that player's side bids first). The lead is not changed.",
        "004",
        Express.FIXED,
    )
    bid_rounds: int = key(
        1,
        whole(1, 2),
        "rounds of bidding; 2: each side may then raise its bid",
        "`2`: after the bids, each side (each player, without partnerships) in turn from the "
        "one that bid first may raise its bid once, never lower it (`raise NS 8`: the new "
        "total); the raised bid is the contract.",
        "004",
        Express.FIXED,
    )
    pass_cards: int = key(
        0,
        whole(0, 3),
        "cards each player passes before the bidding",
        "Before the bidding, each player passes this many cards face down (to `pass_to`), "
        "all at the same time: a card received cannot be passed on.",
        "004",
        Express.FIXED,
    )
    pass_to: PassTo = key(
        PassTo.PARTNER,
        choice(PassTo),
        "whom the pass_cards go to",
        "With `pass_cards`: to the partner (partnerships only), the player on the left, on "
        "the right, or across (4 players); `rotate`: left, right, across, then no pass, by "
        "hand number (4 players).",
        "002, 004",
        _NOT_REACHED,
    )
    widow: WidowRule = key(
        WidowRule.OFF,
        choice(WidowRule),
        "54 cards dealt 13 each: who gets the two left over (the widow)",
        "With `deck=jokers` (or `jjdd`) and four players, all 54 cards (the 2H and 2C kept): "
        "13 each and two left over, the widow. `aside`: set aside unseen until after the play "
        '("Widow Spades"); `dealer`: taken by the dealer, who then discards two; '
        "`two_of_clubs`: taken by the holder of the 2C (the dealer when the 2C is in the "
        "widow), who discards two; `high_bidder`: after the bidding, taken by the side that "
        "bid more (one partner both, or one each), one to each side on equal bids, and the "
        "takers discard as many. `off`: the deck is dealt out, no widow.",
        "004",
        Express.FIXED,
    )
    widow_discard: WidowDiscard = key(
        WidowDiscard.BEFORE_BID,
        choice(WidowDiscard),
        "the widow's taker discards before or after the bidding",
        "With `widow=dealer` or `two_of_clubs`: the taker discards its two cards before the "
        'bidding, or after it (004: "some play that the discard takes place after the '
        'bidding"). The widow is taken before the bidding either way; under `high_bidder` '
        "both come after it.",
        "004",
        _NOT_REACHED,
    )
    nil: int | None = key(
        100,
        _POINTS_OR_OFF,
        "bonus for a made nil bid; off: no nil bids",
        "Points a made nil bid scores. `off`: nil may not be bid.",
        "000, 001, 003",
    )
    nil_penalty: int | None = key(
        None,
        whole(0, off="same"),
        "loss for a failed nil; same: as much as nil",
        "Points a failed nil loses; `same`: as many as `nil` scores; `0`: no penalty.",
        "002",
    )
    zero_is_nil: bool = key(
        True,
        yes_no(),
        "with nil on, a bid of 0 is a nil bid (no: a bid of zero)",
        "While nil is on, a bid of 0 is a nil bid. `no`: 0 is an ordinary bid (with `nil=off` "
        "it always is).",
        "004",
    )
    blind_nil: int | None = key(
        200,
        _POINTS_OR_OFF,
        "bonus, and loss, for blind nil; off: no blind nil",
        "Points a made blind nil (a nil bid before looking at the cards) scores, and a failed "
        "one loses. `off`: no blind nil.",
        "000, 004",
    )
    blind_nil_deficit: int = key(
        100,
        _POINTS,
        "how far a side must trail to bid blind nil",
        "Blind nil may be bid only by a side trailing by at least this many points.",
        "000",
    )
    blind_nil_pass: int = key(
        2,
        whole(0, 13),
        "cards blind nil bidder and partner exchange",
        "After a blind nil, the bidder and partner each pass this many cards face down to the "
        "other.",
        "000, 004",
    )
    both_nil: bool = key(
        True,
        yes_no(),
        "both partners may bid nil in the same hand",
        "Both partners may bid nil in the same hand (each nil scores on its own).",
        "003, 004",
    )
    failed_nil_tricks: FailedNilTricks = key(
        FailedNilTricks.BAGS,
        choice(FailedNilTricks),
        "what a failed nil's tricks count as",
        "What the tricks of a failed nil bidder count as: bags for the side, tricks toward "
        "the partner's bid, or nothing.",
        "000, 002",
    )
    bag_limit: int | None = key(
        10,
        whole(1, off="off"),
        "bags that cost bag_penalty (carry); off: never",
        "With `bag_mode=carry`: each time a bag count reaches this many, the side loses "
        "`bag_penalty` and the count drops by this many. `off`: bags are counted and never "
        "cost anything.",
        "000, 003",
    )
    bag_penalty: int = key(
        100,
        _POINTS,
        "points lost each time the bags reach bag_limit",
        "Points lost each time the bag count reaches `bag_limit`.",
        "000, 003",
    )
    bag_mode: BagMode = key(
        BagMode.CARRY,
        choice(BagMode),
        "what overtricks (bags) score",
        "What an overtrick (a bag) scores: `carry`: 1 point, and it goes on the bag count; "
        "`deduct`: minus 1 point, no count; `off`: nothing.",
        "002, 004",
    )
    set_penalty: SetPenalty = key(
        SetPenalty.BID,
        choice(SetPenalty),
        "what a side short of its bid scores",
        "What a side taking fewer tricks than it bid scores: minus 10 per trick bid, or 0.",
        "001, 002",
    )
    min_team_bid: int = key(
        0,
        whole(0, 13),
        "smallest bid of a side (of a player, alone)",
        "The smallest bid a side may make, its nil bids counting 0 (without partnerships: a "
        "player's smallest number bid).",
        "004",
    )
    max_team_bid: int | None = key(
        None,
        whole(1, 17, off="off"),
        "largest bid of a side; off: no limit",
        "The largest bid a side (or player) may make. `off`: up to the tricks in a hand.",
        "004",
    )
    bids_total_13: bool = key(
        True,
        yes_no(),
        "all the bids together may equal the tricks in a hand",
        "`no`: the bids of the hand must not add up to the number of tricks in it, so that "
        "not everyone can make their bid exactly.",
        "004",
    )
    blind_bids: int | None = key(
        None,
        whole(1, 17, off="off"),
        "smallest blind bid (scores double); off: none",
        "The smallest blind bid, a side's bid made before looking at the cards; a made blind "
        "bid scores double. `off`: no blind bids.",
        "004",
    )
    blind_bid_set: BlindBidSet = key(
        BlindBidSet.DOUBLE,
        choice(BlindBidSet),
        "a failed blind bid loses double, or single",
        "What a failed blind bid loses: `double`, 20 a trick bid blind, as a made one scores; "
        "`single`, 10 a trick bid (and 200 for a blind 10 under `ten_for_200`), as 004's "
        'overtrick-limit game says: "there is no double".',
        "004",
    )
    blind_bid_deficit: int = key(
        100,
        _POINTS,
        "how far a side must trail to bid blind",
        "A blind bid may be made only by a side trailing by at least this many points.",
        "004",
    )
    unbid_hands: UnbidHands = key(
        UnbidHands.NONE,
        choice(UnbidHands),
        "hands played without bids: none, the first, or all",
        "Hands played without bids, each side scoring 10 points per trick taken: `first`, "
        "the first hand of each game (004); `all`, every hand, a running score of tricks "
        'alone (002: "a running score based solely on the number of books"). The express '
        "check plays `first`; `all` goes to the full engine.",
        "002, 004",
        Express.VARIED,
        (
            Alias(
                "first_hand_unbid", yes_no(), lambda v: UnbidHands.FIRST if v else UnbidHands.NONE
            ),
        ),
    )
    first_hand_bids_itself: bool = key(
        False,
        yes_no(),
        "that unbid hand scores as a bid of the tricks",
        "With `unbid_hands`: each side's tricks in an unbid hand count as a made bid of that "
        "many, so `ten_for_200` and `boston_wins` apply to it. `no`: a flat 10 points per "
        "trick.",
        "project",
    )
    max_overtricks: int | None = key(
        None,
        _POINTS_OR_OFF,
        "a side with more overtricks is set; off: no limit",
        "A side taking more overtricks than this is set (blind bids excepted). `off`: no limit.",
        "004",
    )
    ten_for_200: bool = key(
        False,
        yes_no(),
        "a made bid of 10 scores 200",
        "A made bid of 10 or more scores 200 (and a failed one loses 200).",
        "004",
    )
    boston_wins: bool = key(
        False,
        yes_no(),
        "bidding 10 and taking all 13 tricks wins the game",
        "A side that bids 10 or more and takes every trick wins the game at once.",
        "004",
    )
    moon: int | None = key(
        None,
        _POINTS_OR_OFF,
        "score for a made bid of all the tricks; off: no moon",
        'Points for bidding every trick of the hand and taking them all ("shooting the '
        'moon"), instead of 10 per trick. `off`: such a bid is an ordinary bid.',
        "002",
    )
    moon_fail: MoonFail = key(
        MoonFail.SET,
        choice(MoonFail),
        "a failed moon is set, or its tricks are bags",
        "A failed moon bid is `set` like any other bid, or scores its tricks as `bags`.",
        "002",
    )
    target: int = key(
        500,
        whole(1),
        "the score that wins the game",
        "The score that wins the game; when several reach it in the same hand, the highest "
        "score wins.",
        "000, 003, 004",
    )
    lose_at: int | None = key(
        None,
        whole(None, off="off"),
        "a score at or below which a side loses; off: none",
        "A side whose score falls to this or lower loses the game at once (for example "
        "`-200`). `off`: no such rule.",
        "project",
    )
    set_streak_loses: int | None = key(
        None,
        whole(2, 3, off="off"),
        "a side set in this many hands running loses; off: never",
        "A side set in this many hands in a row loses the game (if several are, the higher "
        "score wins): 2 is 004's \"set twice in succession\", 3 Redd's reading (004). `off`: "
        "no such rule.",
        "004",
        aliases=(Alias("set_twice_loses", yes_no(), lambda v: 2 if v else None),),
    )
    renege_penalty: RenegePenalty = key(
        3,
        whole_or(whole(0, 13), "tricks", RenegeSet),
        "tricks a reneging side forfeits, or set",
        "For a renege, this many tricks pass from the offending side to the other side, never "
        "more than the whole side took (without partnerships, to the other players one at a "
        "time, clockwise from the offender's left); `set`: the offending side is set.",
        "004",
        _NOT_REACHED,
    )
    renege_transfer: bool = key(
        True,
        yes_no(),
        "penalty tricks go to the other side (no: they are only lost)",
        "`yes`: the penalty tricks count toward the receiving side's contract, never as its "
        "bags, against its nils or toward `max_overtricks` (a side with no contract gains "
        "nothing). `no`: the offending side loses them and no one gains them, as 004 reads it "
        '("must take three additional tricks").',
        "004",
        _NOT_REACHED,
    )

    @property
    def has_partnerships(self) -> bool:
        """Whether the players play as two sides of partners (only four can)."""
        return self.partnership and self.players == 4

    @property
    def tricks_per_hand(self) -> int:
        return 17 if self.players == 3 else 13

    @property
    def effective_nil_penalty(self) -> int:
        if self.nil_penalty is not None:
            return self.nil_penalty
        return self.nil or 0
