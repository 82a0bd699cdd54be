"""Game-server tables read as records: the import schema (:mod:`.schema`), the tables
read with polars (:mod:`.load`), companion tables found beside each other (:mod:`.sets`),
rows turned into games (:mod:`.build`), the lossless columns ``export`` writes
(:mod:`.encode`) and the record format (:mod:`.codec`).  docs/import.md describes it.
"""
