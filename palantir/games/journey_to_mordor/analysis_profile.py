"""What `palantir analyze journey-to-mordor` does when told nothing (analysis/profiles.py)."""

ANALYSIS_PROFILE = {
    "sweep": [("players", [1, 2, 3, 4])],
    "games": 200,
    "measures": {"Ring-bearers at Mount Doom": "count:details.reached"},
}
