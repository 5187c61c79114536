"""Small language helpers for generated texts (card effects, requirements, reminders).

Game packages write their sentences themselves; these helpers keep the pieces every
game needs identical in every game: French spacing before high punctuation, lists
joined with "and"/"or" the way each language does it (Babel's CLDR data), "once / twice /
n times", small counts in words, ordinals, which of a word's two forms a count takes, and an elided word before
a vowel. The per-language part is data: ``text.json`` gives each language's forms by CLDR
plural category (Babel says which category a number falls in) or by exact number
(``"=1"``); this module holds no language's name.
"""
from __future__ import annotations

from collections.abc import Iterable

from babel import Locale
from babel.lists import format_list

from cardgen import wordbook
from cardgen.languages import locale

#: Narrow no-break space: in French before ; : ! ? and inside « ».
NNBSP = "\u202f"
#: each language's forms (``times``, ``ordinal``: by plural category or exact number) and vowels
_BOOK = wordbook.load(__file__)


def load_languages(langs: Iterable[str]) -> None:
    """Load Babel's CLDR data of ``langs`` now (5-16 ms each, the first time in a process): a build
    does it before forking its workers, which would otherwise each load it again."""
    from babel.localedata import load

    for lang in langs:
        load(locale(lang))


def punct(mark: str, lang: str) -> str:
    """``mark`` (one of ; : ! ?) with the space French puts before it."""
    return f"{NNBSP}{mark}" if lang == "fr" else mark


def join_and(items: Iterable[object], lang: str) -> str:
    """``4, 3, 2 et 1`` / ``4, 3, 2 e 1`` / ``4, 3, 2 and 1``."""
    return format_list([str(i) for i in items], locale=locale(lang))


def join_or(items: Iterable[object], lang: str) -> str:
    """``a, b ou c`` / ``a, b o c`` / ``a, b or c``."""
    return format_list([str(i) for i in items], style="or", locale=locale(lang))


def card_name(name: str, lang: str) -> str:
    """A card's name in running text, as the language's rulebooks write it: the Italian books quote it
    («Pioggia di monete»: bare, "si lancia per Favore" reads "as a favour"; read 11, it43), the French
    and English books set it bare, its capitals marking it as a name."""
    return _BOOK["card_name"][lang].format(name=name)


def _form(table: str, n: int, lang: str, category: str) -> str:
    """``table``'s form for ``n`` in ``lang``: the exact number's (``"=2"``), else the CLDR
    ``category``'s, else ``other``; ``{n}`` filled."""
    forms = _BOOK[table][lang]
    form = forms.get(f"={n}") or forms.get(category) or forms["other"]
    return form.format(n=n)


def times(n: int, lang: str) -> str:
    """How often something happens: ``une fois``, ``2 volte``, ``twice``..."""
    return _form("times", n, lang, Locale.parse(locale(lang)).plural_form(n))


def cardinal(n: int, lang: str) -> str:
    """``n`` in words, from two to ten (``deux``, ``due``, ``two``), else in figures: for a count that opens a
    sentence, which none of our languages starts with a numeral ("Two servings, each a pair…"). One is left in
    figures: French and Italian give it the gender of its noun (``un``/``une``, ``uno``/``una``)."""
    return _form("cardinal", n, lang, "other")


def more_than(n: int, lang: str) -> str:
    """"more than a third", "plus d’un tiers", "più di un terzo": a fair share above 1/``n`` in words, to six, else
    "more than 1/7": a bare fraction in running prose read as a note to oneself (terminal round 31 fr2)."""
    return _form("more_than", n, lang, "other")


def ordinal(n: int, lang: str) -> str:
    """``n`` as an ordinal in figures: ``2e``, ``2ª``, ``2nd`` (French and Italian: the feminine,
    as in *la 2e pioche*, *la 2ª pescata*)."""
    return _form("ordinal", n, lang, Locale.parse(locale(lang)).ordinal_form(n))


def singular(n: int, lang: str) -> bool:
    """Whether a count of ``n`` takes the singular in ``lang`` (French: 0 and 1, ``0 partie jouée``)."""
    return Locale.parse(locale(lang)).plural_form(n) == "one"


def before_vowel(word: str, lang: str) -> bool:
    """Whether ``word`` starts with a sound before which ``lang`` elides (``d’une``, ``an Orange``)."""
    return bool(word) and word[0].lower() in _BOOK["before_vowel"][lang]


def in_sentence(name: str, lang: str) -> str:
    """``name`` as it reads inside a sentence: a leading article in lower case (``Clear the Viscount``,
    ``Débarrasser la Duchesse``, ``Sparecchia l’Impostore``), since a title is held with the capital it
    takes alone on its card; a name without an article is left as it is (``Pierrot``)."""
    for word in _BOOK["articles"].get(lang, "").split("|"):  # a language without articles listed: as held
        article = word if word.endswith(("’", "'")) else word + " "  # an elided article joins its noun
        if word and name.startswith(article) and len(name) > len(article):
            return article.lower() + name[len(article):]
    return name
