"""Meja's domain: cards, games, matches. Pure Python: no UI, no storage, no files."""
