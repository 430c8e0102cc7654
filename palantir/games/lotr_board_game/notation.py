"""The text notation of Lord of the Rings board-game decisions (docs/lotr-board-game.md).

    play white-fighting@fighting grey-joker@hiding   play up to two cards, each on a track
    draw | heal                                      the turn's alternatives to playing
    ring travelling                                  the Ring-bearer puts on the Ring
    give grey-hiding | give rune | give heart        contribute to a cost being asked
    take                                             accept a cost that is suffered
    pass                                             contribute no (more) to a cost
    track hiding                                     which track an activity tile advances
    discard white-joker                              the card to discard
    choose draw | choose heal                        which of an event's benefits
    pass white-joker                                 Council: the card passed to the left
    deal sam                                         Preparations: who gets the next card
    yellow elessar@sam | yellow mithril              play a yellow card in its window
    yellow miruvor white-joker@sam                   Miruvor: the card passed and to whom
    gandalf healing@sam | gandalf guidance@hiding    call a Gandalf card (5 runes pooled)
    order event hiding fighting                      Foresight: the top tiles in order
    continue                                         play nothing (more) in this window
    rider 3                                          Do not play cards: push the Black Rider
    sauron sauron-12 | refill | refill sauron-3      Sauron called instead of a roll
    sauron sauron-12 | draw | nazgul nazgul-4        Sauron at the start of a hobbit's turn
    suffer darkness                                  the one symbol a hobbit accepts
    resource narya | resource gwaihir white-joker    play a resource card in its window
    fellowship frodo@hiding | fellowship fatty magic  use a hobbit's Fellowship card

A decision is one line of lower-case words; `canonical` puts a play's cards in a fixed
order so that one decision has one text.
"""

from __future__ import annotations

from ...engine.errors import BadNotation

VERBS = ("play", "draw", "heal", "ring", "give", "take", "pass", "track", "discard",
         "choose", "deal", "yellow", "gandalf", "order", "continue", "rider", "sauron", "nazgul", "refill",
         "suffer", "lose", "special", "accept", "decline", "use", "resource", "fellowship")


def canonical(text: str) -> str:
    """The canonical form of a decision's text (lower case, single spaces, sorted play)."""
    words = str(text).strip().lower().split()
    if not words:
        raise BadNotation("empty decision; e.g. 'draw', 'play white-hiding@hiding', 'pass'",
                          action=str(text))
    if words[0] not in VERBS:
        raise BadNotation(f"unknown word '{words[0]}'; a decision starts with one of "
                          f"{', '.join(VERBS)}", action=str(text))
    if words[0] == "play":
        if not 2 <= len(words) <= 4:
            raise BadNotation("'play' takes one to three cards, each as card@track",
                              action=str(text))
        for word in words[1:]:
            card, at, track = word.partition("@")
            if not at or not card or not track:
                raise BadNotation(f"'{word}': a card played is written card@track",
                                  action=str(text))
        words = ["play"] + sorted(words[1:])
    return " ".join(words)


def play_text(plays) -> str:
    """The notation of playing (card, track) pairs."""
    return canonical("play " + " ".join(f"{card}@{track}" for card, track in plays))
