// SPDX-License-Identifier: MIT
// games.js -- what the page says and does differently for each game, in one
// table: app.js holds the loop and the state and asks this table, never a
// game's name.  A game the table does not know (a new one of the library)
// gets DEFAULT: the library's own words and counters, nothing special.
//
// Each entry (every member optional):
//   quick            AI parameters of the "quick" strength (ag_ai_choose_player)
//   example          a move to show in the typing box's placeholder
//   blocked(t)       the result sentence when the side to move is blocked
//   pending(c)       words after "X to move": what the ply still holds
//   side(c, p, add)  the lines of player p's box; add(text, sticks?) adds
//                    one (sticks {plain, wired}: a row of counting sticks)
// c is the page's context: {t, tn, game, st, info(key, p), name(p), owner(p)}.
import { AG } from "./ag.js";

// The counters every game may have (AG_INFO_*), in the library's words.
function counters(c, p, add, reserveKey) {
  const { t } = c;
  const score = c.info(AG.INFO_SCORE, p), cap = c.info(AG.INFO_CAPTURED, p);
  const pris = c.info(AG.INFO_PRISONERS, p), res = c.info(AG.INFO_RESERVE, p);
  if (score !== null) add(t("pieces_home", { n: score }));
  if (res !== null) add(reserveKey(res));
  if (cap !== null) add(t("enemy_held", { n: cap }));
  if (pris !== null) add(t("held_prisoner", { n: pris }));
}

// The values still to spend, "with 2 and 3".
function pendingValues(c) {
  return [c.info(AG.INFO_PENDING_STEPS, 0), c.info(AG.INFO_PENDING_STEPS, 1)].filter((v) => v);
}

// A field of the position text, "sticks=3+1,2+0" (liubo_fingers).
function field(c, key) {
  const m = new RegExp(`${key}=(\\S+)`).exec(c.st.toText());
  return m ? m[1] : null;
}

// A hunt (the hare hunt, the fox and the hens): one piece against many, the
// many counted on the board, the one's captures in its box.
function hunt(quick, blockedKey, takenKey, onBoardKey) {
  return {
    quick,
    example: "a3-a4",
    blocked: (t) => t(blockedKey),
    pending: (c) => (c.info(AG.INFO_CHAIN, 0) ? c.t("pending_chain") : ""),
    side(c, p, add) {
      if (p === 1) { add(c.t(takenKey, { n: c.info(AG.INFO_CAPTURED, p) })); return; }
      let on = 0;
      c.game.nodes.forEach((n) => c.st.pieces(n.index).forEach((g) => { if (g.owner === 0) on += g.count; }));
      add(c.t(onBoardKey, { n: on }));
    },
  };
}

export const DEFAULT = {
  quick: "ai(depth=1)",
  example: null,
  blocked: (t) => t("win_blocked"),
  pending(c) {
    const vals = pendingValues(c);
    return vals.length ? c.t("pending_with", { values: vals.join(c.t("and")) }) : "";
  },
  side(c, p, add) { counters(c, p, add, (n) => c.t("waiting_to_enter", { n })); },
};

export const GAMES = {
  hare: hunt("ai(nodes=10000)", "win_blocked_hare", "hunters_taken", "hunters_on_board"),
  fox_and_hens: hunt("ai(iterations=200)", "win_blocked_fox", "hens_taken", "hens_on_board"),
  liubo_sticks: {
    quick: "ai(depth=2)",
    example: "2:res-2",
    side(c, p, add) {
      DEFAULT.side(c, p, add);
      const owl = c.game.nodes.find((n) => c.st.pieces(n.index).some((g) => g.kind === AG.PIECE_OWL && g.owner === p));
      add(owl ? c.t("owl_on", { node: owl.name }) : c.t("owl_none"));
    },
  },
  liubo_fingers: {
    example: "3/7",
    pending(c) {
      const vals = pendingValues(c);
      return vals.length ? c.tn("pending_steps", vals[0]) : "";
    },
    side(c, p, add) {
      counters(c, p, add, (n) => c.t("flat_at_start", { n }));
      const sticks = field(c, "sticks"), fish = field(c, "fish");
      if (sticks) {
        const [plain, wired] = sticks.split(",")[p].split("+").map(Number);
        add(c.t("counting_sticks", { plain, wired }), { plain, wired });
      }
      if (fish) {
        const letter = p ? "b" : "w";
        const held = fish.split(",").map((h, i) => (h === letter ? c.owner(i) : null)).filter(Boolean);
        add(held.length ? c.t("fish_held", { who: held.join(c.t("and")) }) : c.t("fish_none"));
      }
    },
  },
};

// The entry of a game: its own members, DEFAULT's for the others.
export function gameEntry(name) {
  return { ...DEFAULT, ...(GAMES[name] || {}) };
}
