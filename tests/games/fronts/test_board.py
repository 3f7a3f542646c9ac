"""Fronts board copies (fronts.md "Turn order": a turn is resolved on a copy of the board): ``Board.copy`` is
the board's own JSON round trip, in the same order, and shares nothing with the board it copies."""
from academy.games.fronts.board import Board
from academy.games.fronts.game import FrontsGame


def _played(turns: int) -> Board:
    from academy.games.fronts.bots import make_bot
    state = FrontsGame(players=3, map="three_passes", mode="ffa").new_initial_state(4)
    bots = [make_bot("normal", i) for i in range(3)]
    for _ in range(turns):
        for p in state.waiting():
            state.submit(p, bots[p].orders(state, p))
        state.resolve_step()
    return state.board


def test_a_copy_is_the_round_trip_in_the_same_order():
    board = _played(6)
    copy = board.copy()
    same = Board.from_dict(board.to_dict())
    assert copy == same
    assert [list(by) for by in copy.stacks.values()] == [list(by) for by in same.stacks.values()]
    assert list(copy.neutral) == list(same.neutral) and list(copy.dug) == list(same.dug)


def test_a_copy_shares_nothing():
    board = _played(3)
    copy = board.copy()
    pl, by = next((pl, by) for pl, by in copy.stacks.items() if by)
    prov = next(iter(by))
    owner = board.owners.get(prov)
    copy.stacks[pl][prov]["infantry"] += 9
    copy.owners[prov] = "someone else"
    copy.dug["x"] = 1
    copy.half.append("x")
    assert board.stacks[pl][prov]["infantry"] == copy.stacks[pl][prov]["infantry"] - 9
    assert board.owners.get(prov) == owner
    assert "x" not in board.dug and "x" not in board.half
