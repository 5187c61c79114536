"""model stage of the pipeline."""
