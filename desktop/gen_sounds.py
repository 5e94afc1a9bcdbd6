"""Generate the app's short sound effects as 16-bit mono WAVs: ``python -m desktop.gen_sounds``.

Synthesised from sine tones and filtered noise so the repo carries its own sources (no third-party audio).
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050


def _env(i: int, n: int, attack: float = 0.01, release: float = 0.5) -> float:
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    rel_start = n * (1 - release)
    r = 1.0 if i < rel_start else max(0.0, 1 - (i - rel_start) / (n - rel_start + 1))
    return a * r


def tone(freqs: list[float], dur: float, vol: float = 0.5, release: float = 0.6) -> list[float]:
    n = int(RATE * dur)
    out = []
    for i in range(n):
        s = sum(math.sin(2 * math.pi * f * i / RATE) for f in freqs) / len(freqs)
        out.append(vol * s * _env(i, n, release=release))
    return out


def noise(dur: float, vol: float = 0.4, smooth: float = 0.3, seed: int = 1) -> list[float]:
    rng = random.Random(seed)
    n = int(RATE * dur)
    out, last = [], 0.0
    for i in range(n):
        last = last * smooth + (rng.uniform(-1, 1)) * (1 - smooth)
        out.append(vol * last * _env(i, n, attack=0.002, release=0.9))
    return out


def concat(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for p in parts:
        out.extend(p)
    return out


def mix(a: list[float], b: list[float]) -> list[float]:
    n = max(len(a), len(b))
    return [(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)]


SOUNDS = {
    "play": lambda: mix(noise(0.06, 0.5, 0.2), tone([520, 780], 0.09, 0.25)),
    "pass": lambda: tone([330], 0.12, 0.25, release=0.8),
    "burn": lambda: mix(noise(0.35, 0.45, 0.6, seed=3), tone([140, 210], 0.3, 0.3, release=0.7)),
    "tribute": lambda: concat(tone([660, 990], 0.09, 0.3), tone([880, 1320], 0.14, 0.3)),
    "finish": lambda: concat(tone([523], 0.09, 0.3), tone([659], 0.09, 0.3), tone([784, 1046], 0.25, 0.3)),
    "deal": lambda: noise(0.04, 0.35, 0.1, seed=7),
    # a Mahjong claim (吃/碰/杠): two tiles knocked together, then a short rising call
    "claim": lambda: concat(mix(noise(0.05, 0.5, 0.15, seed=5), tone([700], 0.05, 0.2)), tone([587, 880], 0.16, 0.3)),
}


def write(path: Path, samples: list[float]) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32000)) for s in samples))


def main(out_dir: str | None = None) -> int:
    from desktop.paths import sounds_dir
    d = Path(out_dir) if out_dir else sounds_dir()
    d.mkdir(parents=True, exist_ok=True)
    for name, fn in SOUNDS.items():
        write(d / f"{name}.wav", fn())
        print(d / f"{name}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else None))
