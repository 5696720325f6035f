#!/usr/bin/env python3
"""Independent check of `plateau tchu longest`: the longest trail as a MILP.

A set of routes is one trail iff it is connected and has at most two stations of
odd degree (Euler). So the longest trail is the heaviest such set:

  x_e in {0,1} per route, k_v >= 0 integer, o_v in {0,1} per station,
  sum of x_e at v = 2 k_v + o_v,  sum o_v <= 2            (parity)
  a single-commodity flow from one chosen root station reaches every station a
  chosen route touches, over chosen routes only             (connectivity)
  maximise sum length_e x_e

solved exactly by CBC through PuLP (`pip install pulp`). It shares no code with
plateau: CI runs it through tools/ci-milp.sh.

  tools/verify_longest_trail.py                      # the whole map (88 routes)
  tools/verify_longest_trail.py --without-doubles    # without second tracks (76)
  tools/verify_longest_trail.py NETWORK.tsv          # any network TSV
  tools/verify_longest_trail.py --cli --expect 159   # the map: the MILP must give
                                                     # 159 and the CLI agree with it
  tools/verify_longest_trail.py --cross-check 200 --seed 7
                                                     # against the CLI on random
                                                     # connected 30-40 route pieces

Exits 1 on any disagreement (with the CLI, or with --expect).
"""

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

import pulp

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "fixtures" / "tchu" / "routes.tsv"
COLUMNS = ["id", "station1", "station2", "length", "level", "color"]


def read_routes(path):
    """Returns the rows of a routes TSV as dicts (comments and header skipped)."""
    routes = []
    for line in Path(path).read_text(encoding="utf-8-sig").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if fields[0] == "id":
            continue
        row = dict(zip(COLUMNS, fields))
        row["length"] = int(row["length"])
        routes.append(row)
    return routes


def longest_trail_length(routes, msg=False):
    """Returns the length of the longest trail of `routes` (exact, by MILP)."""
    if not routes:
        return 0
    prob = longest_trail_model(routes)
    status = prob.solve(pulp.PULP_CBC_CMD(msg=msg))
    if pulp.LpStatus[status] != "Optimal":
        raise RuntimeError(f"CBC status {pulp.LpStatus[status]}")
    return round(pulp.value(prob.objective) or 0)


def longest_trail_model(routes):
    """Returns the MILP of the longest trail of `routes` (not empty) as a PuLP
    problem, not solved (tools/trail-vs-milp hands it to other solvers too)."""
    stations = sorted({r[k] for r in routes for k in ("station1", "station2")})
    n = len(stations)
    prob = pulp.LpProblem("longest_trail", pulp.LpMaximize)
    x = [pulp.LpVariable(f"x{i}", cat="Binary") for i in range(len(routes))]
    used = {s: pulp.LpVariable(f"y_{s}", cat="Binary") for s in stations}
    odd = {s: pulp.LpVariable(f"o_{s}", cat="Binary") for s in stations}
    half = {s: pulp.LpVariable(f"k_{s}", lowBound=0, cat="Integer") for s in stations}
    root = {s: pulp.LpVariable(f"r_{s}", cat="Binary") for s in stations}
    prob += pulp.lpSum(r["length"] * x[i] for i, r in enumerate(routes))
    at = {s: [] for s in stations}
    for i, r in enumerate(routes):
        at[r["station1"]].append(i)
        at[r["station2"]].append(i)
    for s in stations:
        prob += pulp.lpSum(x[i] for i in at[s]) == 2 * half[s] + odd[s]
        prob += used[s] <= pulp.lpSum(x[i] for i in at[s])
        for i in at[s]:
            prob += x[i] <= used[s]
        prob += root[s] <= used[s]
    prob += pulp.lpSum(odd.values()) <= 2
    prob += pulp.lpSum(root.values()) <= 1
    # Flow: the root's source sends one unit to every used station, along chosen
    # routes (both directions) only.
    inflow = {s: [] for s in stations}
    outflow = {s: [] for s in stations}
    for i, r in enumerate(routes):
        a, b = r["station1"], r["station2"]
        for u, v, tag in ((a, b, "f"), (b, a, "b")):
            f = pulp.LpVariable(f"f{tag}{i}", lowBound=0)
            prob += f <= n * x[i]
            outflow[u].append(f)
            inflow[v].append(f)
    for s in stations:
        supply = pulp.LpVariable(f"s_{s}", lowBound=0)
        prob += supply <= n * root[s]
        prob += supply + pulp.lpSum(inflow[s]) - pulp.lpSum(outflow[s]) == used[s]
    return prob


def check_trail(answer, routes):
    """Checks the CLI's trail: routes of the network, each once, consecutive ones
    sharing the station between them, length = sum. Returns an error or None."""
    by_id = {r["id"]: r for r in routes}
    ids, stations = answer["routes"], answer["stations"]
    if not ids:
        return None if not stations and answer["length"] == 0 else "empty but not empty"
    if len(stations) != len(ids) + 1 or len(set(ids)) != len(ids):
        return "stations and routes do not match, or a route twice"
    total = 0
    for i, rid in enumerate(ids):
        r = by_id.get(rid)
        if r is None:
            return f"{rid} is not in the network"
        if {r["station1"], r["station2"]} != {stations[i], stations[i + 1]} or (
            stations[i] == stations[i + 1]
        ):
            return f"{rid} does not join step {i}"
        total += r["length"]
    return None if total == answer["length"] else "length is not the sum"


def connected_piece(routes, size, rng):
    """Returns `size` routes of `routes` forming one connected network."""
    first = rng.choice(routes)
    chosen, stations = [first], {first["station1"], first["station2"]}
    while len(chosen) < size:
        touching = [
            r
            for r in routes
            if r not in chosen and (r["station1"] in stations or r["station2"] in stations)
        ]
        if not touching:
            break
        r = rng.choice(touching)
        chosen.append(r)
        stations |= {r["station1"], r["station2"]}
    return chosen


def cli_longest(plateau, routes):
    """Returns the CLI's JSON answer for `routes` (fed as a TSV on stdin), or
    raises RuntimeError when the CLI fails or says its trail is not proven."""
    tsv = "\t".join(COLUMNS) + "\n"
    tsv += "".join(
        "\t".join(str(r[c]) for c in COLUMNS) + "\n" for r in routes
    )
    out = subprocess.run(
        [plateau, "tchu", "longest", "--network", "-", "--json"],
        input=tsv,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise RuntimeError(f"the CLI exited {out.returncode}: {out.stderr.strip()}")
    answer = json.loads(out.stdout)
    # A budgeted answer is marked; without a budget the CLI must prove its trail.
    if answer.get("proven") is False or answer.get("status") == "exhausted":
        raise RuntimeError(f"the CLI's trail is not proven: {out.stdout.strip()[:200]}")
    return answer


def compare(routes, milp, plateau, label):
    """Checks the CLI's trail of `routes` and its length against the MILP's.
    Returns an error or None."""
    try:
        answer = cli_longest(plateau, routes)
    except (RuntimeError, OSError, ValueError) as e:
        return f"{label}: {e}"
    problem = check_trail(answer, routes)
    if problem is not None:
        return f"{label}: the CLI's trail is not a trail of the network: {problem}"
    if answer["length"] != milp:
        return f"{label}: milp {milp}, cli {answer['length']}"
    return None


def cross_check(count, seed, plateau):
    """Compares the CLI with the MILP on `count` random connected pieces of
    30-40 routes of the map, drawn from `seed`. Returns whether all agree."""
    print(f"cross-check seed: {seed} (replay: tools/verify_longest_trail.py "
          f"--cross-check {count} --seed {seed})", flush=True)
    routes = read_routes(MAP)
    rng = random.Random(seed)
    agree = 0
    for n in range(count):
        piece = connected_piece(routes, rng.randint(30, 40), rng)
        milp = longest_trail_length(piece)
        problem = compare(piece, milp, plateau, f"piece #{n} ({len(piece)} routes)")
        if problem is None:
            agree += 1
        else:
            ids = ",".join(r["id"] for r in piece)
            print(f"DISAGREE {problem} (seed {seed}): {ids}", flush=True)
    print(f"{agree}/{count} random connected 30-40 route networks agree (seed {seed})")
    return agree == count


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("network", nargs="?", default=str(MAP), help="routes TSV")
    p.add_argument("--without-doubles", action="store_true",
                   help="leave out second tracks (ids ending in _2)")
    p.add_argument("--cross-check", type=int, metavar="N",
                   help="compare with the CLI on N random pieces of the map")
    p.add_argument("--seed", type=int, default=4,
                   help="seed of the --cross-check pieces (printed, to replay a run)")
    p.add_argument("--cli", action="store_true",
                   help="also run the CLI on the network: its trail must be a trail "
                        "of the network and as long as the MILP's")
    p.add_argument("--expect", type=int, metavar="LENGTH",
                   help="the length the MILP must find")
    p.add_argument("--plateau", default=str(ROOT / "target" / "release" / "plateau"),
                   help="the CLI binary (cargo build --release -p plateau-cli)")
    p.add_argument("--verbose", action="store_true", help="show CBC's log")
    args = p.parse_args()
    if args.cross_check is not None:
        sys.exit(0 if cross_check(args.cross_check, args.seed, args.plateau) else 1)
    routes = read_routes(args.network)
    if args.without_doubles:
        routes = [r for r in routes if not r["id"].endswith("_2")]
    length = longest_trail_length(routes, msg=args.verbose)
    print(f"{len(routes)} routes: longest trail {length}")
    ok = True
    if args.expect is not None and length != args.expect:
        print(f"DISAGREE: the MILP gives {length}, expected {args.expect}")
        ok = False
    if args.cli:
        problem = compare(routes, length, args.plateau, f"{len(routes)} routes")
        if problem is None:
            print(f"{len(routes)} routes: the CLI agrees")
        else:
            print(f"DISAGREE {problem}")
            ok = False
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
