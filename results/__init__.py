"""Arrow schemas, the Parquet results dataset, and analysis."""
