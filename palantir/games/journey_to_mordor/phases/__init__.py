"""Journey to Mordor's turn as procedures of the engine's kernel (engine/procedure.py).

Section names in comments are those of rules/journey-to-mordor.txt. The modules: dice
(Dice Rolls: the Roll procedure, Rohan's reroll, the check of a keep), nazgul (Gandalf,
Nazgûl, Elimination of a Player: the NazgulStep procedure), ring (Ring, Orcs, Fellowship
Member: the RingPhase question), end (Sequence of Play; End of the Game: the EndOfGame
procedure), keep (setting dice aside and the White Tree: the SettingAside question) and
turn (JourneyTurn, the procedure at the bottom of the stack). This module holds what they
all read: the rule texts refusals name, the phases and the states of a Nazgûl square.
"""

# A square of the Nazgûl route: whole or split by Gandalf, and how much of it is marked.
WHOLE, MARKED, SPLIT, HALF_MARKED, SPLIT_MARKED = range(5)
UNMARKED_UNITS = (1, 0, 2, 1, 0)  # whole and half spaces left unmarked, per square state
NEXT_MARK = {WHOLE: MARKED, SPLIT: HALF_MARKED, HALF_MARKED: SPLIT_MARKED}

SETTING_ASIDE = "Dice Rolls: setting dice aside"
ONE_PER_SYMBOL = "Dice Rolls: only 1 die per symbol in a single roll"
ONE_NAZGUL = "Dice Rolls: if the roll includes Nazgûl, you must set aside 1 of them"
ROHAN = "Location Features 4, Rohan: you may repeat each roll once"
ADVANCING = "Ring: for each ring you may mark 1 space"
GAME_OVER = "End of the Game: the game has ended"

ROLLING, ADVANCING_PHASE, OVER = "set-aside", "advance", "over"


def phase_hint(state) -> str:
    """What the player may do in the current phase, for a decision of another phase."""
    if state.phase == ADVANCING_PHASE:
        return f"the dice are applied: choose 'advance 0' to 'advance {state.advance_max}'"
    if state.phase == OVER:
        return "the game is over"
    return "set dice aside first"
