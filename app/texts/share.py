"""Texts of sharing: QR codes, import, exports and the live scoreboard."""

EN: dict[str, str] = {
    "share.button": "Share",
    "share.title": "Share the match",
    "share.help": "On the other device, open Meja, tap Import a match, and read this code.",
    "share.part": "Code {i} of {n}",
    "share.parts_help": "Read every code, in any order.",
    "share.previous": "Previous code",
    "share.next": "Next code",
    "share.size": "{chars} characters · QR version {version}",
    "share.copy": "Copy as text",
    "share.copied": "The code text was copied.",
    "share.csv": "Save as CSV",
    "share.json": "Save as JSON",
    "share.saved": "Saved.",
    "share.save_failed": "Could not save: {error}",
    "share.import": "Import a match",
    "share.import_help": "Read the code another Meja shows: with the camera, from a photo "
    "or a screenshot of it, or paste its text.",
    "share.from_camera": "Scan with the camera",
    "share.scan_title": "Scan a code",
    "share.scan_help": "Point the camera at the Meja code on the other device, close enough "
    "for the code to fill most of the picture.",
    "share.scan_looking": "Looking for a Meja code…",
    "share.camera_none": "This device has no camera Meja can use.",
    "share.camera_failed": "The camera could not be opened: {error}",
    "share.camera_denied": "Meja was not allowed to use the camera. Allow it in the "
    "browser's or the phone's settings, then try again.",
    "share.camera_unsupported": "This browser does not let Meja use the camera here: "
    "browsers open the camera only for a secure page (https, or Meja on this same device).",
    "share.camera_insecure": "The camera cannot be used at this address (browsers open it "
    "only for secure pages): take a photo of the code, then choose it from an image file.",
    "share.camera_busy": "The camera is busy: close the other app using it, then try again.",
    "share.camera_retry": "Try again",
    "share.camera_other": "If the camera stays closed, allow it for Meja, or take a photo of "
    "the code and go back to choose it from an image file.",
    "share.from_image": "From an image file",
    "share.paste_label": "Code text",
    "share.paste_button": "Import the text",
    "share.pasted.one": "{n} Meja code in the text ({chars} characters).",
    "share.pasted.other": "{n} Meja codes in the text ({chars} characters).",
    "share.pasted_none": "No Meja code in the text yet: a code starts with MEJA.",
    "share.no_code": "No Meja code was found in this image.",
    "share.picture_too_large": "This picture is too large to read (over 50 megapixels). "
                               "Take a smaller photo of the code.",
    "share.picture_not_image": "This file is not a picture Meja can read (PNG, JPEG, GIF, "
                               "BMP, WebP or TIFF).",
    "share.picture_no_reader": "This device cannot read codes from pictures: paste the code's "
                               "text instead.",
    "share.progress": "{read} of {total} codes read. Still to read: {missing}.",
    "share.new": "Match imported.",
    "share.same": "This match was already imported: nothing changed.",
    "share.updated": "The imported match was brought up to date.",
    "share.own": "This match is already on this device.",
    "share.imported_mark": "imported",
    "share.live_title": "Live scoreboard",
    "share.live_switch": "Show the scoreboard on the local network",
    "share.live_help": "People at the table read this code to follow the scores on their "
    "phone. They cannot change anything.",
    "share.live_off": "Off: nothing is served beyond this device.",
    "share.live_none": "No match yet",
    "share.live_note": "Read only · updates by itself",
    "share.live_failed": "The live scoreboard could not start: {error}",
    "reason.share_foreign": "This is not a Meja code.",
    "reason.share_future": "This code was made by a newer Meja (format {version}): update "
    "Meja to read it.",
    "reason.share_damaged": "This code is damaged or incomplete: read it or paste it again.",
    "reason.share_mixed": "This code belongs to another match than the codes read so far.",
    "reason.share_invalid": "This code does not hold a valid match: {detail}.",
    "reason.share_empty": "Nothing to read: read a code or paste its text.",
    "reason.share_not_shared": "it is not a shared match",
    "reason.share_unnamed": "it does not name its match",
    "reason.share_unreadable": "its set-up or its events are not written the way Meja writes "
    "them",
    "reason.share_summary": "its summary is not one Meja writes",
    "reason.share_too_large": "This code holds more than Meja reads for one match.",
    "reason.share_events": "it holds more than {most} events",
    "reason.share_players": "it seats more than {most} players",
}

FR: dict[str, str] = {
    "share.button": "Partager",
    "share.title": "Partager la partie",
    "share.help": "Sur l'autre appareil, ouvrez Meja, touchez Importer une partie et lisez "
    "ce code.",
    "share.part": "Code {i} sur {n}",
    "share.parts_help": "Lisez tous les codes, dans n'importe quel ordre.",
    "share.previous": "Code précédent",
    "share.next": "Code suivant",
    "share.size": "{chars} caractères · QR version {version}",
    "share.copy": "Copier le texte",
    "share.copied": "Le texte du code a été copié.",
    "share.csv": "Enregistrer en CSV",
    "share.json": "Enregistrer en JSON",
    "share.saved": "Enregistré.",
    "share.save_failed": "Enregistrement impossible : {error}",
    "share.import": "Importer une partie",
    "share.import_help": "Lisez le code qu'affiche un autre Meja : avec l'appareil photo, "
    "depuis une photo ou une capture d'écran, ou collez son texte.",
    "share.from_camera": "Scanner avec l'appareil photo",
    "share.scan_title": "Scanner un code",
    "share.scan_help": "Visez le code Meja de l'autre appareil, d'assez près pour qu'il "
    "remplisse presque toute l'image.",
    "share.scan_looking": "Recherche d'un code Meja…",
    "share.camera_none": "Cet appareil n'a pas d'appareil photo utilisable par Meja.",
    "share.camera_failed": "Impossible d'ouvrir l'appareil photo : {error}",
    "share.camera_denied": "Meja n'a pas le droit d'utiliser l'appareil photo. Autorisez-le "
    "dans les réglages du navigateur ou du téléphone, puis réessayez.",
    "share.camera_unsupported": "Ce navigateur ne laisse pas Meja utiliser l'appareil photo "
    "ici : il ne l'ouvre que pour une page sécurisée (https, ou Meja sur ce même appareil).",
    "share.camera_insecure": "L'appareil photo n'est pas utilisable à cette adresse (les "
    "navigateurs ne l'ouvrent que pour une page sécurisée) : prenez le code en photo, puis "
    "choisissez-le depuis une image.",
    "share.camera_busy": "L'appareil photo est occupé : fermez l'autre application qui "
    "l'utilise, puis réessayez.",
    "share.camera_retry": "Réessayer",
    "share.camera_other": "Si l'appareil photo reste fermé, autorisez-le pour Meja, ou prenez "
    "le code en photo et revenez le choisir depuis une image.",
    "share.from_image": "Depuis une image",
    "share.paste_label": "Texte du code",
    "share.paste_button": "Importer le texte",
    "share.pasted.one": "{n} code Meja dans le texte ({chars} caractères).",
    "share.pasted.other": "{n} codes Meja dans le texte ({chars} caractères).",
    "share.pasted_none": "Pas encore de code Meja dans le texte : un code commence par MEJA.",
    "share.no_code": "Aucun code Meja dans cette image.",
    "share.picture_too_large": "Cette image est trop grande pour être lue (plus de 50 "
                               "mégapixels). Prenez une photo plus petite du code.",
    "share.picture_not_image": "Ce fichier n'est pas une image que Meja sait lire (PNG, JPEG, "
                               "GIF, BMP, WebP ou TIFF).",
    "share.picture_no_reader": "Cet appareil ne sait pas lire les codes dans les images : "
                               "collez plutôt le texte du code.",
    "share.progress": "{read} codes lus sur {total}. Reste à lire : {missing}.",
    "share.new": "Partie importée.",
    "share.same": "Cette partie était déjà importée : rien n'a changé.",
    "share.updated": "La partie importée a été mise à jour.",
    "share.own": "Cette partie est déjà sur cet appareil.",
    "share.imported_mark": "importée",
    "share.live_title": "Tableau des scores en direct",
    "share.live_switch": "Montrer les scores sur le réseau local",
    "share.live_help": "Les joueurs lisent ce code pour suivre les scores sur leur téléphone. "
    "Ils ne peuvent rien modifier.",
    "share.live_off": "Désactivé : rien n'est servi hors de cet appareil.",
    "share.live_none": "Pas encore de partie",
    "share.live_note": "Lecture seule · se met à jour tout seul",
    "share.live_failed": "Le tableau en direct n'a pas pu démarrer : {error}",
    "reason.share_foreign": "Ce n'est pas un code Meja.",
    "reason.share_future": "Ce code vient d'un Meja plus récent (format {version}) : mettez "
    "Meja à jour pour le lire.",
    "reason.share_damaged": "Ce code est abîmé ou incomplet : lisez-le ou collez-le à "
    "nouveau.",
    "reason.share_mixed": "Ce code appartient à une autre partie que les codes déjà lus.",
    "reason.share_invalid": "Ce code ne contient pas une partie valable : {detail}.",
    "reason.share_empty": "Rien à lire : lisez un code ou collez son texte.",
    "reason.share_not_shared": "ce n'est pas une partie partagée",
    "reason.share_unnamed": "il ne dit pas de quelle partie il s'agit",
    "reason.share_unreadable": "sa partie n'est pas écrite comme Meja écrit les parties",
    "reason.share_summary": "son résumé n'est pas de ceux qu'écrit Meja",
    "reason.share_too_large": "Ce code contient plus que ce que Meja lit pour une partie.",
    "reason.share_events": "elle compte plus de {most} événements",
    "reason.share_players": "elle réunit plus de {most} joueurs",
}
