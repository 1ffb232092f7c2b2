"""Batch jobs and the mtgsim command-line interface."""

if __name__ != "mtgsim.pipelines":
    # the folder installs as mtgsim.pipelines (pyproject.toml's package-dir): imported as
    # `pipelines` from the checkout it would be a second copy of every module and class
    raise ImportError(f"import mtgsim.pipelines, not {__name__} (see docs/architecture.md)")

