"""Texts a person might type at a game: random strings and legal notations mutated (tokens
dropped, doubled, swapped or spliced from other decisions, numbers changed, unicode, empty,
very long), and the one way the engine may answer what it cannot take: a refusal."""

from __future__ import annotations

import random
import re
from typing import Iterable

from palantir.engine import IllegalAction
from palantir.engine.game import State

# BadNotation is an IllegalAction: the engine's refusal, whatever the text.
REFUSED = IllegalAction

NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
# Numbers a parser must survive: signs, huge, fractions, exponents, not-a-number, digits of
# other scripts that str.isdigit() accepts (Arabic-Indic, fullwidth, superscript), underscores.
ODD_NUMBERS = ("0", "-1", "-0", "+1", "1e9", "1e309", "99999999999999999999999", "0.5",
               "-0.0001", "nan", "inf", "-inf", "1_000", "0x10", "١", "３", "²", "½", "")
# Characters that break naive handling: zero-width, bidi, combining, case-changing
# (İ lowercases to two characters, ß uppercases to two), a ligature, NUL, a lone surrogate,
# an emoji, whitespace that is not a space.
ODD_CHARS = ("\u200b", "\u202e", "e\u0301", "İ", "ß", "ﬁ", "\x00", "\ud800", "🐉", "\t",
             "\u00a0", "\u3000", "\n", "@", ",", ":", "=", "-", "/", "(", ")", "'", '"')


def help_examples(state: State, seat: int | None) -> list[str]:
    """The notations the game's terminal help shows `seat` (segments of its lines, split at
    wide gaps and bars), so that decisions never legal in a random game are typed too."""
    found = []
    for line in state.game.presentation().help_text(state.view(seat)).splitlines():
        for segment in re.split(r"\s{2,}|\|", line):
            segment = segment.strip()
            if segment[:1].isalpha() and segment[:1].islower() and len(segment) <= 60:
                found.append(segment)
    return found


def vocabulary(notations: Iterable[str]) -> list[str]:
    """The words of these notations (and their parts around punctuation), sorted."""
    words = set()
    for text in notations:
        for token in text.split():
            words.add(token)
            words.update(w for w in re.split(r"[@,:=/()]", token) if w)
    return sorted(words)


def mutations(text: str, rng: random.Random, words: list[str], count: int) -> list[str]:
    """`count` mutations of a legal notation."""
    tokens = text.split() or [text]

    def pick_word():
        return rng.choice(words) if words else "x"

    def drop():
        i = rng.randrange(len(tokens))
        return " ".join(tokens[:i] + tokens[i + 1:])

    def duplicate():
        i = rng.randrange(len(tokens))
        return " ".join(tokens[:i + 1] + tokens[i:])

    def swap():
        i, j = rng.randrange(len(tokens)), rng.randrange(len(tokens))
        t = list(tokens)
        t[i], t[j] = t[j], t[i]
        return " ".join(t)

    def splice():
        # another decision's word in place of one, or added: a verb of one seat with the
        # object of another ("give white-joker" typed by Sauron)
        t = list(tokens)
        i = rng.randrange(len(t) + 1)
        if i < len(t) and rng.random() < 0.5:
            t[i] = pick_word()
        else:
            t.insert(i, pick_word())
        return " ".join(t)

    def renumber():
        found = list(NUMBER.finditer(text))
        if not found:
            return text + " " + rng.choice(ODD_NUMBERS)
        m = rng.choice(found)
        value = rng.choice(ODD_NUMBERS + (str(int(float(m.group())) + rng.choice((-1, 1))),))
        return text[:m.start()] + value + text[m.end():]

    def unicode():
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(ODD_CHARS) + text[i:]

    def case():
        return text.upper() if rng.random() < 0.5 else text.title()

    def truncate():
        return text[:rng.randrange(len(text) + 1)]

    def long():
        return (text + " ") * rng.choice((50, 400)) if rng.random() < 0.5 \
            else text + " " + "9" * 5000

    kinds = (drop, duplicate, swap, splice, splice, renumber, renumber, unicode, case,
             truncate, long)
    return [rng.choice(kinds)() for _ in range(count)]


def random_texts(rng: random.Random, words: list[str], count: int) -> list[str]:
    """`count` random strings: empty, blank, junk characters, and random runs of the game's
    own words and odd numbers."""
    fixed = ["", " ", "\n", "\x00", "?", "help", "undo", "🐉" * 3, "a" * 10_000]
    texts = [rng.choice(fixed)] if count else []
    while len(texts) < count:
        kind = rng.random()
        if kind < 0.2:
            texts.append("".join(rng.choice(ODD_CHARS + tuple("az09 ._"))
                                 for _ in range(rng.randrange(1, 12))))
        else:
            parts = [rng.choice(words) if words and rng.random() < 0.8
                     else rng.choice(ODD_NUMBERS) for _ in range(rng.randrange(1, 5))]
            texts.append(" ".join(parts))
    return texts


def attempt(state: State, text) -> tuple[str, str]:
    """Offer `text` to `state`: ("accepted", the decision) or ("refused", the error with
    its rule). Any other exception propagates, naming the text: it is the bug."""
    try:
        action = state.parse_action(text) if isinstance(text, str) else text
        state.apply(action)
    except REFUSED as exc:
        return "refused", f"{type(exc).__name__}: {exc} [{exc.rule}]"
    except Exception as exc:  # noqa: BLE001 - the contract: nothing but a refusal
        raise AssertionError(f"{state.game.id}: seat {state.to_move()} typing {text!r} "
                             f"raised {type(exc).__name__}: {exc}") from exc
    return "accepted", str(action)
