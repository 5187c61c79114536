"""royale rules package (being written: model, deck checks, engine)."""
from cardgen.games.base import GameSpec
from cardgen.model.schema import Strict


class Rules(Strict):
    """Placeholder until the rules package declares its numbers."""


GAME = GameSpec(id="royale", rules_model=Rules)
