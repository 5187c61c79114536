"""``cardgen tune``: rule numbers and counts searched toward target metrics (Optuna)."""
