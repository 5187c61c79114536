"""load stage of the pipeline."""
