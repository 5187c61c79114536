"""rulebook stage of the pipeline."""
