"""resolve stage of the pipeline."""
