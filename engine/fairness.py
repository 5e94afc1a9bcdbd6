"""A shuffle anyone can verify (验证洗牌): every deal is a pure function of a 32-byte seed, committed to before
the deal and revealed after the set/hand, so a player recomputes both the hash and the deal.

Byte layouts (all hashes SHA-256, all integers big-endian; docs/ENGINE_API.md "Verifiable shuffle"):

- host secret of deal ``k`` of a match with seed ``m``:
  ``secret_k = SHA256(b"qilu-cards/secret/" + ascii(m) + b"/" + ascii(k))`` (32 bytes; ``ascii`` is the decimal
  text of the integer, ``-`` for a negative one);
- nonce: ``nonce_k = SHA256(b"qilu-cards/nonce/" + ascii(m) + b"/" + ascii(k))[:16]`` (16 bytes);
- the deal seed: ``seed_k = SHA256(secret_k + c_0 + … + c_{n-1})``, ``c_i`` the 32-byte contribution seat ``i``
  sent over the LAN for this deal (32 zero bytes for a seat that sent none: a bot, a local game);
- the commitment: ``commit_k = SHA256(seed_k + nonce_k)`` (48 bytes hashed), published as lowercase hex in the
  public event ``shuffle_commit`` before the ``deal`` events;
- the shuffle: Fisher–Yates over the game's pack in its documented order, drawing from the byte stream
  ``SHA256(seed + u64(0)) + SHA256(seed + u64(1)) + …`` in 8-byte unsigned words: for ``i`` from ``n-1`` down
  to 1, draw ``w`` until ``w < 2**64 - 2**64 % (i+1)``, then swap positions ``i`` and ``w % (i+1)``.
  Each game's ``GameSpec.deal(seed, options)`` then cuts the shuffled pack into hands (and a bottom/wall).

After the set/hand the public event ``shuffle_reveal`` carries ``deal``, ``commit``, ``shuffle_seed``,
``nonce``, ``host_secret`` and ``entropy`` (the contributions) in hex: :func:`verify` recomputes everything.
``python -m engine.fairness verify --log FILE`` checks every deal of a save or table log.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from engine.errors import LogError

T = TypeVar("T")

SEED_BYTES = 32
NONCE_BYTES = 16
ZERO = bytes(SEED_BYTES)


def _sha(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def host_secret(match_seed: int, deal_no: int) -> bytes:
    return _sha(b"qilu-cards/secret/%d/%d" % (match_seed, deal_no))


def deal_nonce(match_seed: int, deal_no: int) -> bytes:
    return _sha(b"qilu-cards/nonce/%d/%d" % (match_seed, deal_no))[:NONCE_BYTES]


def bound_secret(match_seed: int, deal_no: int) -> str:
    """``SHA256(host secret)`` in hex: published before the seats contribute to that deal (the LAN lobby's
    table info for a match's first deal, the previous ``shuffle_commit`` for every later one)."""
    return _sha(host_secret(match_seed, deal_no)).hex()


def mix(secret: bytes, contributions: Sequence[bytes | None]) -> bytes:
    """The deal seed: the host secret and every seat's contribution in seat order (zeros for none)."""
    parts = [secret]
    for c in contributions:
        if c is not None and len(c) != SEED_BYTES:
            raise ValueError(f"a contribution is {SEED_BYTES} bytes, not {len(c)}")
        parts.append(c if c is not None else ZERO)
    return _sha(b"".join(parts))


def commitment(seed: bytes, nonce: bytes) -> str:
    """``SHA256(seed || nonce)`` in lowercase hex: what the table shows before the deal."""
    if len(seed) != SEED_BYTES or len(nonce) != NONCE_BYTES:
        raise ValueError(f"the seed is {SEED_BYTES} bytes and the nonce {NONCE_BYTES}")
    return _sha(seed + nonce).hex()


def _words(seed: bytes) -> Any:
    block = 0
    while True:
        chunk = _sha(seed + block.to_bytes(8, "big"))
        block += 1
        for i in range(0, 32, 8):
            yield int.from_bytes(chunk[i:i + 8], "big")


def shuffle(seed: bytes, items: Sequence[T]) -> list[T]:
    """The documented Fisher–Yates shuffle of ``items`` driven by ``seed`` (module docstring)."""
    out = list(items)
    words = _words(seed)
    for i in range(len(out) - 1, 0, -1):
        bound = i + 1
        limit = (1 << 64) - (1 << 64) % bound
        w = next(words)
        while w >= limit:
            w = next(words)
        j = w % bound
        out[i], out[j] = out[j], out[i]
    return out


@dataclass(frozen=True)
class Shuffle:
    """One deal's secrets and its commitment."""

    deal: int
    secret: bytes
    entropy: tuple[bytes | None, ...]
    seed: bytes
    nonce: bytes

    @property
    def commit(self) -> str:
        return commitment(self.seed, self.nonce)

    def commit_event(self, next_secret: bytes | None = None) -> dict[str, Any]:
        """``next_secret``: the host secret of the following deal, bound here by its hash before any seat
        contributes to that deal, so the host cannot pick its secret after seeing the contributions."""
        out: dict[str, Any] = {"deal": self.deal, "commit": self.commit}
        if next_secret is not None:
            out["next_host_commit"] = _sha(next_secret).hex()
        return out

    def reveal_event(self) -> dict[str, Any]:
        return {"deal": self.deal, "commit": self.commit, "shuffle_seed": self.seed.hex(),
                "nonce": self.nonce.hex(), "host_secret": self.secret.hex(),
                "entropy": [c.hex() if c is not None else None for c in self.entropy]}


@dataclass
class Ledger:
    """A state's shuffles: which deal comes next, the LAN contributions, the deals still to reveal."""

    match_seed: int
    n_seats: int
    entropy: dict[int, list[bytes | None]] = field(default_factory=dict)
    dealt: int = 0
    unrevealed: list[int] = field(default_factory=list)

    def shuffle_for(self, deal_no: int) -> Shuffle:
        contrib = tuple(self.entropy.get(deal_no, [None] * self.n_seats))
        secret = host_secret(self.match_seed, deal_no)
        return Shuffle(deal_no, secret, contrib, mix(secret, contrib), deal_nonce(self.match_seed, deal_no))

    def next_deal(self) -> Shuffle:
        """The shuffle of the deal being made now (it stays unrevealed until :meth:`reveal`)."""
        sh = self.shuffle_for(self.dealt)
        self.dealt += 1
        self.unrevealed.append(sh.deal)
        return sh

    def commit_event(self, sh: Shuffle) -> dict[str, Any]:
        """The public ``shuffle_commit`` payload of ``sh``, binding the next deal's host secret too."""
        return sh.commit_event(host_secret(self.match_seed, sh.deal + 1))

    def reveal(self) -> list[dict[str, Any]]:
        """The ``shuffle_reveal`` payloads of every deal made and not yet revealed (set/hand over)."""
        out = [self.shuffle_for(k).reveal_event() for k in self.unrevealed]
        self.unrevealed = []
        return out

    def contribute(self, deal_no: int, seat: int, value: bytes) -> None:
        """A seat's contribution to a deal not made yet (ValueError otherwise: late, twice, bad size)."""
        if not 0 <= seat < self.n_seats:
            raise ValueError(f"no seat {seat}")
        if len(value) != SEED_BYTES:
            raise ValueError(f"a contribution is {SEED_BYTES} bytes")
        if deal_no < self.dealt:
            raise ValueError(f"deal {deal_no} is already made")
        row = self.entropy.setdefault(deal_no, [None] * self.n_seats)
        if row[seat] is not None:
            raise ValueError(f"seat {seat} already contributed to deal {deal_no}")
        row[seat] = value

    def copy(self) -> Ledger:
        return Ledger(self.match_seed, self.n_seats, {k: list(v) for k, v in self.entropy.items()},
                      self.dealt, list(self.unrevealed))

    def entropy_json(self) -> dict[str, list[str | None]]:
        return {str(k): [c.hex() if c is not None else None for c in v] for k, v in sorted(self.entropy.items())}

    @staticmethod
    def entropy_from_json(d: Mapping[str, Sequence[str | None]]) -> dict[int, list[bytes | None]]:
        return {int(k): [bytes.fromhex(c) if c is not None else None for c in v] for k, v in d.items()}


# ---------------------------------------------------------------------------------------------- verification

@dataclass(frozen=True)
class Verdict:
    """The outcome of checking one deal: ``ok`` or the first mismatch, in both UI languages."""

    ok: bool
    deal: int
    en: str
    zh: str

    def message(self, lang: str = "en") -> str:
        return self.zh if lang.startswith("zh") else self.en

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "deal": self.deal, "en": self.en, "zh": self.zh}


def _hex(text: str) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        return b""


def _bad(deal: int, en: str, zh: str) -> Verdict:
    return Verdict(False, deal, en, zh)


def _no(deal: int) -> tuple[str, str]:
    """How a player names deal ``deal`` (events count from 0, people from 1)."""
    return f"deal {deal + 1}", f"第 {deal + 1} 副牌"


def verify(game: str, options: Mapping[str, Any], commit: str, seed: bytes | str, nonce: bytes | str,
           hands: Sequence[Sequence[str] | None], *, deal: int = 0, secret: bytes | str | None = None,
           entropy: Sequence[bytes | str | None] | None = None) -> Verdict:
    """Recompute the hash and the deal of ``game`` from ``seed``: ✓ or the mismatch.

    ``hands``: the hands as dealt, one per seat (``None`` for a seat whose hand the verifier never saw — a
    player checks its own). With ``secret`` (and ``entropy``) the seed itself is recomputed from the host
    secret and the seats' contributions.
    """
    from engine import games
    try:
        sd = bytes.fromhex(seed) if isinstance(seed, str) else seed
        nc = bytes.fromhex(nonce) if isinstance(nonce, str) else nonce
        got = commitment(sd, nc)
    except ValueError as exc:
        return _bad(deal, f"{_no(deal)[0]}: {exc}", f"{_no(deal)[1]}：种子或随机数长度不对")
    if got != commit:
        return _bad(deal, f"{_no(deal)[0]}: SHA256(seed ‖ nonce) is {got[:12]}…, the commitment was {commit[:12]}…",
                    f"{_no(deal)[1]}：种子与随机数的哈希 {got[:12]}… 不等于事先公布的承诺 {commit[:12]}…")
    if secret is not None:
        try:
            sec = bytes.fromhex(secret) if isinstance(secret, str) else secret
            contrib = [bytes.fromhex(c) if isinstance(c, str) else c for c in (entropy or [])]
            mixed = mix(sec, contrib)
        except ValueError as exc:
            return _bad(deal, f"{_no(deal)[0]}: {exc}", f"{_no(deal)[1]}：房主密钥或贡献的格式不对")
        if mixed != sd:
            return _bad(deal, f"{_no(deal)[0]}: the seed is not SHA256(host secret ‖ contributions)",
                        f"{_no(deal)[1]}：种子不是房主密钥与各家贡献的哈希")
    spec = games.spec(game)
    if spec.deal is None:
        return _bad(deal, f"{game} has no documented deal", f"{spec.title_zh}没有公开的发牌函数")
    want = spec.deal(sd, options)
    for s, h in enumerate(hands):
        if h is None:
            continue
        if sorted(h) != sorted(want.hands[s]):
            return _bad(deal, f"{_no(deal)[0]}: seat {s + 1}'s hand is not the one the seed deals",
                        f"{_no(deal)[1]}：{s + 1} 号座位的牌不是这个种子发出的牌")
    return Verdict(True, deal, f"{_no(deal)[0]}: ✓ commitment {commit[:12]}… and the deal matches the seed",
                   f"{_no(deal)[1]}：✓ 承诺 {commit[:12]}… 与发牌都与种子相符")


def check_history(game: str, options: Mapping[str, Any], history: Sequence[Mapping[str, Any]],
                  first_bound: str | None = None) -> list[Verdict]:
    """Every revealed deal in an event stream (``Event.to_json`` dicts, as a seat or the log has them):
    the hands are the ``deal`` events present (all seats in a full log, one's own in a seat's stream).
    ``first_bound``: the ``bound_secret`` of the first deal a LAN guest saw before contributing to it."""
    out: list[Verdict] = []
    commits: dict[int, str] = {}
    bound: dict[int, str] = {0: first_bound} if first_bound else {}  # deal -> SHA256(its host secret)
    hands: dict[int, list[list[str] | None]] = {}
    current = -1
    for ev in history:
        kind, data = ev.get("kind"), ev.get("data") or {}
        if kind == "shuffle_commit":
            current = int(data["deal"])
            commits[current] = str(data["commit"])
            if data.get("next_host_commit"):
                bound[current + 1] = str(data["next_host_commit"])
        elif kind == "deal" and current >= 0:
            row = hands.setdefault(current, [])
            seat = int(data["seat"])
            row.extend([None] * (seat + 1 - len(row)))
            row[seat] = [str(c) for c in (data.get("cards") or data.get("hand") or [])]
        elif kind == "shuffle_reveal":
            k = int(data["deal"])
            if commits.get(k) != data.get("commit"):
                out.append(_bad(k, f"{_no(k)[0]}: the revealed commitment is not the one published before the deal",
                                f"{_no(k)[1]}：公布的承诺与发牌前的不同"))
                continue
            sec = data.get("host_secret")
            if k in bound and (not isinstance(sec, str) or _sha(_hex(sec)).hex() != bound[k]):
                out.append(_bad(k, f"{_no(k)[0]}: the host secret is not the one bound before the seats contributed",
                                f"{_no(k)[1]}：房主密钥与各家贡献之前公布的不同"))
                continue
            out.append(verify(game, options, commits[k], str(data["shuffle_seed"]), str(data["nonce"]),
                              hands.get(k, []), deal=k, secret=data.get("host_secret"),
                              entropy=data.get("entropy")))
    return out


def check_log(text: str) -> list[Verdict]:
    """Check every revealed deal of a save or table log against the events it records (what the table
    showed): the first deal's events come from the header (the state deals at creation), the rest from the
    action lines. The log is the host's, so every seat's hand is there."""
    from engine import log as elog
    lines = [ln for ln in text.splitlines() if ln.strip()]
    out: list[Verdict] = []
    game = ""
    opts: dict[str, Any] = {}
    hist: list[dict[str, Any]] = []
    for n, line in enumerate(lines, start=1):
        rec = elog.parse_record(line, n)
        if not isinstance(rec, dict):
            raise LogError("log", f"line {n}: not a record")
        if rec.get("log") == "qilu-cards":
            if game:
                out.extend(check_history(game, opts, hist))
            head, state = elog.state_from_header(line, n)
            game, opts = str(head["game"]), dict(head.get("options") or {})
            hist = [e.to_json() for e in state.history]
        elif "a" in rec:
            hist.extend(rec.get("e") or [])
    if game:
        out.extend(check_history(game, opts, hist))
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m engine.fairness", description="verify the shuffles of a log")
    sub = p.add_subparsers(dest="cmd", required=True)
    v = sub.add_parser("verify", help="check every revealed deal of a save or table log")
    v.add_argument("--log", required=True, help="a save (.jsonl) or a LAN table log")
    v.add_argument("--lang", default="en", choices=("en", "zh"))
    args = p.parse_args(argv)
    with open(args.log, encoding="utf-8") as f:
        text = f.read()
    try:
        verdicts = check_log(text)
    except (LogError, KeyError, TypeError, ValueError) as exc:
        print(f"✗ {args.log}: {getattr(exc, 'reason', exc)}")
        return 2
    for vd in verdicts:
        print(vd.message(args.lang) if vd.ok else "✗ " + vd.message(args.lang))
    if not verdicts:
        print("no revealed deal in this log" if args.lang == "en" else "日志里没有已公布的发牌")
    return 0 if verdicts and all(vd.ok for vd in verdicts) else 1


if __name__ == "__main__":
    sys.exit(main())
