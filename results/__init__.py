"""Arrow schemas, the Parquet results dataset, and analysis."""

if __name__ != "mtgsim.results":
    # the folder installs as mtgsim.results (pyproject.toml's package-dir): imported as
    # `results` from the checkout it would be a second copy of every module and class
    raise ImportError(f"import mtgsim.results, not {__name__} (see docs/architecture.md)")

