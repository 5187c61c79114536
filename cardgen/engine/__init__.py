"""engine stage of the pipeline."""
