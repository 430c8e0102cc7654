"""palantir: rules-enforcing engine, AI opponents and simulator for Lord of the Rings tabletop games."""

__version__ = "0.1.0"
