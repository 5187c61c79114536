"""``python -m cardgen.rulebook extract|update|check|init LANG``: catalog upkeep (see ``catalog``)."""
from cardgen.rulebook.catalog import main

raise SystemExit(main())
