"""LAN play: one app hosts a table over TCP, the others join (see docs/PROTOCOL.md).

``engine.net.protocol`` — frames and message schemas; ``engine.net.host`` — the authoritative host
(``HostServer`` thread API, ``python -m engine.net.host``); ``engine.net.client`` — a client
(``ClientThread`` API, ``python -m engine.net.client``); ``engine.net.discovery`` — LAN discovery
(zeroconf and a UDP-broadcast fallback); ``engine.net.tablelog`` — the host's write-ahead event log.
Pure Python: no Qt import anywhere here.
"""
