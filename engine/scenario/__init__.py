"""Rules scenarios: the conformance format of shared/conformance/FORMAT.md."""
