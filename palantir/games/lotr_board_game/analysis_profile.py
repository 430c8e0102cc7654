"""What `palantir analyze lotr-board-game` does when told nothing (analysis/profiles.py)."""

ANALYSIS_PROFILE = {
    "sweep": [("difficulty", ["easy", "normal", "hard"]),
              ("players", [2, 3, 4]),
              ("expansion", ["none", "sauron"])],
    "games": 30,
    # "hobbits" repeats the players option.
    "hide": ["hobbits"],
    # Where the game ended, in the order of the journey.
    "order": {"board": ["bag-end", "rivendell", "moria", "lothlorien", "helms-deep",
                        "shelobs-lair", "mordor"]},
    "plot": ["fellowship_won", "score", "board"],
}
