"""check stage of the pipeline."""
