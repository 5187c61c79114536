"""``python -m cardgen`` runs the command line."""
import sys

from cardgen.cli import main

sys.exit(main())
