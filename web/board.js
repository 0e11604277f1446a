// SPDX-License-Identifier: MIT
// board.js -- the board as SVG from the library's geometry API: the same
// picture as ag_state_svg() draws (same scale, marks, edge and node styles),
// plus what a person needs to play on it: every node is a focusable button
// with a text label, legal origins and targets are highlighted, the last move
// is marked.  It knows no game: the frame and carved pattern are the board's
// marks (ag_game_mark), the rest its edges and nodes; the boxes' owners and
// the pieces' letters come from the library's drawing (drawingFacts).
import { AG, MARK, gameMarks } from "./ag.js";
import { playerWord } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, typeof v === "number" ? v.toFixed(1) : v);
  if (parent) parent.appendChild(e);
  return e;
}

const NODE_KIND = { [AG.NODE_POINT]: "point", [AG.NODE_RESERVE]: "reserve", [AG.NODE_PRISON]: "prison", [AG.NODE_GOAL]: "goal" };
const EDGE_KIND = ["edge", "line", "diagonal", "track", "shortcut", "slide", "jump"];

// The smallest size of the board's labels on the screen, in CSS pixels:
// on a phone the board is drawn small and its labels grow to stay legible.
export const LABEL_MIN_PX = 12.5;
const LABEL_BASE = 11;       // in board units (the desktop size, as ag-svg)

// Words for a group of pieces, e.g. "3 white stones", "the hare".
export function pieceWords(game, group, i18n) {
  const owner = playerWord(i18n, game, group.owner, "owner");
  const n = group.count;
  switch (group.kind) {
  case AG.PIECE_HARE: return i18n.t("piece_hare");
  case AG.PIECE_HUNTER: return i18n.tn("piece_hunters", n);
  case AG.PIECE_OWL: return i18n.t("piece_owl", { owner });
  case AG.PIECE_FISH: return i18n.t("piece_fish", { owner });
  case AG.PIECE_STICK: return i18n.tn("piece_sticks", n, { owner });
  default: return i18n.tn("piece_stones", n, { owner });
  }
}

// What the library's drawing of a state (ag_state_svg) says beyond the
// geometry API: whose pieces each box holds (a node's data-owner) and the
// label each group of pieces bears ("H", "F", "O3", "|2": a piece's letter
// and count), so that this page draws the pieces as the library does and
// knows no game.  {owners: Map node -> player, labels: [[label, ...] per node]}.
export function drawingFacts(state) {
  const doc = new DOMParser().parseFromString(state.svg(), "image/svg+xml");
  const owners = new Map(), labels = [];
  let node = -1;
  // Each node's pieces follow its <g class="node"> in the document.
  for (const e of doc.querySelectorAll("g.node, g.piece")) {
    if (e.getAttribute("class").split(" ")[0] === "node") {
      node = Number(e.getAttribute("data-index"));
      labels[node] = [];
      if (e.hasAttribute("data-owner")) owners.set(node, Number(e.getAttribute("data-owner")));
    } else if (node >= 0) {
      labels[node].push(e.querySelector("text")?.textContent || "");
    }
  }
  return { owners, labels };
}

// A box's label: "Black's reserve", "held by White" (a prison holds the
// pieces of its owner, taken by the other side), or "NAME (reserve)" for a
// box that is nobody's.  owners: drawingFacts().owners.
export function boxLabel(game, node, i18n, owners) {
  const p = owners.has(node.index) ? owners.get(node.index) : -1;
  if (node.kind === AG.NODE_RESERVE)
    return p >= 0 ? i18n.t("reserve_of", { of: playerWord(i18n, game, p, "of") }) : i18n.t("box_reserve", { node: node.name });
  return p >= 0 ? i18n.t("held_by", { by: playerWord(i18n, game, 1 - p, "by"), of: playerWord(i18n, game, 1 - p, "of") })
    : i18n.t("box_prison", { node: node.name });
}

export class Board {
  // svg: the <svg> element to draw into; onNode(index) is called when a node
  // is clicked or activated with Enter/Space.
  constructor(svg, onNode, i18n) {
    this.svg = svg;
    this.onNode = onNode;
    this.i18n = i18n;
    this.game = null;
    this.labelSize = LABEL_BASE;
    // The labels follow the board's size on the screen.
    if (typeof ResizeObserver === "function") new ResizeObserver(() => this.fitLabels()).observe(svg);
  }

  // Lays out a game: decoration, edges and empty nodes (done once per game).
  setGame(game) {
    this.game = game;
    this.state = null;       // the previous game's state may be freed already
    const start = game.newState();
    try { this.owners = drawingFacts(start).owners; } finally { start.free(); }
    this.fitted = false;
    const svg = this.svg;
    while (svg.firstChild) svg.removeChild(svg.firstChild);
    const largest = Math.max(game.width, game.height);
    this.scale = largest <= 6 ? 100 : largest <= 16 ? 44 : 26;
    this.margin = 40 + 0.6 * this.scale;
    this.top = 16 + 0.6 * this.scale;
    const w = game.width * this.scale + 2 * this.margin;
    const h = game.height * this.scale + 2 * this.top;
    this.box = [0, 0, w, h];
    svg.setAttribute("viewBox", `0 0 ${w.toFixed(0)} ${h.toFixed(0)}`);
    svg.setAttribute("class", `board-svg game-${game.name}`);
    const defs = el("defs", {}, svg);
    const marker = el("marker", { id: "arrow", viewBox: "0 0 10 10", refX: "5", refY: "5",
                                   markerWidth: "7", markerHeight: "7", orient: "auto" }, defs);
    el("path", { d: "M0 1 L10 5 L0 9 z", fill: "#1f4e79" }, marker);
    const last = el("marker", { id: "lastarrow", viewBox: "0 0 10 10", refX: "8", refY: "5",
                                 markerWidth: "5", markerHeight: "5", orient: "auto" }, defs);
    el("path", { d: "M0 1 L10 5 L0 9 z", fill: "#c0392b" }, last);
    this.background = el("rect", { class: "background", x: 0, y: 0, width: w, height: h }, svg);
    this.drawMarks(el("g", { class: "board", "aria-hidden": "true" }, svg));
    this.drawEdges();
    this.lastLayer = el("g", { class: "lastmove", "aria-hidden": "true" }, svg);
    this.drawNodes();
    this.fitLabels();
  }

  // The node of player p's reserve (the library's drawing says whose pieces
  // a box holds), or -1: where an entering piece comes from.
  reserveOf(p) {
    const n = this.game.nodes.find((n) => n.kind === AG.NODE_RESERVE && this.owners.get(n.index) === p);
    return n ? n.index : -1;
  }

  px(x) { return this.margin + x * this.scale; }
  py(y) { return this.top + (this.game.height - y) * this.scale; }

  line(parent, cls, x1, y1, x2, y2) {
    el("line", { class: cls, x1: this.px(x1), y1: this.py(y1), x2: this.px(x2), y2: this.py(y2) }, parent);
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

  // The board's marks in their order, as ag_state_svg() draws them: the
  // frame as class "frame", the pattern as "mark".
  drawMarks(g) {
    for (const m of gameMarks(this.game)) {
      const cls = m.kind === MARK.FRAME ? "frame" : "mark";
      switch (m.shape) {
      case MARK.SHAPE_SEGMENT: this.line(g, cls, m.x0, m.y0, m.x1, m.y1); break;
      case MARK.SHAPE_RECT: this.rectBoard(g, cls, m.x0, m.y0, m.x1, m.y1); break;
      case MARK.SHAPE_CIRCLE:
        el("circle", { class: cls, cx: this.px(m.x0), cy: this.py(m.y0), r: m.r * this.scale }, g);
        break;
      case MARK.SHAPE_POLYGON:
        el("polygon", { class: cls, points: m.points.map(([x, y]) => `${this.px(x).toFixed(1)},${this.py(y).toFixed(1)}`).join(" ") }, g);
        break;
      case MARK.SHAPE_LABEL:
        el("text", { class: "label", "text-anchor": "middle", x: this.px(m.x0), y: this.py(m.y0) }, g).textContent = m.text || "";
        break;
      default: break;     // a shape of a later release
      }
    }
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
      const info = { g, cx, cy, kind, r: this.radius, index: n.index };
      // A large transparent target, so that a finger on a phone hits the node.
      el("circle", { class: "hit", cx, cy, r: hitR }, g);
      if (n.kind === AG.NODE_RESERVE || n.kind === AG.NODE_PRISON) {
        // Sized and placed by fitLabels() (the label's size decides).
        info.rect = el("rect", { class: "box", rx: "4" }, g);
        info.boxlabel = el("text", { class: "boxlabel", x: cx }, g);
        info.boxlabel.dataset.text = boxLabel(game, n, this.i18n, this.owners);
        info.r = Math.min(this.radius, 13);
      } else if (n.kind === AG.NODE_GOAL) {
        info.goal = el("rect", { class: "goal", x: cx - this.radius * 1.2, y: cy - this.radius * 1.2,
                                 width: 2.4 * this.radius, height: 2.4 * this.radius }, g);
      } else {
        el("circle", { class: "point", cx, cy, r: Math.max(2.5, s * 0.08) }, g);
      }
      if (n.kind === AG.NODE_POINT || n.kind === AG.NODE_GOAL) {
        info.label = el("text", { class: "label", x: cx + 5, "aria-hidden": "true" }, g);
        info.label.textContent = n.name;
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

  // The labels' size in board units for at least LABEL_MIN_PX on the
  // screen (never below the desktop size), the boxes sized to their labels,
  // and the view widened to hold whatever grew past the board's edge.
  fitLabels() {
    // The view's width depends on the labels' size and back: a few rounds.
    for (let i = 0; i < 4 && this.fitOnce(); i++);
    if (this.state) this.update(this.state, this.marks);
  }

  fitOnce() {
    if (!this.game || !this.nodeEls) return false;
    const shown = this.svg.getBoundingClientRect().width;
    if (!shown) return false;
    const perPx = this.svg.viewBox.baseVal.width / shown;     // board units per CSS px
    const fs = Math.max(LABEL_BASE, LABEL_MIN_PX * perPx);
    if (this.fitted && Math.abs(fs - this.labelSize) < 0.05) return false;
    this.fitted = true;
    this.labelSize = fs;
    const placed = [];
    // Boxes first: the points' names keep clear of them.
    for (const info of this.nodeEls) {
      if (!info.rect) continue;
      this.fitBox(info, fs, fs > 1.2 * LABEL_BASE);
      placed.push([info.box[0], info.box[1], info.box[0] + info.box[2], info.box[1] + info.box[3]]);
    }
    for (const info of this.nodeEls) if (info.label) this.placeLabel(info, fs, placed);
    // The view: the whole drawing (board, labels, boxes) and a small rim.
    let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const e of this.svg.children) {
      if (e === this.background || e.tagName === "defs") continue;
      const b = e.getBBox();
      if (!b.width && !b.height) continue;
      x0 = Math.min(x0, b.x - 8); y0 = Math.min(y0, b.y - 8);
      x1 = Math.max(x1, b.x + b.width + 8); y1 = Math.max(y1, b.y + b.height + 8);
    }
    const vb = [x0, y0, x1 - x0, y1 - y0].map((v) => v.toFixed(1));
    this.svg.setAttribute("viewBox", vb.join(" "));
    for (const [k, v] of Object.entries({ x: vb[0], y: vb[1], width: vb[2], height: vb[3] })) this.background.setAttribute(k, v);
    return true;
  }

  // A point's name: below and right of it at the desktop size (as ag-svg).
  // Grown for a small screen, it takes the first of eight places round its
  // point (outwards from the board's middle first), then of eight a little
  // further out, that touches no other point, no line and no label already
  // placed; when every place touches something, the one that crosses the
  // fewest lines and covers no point or label (a crowded board, the fingers'
  // on a phone, leaves no free place for every name).
  placeLabel(info, fs, placed) {
    const t = info.label, rim = this.radius * 1.2;
    t.setAttribute("font-size", fs.toFixed(1));
    if (fs <= 1.05 * LABEL_BASE) {
      t.removeAttribute("text-anchor");
      t.setAttribute("x", (info.cx + 5).toFixed(1));
      t.setAttribute("y", (info.cy + rim + fs).toFixed(1));
      return;
    }
    const [x0, y0, x1, y1] = this.pointBox();
    const ox = info.cx - this.px((x0 + x1) / 2), oy = info.cy - this.py((y0 + y1) / 2);
    const w = t.getComputedTextLength(), h = fs;
    const dirs = [];
    for (let k = 0; k < 8; k++) dirs.push([Math.cos(k * Math.PI / 4), Math.sin(k * Math.PI / 4)]);
    dirs.sort((a, b) => (b[0] * ox + b[1] * oy) - (a[0] * ox + a[1] * oy) || b[1] - a[1]);
    let best = null;
    for (const gap of [rim, rim + 0.6 * h]) {
      for (const [dx, dy] of dirs) {
        // The box's nearest side or corner at `gap` from the point.
        const cx = info.cx + dx * (gap + w / 2 * Math.abs(dx) + 1), cy = info.cy + dy * (gap + h / 2 * Math.abs(dy) + 1);
        const box = [cx - w / 2 - 2, cy - h / 2 - 1, cx + w / 2 + 2, cy + h / 2 + 1];
        const hits = this.hits(box, info, placed);
        if (!best || hits < best.hits) best = { hits, cx, cy, box };
        if (!hits) break;
      }
      if (!best.hits) break;
    }
    placed.push(best.box);
    t.setAttribute("text-anchor", "middle");
    t.setAttribute("x", best.cx.toFixed(1));
    t.setAttribute("y", (best.cy + 0.35 * fs).toFixed(1));
  }

  // What a box [x0,y0,x1,y1] meets: 1 per line it crosses, 100 per other
  // point, box or placed label it covers (a name over a line stays legible).
  hits(box, info, placed) {
    const inside = (x, y) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
    let n = 0;
    const r = Math.max(2.5, this.scale * 0.08) + 2;
    for (const o of this.nodeEls) {
      if (o === info || o.rect) continue;
      if (o.cx + r > box[0] && o.cx - r < box[2] && o.cy + r > box[1] && o.cy - r < box[3]) n += 100;
    }
    for (const e of this.game.edges) {
      const a = this.nodeEls[e.a], b = this.nodeEls[e.b];
      if (a.rect || b.rect) continue;
      for (let k = 1; k < 16; k++) {
        if (inside(a.cx + (b.cx - a.cx) * k / 16, a.cy + (b.cy - a.cy) * k / 16)) { n++; break; }
      }
    }
    for (const p of placed) if (p[0] < box[2] && box[0] < p[2] && p[1] < box[3] && box[1] < p[3]) n += 100;
    return n;
  }

  // A reserve or prison box: its label (font size fs; on a small screen in
  // two lines, the pieces beside them), its left edge kept clear of the
  // board, growing rightwards.
  fitBox(info, fs, narrow) {
    const t = info.boxlabel, text = t.dataset.text;
    const cy = info.cy0 ?? info.cy;
    info.cy0 = cy;
    info.r = Math.max(Math.min(this.radius, 13), 0.75 * fs);
    t.setAttribute("font-size", fs.toFixed(1));
    // The break that leaves the longer line shortest: at a space (dropped),
    // or before an opening bracket where no space is (Chinese "D_NE（囚点）").
    let cut = -1;
    if (narrow)
      for (let k = 1; k < text.length; k++)
        if ((text[k] === " " || ("(（".includes(text[k]) && text[k - 1] !== " ")) &&
            (cut < 0 || Math.max(k, text.length - k) < Math.max(cut, text.length - cut))) cut = k;
    const lines = cut > 0 ? [text.slice(0, cut), text.slice(text[cut] === " " ? cut + 1 : cut)] : [text];
    t.replaceChildren(...lines.map((line) => {
      const span = document.createElementNS(SVG, "tspan");
      span.textContent = line;
      return span;
    }));
    const widest = Math.max(...[...t.children].map((c) => c.getComputedTextLength()));
    let bw, bh, top;
    if (lines.length > 1) {                   // label left, pieces right
      bw = widest + 2 * info.r + 20;
      bh = Math.max(lines.length * fs * 1.15 + 8, 2 * info.r + 8);
      top = cy - bh / 2;
      info.cy = cy;
    } else {                                  // label above, pieces below
      bw = Math.max(1.8 * this.scale, widest + 12);
      bh = Math.max(1.3 * this.scale, fs + 2 * info.r + 12);
      top = cy - bh / 2;
      info.cy = top + fs + 6 + info.r;
    }
    // A box beside the board keeps its left edge clear of the board and
    // grows rightwards; a box on the board stays centred on its node.
    const [px0, py0, px1, py1] = this.pointBox(), n = this.game.nodes[info.index];
    const beside = n.x > px1 || n.x < px0 || n.y > py1 || n.y < py0;
    const left = beside ? info.cx - 0.9 * this.scale : info.cx - bw / 2;
    if (lines.length > 1) info.pcx = left + bw - info.r - 6;
    else info.pcx = left + bw / 2;
    const tx = lines.length > 1 ? left + 6 + widest / 2 : left + bw / 2;
    [...t.children].forEach((span, k) => {
      span.setAttribute("x", tx.toFixed(1));
      span.setAttribute("y", (top + 4 + fs * (0.95 + 1.15 * k)).toFixed(1));
    });
    for (const [k, v] of Object.entries({ x: left, y: top, width: bw, height: bh })) info.rect.setAttribute(k, v.toFixed(1));
    info.box = [left, top, bw, bh];
  }

  // The texts again, in the page's (new) language.
  relabel() {
    if (!this.game) return;
    for (const info of this.nodeEls)
      if (info.boxlabel) info.boxlabel.dataset.text = boxLabel(this.game, this.game.nodes[info.index], this.i18n, this.owners);
    this.fitted = false;
    this.fitLabels();
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
    this.state = state;
    this.marks = marks;
    let focusable = false;
    const { labels } = drawingFacts(state);
    for (const info of this.nodeEls) {
      const i = this.nodeEls.indexOf(info);
      const n = game.nodes[i];
      const groups = state.pieces(i);
      const p = info.pieces;
      while (p.firstChild) p.removeChild(p.firstChild);
      const r = info.r;
      groups.forEach((grp, k) => {
        const x = (info.pcx ?? info.cx) + (k - (groups.length - 1) / 2) * r * 1.9;
        const label = labels[i][k] || "";
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
      const t = (k) => this.i18n.t(k);
      const what = groups.length ? groups.map((grp) => pieceWords(game, grp, this.i18n)).join(", ") : t("empty");
      const cls = [];
      let extra = "";
      if (marks.selected === i) { cls.push("selected"); extra = t("node_selected"); }
      else if (marks.targets && marks.targets.has(i)) { cls.push("target"); extra = t("node_target"); }
      else if (marks.origins && marks.origins.has(i)) { cls.push("origin"); extra = t("node_origin"); }
      if (marks.last && (marks.last.from === i || marks.last.to === i)) cls.push("last");
      info.g.setAttribute("class", `node ${info.kind} ${cls.join(" ")}`.trim());
      info.g.setAttribute("aria-label", this.i18n.t("node_label", { node: n.name, what: what + extra }));
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
    el("line", { class: "lastline", x1: a.pcx ?? a.cx, y1: a.cy, x2: b.pcx ?? b.cx, y2: b.cy, "marker-end": "url(#lastarrow)" }, layer);
  }
}
