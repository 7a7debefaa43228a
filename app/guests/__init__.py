"""Guest phones: every player's phone joins the table from its own browser (a page served by
this device on the local network), sees only what its seat may see, and acts by taps."""
