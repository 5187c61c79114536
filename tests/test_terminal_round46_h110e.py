"""Terminal round 46, the English reader's faults (branch h110e): docs/reads/terminal-round-46-fixes-e.md."""
from cardgen.report.impact import impact_footnote


def test_en46_validate_card_table_says_difference_is_taken_before_rounding():
    """en46*: draco.html's opening-hands tables print both win rates and their difference ("32.5% / 34.0%" →
    "−1.6") with no word that the difference is worked out before rounding: the mid-game table's method note said
    it, the opening-hands table's "Note on the cards" did not. Said there now, in every language."""
    en = impact_footnote("en", paired=False)
    assert "Each difference is worked out before rounding, so it can differ by 0.1 from the difference of the two " \
           "win rates shown." in en
    fr = impact_footnote("fr", paired=False)
    assert "Chaque écart est calculé avant arrondi\u202f: il peut donc différer de 0,1" in fr
    it = impact_footnote("it", paired=False)
    assert "Ogni differenza è calcolata prima dell’arrotondamento, quindi può differire di 0,1" in it


def test_en47_note_on_the_cards_says_95_percent_interval():
    """en47: "its 95% confidence interval widened" — "confidence interval" only here, "95% interval" elsewhere."""
    en = impact_footnote("en", paired=False)
    assert "its 95% interval, widened for the number of cards judged at once" in en
    assert "confidence interval" not in en
