"""Qilu Cards engine: pure-Python rules, states, bots and LAN protocol for Shandong card games (no Qt)."""

__version__ = "0.1.0"
