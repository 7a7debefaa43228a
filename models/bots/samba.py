"""Samba bots: take the pile whenever allowed, meld red 3s and naturals, add wilds only to
groups close to a canasta, discard a lone low card (a black 3 first), never one that extends
an opponent's sequence. The strong player searches the draw and the discard over deals where
the other hands hold nothing their side would have melded (see :func:`determinize`);
melding follows the rule of thumb."""

from __future__ import annotations

import random
from dataclasses import dataclass

from models.bots.base import Plan, Playbook
from models.bots.hint import Hint
from models.cards import format_cards
from models.games.samba import (
    ADD,
    ANSWER_PHASE,
    ASK,
    BLACK3,
    CANCEL,
    COMBOS,
    DISCARD,
    DISCARD_PHASE,
    DRAW,
    DRAW_PHASE,
    FINISH,
    GROUP_RANK_SET,
    NO,
    PAIRS,
    RED3,
    SEQ_CARD,
    START_GROUP,
    START_SEQ,
    TAKE_GROUP,
    TAKE_SEQ,
    YES,
    Samba,
    score_breakdown,
    settle_turn,
)
from models.games.samba_melds import BLACK_THREES, IS_WILD, POS, RED_THREES, VALUE


def _extends_rival(state: Samba, card: int) -> bool:
    """Whether ``card`` could go onto a sequence of another side (the pile would be theirs)."""
    mine = state.side[state.current]
    p, s = POS[card], card // 13
    if p < 0:
        return False
    for side in range(state.nsides):
        if side == mine:
            continue
        for suit, low, high in state.seqs[side]:
            if suit == s and high - low < 6 and (p == low - 1 or p == high + 1):
                return True
    return False


def _discard_score(state: Samba, card: int) -> float:
    if IS_WILD[card]:
        return -200.0
    if card in BLACK_THREES:
        return 30.0
    hand_count = state.cnt[state.current]
    r = card % 13
    same = sum(hand_count[s * 13 + r] for s in range(4))
    value = -float(VALUE[card]) - 10.0 * (same - 1)
    if state.groups[state.side[state.current]][r] is not None:
        value -= 15.0  # it would grow our own group
    if _extends_rival(state, card):
        value -= 25.0
    return value


def _meld_score(state: Samba, action: int) -> float:
    side = state.side[state.current]
    if action in (RED3, RED3 + 1):
        return 100.0
    if action == BLACK3:
        return 200.0
    if action == FINISH:
        return 0.0
    if action == CANCEL:
        return -10.0
    if action == ASK:
        return -20.0
    if action < START_GROUP:  # a new sequence
        return 40.0
    if action < ADD:
        if (action - START_GROUP) % 70 < 20:  # three naturals
            return 40.0
        return 5.0 if not state.opened[side] else -5.0
    slot, code = divmod(action - ADD, 53)
    if not IS_WILD[code]:
        return 50.0
    group = state.groups[side][slot] if slot < 13 else None
    return 20.0 if group is not None and len(group) >= 4 else -5.0


def score(state: Samba, action: int) -> float:
    """The rule of thumb's liking for ``action`` (see the module)."""
    phase = state.phase
    if phase == ANSWER_PHASE:
        return 1.0 if action == YES else 0.0
    if phase == DRAW_PHASE:
        return 0.0 if action == DRAW else 10.0 + len(state.pile)
    if phase == DISCARD_PHASE:
        return _discard_score(state, action - DISCARD)
    return _meld_score(state, action)


def why(state: Samba, action: int) -> Hint:
    """The rule of thumb's reason for ``action``."""
    phase = state.phase
    if phase == ANSWER_PHASE:
        return Hint("sa_yes" if action == YES else "sa_no")
    if phase == DRAW_PHASE:
        if action == DRAW:
            return Hint("sa_draw" if state.stock else "sa_stop")
        return Hint("sa_take", {"count": len(state.pile), "card": format_cards(state.pile[-1:])})
    if phase == DISCARD_PHASE:
        card = action - DISCARD
        if card in BLACK_THREES:
            return Hint("sa_discard_block", {"card": format_cards([card])})
        return Hint("sa_discard", {"card": format_cards([card]), "points": VALUE[card]})
    if action in (RED3, RED3 + 1):
        return Hint("sa_red3", {"card": format_cards([RED_THREES[action - RED3]])})
    if action == BLACK3:
        return Hint("sa_black3")
    if action == FINISH:
        return Hint("sa_finish")
    if action == CANCEL:
        return Hint("sa_cancel", {"minimum": state.need})
    if action == ASK:
        return Hint("sa_ask")
    return Hint("sa_meld")


# What an unfinished group or sequence of 4, 5, 6 cards is worth on the way to a canasta
# (+300 or +500) or a samba (+1500): a share of the bonus, growing as it nears seven.
_GROUP_HOPE = (0, 0, 0, 0, 40, 100, 200)
_SEQ_HOPE = (0, 0, 0, 0, 80, 250, 600)


def _standing(state: Samba) -> list[int]:
    """Each side's points on the table now, plus the hope of its groups and sequences still
    short of seven. Cards still in hand are not counted against it: mid-hand they are
    material for melds, and counting them would teach the search to throw away wilds."""
    out = []
    for side in range(state.nsides):
        points = score_breakdown(state.melds(side), [], False).total
        for group in state.groups[side]:
            if group is not None and len(group) < 7:
                points += _GROUP_HOPE[len(group)]
        for _, low, high in state.seqs[side]:
            if high - low < 6:
                points += _SEQ_HOPE[high - low + 1]
        out.append(points)
    return out


def value(state: Samba, seat: int, rounds: int) -> float:
    """The seat's side points against the best other side, in thousands (a rollout stopped
    early counts what each side has on the table)."""
    side = state.side[seat]
    if len(state.results) > rounds:
        by_seat = state.results[rounds].points
        points = [0] * state.nsides
        for s, p in enumerate(by_seat):
            points[state.side[s]] = p
    else:
        points = _standing(state)
    rival = max(p for i, p in enumerate(points) if i != side)
    return (points[side] - rival) / 1000.0


def _melded(state: Samba, side: int) -> set[int]:
    """The cards the rule of thumb of a player of ``side`` would meld at once whatever else
    it holds: a red 3 always; once the side has opened, a natural for one of its groups or
    at either end of one of its sequences."""
    out = set(RED_THREES)
    if not state.opened[side]:
        return out
    for r, group in enumerate(state.groups[side]):
        if group is not None and r in GROUP_RANK_SET:
            out.update(s * 13 + r for s in range(4))
    for suit, low, high in state.seqs[side]:
        if high - low < 6:
            out.update(SEQ_CARD[suit][p] for p in (low - 1, high + 1) if 0 <= p <= 10)
    return out


def _melded_cards(action: int) -> tuple[int, ...]:
    """The cards a meld action puts on the table (none for other actions; the black 3s:
    see :func:`reads`)."""
    if action in (RED3, RED3 + 1):
        return (RED_THREES[action - RED3],)
    if START_SEQ <= action < START_GROUP:
        suit, low = divmod(action - START_SEQ, 9)
        return SEQ_CARD[suit][low : low + 3]
    if START_GROUP <= action < ADD:
        r, k = divmod(action - START_GROUP, 70)
        return COMBOS[r][k]
    if ADD <= action < DISCARD:
        return ((action - ADD) % 53,)
    return ()


@dataclass(frozen=True)
class Reads:
    """What the table saw of each seat's hand in this hand: ``seen``, the cards it was seen
    to take into it and still holds as far as anyone can tell (the pile it took: every card
    of it was seen face up when it was turned up or discarded; less what it melded or
    discarded since); ``thrown``, the ranks of the naturals it discarded since it last took
    the pile, oldest first (a player keeps the ranks it collects, so it rarely holds a pair of
    a rank it has just thrown away)."""

    seen: list[list[int]]
    thrown: list[list[int]]


def reads(state: Samba) -> Reads:
    """:class:`Reads` from the card turned up and the hand's actions, as the table saw them."""
    n = state.players
    seen: list[list[int]] = [[] for _ in range(n)]
    thrown: list[list[int]] = [[] for _ in range(n)]
    pile = [state.turned]
    seat = (state.dealer + 1) % n
    asker = -1
    start: tuple[list[int], list[int]] = (seen[seat][:], pile[:])  # the turn's start
    for action in state.actions[len(state.actions) - state.moves :]:
        if TAKE_GROUP <= action < START_SEQ:
            top = pile.pop()  # melded at once (into a group: with two naturals from the hand)
            if action < TAKE_SEQ:
                for suit in PAIRS[action - TAKE_GROUP]:
                    _drop(seen[seat], suit * 13 + top % 13)
            seen[seat] += pile
            thrown[seat] = []
            pile = []
        elif action >= DISCARD:
            card = action - DISCARD
            _drop(seen[seat], card)
            if not IS_WILD[card] and card not in BLACK_THREES:
                thrown[seat].append(card % 13)
            pile.append(card)
            seat = (seat + 1) % n
            start = (seen[seat][:], pile[:])
        elif action == CANCEL:  # the melds, and a pile taken, go back where they were
            seen[seat], pile = start[0][:], start[1][:]
        elif action == ASK:
            asker, seat = seat, state.partner[seat]
        elif action in (YES, NO):
            seat = asker
        elif action == BLACK3:
            seen[seat] = [c for c in seen[seat] if c not in BLACK_THREES]
        else:
            for c in _melded_cards(action):
                _drop(seen[seat], c)
    return Reads(seen, thrown)


def _drop(cards: list[int], card: int) -> None:
    if card in cards:
        cards.remove(card)


RECENT = 3  # the last ranks a seat threw away that its hand is taken not to hold


def sample(state: Samba, seat: int, rng: random.Random) -> Samba:
    """The Expert's deal: :func:`determinize` with what the table saw (:func:`reads`): the
    cards each other seat was seen to take from the pile still in its hand, the pile as
    everyone saw it built, and no more naturals of the last :data:`RECENT` ranks it threw
    away while there are other cards."""
    return determinize(state, seat, rng, reads(state))


def determinize(state: Samba, seat: int, rng: random.Random,
                table: Reads | None = None) -> Samba:
    """A copy of ``state`` consistent with ``state.observation(seat)``, for search: the cards
    ``seat`` cannot see (the other hands, the partner's too, the stock, the pile under its top
    card) are dealt again at random, every size kept, each other hand taking only cards its
    side's rule of thumb would not have melded already (:func:`_melded`, and once the side
    has opened no third natural of a rank) while there are such cards; later deals get a seed
    drawn from ``rng``. It depends on the unseen cards only as a multiset. When the turn in
    progress is another player's, the hand that taking the melds back would restore becomes
    their new hand. ``table``: what the table saw of the hands (:func:`reads`); the pile then
    stays as it is (everyone saw it built)."""
    new = state.clone()
    others = [s for s in range(state.players) if s != seat]
    under = [] if table is not None else new.pile[:-1]
    unseen = new.stock + under + [c for s in others for c in new.hands[s]]
    for s in others:
        for c in table.seen[s] if table is not None else ():
            unseen.remove(c)
    unseen.sort()
    rng.shuffle(unseen)
    owner = new.asker if new.phase == ANSWER_PHASE else new.current
    for s in others:
        known = table.seen[s] if table is not None else []
        size = len(new.hands[s]) - len(known)
        side = new.side[s]
        melded = _melded(new, side) if s != owner else set()
        if table is not None:
            thrown = set(table.thrown[s][-RECENT:])
            melded |= {c for c in range(52) if c % 13 in thrown and not IS_WILD[c]
                       and c not in BLACK_THREES}
        opened = new.opened[side] and s != owner
        ranks = [0] * 13  # naturals of each rank taken so far
        hand: list[int] = []
        skipped: list[int] = []
        at = len(unseen)
        for i, c in enumerate(unseen):
            if len(hand) == size:
                at = i
                break
            natural = not IS_WILD[c] and c not in BLACK_THREES
            if c in melded or (opened and natural and ranks[c % 13] >= 2):
                skipped.append(c)
                continue
            hand.append(c)
            if natural:
                ranks[c % 13] += 1
        short = size - len(hand)
        if short:  # too few such cards: the others, in their shuffled order
            hand += skipped[:short]
            del skipped[:short]
        unseen = unseen[at:]
        for c in skipped:  # back among the cards left, anywhere
            unseen.insert(rng.randint(0, len(unseen)), c)
        hand += known
        new.hands[s] = hand
        counts = new.cnt[s] = [0] * 53
        for code in hand:
            counts[code] += 1
    if table is None:
        size = max(0, len(new.pile) - 1)
        new.pile = unseen[:size] + new.pile[-1:]
        unseen = unseen[size:]
    new.stock = unseen
    settle_turn(new, seat)
    new.seed = rng.getrandbits(32)
    return new


def order(state: Samba, legal: list[int]) -> list[int]:
    """The Expert's order of the actions, its first choice first: the rule of thumb's, but a
    discard the next seat cannot take the pile with comes before the others (a natural of a
    rank its side has a group of: it would have melded any it held; or of a rank it threw
    away lately, :func:`reads`)."""
    scores = {a: score(state, a) for a in legal}
    if state.phase == DISCARD_PHASE:
        nxt = (state.current + 1) % state.players
        groups = state.groups[state.side[nxt]]
        thrown = set(reads(state).thrown[nxt][-RECENT:])
        for a in legal:
            card = a - DISCARD
            if IS_WILD[card] or card in BLACK_THREES:
                continue
            if groups[card % 13] is not None:
                scores[a] += 20.0
            elif card % 13 in thrown:
                scores[a] += 15.0
    return sorted(legal, key=lambda a: -scores[a])


def searched(state: Samba) -> bool:
    """The draw (when the pile may be taken) and the discard are searched."""
    return state.phase in (DRAW_PHASE, DISCARD_PHASE)


BOOK = Playbook(score, why, value, determinize, searched, worlds=60, width=4, horizon=60,
                epsilon=0.0, margin=1.0,
                expert=Plan(sample, playouts=300, width=6, horizon=60, searched=searched,
                            order=order),
                unnamed=frozenset({"sa_meld"}))
