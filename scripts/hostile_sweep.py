"""The hostile-input sweep: mutate real inputs at random, as a fuzzer would, run the
command line on each, and flag every run that prints a traceback, hangs, leaks a
credential, or exits with a code other than 0, 1 or 2.

Inputs and the commands run on them:

* card files (the bundled hand-written ones): ``cards list --cards FILE``;
* deck lists (the bundled decks): ``deck check FILE`` and ``play FILE bogles``;
* replays (one recorded here by ``play --replay``): ``replay FILE``;
* scenarios (a sample of ``tests/scenarios``): ``scenario FILE``;
* policy specs: ``play ... --policy-a SPEC``;
* numbers on the command line (``--games``, ``--seed``, ``--shares``, ...): ``batch``,
  ``gauntlet``, ``swiss``, ``fuzz``, ``bench``, ``play``;
* output URIs: ``gauntlet --out URI`` and ``report URI``; a URI with a key in it must
  not see the key printed.

Mutations of a file: bytes flipped, dropped, duplicated or inserted, the file cut short,
a number made huge, negative or not a number, a line made a megabyte long, arrays nested
thousands deep, bytes that are not UTF-8, NUL bytes, a JSON field given another type. A
replay is mutated as JSON too (each field given an extreme or wrong value).

Every subprocess gets AWS test credentials and ``AWS_EC2_METADATA_DISABLED``, and every
URI names 127.0.0.1 or nothing at all: no request leaves the machine.

    .venv/bin/python scripts/hostile_sweep.py --cases 400 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = "SwEeP-s3cr3t"
ENV = {**os.environ, "AWS_ACCESS_KEY_ID": "sweep", "AWS_SECRET_ACCESS_KEY": "sweep",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true",
       "PYTHONDONTWRITEBYTECODE": "1"}
EXIT_OK = (0, 1, 2)  # success, a replay or scenario mismatch, bad input

HUGE = ["99999999999999999999999999999999", str(2**63), str(2**64), "-" + str(2**63),
        "1e308", "-1e308", "nan", "inf", "-inf", "0", "-1", "1e-320", "0x7fffffff",
        "1_000_000", " 7 ", "", "٣", "9" * 400]


@dataclass
class Case:
    what: str  # how the input was made
    argv: list[str]
    timeout: float = 60.0
    # a command that may rightly run for long (a valid huge count): past the timeout it
    # gets SIGTERM and must stop cleanly (exit 143, no traceback) instead of being a hang
    stoppable: bool = False


@dataclass
class Finding:
    case: Case
    problem: str
    stderr: str


# --- mutations -------------------------------------------------------------------------

def mutate_bytes(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """One random mutation of a file's bytes, and its name."""
    kind = rng.choice(["flip", "drop", "dup", "insert", "cut", "number", "longline",
                       "nest", "notutf8", "nul", "empty", "swaplines"])
    n = len(data)
    at = rng.randrange(n + 1) if n else 0
    if kind == "flip" and n:
        b = bytearray(data)
        for _ in range(rng.randint(1, 8)):
            i = rng.randrange(n)
            b[i] ^= 1 << rng.randrange(8)
        return kind, bytes(b)
    if kind == "drop" and n:
        end = min(n, at + rng.randint(1, 200))
        return kind, data[:at] + data[end:]
    if kind == "dup" and n:
        end = min(n, at + rng.randint(1, 400))
        return kind, data[:end] + data[at:end] * rng.randint(1, 50) + data[end:]
    if kind == "insert":
        junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 64)))
        return kind, data[:at] + junk + data[at:]
    if kind == "cut":
        return kind, data[:at]
    if kind == "number":
        digits = [i for i, c in enumerate(data) if chr(c).isdigit()]
        if digits:
            i = rng.choice(digits)
            j = i
            while j < n and chr(data[j]).isdigit():
                j += 1
            return kind, data[:i] + rng.choice(HUGE).encode() + data[j:]
        return kind, data + b"\n" + rng.choice(HUGE).encode()
    if kind == "longline":
        line = (b"4 " if rng.random() < 0.5 else b"") + b"x" * rng.choice([5_000, 1_000_000])
        return kind, data[:at] + b"\n" + line + b"\n" + data[at:]
    if kind == "nest":
        depth = rng.choice([40, 1_000, 50_000])
        return kind, data + b"\nnested = " + b"[" * depth + b"]" * depth + b"\n"
    if kind == "notutf8":
        return kind, data[:at] + b"\xff\xfe\xc3\x28" + data[at:]
    if kind == "nul":
        return kind, data[:at] + b"\x00" * rng.randint(1, 10) + data[at:]
    if kind == "swaplines":
        lines = data.split(b"\n")
        rng.shuffle(lines)
        return kind, b"\n".join(lines)
    return "empty", b""


EXTREMES: list[object] = [None, True, -1, 0, 2**64, -(2**70), 1e308, "x" * 100_000, "",
                          [], {}, [[[[[]]]]], "nan", 3.5]


def mutate_json(data: bytes, rng: random.Random) -> tuple[str, bytes]:
    """A replay with one field (or one element of a list field) given an extreme or
    wrong value, or removed."""
    try:
        obj = json.loads(data)
    except ValueError:
        return mutate_bytes(data, rng)
    if not isinstance(obj, dict) or not obj:
        return mutate_bytes(data, rng)
    key = rng.choice(sorted(obj))
    value = rng.choice(EXTREMES)
    if rng.random() < 0.15:
        del obj[key]
        return f"json-del-{key}", json.dumps(obj).encode()
    if isinstance(obj[key], list) and obj[key] and rng.random() < 0.5:
        i = rng.randrange(len(obj[key]))
        obj[key][i] = value
        return f"json-{key}[{i}]", json.dumps(obj).encode()
    obj[key] = value
    return f"json-{key}", json.dumps(obj).encode()


# --- the cases -------------------------------------------------------------------------

def _write(folder: Path, name: str, data: bytes) -> str:
    path = folder / name
    path.write_bytes(data)
    return str(path)


def file_cases(rng: random.Random, work: Path, sources: dict[str, list[Path]],
               replay: Path) -> Iterator[Case]:
    """Mutated card files, decks, replays and scenarios, one case each."""
    n = 0
    while True:
        n += 1
        kind = rng.choice(["card", "deck", "deck-play", "replay", "replay-json", "scenario"])
        if kind.startswith("replay"):
            src = replay
            how, data = (mutate_json if kind == "replay-json" else mutate_bytes)(
                src.read_bytes(), rng)
        else:
            src = rng.choice(sources["deck" if kind.startswith("deck") else kind])
            how, data = mutate_bytes(src.read_bytes(), rng)
        suffix = src.suffix
        path = _write(work, f"case{n}{suffix}", data)
        what = f"{kind} {src.name} ({how})"
        if kind == "card":
            yield Case(what, ["cards", "list", "--cards", path])
        elif kind == "deck":
            yield Case(what, ["deck", "check", path])
        elif kind == "deck-play":
            yield Case(what, ["play", path, "bogles", "--quiet", "--max-turns", "4"])
        elif kind.startswith("replay"):
            yield Case(what, ["replay", "--quiet", path], timeout=120)
        else:
            yield Case(what, ["scenario", path])


SPEC_PARTS = ["heuristic", "random", "goldfish", "search", "search:", "search:rollouts=",
              "search:ms=", "depth=", "z=", "verify=", "seed=", ",", "=", ":", "1", "-1",
              "1e308", "nan", "0", "99999999999999999999", "rollouts=1", " ", "x"]


def spec_cases(rng: random.Random) -> Iterator[Case]:
    while True:
        spec = "".join(rng.choice(SPEC_PARTS) for _ in range(rng.randint(1, 6)))
        yield Case(f"policy spec {spec!r}", ["play", "gruul_stompy", "bogles", "--quiet",
                                               "--max-turns", "2", "--policy-a", spec])


def number_cases(rng: random.Random, work: Path) -> Iterator[Case]:
    n = 0
    while True:
        n += 1
        out = str(work / f"out{n}")
        v = rng.choice(HUGE)
        w = rng.choice(HUGE)
        templates: list[tuple[str, list[str]]] = [
            ("batch --games", ["batch", "gruul_stompy", "bogles", "--games", v,
                               "--max-turns", "1"]),
            ("batch --seed", ["batch", "gruul_stompy", "bogles", "--games", "2", "--seed", v,
                              "--max-turns", "1"]),
            ("play --max-turns", ["play", "gruul_stompy", "bogles", "--quiet",
                                  "--max-turns", v]),
            ("gauntlet numbers", ["gauntlet", "gruul_stompy", "bogles", "--executor",
                                  "serial", "--quiet", "--out", out, "--games",
                                  rng.choice([v, "2"]), "--unit-size", rng.choice([w, "1"]),
                                  "--commit-every", rng.choice([v, "60"]),
                                  "--rows-per-file", rng.choice([w, "10"]),
                                  "--max-failures", rng.choice([v, "5"]),
                                  "--max-turns", "1"]),
            ("swiss numbers", ["swiss", "--decks", "gruul_stompy", "bogles", "--executor",
                               "serial", "--quiet", "--out", out, "--max-turns", "1",
                               "--players", rng.choice([v, "4"]),
                               "--rounds", rng.choice([w, "1"]),
                               "--best-of", rng.choice([v, "1"]),
                               "--top", rng.choice([w, "2"]),
                               "--events", rng.choice([v, "1"]),
                               "--shares", rng.choice([v, "1"]), rng.choice([w, "1"])]),
            ("fuzz numbers", ["fuzz", "--games", rng.choice([v, "3"]), "--start",
                              rng.choice([w, "0"]), "--workers", rng.choice([v, "1"]),
                              "--max-turns", "2", "--quiet", "--out", out]),
            ("bench --games", ["bench", "--games", rng.choice([v, "2"]), "--policy", "random"]),
        ]
        what, argv = rng.choice(templates)
        yield Case(f"{what}: {' '.join(a if len(a) < 40 else a[:20] + '...' for a in argv)}",
                   argv, timeout=60, stoppable=argv[0] != "play")


URIS = ["s3://", "s3:///p", "s3://b", "s3://b/p?endpoint_override=127.0.0.1:1&scheme=http",
        f"s3://KEY:{SECRET}@b/p?endpoint_override=127.0.0.1:1&scheme=http&region=x",
        f"s3://b/p?endpoint_override=127.0.0.1:1&scheme=http&secret_key={SECRET}",
        "s3://b/p?endpoint_override=127.0.0.1:1&scheme=gopher", "s3://b/p?unknown=1",
        "hdfs://127.0.0.1:1/x", "file://", "file:///", "file:///proc/self/x",
        "file://relative/x", "ftp://127.0.0.1/x", "viewfs://x", "abfs://x", "gs://",
        "/dev/null", "/proc/self", "", " ", "-", "s3://b/" + "x" * 5000]


def uri_cases(rng: random.Random) -> Iterator[Case]:
    while True:
        uri = rng.choice(URIS)
        cmd = rng.choice(["gauntlet", "report", "resume"])
        if cmd == "report":
            yield Case(f"report {uri!r}", ["report", uri], timeout=120)
        else:
            yield Case(f"{cmd} --out {uri[:60]!r}",
                       ["gauntlet", "gruul_stompy", "bogles", "--games", "2",
                        "--executor", "serial", "--quiet", "--max-turns", "1", "--out", uri,
                        *(["--resume"] if cmd == "resume" else [])], timeout=120)


# --- running ---------------------------------------------------------------------------

def run(case: Case, cwd: Path) -> Finding | None:
    cmd = [sys.executable, "-m", "mtgsim.pipelines.cli", *case.argv]
    proc = subprocess.Popen(cmd, cwd=cwd, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    ok = EXIT_OK
    try:
        raw_out, raw_err = proc.communicate(timeout=case.timeout)
    except subprocess.TimeoutExpired:
        if not case.stoppable:
            proc.kill()
            raw_out, raw_err = proc.communicate()
            return Finding(case, f"no answer within {case.timeout:.0f} s",
                           raw_err.decode(errors="replace")[-1500:])
        proc.send_signal(signal.SIGTERM)  # a long valid run: it must stop cleanly
        try:
            raw_out, raw_err = proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            raw_out, raw_err = proc.communicate()
            return Finding(case, "did not stop within 60 s of SIGTERM",
                           raw_err.decode(errors="replace")[-1500:])
        ok = (143,)
    out = raw_out.decode(errors="replace")
    err = raw_err.decode(errors="replace")
    if "Traceback (most recent call last)" in err or "Traceback (most recent call last)" in out:
        return Finding(case, f"traceback (exit {proc.returncode})", err[-1500:])
    if SECRET in out or SECRET in err:
        return Finding(case, "a credential was printed", err[-1500:])
    if proc.returncode not in ok:
        return Finding(case, f"exit {proc.returncode}" + (" after SIGTERM" if ok != EXIT_OK
                                                          else ""), err[-1500:])
    return None


def sources() -> dict[str, list[Path]]:
    cards = sorted((ROOT / "engine" / "cards" / "data").rglob("*.toml"))
    decks = sorted((ROOT / "decks").glob("*.txt"))
    scenarios = sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))
    return {"card": cards, "deck": decks, "scenario": scenarios[::7]}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cases", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--keep", metavar="DIR", help="copy the inputs of flagged cases here")
    args = ap.parse_args(argv)
    rng = random.Random(args.seed)
    work = Path(tempfile.mkdtemp(prefix="mtgsim-sweep-"))
    try:
        replay = work / "recorded.json"
        subprocess.run([sys.executable, "-m", "mtgsim.pipelines.cli", "play",
                        "gruul_stompy", "azorius_skies", "--seed", "3", "--quiet",
                        "--replay", str(replay)], cwd=ROOT, env=ENV, check=True,
                       capture_output=True)
        streams: list[tuple[float, Iterator[Case]]] = [
            (0.55, file_cases(rng, work, sources(), replay)), (0.1, spec_cases(rng)),
            (0.25, number_cases(rng, work)), (0.1, uri_cases(rng))]
        pick: Callable[[], Iterator[Case]] = lambda: rng.choices(  # noqa: E731
            [s for _, s in streams], [w for w, _ in streams])[0]
        findings: list[Finding] = []
        t0 = time.monotonic()
        for i in range(args.cases):
            case = next(pick())
            found = run(case, work)
            mark = "!" if found else "."
            print(mark, end="", flush=True)
            if (i + 1) % 60 == 0:
                print(f" {i + 1}")
            if found is not None:
                findings.append(found)
                if args.keep:
                    keep = Path(args.keep) / f"finding{len(findings)}"
                    keep.mkdir(parents=True, exist_ok=True)
                    for a in case.argv:
                        if a.startswith(str(work)) and Path(a).is_file():
                            shutil.copy(a, keep)
                    (keep / "argv.json").write_text(json.dumps(case.argv))
        print(f"\n{args.cases} cases in {time.monotonic() - t0:.0f} s: "
              f"{len(findings)} flagged")
        for f in findings:
            argv = " ".join(a if len(a) < 80 else a[:60] + "..." for a in f.case.argv)
            tail = f.stderr.strip().splitlines()[-1:] if f.stderr.strip() else [""]
            print(f"- {f.problem}: {f.case.what}\n    mtgsim {argv}\n    {tail[0][:300]}")
        return 1 if findings else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
