"""The door of a table open to phones: secrets of the right strength, a seat taken once, a
second phone waits for the host, a freed seat's link is void, and a damaged saved door is
opened anew rather than trusted."""

from __future__ import annotations

import base64

from app.guests.door import ASKING, LOCKED, SEATED, Door, device_hash


def test_each_seat_has_a_128_bit_token_and_a_distinct_code() -> None:
    door = Door.open("play-x", [(0, "Ana"), (1, "Bea"), (3, "Dan")])
    tokens = [t.token for t in door.tickets]
    assert len(set(tokens)) == 3 and len({t.code for t in door.tickets}) == 3
    assert all(len(base64.urlsafe_b64decode(t + "==")) == 16 for t in tokens)
    assert [t.seat for t in door.tickets] == [0, 1, 3]
    assert door.by_code(f" {door.tickets[2].code[:3].lower()}-{door.tickets[2].code[3:]}") \
        == door.tickets[2]
    assert door.by_token("") is None and door.by_code("") is None


def test_a_seat_is_taken_once_and_a_second_phone_asks() -> None:
    door = Door.open("play-x", [(0, "Ana")])
    ana, other = device_hash("a"), device_hash("b")
    door, state = door.join(door.tickets[0], ana)
    assert state == SEATED and door.seated() == {0}
    assert door.join(door.tickets[0], ana) == (door, SEATED)  # again: nothing changes
    door, state = door.join(door.tickets[0], other)
    assert state == ASKING and door.tickets[0].device == ana
    assert door.refuse(0).tickets[0].asking == ""
    allowed = door.allow(0)
    assert allowed.tickets[0].device == other and allowed.allow(0) == allowed


def test_a_locked_door_takes_no_new_phone_and_a_freed_seat_has_new_secrets() -> None:
    door = Door.open("play-x", [(0, "Ana")])
    ticket = door.tickets[0]
    door, _ = door.join(ticket, device_hash("a"))
    assert door.lock(True).join(door.tickets[0], device_hash("b"))[1] == LOCKED
    freed = door.unseat(0)
    assert freed.seated() == frozenset()
    assert freed.by_token(ticket.token) is None and freed.tickets[0].code != ticket.code


def test_a_saved_door_comes_back_whole_or_not_at_all() -> None:
    door = Door.open("play-x", [(0, "Ana"), (1, "Bea")]).lock(True)
    assert Door.from_dict(door.to_dict()) == door
    for damaged in (None, {}, {"key": "x"}, {"key": "x", "tickets": [{"seat": "?"}],
                                             "watch": "w"}, [1, 2], "door"):
        assert Door.from_dict(damaged) is None
