"""The games. Each package depends only on palantir.engine."""
