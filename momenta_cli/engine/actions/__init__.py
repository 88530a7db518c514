"""TODO door."""
