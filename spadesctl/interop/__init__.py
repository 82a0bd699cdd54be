"""Records other programs write, read into the same games: OpenSpiel's ``spades`` game
(:mod:`.openspiel`) and rust-spades' trick-notation (:mod:`.trick_notation`).

Both are record formats of :mod:`spadesctl.record_formats`; their codecs (sniff, reader,
writer) are in :mod:`.codecs`, imported only when a source could be theirs.
"""
