"""Ray actors that spread matchups over a cluster."""

if __name__ != "mtgsim.cluster":
    # the folder installs as mtgsim.cluster (pyproject.toml's package-dir): imported as
    # `cluster` from the checkout it would be a second copy of every module and class
    raise ImportError(f"import mtgsim.cluster, not {__name__} (see docs/architecture.md)")

