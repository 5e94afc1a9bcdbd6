"""The contract suite runs over every registered game plus the toy game, registered only while it runs."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

from engine import games  # noqa: E402


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "contract: the game contract suite (tests/contract), seconds per game")


@pytest.fixture(scope="module", autouse=True)
def toy_registered() -> Iterator[None]:
    from toy import NAME, SPEC
    added = NAME not in games.names()
    if added:
        games.register(SPEC)
    try:
        yield
    finally:
        if added:
            games.unregister(NAME)
