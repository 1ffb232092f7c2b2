"""Batch jobs and the mtgsim command-line interface."""
