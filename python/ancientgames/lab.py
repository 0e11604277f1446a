# SPDX-License-Identifier: MIT
"""A variant lab: which rules give a balanced, decisive game of sensible length?

A study plays every pairing of a set of players, in both seats, on every game
variant of a set of specs (or option grids), a number of games each, from one
seed, and reports per variant: each side's win rate and the draw rate with 95%
Wilson intervals, the first mover's advantage, game length, decisiveness, the
branching factor, how often chance decided the game, and a rating table of the
players (Bradley-Terry on the Elo scale, with bootstrap intervals).

    >>> from ancientgames import lab
    >>> study = lab.Study(["liubo_sticks(five=end_of_turn|immediate|off)"],
    ...                   players=["random"], games=20, seed=1)
    >>> report = study.run(workers=2)
    >>> print(report.to_text())                     # doctest: +SKIP

Reproducible: every game's seeds derive from the study seed and the game's
place in the study, never from the order in which workers finish, so the same
inputs give the same numbers with any number of workers or any executor.

Parallel: run() takes any concurrent.futures.Executor (a thread or process
pool, or a Dask distributed Client's get_executor()); without one it uses a
thread pool of `workers' threads (the C library releases the GIL).

Players are the AI parameter strings of ag_ai_choose() ("random",
"mcts(iterations=200)", ...) and "perfect", the hare hunt's perfect player,
which needs `solution', the path of a file written by ag-solve.
"""
import concurrent.futures
import contextlib
import csv
import io
import itertools
import json
import math
import os
import re
import statistics
from typing import Any, Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple

import ancientgames as ag

__all__ = ["expand", "wilson", "play_game", "Study", "Report", "GameRecord",
           "bradley_terry"]

_MASK64 = (1 << 64) - 1
_Z95 = 1.959963984540054


# ---------------------------------------------------------------- variants


def expand(spec: str) -> List[str]:
    """The canonical specs of an option grid: 'name(a=x|y,b=1|2)' gives the
    product of the alternatives, in the order written; a plain spec gives
    itself.  Each result is validated and canonicalised by the library."""
    m = re.fullmatch(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*(?:\((.*)\))?\s*", spec)
    if not m:
        raise ValueError("not a game spec: %r" % (spec,))
    name, body = m.group(1), m.group(2)
    choices: List[List[str]] = []
    if body and body.strip():
        for item in body.split(","):
            if "=" not in item:
                raise ValueError("option %r of %r has no '='" % (item.strip(), spec))
            key, values = item.split("=", 1)
            choices.append(["%s=%s" % (key.strip(), v.strip()) for v in values.split("|")])
    out: List[str] = []
    for combo in itertools.product(*choices):
        text = "%s(%s)" % (name, ",".join(combo)) if combo else name
        canon = ag.Game(text).spec
        if canon not in out:
            out.append(canon)
    return out


# ---------------------------------------------------------------- statistics


def wilson(successes: float, n: int, z: float = _Z95) -> Tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 1) for n = 0."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def bradley_terry(games: Sequence[Tuple[str, str, float]], players: Sequence[str],
                  iterations: int = 200) -> Dict[str, float]:
    """Bradley-Terry strengths by the MM algorithm (Hunter 2004) from games
    (a, b, score of a: 1 win, 0.5 draw, 0 loss), on the Elo scale: 400 log10
    of the strength, the mean rating 0.  A prior of one draw against a
    virtual average player keeps unbeaten and winless players finite."""
    strength = {p: 1.0 for p in players}
    wins = {p: 0.5 for p in players}          # the prior's draw
    pairs: Dict[Tuple[str, str], float] = {}
    for a, b, s in games:
        if a == b:
            continue
        wins[a] += s
        wins[b] += 1 - s
        key = (a, b) if a < b else (b, a)
        pairs[key] = pairs.get(key, 0) + 1
    for _ in range(iterations):
        new = {}
        for p in players:
            denom = 1.0 / (strength[p] + 1.0)  # the prior game against strength 1
            for (a, b), n in pairs.items():
                if p in (a, b):
                    q = b if p == a else a
                    denom += n / (strength[p] + strength[q])
            new[p] = wins[p] / denom
        mean_log = sum(math.log(v) for v in new.values()) / len(new)
        strength = {p: v / math.exp(mean_log) for p, v in new.items()}
    return {p: 400 * math.log10(v) for p, v in strength.items()}


# ---------------------------------------------------------------- one game


class GameRecord(NamedTuple):
    """One game's result.  winner is 0, 1 or -1 (a draw); branching is the sum
    of the legal choices at the decision nodes; first is the player of the
    first decision (-1 when both choose at once); flipped is 1 when the same
    players with the dice thrown again got another winner, 0 when not, -1 in
    a game without chance."""
    variant: str
    p0: str
    p1: str
    number: int
    winner: int
    reason: int
    plies: int
    decisions: int
    branching: int
    first: int
    flipped: int

    def as_dict(self) -> Dict[str, Any]:
        return dict(self._asdict())


def _splitmix(x: int) -> int:
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


def _seed(*parts: int) -> int:
    s = 0
    for p in parts:
        s = _splitmix(s ^ (p & _MASK64))
    return s


_solutions: Dict[str, Any] = {}   # per process: a solution is loaded once


def _solution(path: Optional[str]) -> Any:
    if not path:
        raise ValueError("the player 'perfect' needs a solution file (solution=...)")
    if path not in _solutions:
        _solutions[path] = ag.Solution.load(path)
    return _solutions[path]


def _play(spec: str, players: Sequence[str], player_seed: int, chance_seed: int,
          solution: Optional[str], max_plies: int) -> Tuple[int, int, int, int, int, int]:
    """Plays one game; (winner, reason, plies, decisions, branching, first)."""
    game = ag.Game(spec)
    st = game.new_state()
    prng, crng = ag.Rng(player_seed), ag.Rng(chance_seed)
    decisions = branching = 0
    first = -2
    try:
        while not st.is_terminal and (not max_plies or st.ply < max_plies):
            p = st.current_player
            if p == ag.AG_PLAYER_CHANCE:
                st.apply(st.sample_chance(crng))
                continue
            decisions += 1
            if p == ag.AG_PLAYER_SIMULTANEOUS:
                if first == -2:
                    first = -1
                branching += len(st.legal_moves(0)) * len(st.legal_moves(1))
                st.apply_joint([_choose(st, players[q], prng, solution, q) for q in (0, 1)])
                continue
            if first == -2:
                first = p
            branching += len(st.legal_moves(p))
            st.apply(_choose(st, players[p], prng, solution, None))
        outcome = st.outcome
        winner = outcome.winner if outcome.winner in (0, 1) else -1
        reason = int(outcome.reason) if st.is_terminal else ag.AG_END_PLY_LIMIT
        return winner, reason, st.ply, decisions, branching, first
    finally:
        st.close()
        game.close()


def _choose(st: Any, player: str, rng: Any, solution: Optional[str], who: Optional[int]) -> int:
    if player == "perfect":
        return int(_solution(solution).choose(st, rng))
    return int(ag.ai_choose(st, who, player, rng))


def play_game(spec: str, p0: str, p1: str, seed: int, number: int = 0,
              solution: Optional[str] = None, max_plies: int = 0) -> GameRecord:
    """Plays one game of spec between p0 (player 0) and p1 (player 1) from seed;
    in a game with chance it is played a second time with the dice thrown from
    another seed, to see whether chance decided it."""
    chance = bool(ag.Game(spec).flags & ag.AG_GAME_CHANCE)
    players = (p0, p1)
    pseed, cseed = _seed(seed, 1), _seed(seed, 2)
    winner, reason, plies, decisions, branching, first = _play(spec, players, pseed, cseed,
                                                               solution, max_plies)
    flipped = -1
    if chance:
        again = _play(spec, players, pseed, _seed(seed, 3), solution, max_plies)[0]
        flipped = int(again != winner)
    return GameRecord(spec, p0, p1, number, winner, reason, plies, decisions, branching,
                      first, flipped)


def _play_batch(tasks: Sequence[Tuple[Any, ...]]) -> List[GameRecord]:
    """Plays a list of play_game argument tuples (the unit sent to a worker)."""
    return [play_game(*t) for t in tasks]


# ---------------------------------------------------------------- study


class Study:
    """Every variant of `specs' (each may be an option grid), every ordered
    pairing of `players' (self-play included, so each pair plays both seats),
    `games' games per pairing and variant, seeded by `seed'."""

    def __init__(self, specs: Iterable[str], players: Sequence[str] = ("random",),
                 games: int = 100, seed: int = 1, solution: Optional[str] = None,
                 max_plies: int = 0, self_play: bool = True, duplicate: bool = False) -> None:
        if isinstance(specs, str):
            specs = [specs]
        self.variants = [v for s in specs for v in expand(s)]
        self.players = list(dict.fromkeys(players))
        if not self.variants or not self.players:
            raise ValueError("a study needs at least one spec and one player")
        if not 0 < games < 2 ** 31:
            raise ValueError("games must be a positive number, not %r" % (games,))
        if "perfect" in self.players and not solution:
            raise ValueError("the player 'perfect' needs solution=PATH")
        for p in self.players:
            if p != "perfect":          # fail now, not in a worker
                g = ag.Game(self.variants[0])
                try:
                    ag.ai_choose(g.new_state(), p, 0) if not g.new_state().is_terminal else None
                except ag.PhaseError:
                    pass                 # a simultaneous start: the spec itself was checked
                finally:
                    g.close()
        self.games, self.seed, self.solution, self.max_plies = games, seed, solution, max_plies
        # Duplicate games: a pairing and its seats swapped replay one throw sequence.
        self.duplicate = duplicate
        self.pairings = [(a, b) for a in self.players for b in self.players
                         if self_play or a != b or len(self.players) == 1]

    def tasks(self) -> List[Tuple[Any, ...]]:
        """The play_game arguments of every game, in a fixed order."""
        out: List[Tuple[Any, ...]] = []
        for vi, v in enumerate(self.variants):
            for pi, (a, b) in enumerate(self.pairings):
                if self.duplicate:      # (a, b) and (b, a) share the seeds, so the throws
                    pi = min(pi, self.pairings.index((b, a)) if (b, a) in self.pairings else pi)
                for k in range(self.games):
                    out.append((v, a, b, _seed(self.seed, vi, pi, k), len(out),
                                self.solution, self.max_plies))
        return out

    def run(self, executor: Optional[concurrent.futures.Executor] = None,
            workers: Optional[int] = None, chunk: int = 0) -> "Report":
        """Plays the study on `executor' (any concurrent.futures.Executor), or on
        a pool of `workers' threads (default: the machine's cores), in chunks of
        `chunk' games (default: about four chunks per worker)."""
        tasks = self.tasks()
        n = workers or (getattr(executor, "_max_workers", None) or 0) or 2
        size = chunk or max(1, len(tasks) // (4 * n))
        batches = [tasks[i:i + size] for i in range(0, len(tasks), size)]
        own = executor is None
        if executor is None:
            import os
            executor = concurrent.futures.ThreadPoolExecutor(workers or os.cpu_count() or 1)
        try:
            futures = [executor.submit(_play_batch, b) for b in batches]
            records = [r for f in futures for r in f.result()]
        finally:
            if own:
                executor.shutdown()
        records.sort(key=lambda r: r.number)
        return Report(self, records)


# ---------------------------------------------------------------- report


def _rate(k: float, n: int) -> Dict[str, Any]:
    lo, hi = wilson(k, n)
    return {"rate": k / n if n else None, "low": lo, "high": hi, "n": n}


class Report:
    """The games of a study and the figures drawn from them."""

    def __init__(self, study: Study, records: List[GameRecord]) -> None:
        self.study = study
        self.records = records

    def variant(self, spec: str) -> Dict[str, Any]:
        """The figures of one variant (see the module's description)."""
        rs = [r for r in self.records if r.variant == spec]
        n = len(rs)
        game = ag.Game(spec)
        sides = game.players
        game.close()
        w0 = sum(r.winner == 0 for r in rs)
        w1 = sum(r.winner == 1 for r in rs)
        draws = n - w0 - w1
        firsts = [r for r in rs if r.first in (0, 1)]
        first_wins = sum(r.winner == r.first for r in firsts)
        lengths = [r.plies for r in rs]
        capped = sum(r.reason == ag.AG_END_PLY_LIMIT for r in rs)
        decisions = sum(r.decisions for r in rs)
        chance = [r for r in rs if r.flipped >= 0]
        reasons: Dict[str, int] = {}
        for r in rs:
            name = ag.end_reason_name(r.reason) or str(r.reason)
            reasons[name] = reasons.get(name, 0) + 1
        out = {
            "variant": spec, "games": n, "sides": sides,
            "win0": _rate(w0, n), "win1": _rate(w1, n), "draw": _rate(draws, n),
            "first_mover_wins": _rate(first_wins, len(firsts)) if firsts else None,
            "mean_plies": statistics.fmean(lengths) if lengths else None,
            "median_plies": statistics.median(lengths) if lengths else None,
            "not_capped": _rate(n - capped, n),
            "decisive": _rate(w0 + w1, n),
            "branching": decisions and sum(r.branching for r in rs) / decisions,
            "chance_decided": _rate(sum(r.flipped for r in chance), len(chance)) if chance else None,
            "reasons": reasons,
        }
        if len(self.study.players) > 1:
            out["ratings"] = self.ratings(spec)
        if self.study.duplicate:
            out["duplicate"] = self.duplicate_scores(spec)
        return out

    def duplicate_scores(self, spec: str) -> List[Dict[str, Any]]:
        """Duplicate matches of one variant: for each two players a and b, the
        mean over game numbers k of a's score in the pair (a-b game k, b-a game k),
        which replay the same throws with the seats swapped, with the 95%
        interval of the pair means (normal approximation)."""
        games: Dict[Tuple[str, str], Dict[int, float]] = {}
        base: Dict[Tuple[str, str], int] = {}
        for r in self.records:
            if r.variant != spec or r.p0 == r.p1:
                continue
            key = (r.p0, r.p1)
            base.setdefault(key, r.number)
            games.setdefault(key, {})[r.number - base[key]] = (
                1.0 if r.winner == 0 else 0.0 if r.winner == 1 else 0.5)
        out = []
        players = self.study.players
        for i, a in enumerate(players):
            for b in players[i + 1:]:
                ab, ba = games.get((a, b), {}), games.get((b, a), {})
                means = [(ab[k] + 1.0 - ba[k]) / 2 for k in ab if k in ba]
                n = len(means)
                if not n:
                    continue
                m = statistics.fmean(means)
                half = _Z95 * statistics.stdev(means) / math.sqrt(n) if n > 1 else 0.0
                out.append({"a": a, "b": b, "pairs": n, "score": m, "low": m - half,
                            "high": m + half})
        return out

    def ratings(self, spec: str, resamples: int = 200) -> Dict[str, Dict[str, float]]:
        """Bradley-Terry ratings (Elo scale) of the players in one variant, with a
        95% bootstrap interval (resampling games, seeded by the study seed)."""
        games = [(r.p0, r.p1, 1.0 if r.winner == 0 else 0.0 if r.winner == 1 else 0.5)
                 for r in self.records if r.variant == spec and r.p0 != r.p1]
        players = self.study.players
        point = bradley_terry(games, players)
        rng = ag.Rng(_seed(self.study.seed, 0xB007))
        samples: Dict[str, List[float]] = {p: [] for p in players}
        for _ in range(resamples if games else 0):
            boot = [games[rng.below(len(games))] for _ in games]
            for p, v in bradley_terry(boot, players, 60).items():
                samples[p].append(v)
        out = {}
        for p in players:
            s = sorted(samples[p])
            lo = s[int(0.025 * len(s))] if s else float("nan")
            hi = s[min(len(s) - 1, int(0.975 * len(s)))] if s else float("nan")
            out[p] = {"elo": point[p], "low": lo, "high": hi}
        return out

    def label(self, spec: str) -> str:
        """A short name of a variant: its game and the options in which the
        study's variants of that game differ (the spec itself when alone)."""
        def options(v: str) -> Dict[str, str]:
            body = v[v.index("(") + 1:-1] if "(" in v else ""
            return dict(kv.split("=", 1) for kv in body.split(",") if kv)
        name = spec.split("(", 1)[0]
        same = [v for v in self.study.variants if v.split("(", 1)[0] == name]
        mine = options(spec)
        keys = [k for k in mine if any(options(v).get(k) != mine[k] for v in same)]
        return "%s(%s)" % (name, ",".join("%s=%s" % (k, mine[k]) for k in keys)) if keys else name

    def summary(self) -> List[Dict[str, Any]]:
        """The figures of every variant, in the study's order."""
        return [self.variant(v) for v in self.study.variants]

    # ------------------------------------------------------------ outputs

    def to_json(self) -> str:
        """The study's inputs, every variant's figures and every game, as JSON."""
        return json.dumps({
            "study": {"variants": self.study.variants, "players": self.study.players,
                      "games_per_pairing": self.study.games, "seed": self.study.seed,
                      "max_plies": self.study.max_plies},
            "variants": self.summary(),
            "games": [r.as_dict() for r in self.records],
        }, indent=1, sort_keys=True)

    def to_csv(self) -> str:
        """One row per variant: rates with their interval bounds, lengths, rates."""
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        cols = ["win0", "win1", "draw", "first_mover_wins", "not_capped", "decisive",
                "chance_decided"]
        w.writerow(["variant", "games"] + [c + s for c in cols for s in ("", "_low", "_high")]
                   + ["mean_plies", "median_plies", "branching"])
        for v in self.summary():
            row = [v["variant"], v["games"]]
            for c in cols:
                r = v[c]
                row += ["", "", ""] if r is None or r["rate"] is None else [
                    "%.4f" % r["rate"], "%.4f" % r["low"], "%.4f" % r["high"]]
            row += ["%.2f" % v["mean_plies"], "%g" % v["median_plies"], "%.2f" % v["branching"]]
            w.writerow(row)
        return buf.getvalue()

    def to_text(self) -> str:
        """A table for people: one block per variant."""
        def pct(r: Optional[Dict[str, Any]]) -> str:
            if r is None or r["rate"] is None:
                return "n/a"
            return "%5.1f%% [%5.1f, %5.1f]" % (100 * r["rate"], 100 * r["low"], 100 * r["high"])
        lines = ["%d game(s) per pairing, players %s, seed %d" % (
            self.study.games, ", ".join(self.study.players), self.study.seed)]
        for v in self.summary():
            lines.append("")
            lines.append("%s  (%d games)" % (self.label(v["variant"]), v["games"]))
            lines.append("  %s" % v["variant"])
            lines.append("  %-22s %s" % (v["sides"][0] + " win", pct(v["win0"])))
            lines.append("  %-22s %s" % (v["sides"][1] + " win", pct(v["win1"])))
            lines.append("  %-22s %s" % ("draw", pct(v["draw"])))
            lines.append("  %-22s %s" % ("first mover wins", pct(v["first_mover_wins"])))
            lines.append("  %-22s %s" % ("not ended by the cap", pct(v["not_capped"])))
            lines.append("  %-22s %s" % ("chance decided", pct(v["chance_decided"])))
            lines.append("  %-22s mean %.1f, median %g" % ("plies", v["mean_plies"],
                                                             v["median_plies"]))
            lines.append("  %-22s %.2f" % ("branching factor", v["branching"]))
            lines.append("  %-22s %s" % ("ends", ", ".join(
                "%s %d" % kv for kv in sorted(v["reasons"].items()))))
            ratings: Dict[str, Dict[str, float]] = v.get("ratings", {})
            for p, r in sorted(ratings.items(), key=lambda kv: -kv[1]["elo"]):
                lines.append("  rating %-15s %+7.1f [%+.1f, %+.1f]" % (p, r["elo"], r["low"],
                                                                      r["high"]))
            for d in v.get("duplicate", []):
                lines.append("  duplicate %s vs %s: %.3f [%.3f, %.3f] over %d pairs" % (
                    d["a"], d["b"], d["score"], d["low"], d["high"], d["pairs"]))
        return "\n".join(lines) + "\n"

    def to_svg(self, width: int = 640) -> str:
        """A chart: a title (the study and its players), a legend, and per
        variant (with its number of games) each side's win rate and the draw
        rate as bars with their 95% intervals as whiskers."""
        rows = self.summary()
        bar, gap, left, label = 12, 10, 110, 16
        head = 62                           # the title, the players, the legend
        top = head + 8
        height = top + len(rows) * (label + 3 * bar + gap) + 30
        scale = width - left - 20
        colours = ("#3b6ea5", "#b5523b", "#8c8c8c")
        names = sorted({v.split("(")[0] for v in self.study.variants})
        title = "Variant study of %s: win and draw rates" % ", ".join(names)
        players = "players %s; %d game(s) per pairing, seed %d" % (
            ", ".join(self.study.players), self.study.games, self.study.seed)
        out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
               'viewBox="0 0 %d %d" font-family="sans-serif" font-size="11">' % (
                   width, height, width, height),
               '<title>%s (%s), with 95%% Wilson intervals</title>' % (_xml(title),
                                                                     _xml(players)),
               '<text x="4" y="15" font-size="14" font-weight="bold">%s</text>' % _xml(title),
               '<text x="4" y="31">%s</text>' % _xml(players)]
        # The legend: the three bars, then the whisker.
        lx = 4
        for k, what in enumerate(("first side wins", "second side wins", "draws")):
            out.append('<rect x="%d" y="42" width="14" height="%d" fill="%s"/>' % (
                lx, bar - 2, colours[k]))
            out.append('<text x="%d" y="51">%s</text>' % (lx + 18, what))
            lx += 18 + 7 * len(what) + 14
        out.append('<line x1="%d" y1="47" x2="%d" y2="47" stroke="black"/>' % (lx, lx + 24))
        out.append('<text x="%d" y="51">95%% interval (Wilson)</text>' % (lx + 28))
        for t in range(0, 101, 25):
            x = left + scale * t / 100
            out.append('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#ddd"/>' % (
                x, top - 5, x, height - 25))
            out.append('<text x="%.1f" y="%d" text-anchor="middle">%d%%</text>' % (
                x, height - 10, t))
        y = top
        for v in rows:
            out.append('<text x="4" y="%d" font-weight="bold">%s (%d games)<title>%s</title>'
                       '</text>' % (y + label - 4, _xml(self.label(v["variant"])), v["games"],
                                    _xml(v["variant"])))
            y += label
            for k, (key, name) in enumerate((("win0", v["sides"][0]), ("win1", v["sides"][1]),
                                             ("draw", "draw"))):
                r = v[key]
                yy = y + k * bar
                out.append('<rect x="%d" y="%d" width="%.1f" height="%d" fill="%s">'
                           '<title>%s %.1f%%</title></rect>' % (
                               left, yy + 1, scale * r["rate"], bar - 2, colours[k],
                               _xml(name), 100 * r["rate"]))
                out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="black"/>' % (
                    left + scale * r["low"], yy + bar / 2, left + scale * r["high"], yy + bar / 2))
                out.append('<text x="%d" y="%d" text-anchor="end" fill="%s">%s</text>' % (
                    left - 6, yy + bar - 2, colours[k], _xml(name)))
            y += 3 * bar + gap
        out.append("</svg>")
        return "\n".join(out) + "\n"


def _xml(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


# ---------------------------------------------------------------- ag-lab


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The ag-lab program (see ag-lab(1))."""
    import argparse
    import sys
    parser = argparse.ArgumentParser(
        prog="ag-lab", description="Play a study of game variants and report balance, "
        "decisiveness, length and ratings with 95% intervals.")
    parser.add_argument("specs", nargs="+", metavar="SPEC",
                        help="a game spec or an option grid, e.g. 'hare(hunters=12|11)'")
    parser.add_argument("-p", "--player", action="append", dest="players", metavar="PLAYER",
                        help="a player: random, an AI spec such as 'mcts(iterations=200)', or "
                        "perfect (with --solution); repeat for several (default: random)")
    parser.add_argument("-n", "--games", type=int, default=100,
                        help="games per pairing and variant (default 100)")
    parser.add_argument("-s", "--seed", type=int, default=1, help="the study seed (default 1)")
    parser.add_argument("-j", "--workers", type=int, default=0,
                        help="threads (default: the machine's cores)")
    parser.add_argument("--solution", metavar="FILE", help="a hare solution (ag-solve -o)")
    parser.add_argument("--max-plies", type=int, default=0,
                        help="stop each game after this many plies (a cap; 0: the game's own)")
    parser.add_argument("--duplicate", action="store_true",
                        help="duplicate games: each pairing and its seats swapped replay the "
                        "same throws (game k of a-b and of b-a); the report adds each pair "
                        "of players' duplicate score with its 95%% interval")
    parser.add_argument("-f", "--format", choices=("text", "csv", "json"), default="text")
    parser.add_argument("-o", "--output", metavar="FILE", help="write the report here")
    parser.add_argument("--svg", metavar="FILE", help="also write the chart as SVG")
    parser.add_argument("--version", action="version",
                        version="ag-lab (liboldgames) %s" % ag.version_string())
    args = parser.parse_args(argv)
    for name in ("games", "workers", "max_plies"):
        if getattr(args, name) < 0 or (name == "games" and args.games == 0):
            parser.error("--%s must be positive, not %d" % (name.replace("_", "-"),
                                                             getattr(args, name)))
    # The output files are opened before the study, which may run for hours: a
    # path that cannot be written is refused at once, not after the work.
    outputs = {}                           # path -> whether ag-lab created it
    try:
        for path in (args.output, args.svg):
            if path and path not in outputs:
                existed = os.path.lexists(path)
                with open(path, "a", encoding="utf-8"):   # "a": nothing truncated yet
                    pass
                outputs[path] = not existed
    except OSError as e:
        return _lab_refuse(outputs, "cannot write %s: %s" % (e.filename, e.strerror))
    try:
        study = Study(args.specs, args.players or ["random"], args.games, args.seed,
                      args.solution, args.max_plies, duplicate=args.duplicate)
        report = study.run(workers=args.workers or None)
    except (ag.Error, ValueError, OSError) as e:
        return _lab_refuse(outputs, str(e))
    text = {"text": report.to_text, "csv": report.to_csv, "json": report.to_json}[args.format]()
    try:
        if args.output:
            with open(args.output, "w", encoding="utf-8") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        if args.svg:
            with open(args.svg, "w", encoding="utf-8") as f:
                f.write(report.to_svg())
    except OSError as e:                   # e.g. the disk filled up during the study
        return _lab_refuse({}, "cannot write %s: %s" % (e.filename or "the report",
                                                        e.strerror))
    return 0


def _lab_refuse(created: Dict[str, bool], message: str) -> int:
    """Print ag-lab's message, remove the (empty) outputs it created, return 1."""
    import sys
    for path, new in created.items():
        if new:
            with contextlib.suppress(OSError):
                os.remove(path)
    print("ag-lab: %s" % message, file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
