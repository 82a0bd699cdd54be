"""The fuzz harness of spadesctl: ``python -m fuzz`` (docs/reliability.md)."""
