"""Each game's own texts: ``app.texts.<game>`` defines ``EN`` and ``FR`` dicts (see
``app.catalog``)."""
