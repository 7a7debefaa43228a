"""One presenter per game: the card table a seat sees (``views.felt_data.Scene``) made from
the engine's state, and what each tap on it does."""
