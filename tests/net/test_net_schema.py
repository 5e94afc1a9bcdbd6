"""Property tests: any bytes decode to a message or a ProtocolError, never anything else; scrub is exact."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.net.protocol import (
    ActionMsg,
    Intent,
    ProtocolError,
    Update,
    decode_client,
    decode_host,
    encode,
)
from engine.net.secrecy import SECRET_KEYS, scrub

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(st.text(max_size=8), kids, max_size=5),
    max_leaves=30)


@settings(max_examples=400, deadline=None)
@given(st.binary(max_size=300))
def test_random_bytes_never_crash_the_decoders(data: bytes) -> None:
    for decode in (decode_client, decode_host):
        try:
            decode(data)
        except ProtocolError as exc:
            assert exc.code in ("malformed", "schema")


@settings(max_examples=400, deadline=None)
@given(json_values)
def test_random_json_is_a_message_or_a_schema_error(obj: object) -> None:
    body = msgspec.json.encode(obj)
    try:
        decode_client(body)
    except ProtocolError as exc:
        assert exc.code == "schema"
        assert len(exc.reason) <= 120


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["seed", "hand", "state", "rng", "x", "token"]), json_values, max_size=6))
def test_scrub_removes_secret_keys_at_any_depth(view: dict[str, object]) -> None:
    nested = {"a": [view, {"b": view}], **view}
    out = scrub(nested)

    def keys(o: object) -> set[str]:
        if isinstance(o, dict):
            return set(o) | set().union(*(keys(v) for v in o.values()))
        if isinstance(o, list):
            return set().union(*(keys(v) for v in o)) if o else set()
        return set()

    assert not keys(out) & SECRET_KEYS
    if not keys(nested) & SECRET_KEYS:
        assert out is nested


def test_roundtrip_and_frame_header() -> None:
    msg = Intent(7, ActionMsg("play", "TTT2"))
    frame = encode(msg)
    assert int.from_bytes(frame[:4], "big") == len(frame) - 4
    assert decode_client(frame[4:]) == msg
    up = Update(3, [{"kind": "play", "data": {"seat": 1}}], {"seat": 2}, None)
    assert decode_host(encode(up)[4:]) == up
    with pytest.raises(ProtocolError):
        decode_client(encode(up)[4:])  # a host message is not a client message
