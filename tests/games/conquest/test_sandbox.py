"""determinize: a sandbox copy for one player keeps what they see and resamples what they cannot see."""
from __future__ import annotations

from collections import Counter

import pytest

from academy.games.conquest.cards import full_deck
from academy.games.conquest.game import ConquestGame
from academy.games.conquest.sandbox import determinize, unseen_cards
from academy.games.conquest.view import HIDDEN, view_state


def position_with_cards(seed: int = 5, players: int = 3):
    """A random set-up position after a few steps, with cards dealt to every hand and some discarded."""
    game = ConquestGame(players=players, setup="random")
    state = game.new_initial_state(seed=seed)
    state.settle()
    deck = list(state.deck)
    state.hands = [deck[0:2], deck[2:5], deck[5:6]][:players]
    state.discard = deck[6:9]
    state.deck = deck[9:]
    return state


def all_cards(state) -> Counter:
    return Counter([c for h in state.hands for c in h] + state.deck + state.discard)


def test_own_hand_board_and_sizes_are_kept_and_the_rest_is_one_deck():
    state = position_with_cards()
    copy = determinize(state, 1, seed=123)
    assert copy.hands[1] == state.hands[1]
    assert copy.owner == state.owner and copy.armies == state.armies
    assert (copy.phase, copy.current, copy.turn, copy.reinforcements) == \
        (state.phase, state.current, state.turn, state.reinforcements)
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert len(copy.deck) == len(state.deck) and copy.discard == state.discard
    assert all_cards(copy) == Counter(full_deck(state.game.card_symbols))
    assert state.hands[1] == copy.hands[1]     # the original is untouched
    assert all_cards(state) == Counter(full_deck(state.game.card_symbols))


def test_the_copy_has_a_new_seed_and_no_history():
    state = position_with_cards()
    copy = determinize(state, 0, seed=state.record.seed + 1)
    assert copy.record.seed == state.record.seed + 1
    assert len(copy.record) == 0 and copy.record.start is not None
    assert copy.record.initial_state() == copy       # the record rebuilds the copy
    copy.settle()
    assert copy.legal_actions()                       # and the game goes on from it


def test_other_hands_are_resampled_from_the_unseen_cards_only():
    state = position_with_cards()
    pool = set(unseen_cards(state, 0))
    assert not pool & set(state.hands[0]) and not pool & set(state.discard)
    samples = {tuple(determinize(state, 0, seed=s).hands[1]) for s in range(12)}
    assert len(samples) > 1, "the hidden hands do not depend on the seed"
    for s in range(12):
        copy = determinize(state, 0, seed=s)
        assert set(copy.hands[1]) | set(copy.hands[2]) | set(copy.deck) == pool
    assert determinize(state, 0, seed=7) == determinize(state, 0, seed=7)


def test_a_view_state_with_placeholders_gives_a_valid_copy():
    state = position_with_cards()
    view = view_state(state.game, state.observation(2), len(state.record))
    assert HIDDEN in view.hands[0]
    copy = determinize(view, 2, seed=9)
    assert HIDDEN not in [c for h in copy.hands for c in h] + copy.deck
    assert copy.hands[2] == state.hands[2]
    assert all_cards(copy) == Counter(full_deck(state.game.card_symbols))


def test_a_spectator_copy_resamples_every_hand():
    state = position_with_cards()
    copy = determinize(state, None, seed=1)
    assert [len(h) for h in copy.hands] == [len(h) for h in state.hands]
    assert all_cards(copy) == Counter(full_deck(state.game.card_symbols))


def test_cards_that_do_not_fit_one_deck_are_refused():
    state = position_with_cards()
    state.discard.append(state.hands[0][0])          # shown twice
    with pytest.raises(ValueError, match="shown twice"):
        determinize(state, 0, seed=1)
