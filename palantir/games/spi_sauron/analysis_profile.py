"""What `palantir analyze spi-sauron` does when told nothing (analysis/profiles.py)."""

ANALYSIS_PROFILE = {
    "sweep": [("reinforcement_delay", [-2, -1, 0, 1, 2])],
    # A full 18-turn game between heuristics takes a second or two.
    "games": 20,
    # 21.2's victory level is the outcome's summary (shown once: the same text is also
    # in its details, for simulate's counts).
    "measures": {"victory level": "summary"},
    "hide": ["victory_level"],
    "order": {"victory level": ["Sauron Decisive", "Sauron Tactical", "Draw",
                                "Westernesse Tactical", "Westernesse Decisive"]},
    # What decides 21.2: the level reached, and each army's losses against its
    # Demoralization Level (20.0).
    "plot": ["victory level", "demoralization_points.sauron",
             "demoralization_points.westernesse"],
    "seats": ["Sauron", "Westernesse"],
}
