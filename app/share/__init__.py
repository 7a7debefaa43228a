"""Sharing matches between devices and with the table, one concern a module:

- :mod:`app.share.codes`: a stored match as the texts of its QR codes, and importing one;
- :mod:`app.share.exports`: a stored match as CSV and JSON files;
- :mod:`app.share.results`: a match's results as a text anyone can read and as a picture;
- :mod:`app.share.pictures`: QR codes drawn as pictures, and read from pictures;
- :mod:`app.share.live`: the read-only live scoreboard served on the local network;
- :mod:`app.share.camera`: reading codes with the camera;
- :mod:`app.share.screens`: the sharing screens and the live scoreboard's setting.

A match's own screens import none of them: the shell loads the sharing screens when one is
first shown, or when the live scoreboard is served again at start.
"""
