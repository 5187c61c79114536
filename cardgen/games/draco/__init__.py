"""Draco & Co (Bruno Faidutti & Michael Schacht, Descartes 2001): rules package.

Model (``model.py``), deck checks (``checks.py``), card texts (``text.py``),
table arithmetic (``table.py``), engine (``engine.py``) and agents (``agents.py``).
Designer documentation: docs/draco.md.
"""
from cardgen.games.base import GameSpec
from cardgen.games.draco.agents import HeuristicAgent
from cardgen.games.draco.checks import check_references, static_checks
from cardgen.games.draco.engine import GAPS, DracoGame
from cardgen.games.draco.model import DracoFace, DracoPiece, DracoRules
from cardgen.games.draco.text import face_text

GAME = GameSpec(
    id="draco",
    rules_model=DracoRules,
    component_data=DracoPiece,
    face_data=DracoFace,
    gaps=GAPS,
    check_references=check_references,
    static_checks=static_checks,
    face_text=face_text,
    new_game=DracoGame,
    agents={"heuristic": HeuristicAgent},
)
