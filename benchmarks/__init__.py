"""Reproducible throughput benchmarks of spadesctl (``python -m benchmarks.run``)."""
