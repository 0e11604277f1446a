// SPDX-License-Identifier: MIT
// bench.mjs -- how fast the WebAssembly build plays under Node, per
// CPU-second (process.cpuUsage: user + system), beside the native library
// (examples/ag-bench --json) when given its path: `make bench` runs it when
// node and web/dist exist.  A benchmark, not a test: it times.
//
//   node web/bench.mjs [--dist DIR] [--seconds S] [--repeat N] [--seed N]
//                      [--native PATH/ag-bench] [--json] [SPEC...]
//
// Two figures per game, the two of ag-bench(1):
//   playout  ag_state_playouts(): the library's batch of random playouts,
//            one call into the wasm per batch;
//   api      the per-ply API loop through web/ag.js (currentPlayer,
//            legalCount + moveAt, sampleChance, apply), one call into the
//            wasm per library call, as a page or a Node program plays.
// Both play ag-bench's games: batch b has the seed S_b (the b-th output of
// SplitMix64 from --seed), its playout i starts from the (i+1)-th output from
// S_b, so --seconds 0 (one batch of 64) gives ag-bench -s 0's totals
// (tests/check-wasm-native.sh compares them).  The native column is
// ag-bench on this CPU (its fast path); "generic" is the same with
// AG_CPU=generic, the portable C that the wasm is compiled from.
import { execFileSync } from "node:child_process";
import { pathToFileURL } from "node:url";
import path from "node:path";

const GOLDEN = 0x9E3779B97F4A7C15n;
const M64 = (1n << 64n) - 1n;

function usage(rc) {
  (rc ? console.error : console.log)(
    "usage: node bench.mjs [--dist DIR] [--seconds S] [--repeat N] [--seed N] [--native AG_BENCH] [--json] [SPEC...]");
  process.exit(rc);
}

function parseArgs(argv) {
  const o = { dist: "web/dist", seconds: 2, repeat: 1, seed: 1n, native: null, json: false, specs: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i], v = () => { if (i + 1 >= argv.length) usage(2); return argv[++i]; };
    if (a === "--dist") o.dist = v();
    else if (a === "--seconds" || a === "-s") o.seconds = Number(v());
    else if (a === "--repeat" || a === "-r") o.repeat = Math.max(1, Number(v()) | 0);
    else if (a === "--seed") o.seed = BigInt(v());
    else if (a === "--native") o.native = v();
    else if (a === "--json" || a === "-j") o.json = true;
    else if (a === "--help" || a === "-h") usage(0);
    else if (a.startsWith("-")) usage(2);
    else o.specs.push(a);
  }
  if (!(o.seconds >= 0)) usage(2);
  return o;
}

const cpuSeconds = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };

// SplitMix64, as ag_rng_next: the seeds of the batches and of the playouts.
function splitmix(s) {
  s = (s + GOLDEN) & M64;
  let z = s;
  z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & M64;
  z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & M64;
  return { state: s, out: z ^ (z >> 31n) };
}
const playoutSeed = (seed, i) => splitmix((seed + BigInt(i) * GOLDEN) & M64).out;

function addTotals(to, t) {
  for (const k of ["playouts", "plies", "draws", "unfinished"]) to[k] += t[k];
  to.wins[0] += t.wins[0];
  to.wins[1] += t.wins[1];
}
const zero = () => ({ playouts: 0, plies: 0, wins: [0, 0], draws: 0, unfinished: 0 });

// One random game through the per-ply API from the start, with the draws of
// ag-bench's api_playout() (the same game as ag_state_playout()).
function apiPlayout(ag, st, rng, joint) {
  const { AG } = ag;
  let p, k = 0;
  st.reset();
  while ((p = st.currentPlayer) !== AG.PLAYER_TERMINAL) {
    if (p === AG.PLAYER_SIMULTANEOUS) {
      for (let q = 0; q < 2; q++) joint[q] = st.moveAt(rng.below(st.legalCount(q)));
      st.applyJoint(joint);
    } else if (p === AG.PLAYER_CHANCE) {
      st.apply(st.sampleChance(rng));
    } else {
      st.apply(st.moveAt(rng.below(st.legalCount(p))));
    }
    k++;
  }
  return k;
}

function apiBatch(ag, st, rng, seed, count, t) {
  const joint = [0, 0];
  for (let i = 0; i < count; i++) {
    rng.seed = playoutSeed(seed, i);
    const plies = apiPlayout(ag, st, rng, joint);
    const o = st.outcome();
    t.playouts++;
    t.plies += plies;
    if (o.outcome === ag.AG.OUTCOME_WIN && o.winner >= 0) t.wins[o.winner]++;
    else if (o.outcome === ag.AG.OUTCOME_DRAW) t.draws++;
    else t.unfinished++;
  }
}

// Batches of 64 playouts, doubled while a batch takes under 0.1 s, until
// `seconds` of CPU time (ag-bench's schedule).
function measure(ag, lib, g, mode, o) {
  const st = g.newState(), rng = lib.rng(0);
  const t = zero();
  let seeds = o.seed, batch = 64, cpu = 0;
  const c0 = cpuSeconds(), w0 = performance.now();
  try {
    do {
      const s = splitmix(seeds);
      seeds = s.state;
      const b0 = cpuSeconds();
      if (mode === "api") apiBatch(ag, st, rng, s.out, batch, t);
      else addTotals(t, st.playouts(s.out, batch));
      if (cpuSeconds() - b0 < 0.1 && batch < (1 << 24)) batch *= 2;
      cpu = cpuSeconds() - c0;
    } while (cpu < o.seconds);
  } finally { st.free(); rng.free(); }
  return { ...t, cpu_seconds: cpu, seconds: (performance.now() - w0) / 1000, plies_per_cpu_s: t.plies / cpu };
}

function best(runs) { return runs.reduce((a, b) => (b.plies_per_cpu_s > a.plies_per_cpu_s ? b : a)); }

function native(o, spec, mode, env) {
  if (!o.native) return null;
  const args = ["--json", "--seconds", String(o.seconds), "--repeat", String(o.repeat), "--seed", String(o.seed)];
  if (mode === "api") args.push("--api");
  try {
    const out = execFileSync(o.native, [...args, spec], { env: { ...process.env, ...env }, encoding: "utf8" });
    return JSON.parse(out.trim().split("\n").pop());
  } catch (e) {
    return null;
  }
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const ag = await import(pathToFileURL(path.resolve(o.dist, "assets", "ag.js")).href);
  const lib = await ag.load();
  const specs = o.specs.length ? o.specs : lib.gameNames();
  const rows = [];
  for (const spec of specs) {
    const g = lib.game(spec);
    for (const mode of ["playout", "api"]) {
      // Warm-up: the engine compiles the hot code before the figures count.
      if (o.seconds > 0) measure(ag, lib, g, mode, { ...o, seconds: Math.min(0.3, o.seconds) });
      const runs = [];
      for (let r = 0; r < (o.seconds > 0 ? o.repeat : 1); r++) runs.push(measure(ag, lib, g, mode, o));
      const w = best(runs);
      const n = native(o, g.spec, mode, {}), ng = native(o, g.spec, mode, { AG_CPU: "generic" });
      rows.push({ game: g.spec, mode, wasm: w, native: n, generic: ng });
    }
    g.free();
  }
  if (o.json) {
    for (const r of rows) {
      const w = r.wasm;
      console.log(JSON.stringify({
        game: r.game, mode: r.mode, cpu_seconds: w.cpu_seconds, playouts: w.playouts, plies: w.plies,
        wins: w.wins, draws: w.draws, unfinished: w.unfinished, plies_per_cpu_s: w.plies_per_cpu_s,
        native_plies_per_cpu_s: r.native?.plies_per_cpu_s ?? null,
        generic_plies_per_cpu_s: r.generic?.plies_per_cpu_s ?? null,
      }));
    }
    return;
  }
  const f = (x) => (x == null ? "-" : (x / 1e6).toFixed(2));
  const ratio = (a, b) => (a == null || !b ? "-" : `${(a / b).toFixed(2)}x`);
  console.log(`WebAssembly under Node ${process.version} vs native ag-bench: Mplies per CPU-second`);
  console.log("game           mode      native  generic     wasm  native/wasm  generic/wasm");
  for (const r of rows) {
    const name = r.game.replace(/\(.*$/, "");
    const w = r.wasm.plies_per_cpu_s, n = r.native?.plies_per_cpu_s, g = r.generic?.plies_per_cpu_s;
    console.log(`${name.padEnd(14)} ${r.mode.padEnd(8)} ${f(n).padStart(7)} ${f(g).padStart(8)} ${f(w).padStart(8)}` +
                `  ${ratio(n, w).padStart(11)}  ${ratio(g, w).padStart(12)}`);
  }
}

main().catch((e) => { console.error(`bench.mjs: ${e.message}`); process.exit(1); });
