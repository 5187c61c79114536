"""cardgen: printable components, multilingual rulebooks and a rules validator for card games.

The pipeline, one folder per stage: ``load`` (read YAML with line numbers) ->
``resolve`` (variants onto decks, validated) -> ``render`` / ``rulebook`` /
``simulate`` -> ``report``. Each game is data (``decks/<game>.yaml``) plus one
rules package (``cardgen/games/<game>/``).
"""

__version__ = "0.1.0"

from cardgen import jit as _jit

_jit.install()  # numba's cache keyed by the compiled code's sources; costs nothing until numba loads
