"""The contract every registered game passes (issue 11, item 5): parametrized over the
engine's registry, so a fifth game is covered by registering it."""
