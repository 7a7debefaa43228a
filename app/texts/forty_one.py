"""41's texts: the new-match options, the table, the hand entry, the scoreboard, its reasons."""

from __future__ import annotations

from models.tables.forty_one import REASONS

EN: dict[str, str] = {
    "opt.forty_one.stop_threshold": "Points to stop",
    "opt.forty_one.stop_threshold.help": "A stop also needs a hand worth at least this "
    "(0: no threshold).",
    "opt.forty_one.instant_41": "41 wins at once",
    "opt.forty_one.instant_41.help": "A player holding 41 after the deal or after a discard "
    "wins the hand at once.",
    "opt.forty_one.redraw": "May re-discard",
    "opt.forty_one.redraw.help": "The card just taken from the discard may be discarded again "
    "at once.",
    "opt.forty_one.running_score": "Running score",
    "opt.forty_one.running_score.help": "Add up the hand scores instead of counting hands won "
    "and lost.",
    "forty_one.how_it_ends": "Play as many hands as you like, then tap Finish the match "
    "between two hands: most hands won wins, then fewest lost.",
    "forty_one.how_it_ends_total": "Play as many hands as you like, then tap Finish the match "
    "between two hands: the highest running score wins.",
    # the shared screens' words for a 41 hand
    "forty_one.stock": "Stock",
    "forty_one.hands.save": "Score the hand",
    # the table
    "forty_one.title": "Hand {n}",
    "forty_one.deals": "{dealer} deals, {first} plays first",
    "forty_one.start": "Start hand {n}",
    "forty_one.finish": "Finish the match",
    "forty_one.to_play": "{name} to play",
    "forty_one.first_turn": "First turn: take from the stock.",
    "forty_one.drew": "Took from the stock",
    "forty_one.took": "Took the discard",
    "forty_one.stopped": "{name} stopped",
    "forty_one.declined": "{name} declined the discard: play ends",
    "forty_one.shows_41": "{name} shows 41",
    "forty_one.hand_over": "The hand is over",
    "forty_one.enter_cards": "Enter the cards",
    "forty_one.tally": "{wins} W · {losses} L",
    "forty_one.event.start": "hand {n} started",
    "forty_one.event.draw": "{name} took from the stock",
    "forty_one.event.take": "{name} took the discard",
    "forty_one.event.stop": "{name} stopped",
    "forty_one.event.stock_out": "{name} declined the discard",
    "forty_one.event.41": "{name} showed 41",
    "forty_one.event.hand": "{name}'s cards",
    "forty_one.event.close": "hand scored",
    "forty_one.event.finish": "match finished",
    # the hand entry
    "forty_one.hands.title": "Hand {n}: the cards",
    "forty_one.hands.none": "Tap the 4 cards",
    "forty_one.hands.summary": "{n} of 4 cards · {points} points, {suit} counted",
    "forty_one.hands.taken": "{card} is already in {name}'s hand.",
    "forty_one.hands.full": "{name} has 4 cards: tap one to take it back first.",
    "forty_one.hands.short": "{name} has {n} of 4 cards.",
    "forty_one.hands.stopper": "{name} stopped: four cards of one suit.",
    "forty_one.hands.stopper_threshold": "{name} stopped: four cards of one suit, worth at "
    "least {points}.",
    "forty_one.hands.holder": "{name} showed 41: the four cards must be worth 41.",
    "forty_one.suit.S": "spades",
    "forty_one.suit.H": "hearts",
    "forty_one.suit.D": "diamonds",
    "forty_one.suit.C": "clubs",
    "forty_one.which.0": "worst card",
    "forty_one.which.1": "second-worst card",
    "forty_one.which.2": "third-worst card",
    "forty_one.which.3": "best card",
    # the scoreboard
    "forty_one.score.after": "After hand {n}",
    "forty_one.score.none": "No hand played yet",
    "forty_one.score.next": "{dealer} deals next, {first} plays first.",
    "forty_one.score.cards": "Cards of hand {n}",
    "forty_one.score.line": "{points} · {suit} counted",
    "forty_one.score.won": "won",
    "forty_one.score.lost": "lost",
    **{f"reason.{code}": text for code, text in REASONS.items()},
}

FR: dict[str, str] = {
    "opt.forty_one.stop_threshold": "Points pour arrêter",
    "opt.forty_one.stop_threshold.help": "Arrêter demande aussi une main d'au moins ce total "
    "(0 : pas de seuil).",
    "opt.forty_one.instant_41": "41 gagne d'un coup",
    "opt.forty_one.instant_41.help": "Un joueur qui tient 41 après la donne ou après une "
    "défausse gagne la main aussitôt.",
    "opt.forty_one.redraw": "Redéfausse permise",
    "opt.forty_one.redraw.help": "La carte prise à la défausse peut être redéfaussée aussitôt.",
    "opt.forty_one.running_score": "Score cumulé",
    "opt.forty_one.running_score.help": "Additionner les scores des mains au lieu de compter "
    "les mains gagnées et perdues.",
    "forty_one.how_it_ends": "Jouez autant de mains que vous voulez, puis touchez Terminer la "
    "partie entre deux mains : le plus de mains gagnées l'emporte, puis le moins de perdues.",
    "forty_one.how_it_ends_total": "Jouez autant de mains que vous voulez, puis touchez "
    "Terminer la partie entre deux mains : le plus haut score cumulé l'emporte.",
    "forty_one.stock": "Talon",
    "forty_one.hands.save": "Compter la main",
    "forty_one.title": "Main {n}",
    "forty_one.deals": "{dealer} donne, {first} joue en premier",
    "forty_one.start": "Commencer la main {n}",
    "forty_one.finish": "Terminer la partie",
    "forty_one.to_play": "À {name} de jouer",
    "forty_one.first_turn": "Premier tour : on prend au talon.",
    "forty_one.drew": "A pris au talon",
    "forty_one.took": "A pris la défausse",
    "forty_one.stopped": "{name} a arrêté",
    "forty_one.declined": "{name} refuse la défausse : fin du jeu",
    "forty_one.shows_41": "{name} montre 41",
    "forty_one.hand_over": "La main est finie",
    "forty_one.enter_cards": "Saisir les cartes",
    "forty_one.tally": "{wins} G · {losses} P",
    "forty_one.event.start": "main {n} commencée",
    "forty_one.event.draw": "{name} a pris au talon",
    "forty_one.event.take": "{name} a pris la défausse",
    "forty_one.event.stop": "{name} a arrêté",
    "forty_one.event.stock_out": "{name} a refusé la défausse",
    "forty_one.event.41": "{name} a montré 41",
    "forty_one.event.hand": "cartes de {name}",
    "forty_one.event.close": "main comptée",
    "forty_one.event.finish": "partie terminée",
    "forty_one.hands.title": "Main {n} : les cartes",
    "forty_one.hands.none": "Touchez les 4 cartes",
    "forty_one.hands.summary": "{n} cartes sur 4 · {points} points, {suit} comptés",
    "forty_one.hands.taken": "{card} est déjà dans la main de {name}.",
    "forty_one.hands.full": "{name} a 4 cartes : touchez-en une pour la retirer d'abord.",
    "forty_one.hands.short": "{name} a {n} cartes sur 4.",
    "forty_one.hands.stopper": "{name} a arrêté : quatre cartes d'une même couleur.",
    "forty_one.hands.stopper_threshold": "{name} a arrêté : quatre cartes d'une même couleur, "
    "valant au moins {points}.",
    "forty_one.hands.holder": "{name} a montré 41 : les quatre cartes doivent valoir 41.",
    "forty_one.suit.S": "piques",
    "forty_one.suit.H": "cœurs",
    "forty_one.suit.D": "carreaux",
    "forty_one.suit.C": "trèfles",
    "forty_one.which.0": "plus faible carte",
    "forty_one.which.1": "deuxième plus faible carte",
    "forty_one.which.2": "troisième plus faible carte",
    "forty_one.which.3": "meilleure carte",
    "forty_one.score.after": "Après la main {n}",
    "forty_one.score.none": "Aucune main jouée",
    "forty_one.score.next": "{dealer} donne ensuite, {first} joue en premier.",
    "forty_one.score.cards": "Cartes de la main {n}",
    "forty_one.score.line": "{points} · {suit} comptés",
    "forty_one.score.won": "gagne",
    "forty_one.score.lost": "perd",
    "reason.forty_one_stopped": "{player} a arrêté",
    "reason.forty_one_stock_ran_out": "Le talon est épuisé : {player} a refusé la défausse",
    "reason.forty_one_showed_41": "{player} a montré 41",
    "reason.forty_one_stock_empty": "Le talon est vide : {player} prend la défausse, ou le jeu "
    "s'arrête",
    "reason.forty_one_wins_score": "{player} gagne la main : {points} contre {other_points} "
    "pour {other}",
    "reason.forty_one_wins_card": "{player} bat {other} à {points} : la {which} de {player} "
    "est {card} ({value}), celle de {other} {other_card} ({other_value})",
    "reason.forty_one_wins_turn": "{player} bat {other} à {points}, carte pour carte égales : "
    "{player} vient avant dans l'ordre du jeu depuis {ender}, qui a fini le jeu",
    "reason.forty_one_behind_score": "{player} derrière {other} : {points} contre "
    "{other_points}",
    "reason.forty_one_behind_card": "{player} derrière {other} à {points} : la {which} de "
    "{player} est {card} ({value}), celle de {other} {other_card} ({other_value})",
    "reason.forty_one_behind_turn": "{player} derrière {other} à {points}, carte pour carte "
    "égales : {other} vient avant dans l'ordre du jeu depuis {ender}, qui a fini le jeu",
    "reason.forty_one_record": "{players} : victoires {wins}, défaites {losses}",
    "reason.forty_one_best_total": "{players} : plus haut total, {total} points",
    "reason.forty_one_total": "{players} : {total} points, {behind} de moins",
    "reason.forty_one_finished": "Terminée après la main {hands} : {winners} gagne "
    "(victoires {wins}, défaites {losses})",
    "reason.forty_one_finished_total": "Terminée après la main {hands} : {winners} gagne avec "
    "{total} points",
    "reason.forty_one_no_hand": "Aucune main en cours : commencez-en une",
    "reason.forty_one_hand_open": "Terminez d'abord la main en cours",
    "reason.forty_one_playing": "Le jeu n'est pas fini : notez d'abord l'arrêt ou le talon "
    "vide",
    "reason.forty_one_hand_over": "La main est finie : saisissez les cartes",
    "reason.forty_one_no_upcard": "Au 41, aucune carte n'est retournée",
    "reason.forty_one_no_discard": "Rien n'a encore été défaussé : {player} prend au talon",
    "reason.forty_one_stock_gone": "Le talon est vide : {player} prend la défausse, ou le jeu "
    "s'arrête",
    "reason.forty_one_stock_left": "Le talon a encore {count} cartes : le jeu ne s'arrête "
    "ainsi qu'une fois le talon vide",
    "reason.forty_one_no_instant": "Cette partie se joue sans l'option 41 gagne d'un coup",
    "reason.forty_one_41_after": "Seul {last}, qui vient de défausser, peut montrer 41 "
    "maintenant",
    "reason.forty_one_four": "La main de {player} a {count} cartes : une main de 41 en a "
    "exactement 4",
    "reason.forty_one_not_in_pack": "{card} n'est pas dans un jeu de 52 cartes",
    "reason.forty_one_twice": "{card} est saisie deux fois",
    "reason.forty_one_held": "{card} est déjà dans la main de {other}",
    "reason.forty_one_stop_suit": "{player} a arrêté : les quatre cartes doivent être d'une "
    "même couleur",
    "reason.forty_one_stop_low": "{player} a arrêté avec {points} points : il en faut au "
    "moins {threshold} pour arrêter",
    "reason.forty_one_not_41": "{player} a montré 41, mais les quatre cartes valent {points}",
    "reason.forty_one_cards_missing": "Saisissez d'abord les cartes de {players}",
    "reason.forty_one_nothing_played": "Jouez au moins une main avant de terminer la partie",
}
