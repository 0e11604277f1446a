// SPDX-License-Identifier: MIT
// board.js -- the board as SVG from the library's geometry API: the same
// picture as examples/ag-svg.c (same scale, decoration, edge and node
// styles), plus what a person needs to play on it: every node is a focusable
// button with a text label, legal origins and targets are highlighted, the
// last move is marked.
import { AG } from "./ag.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? v.toFixed(1) : v);
  if (parent) parent.appendChild(e);
  return e;
}

const NODE_KIND = { [AG.NODE_POINT]: "point", [AG.NODE_RESERVE]: "reserve", [AG.NODE_PRISON]: "prison", [AG.NODE_GOAL]: "goal" };
const EDGE_KIND = ["edge", "line", "diagonal", "track", "shortcut", "slide", "jump"];
const PIECE_LETTER = { [AG.PIECE_HARE]: "H", [AG.PIECE_OWL]: "O", [AG.PIECE_FISH]: "F", [AG.PIECE_STICK]: "|" };

// Words for a group of pieces, e.g. "3 white stones", "the hare".
export function pieceWords(game, group) {
  const owner = game.players[group.owner] ?? "";
  const n = group.count;
  switch (group.kind) {
  case AG.PIECE_HARE: return "the hare";
  case AG.PIECE_HUNTER: return n === 1 ? "a hunter" : `${n} hunters`;
  case AG.PIECE_OWL: return `the ${owner} owl`;
  case AG.PIECE_FISH: return `the ${owner} fish`;
  case AG.PIECE_STICK: return n === 1 ? `a ${owner} counting stick` : `${n} ${owner} counting sticks`;
  default: return n === 1 ? `a ${owner} stone` : `${n} ${owner} stones`;
  }
}

export class Board {
  // svg: the <svg> element to draw into; onNode(index) is called when a node
  // is clicked or activated with Enter/Space.
  constructor(svg, onNode) {
    this.svg = svg;
    this.onNode = onNode;
    this.game = null;
  }

  // Lays out a game: decoration, edges and empty nodes (done once per game).
  setGame(game) {
    this.game = game;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const largest = Math.max(game.width, game.height);
    this.scale = largest <= 6 ? 100 : largest <= 16 ? 44 : 26;
    this.margin = 40 + 0.6 * this.scale;
    this.top = 16 + 0.6 * this.scale;
    const w = game.width * this.scale + 2 * this.margin;
    const h = game.height * this.scale + 2 * this.top;
    svg.setAttribute("viewBox", `0 0 ${w.toFixed(0)} ${h.toFixed(0)}`);
    svg.setAttribute("class", `board-svg game-${game.name}`);
    const defs = el("defs", {}, svg);
    const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "5", refY: "5",
                                   markerWidth: "7", markerHeight: "7", orient: "auto" }, defs);
    el("path", { d: "M0 1 L10 5 L0 9 z", fill: "#1f4e79" }, marker);
    const last = el("marker", { id: "lastarrow", viewBox: "0 0 10 10", refX: "8", refY: "5",
                                 markerWidth: "5", markerHeight: "5", orient: "auto" }, defs);
    el("path", { d: "M0 1 L10 5 L0 9 z", fill: "#c0392b" }, last);
    el("rect", { class: "background", x: 0, y: 0, width: w, height: h }, svg);
    const deco = el("g", { class: "board", "aria-hidden": "true" }, svg);
    if (game.name === "liubo_sticks") this.decorateSticks(deco);
    else if (game.name === "liubo_fingers") this.decorateFingers(deco);
    else this.decoratePlain(deco);
    this.drawEdges();
    this.lastLayer = el("g", { class: "lastmove", "aria-hidden": "true" }, svg);
    this.drawNodes();
  }

  px(x) { return this.margin + x * this.scale; }
  py(y) { return this.top + (this.game.height - y) * this.scale; }

  line(parent, cls, x1, y1, x2, y2) {
    el("line", { class: cls, x1: this.px(x1), y1: this.py(y1), x2: this.px(x2), y2: this.py(y2) }, parent);
  }

  nodeAt(name) {
    const n = this.game.nodes.find((v) => v.name === name);
    return n ? [n.x, n.y] : null;
  }

  pointBox() {
    let box = null;
    for (const n of this.game.nodes) {
      if (n.kind !== AG.NODE_POINT && n.kind !== AG.NODE_GOAL) continue;
      if (!box) box = [n.x, n.y, n.x, n.y];
      box = [Math.min(box[0], n.x), Math.min(box[1], n.y), Math.max(box[2], n.x), Math.max(box[3], n.y)];
    }
    return box || [0, 0, 0, 0];
  }

  rectBoard(parent, cls, x0, y0, x1, y1) {
    el("rect", { class: cls, x: this.px(x0), y: this.py(y1), width: (x1 - x0) * this.scale,
                 height: (y1 - y0) * this.scale }, parent);
  }

  // liubo_sticks: frame on the ring, central square, T bars, V marks (ag-svg).
  decorateSticks(g) {
    const [x0, y0, x1, y1] = this.pointBox();
    this.rectBoard(g, "frame", x0 - 0.5, y0 - 0.5, x1 + 0.5, y1 + 0.5);
    const c = this.nodeAt("X");
    if (!c) return;
    const [cx, cy] = c;
    this.rectBoard(g, "mark", cx - 2, cy - 2, cx + 2, cy + 2);
    for (const name of ["A", "D"]) { const p = this.nodeAt(name); if (p) this.line(g, "mark", p[0], p[1] - 1, p[0], p[1] + 1); }
    for (const name of ["R", "U"]) { const p = this.nodeAt(name); if (p) this.line(g, "mark", p[0] - 1, p[1], p[0] + 1, p[1]); }
    for (let i = 0; i < 4; i++) {
      const sx = i & 1 ? 1 : -1, sy = i & 2 ? 1 : -1, ax = cx + sx * 3.5, ay = cy + sy * 3.5;
      this.line(g, "mark", ax, ay, ax + sx * 1.5, ay);
      this.line(g, "mark", ax, ay, ax, ay + sy * 1.5);
    }
  }

  // liubo_fingers: frame, V arms from each V_* apex, L uprights from each Lb_*.
  decorateFingers(g) {
    const w = this.game.width, h = this.game.height;
    this.rectBoard(g, "frame", 0, 0, w, h);
    for (const n of this.game.nodes) {
      const { x, y } = n;
      if (n.name.startsWith("V_")) {
        const sx = x > w / 2 ? 1 : -1, sy = y > h / 2 ? 1 : -1;
        this.line(g, "mark", x, y, x + sx, sy > 0 ? h : 0);
        this.line(g, "mark", x, y, sx > 0 ? w : 0, y + sy);
      } else if (n.name.startsWith("Lb_")) {
        const d = [x, w - x, y, h - y];
        let best = 0;
        for (let k = 1; k < 4; k++) if (d[k] < d[best]) best = k;
        if (best < 2) this.line(g, "mark", x, y, best ? w : 0, y);
        else this.line(g, "mark", x, y, x, best === 3 ? h : 0);
      }
    }
  }

  decoratePlain(g) {
    const [x0, y0, x1, y1] = this.pointBox();
    this.rectBoard(g, "frame", x0 - 0.4, y0 - 0.4, x1 + 0.4, y1 + 0.4);
  }

  drawEdges() {
    const g = el("g", { class: "edges", "aria-hidden": "true" }, this.svg);
    for (const e of this.game.edges) {
      const a = this.game.nodes[e.a], b = this.game.nodes[e.b];
      const cls = `edge ${EDGE_KIND[e.kind] || "edge"}`;
      if (e.kind === AG.EDGE_TRACK || e.kind === AG.EDGE_SHORTCUT) {
        const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
        el("path", { class: cls, d: `M${this.px(a.x).toFixed(1)} ${this.py(a.y).toFixed(1)} L${this.px(mx).toFixed(1)} ${this.py(my).toFixed(1)} L${this.px(b.x).toFixed(1)} ${this.py(b.y).toFixed(1)}` }, g);
      } else {
        this.line(g, cls, a.x, a.y, b.x, b.y);
      }
    }
  }

  // One <g class="node"> per node: a focusable button holding the node's
  // mark (dot, goal square or box), its name and, later, its pieces.
  drawNodes() {
    const game = this.game, s = this.scale;
    this.radius = s * (game.width <= 6 ? 0.22 : 0.42);
    const layer = el("g", { class: "nodes" }, this.svg);
    this.nodeEls = [];
    // Touch targets as large as the spacing of the points allows (a finger on
    // a phone is wider than a drawn dot).
    let spacing = Infinity;
    const pts = game.nodes.filter((n) => n.kind === AG.NODE_POINT || n.kind === AG.NODE_GOAL);
    for (const a of pts) for (const b of pts) if (a !== b) spacing = Math.min(spacing, Math.hypot(a.x - b.x, a.y - b.y));
    const hitR = Math.max(this.radius * 1.15, 14, Number.isFinite(spacing) ? 0.45 * spacing * s : 0);
    for (const n of game.nodes) {
      const kind = NODE_KIND[n.kind] || "node";
      const g = el("g", { class: `node ${kind}`, "data-name": n.name, "data-index": String(n.index),
                          role: "button", tabindex: "-1" }, layer);
      const cx = this.px(n.x), cy = this.py(n.y);
      const info = { g, cx, cy, kind, r: this.radius };
      // A large transparent target, so that a finger on a phone hits the node.
      el("circle", { class: "hit", cx, cy, r: hitR }, g);
      if (n.kind === AG.NODE_RESERVE || n.kind === AG.NODE_PRISON) {
        const bw = Math.max(1.8 * s, 6.0 * (n.name.length + kind.length + 3) + 8);
        const bh = Math.max(1.3 * s, 40);
        el("rect", { class: "box", x: cx - bw / 2, y: cy - bh / 2, width: bw, height: bh, rx: "4" }, g);
        const t = el("text", { class: "boxlabel", x: cx, y: cy - bh / 2 + 11 }, g);
        t.textContent = `${n.name} (${kind})`;
        info.cy = cy + 5;
        info.r = Math.min(this.radius, 13);
        info.box = [cx - bw / 2, cy - bh / 2, bw, bh];
      } else if (n.kind === AG.NODE_GOAL) {
        info.goal = el("rect", { class: "goal", x: cx - this.radius * 1.2, y: cy - this.radius * 1.2,
                                 width: 2.4 * this.radius, height: 2.4 * this.radius }, g);
      } else {
        el("circle", { class: "point", cx, cy, r: Math.max(2.5, s * 0.08) }, g);
      }
      if (n.kind === AG.NODE_POINT || n.kind === AG.NODE_GOAL) {
        const t = el("text", { class: "label", x: cx + 5, y: cy + this.radius * 1.2 + 11, "aria-hidden": "true" }, g);
        t.textContent = n.name;
      }
      info.pieces = el("g", { class: "pieces" }, g);
      g.addEventListener("click", (ev) => { ev.preventDefault(); this.onNode(n.index); });
      g.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); this.onNode(n.index); }
        else this.arrowKey(ev, n.index);
      });
      this.nodeEls.push(info);
    }
  }

  // Arrow keys move the focus to the nearest node in that direction.
  arrowKey(ev, from) {
    const dirs = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] };
    const d = dirs[ev.key];
    if (!d) return;
    ev.preventDefault();
    const a = this.game.nodes[from];
    let best = -1, bestScore = Infinity;
    for (const b of this.game.nodes) {
      const dx = b.x - a.x, dy = b.y - a.y, along = dx * d[0] + dy * d[1];
      if (along <= 0) continue;
      const score = along + 2.5 * Math.abs(dx * d[1] - dy * d[0]);
      if (score < bestScore) { bestScore = score; best = b.index; }
    }
    if (best >= 0) this.focusNode(best);
  }

  focusNode(i) {
    for (const e of this.nodeEls) e.g.setAttribute("tabindex", "-1");
    const e = this.nodeEls[i];
    e.g.setAttribute("tabindex", "0");
    e.g.focus();
  }

  // Draws the pieces of a state; marks = {selected, origins:Set, targets:Set,
  // last:{from,to}|null}.  Each node's aria-label says what stands there.
  update(state, marks = {}) {
    const game = this.game;
    let focusable = false;
    for (const info of this.nodeEls) {
      const i = this.nodeEls.indexOf(info);
      const n = game.nodes[i];
      const groups = state.pieces(i);
      const p = info.pieces;
      while (p.firstChild) p.removeChild(p.firstChild);
      const r = info.r;
      groups.forEach((grp, k) => {
        const x = info.cx + (k - (groups.length - 1) / 2) * r * 1.9;
        const letter = PIECE_LETTER[grp.kind] || "";
        const label = grp.count > 1 ? `${letter}${grp.count}` : letter;
        const pg = el("g", { class: "piece", "data-owner": String(grp.owner), "data-kind": String(grp.kind),
                             "data-count": String(grp.count) }, p);
        el("circle", { class: `p${grp.owner ? 1 : 0} kind${grp.kind}`, cx: x, cy: info.cy, r }, pg);
        if (label) {
          const t = el("text", { class: `p${grp.owner ? 1 : 0}`, x, y: info.cy + r * 0.38,
                                 "font-size": r * (label.length > 2 ? 0.8 : 1.05) }, pg);
          t.textContent = label;
        }
      });
      if (info.goal) {
        const half = r * (1.2 + 0.95 * (groups.length > 1 ? groups.length - 1 : 0));
        info.goal.setAttribute("x", (info.cx - half).toFixed(1));
        info.goal.setAttribute("width", (2 * half).toFixed(1));
      }
      const what = groups.length ? groups.map((grp) => pieceWords(game, grp)).join(", ") : "empty";
      const cls = [];
      let extra = "";
      if (marks.selected === i) { cls.push("selected"); extra = ", selected"; }
      else if (marks.targets && marks.targets.has(i)) { cls.push("target"); extra = ", a legal destination"; }
      else if (marks.origins && marks.origins.has(i)) { cls.push("origin"); extra = ", can move"; }
      if (marks.last && (marks.last.from === i || marks.last.to === i)) cls.push("last");
      info.g.setAttribute("class", `node ${info.kind} ${cls.join(" ")}`.trim());
      info.g.setAttribute("aria-label", `${n.name}: ${what}${extra}`);
      if (info.g.getAttribute("tabindex") === "0") focusable = true;
    }
    if (!focusable && this.nodeEls.length) this.nodeEls[0].g.setAttribute("tabindex", "0");
    this.drawLast(marks.last);
  }

  // The last move: a red arrow from its origin to its destination.
  drawLast(last) {
    const layer = this.lastLayer;
    while (layer.firstChild) layer.removeChild(layer.firstChild);
    if (!last || last.from < 0 || last.to < 0 || last.from === last.to) return;
    const a = this.nodeEls[last.from], b = this.nodeEls[last.to];
    el("line", { class: "lastline", x1: a.cx, y1: a.cy, x2: b.cx, y2: b.cy, "marker-end": "url(#lastarrow)" }, layer);
  }
}
