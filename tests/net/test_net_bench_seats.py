"""The LAN bench seats one bot client per seat of the game it is given (``python -m engine.net.bench flood
--game G``), not Gouji's six: a five-seat Baohuang table is measured with five clients and says so."""
from __future__ import annotations

from engine import games
from engine.net import bench


def test_flood_bench_seats_one_client_per_seat_of_the_game() -> None:
    out = bench.flood(conns=1, rate=5.0, seconds=1.0, options=[], game="baohuang")
    seats = games.spec("baohuang").seats
    assert seats == 5
    assert out["figure"].startswith(f"baohuang table of {seats} bot-client processes")
    # the table played: the windows before and after the flood logged states
    assert out["before"]["states_per_s"] > 1 and out["after"]["states_per_s"] > 1
