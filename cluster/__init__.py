"""Ray actors that spread matchups over a cluster."""
