"""Hypothesis strategies for records that are well-formed notation (not necessarily legal play)."""

from __future__ import annotations

from hypothesis import strategies as st

from spadesctl.cards import ALL_CARDS, Party, Seat, Side, holding_order
from spadesctl.events import (
    Bid,
    BidKind,
    Claim,
    Deal,
    Draw,
    Holding,
    Pass,
    RecordedBags,
    RecordedScore,
    Renege,
    Result,
    Tag,
    Took,
    Trick,
)
from spadesctl.record import Game, Hand

seats = st.sampled_from(list(Seat))
sides = st.sampled_from(list(Side))
parties: st.SearchStrategy[Party] = st.one_of(seats, sides)
cards = st.sampled_from(ALL_CARDS)
card_lists = st.lists(cards, min_size=1, max_size=5).map(tuple)

tag_names = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,10}", fullmatch=True)
tag_values = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="\n\r"),
    max_size=20,
)
tags = st.builds(Tag, tag_names, tag_values)


@st.composite
def bids(draw: st.DrawFn) -> Bid:
    kind = draw(st.sampled_from(list(BidKind)))
    bidder = draw(parties)
    tricks = draw(st.integers(0, 17)) if kind in (BidKind.NUMBER, BidKind.BLIND) else 0
    return Bid(bidder, kind, tricks)


@st.composite
def deals(draw: st.DrawFn) -> Deal:
    chosen = sorted(
        draw(st.lists(seats, min_size=1, max_size=4, unique=True)), key=list(Seat).index
    )
    pool = list(ALL_CARDS)
    holdings = []
    for seat in chosen:
        picked = draw(st.lists(st.sampled_from(pool), max_size=6, unique=True))
        holdings.append(Holding(seat, tuple(sorted(picked, key=holding_order))))
    return Deal(tuple(holdings))


def _entries(values: st.SearchStrategy[int]) -> st.SearchStrategy[tuple[tuple[Party, int], ...]]:
    return st.lists(st.tuples(parties, values), min_size=1, max_size=4).map(tuple)


@st.composite
def hands(draw: st.DrawFn, number: int) -> Hand:
    return Hand(
        number=number,
        dealer=draw(seats),
        deal=draw(st.none() | deals()),
        draws=tuple(
            draw(st.lists(st.builds(Draw, seats, cards, cards, st.booleans()), max_size=2))
        ),
        bids=tuple(draw(st.lists(bids(), max_size=5))),
        passes=tuple(draw(st.lists(st.builds(Pass, seats, seats, card_lists), max_size=2))),
        tricks=tuple(
            draw(
                st.lists(
                    st.builds(Trick, st.integers(1, 17), seats, card_lists),
                    max_size=4,
                )
            )
        ),
        claim=draw(st.none() | st.builds(Claim, seats)),
        took=draw(st.none() | st.builds(Took, _entries(st.integers(0, 17)))),
        reneges=tuple(draw(st.lists(st.builds(Renege, seats, st.integers(1, 17)), max_size=2))),
        score=draw(st.none() | st.builds(RecordedScore, _entries(st.integers(-999, 999)))),
        bags=draw(st.none() | st.builds(RecordedBags, _entries(st.integers(0, 20)))),
    )


@st.composite
def games(draw: st.DrawFn) -> Game:
    n = draw(st.integers(0, 3))
    return Game(
        tags=tuple(draw(st.lists(tags, min_size=1, max_size=4))),
        hands=tuple(draw(hands(i + 1)) for i in range(n)),
        result=draw(st.none() | st.builds(Result, parties)),
    )
