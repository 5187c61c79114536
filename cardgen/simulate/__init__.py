"""simulate stage of the pipeline."""
