"""render stage of the pipeline."""
