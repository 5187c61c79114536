"""Independent rules referees: re-check logged games from the published rules.

Each module re-plays ``cardgen validate --log`` lines with its own minimal state
model, written from the published rule texts (``../shared/seeds/``), GAMES.md and
our declared rulings, never from the engine it checks. ``cardgen replay`` proves
an engine agrees with itself; a referee proves it agrees with the rules.
Test-support code: not shipped with cardgen.
"""
