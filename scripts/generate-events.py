#!/usr/bin/env python3
"""Writes random events as TRF, for scripts/compare-with-tiebreakserver.sh to
run FIDE's calculator and pgn-arbiter on side by side. Classes (the file
name's first word):

  swiss           individual Swiss: pairing byes (U), requested byes (H, F,
                  Z), forfeits either way and by both, withdrawals, late
                  entries
  rr-even, rr-odd round robins (Berger circle), forfeits; an odd one's rest
                  rounds written `0000 - -`
  complete-swiss  a round robin's pairings declared a Swiss (everyone met
                  everyone), with forfeits
  team-swiss      team Swiss of an even number of teams (013 lines), board
                  forfeits either way and by both, matches forfeited whole;
                  four teams in three rounds: a complete team Swiss
  team-byes       the same with an odd number: a pairing-allocated bye a
                  round, as the members' `U` cells

Usage: scripts/generate-events.py OUTDIR [COUNT_PER_CLASS] [SEED]
"""
import os, random, sys

VALUE = {"1": 1, "=": .5, "0": 0, "+": 1, "-": 0, "U": 1, "F": 1, "H": .5, "Z": 0}
MIRROR = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def game(rng, forfeits=0.08, double=0.02):
    """A result from White's side, and Black's."""
    x = rng.random()
    if x < double:
        return "-", "-"
    if x < double + forfeits:
        w = rng.choice("+-")
        return w, MIRROR[w]
    w = rng.choice("1=0")
    return w, MIRROR[w]


def player_line(no, rating, cells):
    points = sum(VALUE[c[-1]] for c in cells)
    return (f"001 {no:4d} m    {'Player ' + str(no):<33} {rating:4d} ZZZ {1000 + no:11d} 1990/01/01 "
            f"{points:4.1f} {no:4d}  " + "  ".join(cells)).rstrip()


def header(name, kind, players, rounds):
    return [f"012 {name}", "042 2025/05/01", "052 2025/05/09", f"062 {players}", f"092 {kind}",
            "122 90 min + 30 sec", f"XXR {rounds}"]


def pair(rng, items, met):
    """Pairs the items without a rematch where a shuffle finds one (a
    Swiss pairs nobody twice), else as the last shuffle falls."""
    for _ in range(200):
        rng.shuffle(items)
        pairs = list(zip(items[0::2], items[1::2]))
        if all((min(a, b), max(a, b)) not in met for a, b in pairs):
            break
    for a, b in pairs:
        met.add((min(a, b), max(a, b)))
    return pairs


def circle(n):
    """Berger pairings of n players: per round, (white, black) or (p, None)."""
    slots = n + n % 2
    ring = list(range(1, slots + 1))
    rounds = []
    for r in range(slots - 1):
        pairs = []
        for k in range(slots // 2):
            a, b = ring[k], ring[slots - 1 - k]
            if r % 2:
                a, b = b, a
            pairs.append((a if a <= n else b, None) if a > n or b > n else (a, b))
        rounds.append(pairs)
        ring = [ring[0]] + [ring[-1]] + ring[1:-1]
    return rounds


def round_robin(rng, n, kind):
    cells = {p: [] for p in range(1, n + 1)}
    for pairs in circle(n):
        for a, b in pairs:
            if b is None:
                cells[a].append("0000 - -")
                continue
            w, k = game(rng, forfeits=0.1, double=0)
            cells[a].append(f"{b:4d} w {w}")
            cells[b].append(f"{a:4d} b {k}")
    lines = header(f"Generated {kind}", kind, n, len(circle(n)))
    lines += [player_line(p, 1800 + 17 * p % 400, cells[p]) for p in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def swiss(rng):
    n, rounds = rng.randint(8, 20), rng.randint(4, 7)
    late = {p: rng.randint(2, 3) for p in rng.sample(range(1, n + 1), rng.randint(0, 2))}
    gone = {p: rng.randint(2, rounds) for p in rng.sample(range(1, n + 1), rng.randint(0, 2)) if p not in late}
    cells = {p: [] for p in range(1, n + 1)}
    met = set()
    for r in range(1, rounds + 1):
        active = []
        for p in range(1, n + 1):
            if late.get(p, 1) > r:
                cells[p].append("0000 - Z")
            elif gone.get(p, rounds + 1) <= r:
                cells[p].append("0000 - -")
            elif rng.random() < 0.05:
                cells[p].append("0000 - " + rng.choice("HFZ"))
            else:
                active.append(p)
        rng.shuffle(active)
        if len(active) % 2:
            cells[active.pop()].append("0000 - U")
        for a, b in pair(rng, active, met):
            w, k = game(rng)
            cells[a].append(f"{b:4d} w {w}")
            cells[b].append(f"{a:4d} b {k}")
    lines = header("Generated Swiss", "Individual: Swiss-System", n, rounds)
    lines += [player_line(p, 1500 + 37 * p % 900, cells[p]) for p in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def team_swiss(rng, odd):
    teams, boards = 2 * rng.randint(2, 4) + odd, rng.randint(2, 4)
    # Fewer rounds than opponents: a Swiss pairs no team twice.
    rounds = rng.randint(3, min(5, teams - 1))
    member = lambda t, b: (t - 1) * boards + b
    cells = {member(t, b): [] for t in range(1, teams + 1) for b in range(1, boards + 1)}
    met = set()
    for r in range(1, rounds + 1):
        order = list(range(1, teams + 1))
        rng.shuffle(order)
        if len(order) % 2:
            bye = order.pop()
            for b in range(1, boards + 1):
                cells[member(bye, b)].append("0000 - U")
        for a, c in pair(rng, order, met):
            whole = rng.random() < 0.08
            winner = rng.choice("+-")
            for b in range(1, boards + 1):
                w, k = (winner, MIRROR[winner]) if whole else game(rng)
                home_white = (b + r) % 2 == 1
                x, y = (member(a, b), member(c, b)) if home_white else (member(c, b), member(a, b))
                cells[x].append(f"{y:4d} w {w}")
                cells[y].append(f"{x:4d} b {k}")
    lines = header("Generated team Swiss", "Team Swiss System", teams * boards, rounds)
    lines += [player_line(p, 1600 + 23 * p % 700, cells[p]) for p in sorted(cells)]
    for t in range(1, teams + 1):
        members = " ".join(f"{member(t, b):4d}" for b in range(1, boards + 1))
        lines.append(f"013 {'Team ' + str(t):<32}{members}")
    return "\n".join(lines) + "\n"


def main():
    out = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 2026)
    os.makedirs(out, exist_ok=True)
    writers = {
        "swiss": lambda: swiss(rng),
        "rr-even": lambda: round_robin(rng, 2 * rng.randint(2, 6), "Round Robin"),
        "rr-odd": lambda: round_robin(rng, 2 * rng.randint(2, 6) + 1, "Round Robin"),
        "complete-swiss": lambda: round_robin(rng, 2 * rng.randint(2, 4), "Individual: Swiss-System"),
        "team-swiss": lambda: team_swiss(rng, 0),
        "team-byes": lambda: team_swiss(rng, 1),
    }
    for name, write in writers.items():
        for i in range(count):
            with open(os.path.join(out, f"{name}-{i:03d}.trf"), "w") as f:
                f.write(write())


if __name__ == "__main__":
    main()
