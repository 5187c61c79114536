"""Render stage: card faces as vectors, print-and-play sheets, PNG and Tabletop Simulator exports.

- ``vocab``: layout, symbol and duplex names (no reportlab; the loader checks decks with them);
- ``layouts``: layout geometry read from ``templates/layouts/<layout>.yaml``;
- ``symbols``: one vector drawing per symbol id;
- ``textfit``: text shrunk, wrapped and hyphenated into a box;
- ``cardface``: ``draw_face`` / ``piece_size``, one face of a component;
- ``sheets``: ``render_sheets``, the print-and-play PDF;
- ``strings``: the sheets' own sentences in fr/it/en;
- ``export``: ``export``, PNG per copy and TTS sheets.

Printing instructions for users: docs/printing.md.
"""
