"""A benchmark server takes the same port every run (its URL is in the model's prompt), another when taken."""

from __future__ import annotations

import socket

from navwright.bench.ports import candidates, steady_port
from navwright.bench.tasks.web import App, serve


def test_a_site_is_served_at_the_same_address_twice_in_a_row() -> None:
    app = App(name="ports-probe")
    with serve(app) as first:
        pass
    with serve(app) as second:
        pass
    assert first == second
    assert int(first.rsplit(":", 1)[1]) == candidates("site-ports-probe")[0]


def test_a_taken_port_gives_way_to_the_next_free_one() -> None:
    own = candidates("ports-taken")[0]
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as holder:
        holder.bind(("127.0.0.1", own))
        holder.listen()
        port = steady_port("ports-taken")
    assert port != own
    assert port in candidates("ports-taken")


def test_two_names_mostly_get_two_ports() -> None:
    assert len({candidates(f"app-{i}")[0] for i in range(20)}) >= 18
