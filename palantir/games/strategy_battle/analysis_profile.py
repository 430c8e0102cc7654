"""What `palantir analyze strategy-battle` does when told nothing (analysis/profiles.py)."""

ANALYSIS_PROFILE = {
    "sweep": [("scenario", ["intro", "amon_hen", "riders", "the_wall"])],
    # A heuristic battle takes one to four seconds.
    "games": 10,
    "seats": ["Good", "Evil"],
}
