# SPDX-License-Identifier: MIT
"""State.svg(): the picture of examples/ag-svg.c, drawn from the geometry API.

Private module, a line-by-line port of ag-svg's drawing (same elements, same
classes, same coordinates printed with the same formats), so that a test
can compare State.svg() with `ag-svg SPEC --position TEXT' byte for byte.
Change both together.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, List, Tuple

from ._constants import (AG_EDGE_SHORTCUT, AG_EDGE_TRACK, AG_NODE_GOAL, AG_NODE_POINT,
                         AG_NODE_PRISON, AG_NODE_RESERVE, AG_PIECE_FISH, AG_PIECE_HARE,
                         AG_PIECE_OWL, AG_PIECE_STICK)

if TYPE_CHECKING:
    from . import Game, State

_NODE_KIND = {AG_NODE_POINT: "point", AG_NODE_RESERVE: "reserve", AG_NODE_PRISON: "prison",
              AG_NODE_GOAL: "goal"}
_EDGE_KIND = ["edge", "line", "diagonal", "track", "shortcut", "slide", "jump"]
_LETTER = {AG_PIECE_HARE: "H", AG_PIECE_OWL: "O", AG_PIECE_FISH: "F", AG_PIECE_STICK: "|"}

_STYLE = """<style>
  .background { fill: #f3e6c4; }
  .frame { fill: none; stroke: #8a6d3b; stroke-width: 2; }
  .mark { fill: none; stroke: #7a2e1a; stroke-width: 3; stroke-linecap: round; opacity: 0.55; }
  .edge { fill: none; stroke: #3b3b3b; stroke-width: 2; }
  .edge.track { stroke: #1f4e79; marker-mid: url(#arrow); }
  .edge.shortcut { stroke: #1f4e79; stroke-dasharray: 7 4; marker-mid: url(#arrow); }
  .edge.slide { stroke: #7a2e1a; stroke-width: 4; stroke-linecap: round; }
  .edge.jump { stroke: #555; stroke-width: 1.2; stroke-dasharray: 2 3; }
  .point { fill: #3b3b3b; }
  .goal { fill: #d8c79a; stroke: #7a2e1a; stroke-width: 2; }
  .box { fill: #fffaf0; stroke: #8a6d3b; stroke-width: 1.5; }
  .label { font: 11px sans-serif; fill: #5a4a2a; paint-order: stroke; stroke: #f3e6c4; \
stroke-width: 3px; }
  .boxlabel { font: 10px sans-serif; fill: #5a4a2a; text-anchor: middle; }
  .title { font: bold 13px sans-serif; fill: #222; }
  .caption { font: 11px monospace; fill: #444; }
  .p0 { fill: #fdfdf8; stroke: #222; stroke-width: 1.5; }
  .p1 { fill: #262626; stroke: #000; stroke-width: 1.5; }
  text.p0, text.p1 { stroke: none; font-family: sans-serif; font-weight: bold; \
text-anchor: middle; }
  text.p0 { fill: #222; }
  text.p1 { fill: #fdfdf8; }
  .kind4 { stroke: #c8a000; stroke-width: 3; }
</style>
"""


def _esc(s: str) -> str:
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&apos;"))


class _Svg:
    def __init__(self, st: State) -> None:
        self.st = st
        self.g: Game = st.game
        self.width, self.height = self.g.extent
        largest = max(self.width, self.height)
        self.scale = 100.0 if largest <= 6 else 44.0 if largest <= 16 else 26.0
        self.margin = 40 + 0.6 * self.scale
        self.top = 36 + 0.6 * self.scale
        self.out: List[str] = []

    def px(self, x: float) -> float:
        return self.margin + x * self.scale

    def py(self, y: float) -> float:
        return self.top + (self.height - y) * self.scale

    def put(self, s: str) -> None:
        self.out.append(s)

    def node_at(self, name: str) -> Tuple[bool, float, float]:
        for n in self.g.nodes:
            if n.name.lower() == name.lower():
                return True, float(n.x), float(n.y)
        return False, 0.0, 0.0

    def line(self, cls: str, x1: float, y1: float, x2: float, y2: float) -> None:
        self.put('<line class="%s" x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f"/>\n'
                 % (cls, self.px(x1), self.py(y1), self.px(x2), self.py(y2)))

    def point_box(self) -> Tuple[float, float, float, float]:
        pts = [n for n in self.g.nodes if n.kind in (AG_NODE_POINT, AG_NODE_GOAL)]
        if not pts:
            return 0.0, 0.0, 0.0, 0.0
        return (float(min(n.x for n in pts)), float(min(n.y for n in pts)),
                float(max(n.x for n in pts)), float(max(n.y for n in pts)))

    def rect(self, cls: str, x: float, y: float, w: float, h: float) -> None:
        self.put('<rect class="%s" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>\n'
                 % (cls, x, y, w, h))

    # ---------------------------------------------------------- decoration

    def decorate_sticks(self) -> None:
        x0, y0, x1, y1 = self.point_box()
        s = self.scale
        self.rect("frame", self.px(x0 - 0.5), self.py(y1 + 0.5), (x1 - x0 + 1) * s,
                  (y1 - y0 + 1) * s)
        ok, cx, cy = self.node_at("X")
        if not ok:
            return
        self.rect("mark", self.px(cx - 2), self.py(cy + 2), 4 * s, 4 * s)
        for vbar, hbar in (("A", "R"), ("D", "U")):
            ok, x, y = self.node_at(vbar)
            if ok:
                self.line("mark", x, y - 1, x, y + 1)
            ok, x, y = self.node_at(hbar)
            if ok:
                self.line("mark", x - 1, y, x + 1, y)
        for i in range(4):
            sxn, syn = (1.0 if i & 1 else -1.0), (1.0 if i & 2 else -1.0)
            ax, ay = cx + sxn * 3.5, cy + syn * 3.5
            self.line("mark", ax, ay, ax + sxn * 1.5, ay)
            self.line("mark", ax, ay, ax, ay + syn * 1.5)

    def decorate_fingers(self) -> None:
        w, h = float(self.width), float(self.height)
        self.rect("frame", self.px(0), self.py(h), w * self.scale, h * self.scale)
        for n in self.g.nodes:
            x, y = float(n.x), float(n.y)
            if n.name.startswith("V_"):
                sxn, syn = (1.0 if x > w / 2 else -1.0), (1.0 if y > h / 2 else -1.0)
                ex, ey = (w if sxn > 0 else 0.0), (h if syn > 0 else 0.0)
                self.line("mark", x, y, x + sxn, ey)
                self.line("mark", x, y, ex, y + syn)
            elif n.name.startswith("Lb_"):
                d = [x, w - x, y, h - y]
                best = 0
                for k in range(1, 4):
                    if d[k] < d[best]:
                        best = k
                if best < 2:
                    self.line("mark", x, y, w if best else 0.0, y)
                else:
                    self.line("mark", x, y, x, h if best == 3 else 0.0)

    def decorate_plain(self) -> None:
        x0, y0, x1, y1 = self.point_box()
        self.rect("frame", self.px(x0 - 0.4), self.py(y1 + 0.4), (x1 - x0 + 0.8) * self.scale,
                  (y1 - y0 + 0.8) * self.scale)

    # ---------------------------------------------------------- the board

    def draw_edges(self) -> None:
        nodes = self.g.nodes
        self.put('<g class="edges">\n')
        for e in self.g.edges:
            a, b = nodes[e.a], nodes[e.b]
            kind = int(e.kind)
            cls = "edge %s" % (_EDGE_KIND[kind] if 1 <= kind <= 6 else _EDGE_KIND[0])
            if kind in (AG_EDGE_TRACK, AG_EDGE_SHORTCUT):
                mx, my = (a.x + b.x) / 2.0, (a.y + b.y) / 2.0
                self.put('<path class="%s" d="M%.1f %.1f L%.1f %.1f L%.1f %.1f"/>\n'
                         % (cls, self.px(a.x), self.py(a.y), self.px(mx), self.py(my),
                            self.px(b.x), self.py(b.y)))
            else:
                self.line(cls, a.x, a.y, b.x, b.y)
        self.put("</g>\n")

    def draw_pieces(self, node: int, cx: float, cy: float, r: float) -> None:
        groups = self.st.pieces(node)
        for k, piece in enumerate(groups):
            x = cx + (k - (len(groups) - 1) / 2.0) * r * 1.9
            owner, kind, count = piece.owner, int(piece.kind), piece.count
            # The hunted piece (hare, fox) bears its side's initial.
            letter = (self.g.players[owner][0].upper() if kind == AG_PIECE_HARE
                      else _LETTER.get(kind, ""))
            label = "%s%d" % (letter, count) if count > 1 else letter
            cls = "p0" if owner == 0 else "p1"
            self.put('<g class="piece" data-owner="%d" data-kind="%d" data-count="%d">'
                     '<circle class="%s kind%d" cx="%.1f" cy="%.1f" r="%.1f"/>'
                     % (owner, kind, count, cls, kind, x, cy, r))
            if label:
                self.put('<text class="%s" x="%.1f" y="%.1f" font-size="%.1f">%s</text>'
                         % (cls, x, cy + r * 0.38, r * (0.8 if len(label) > 2 else 1.05), label))
            self.put("</g>\n")

    def draw_nodes(self) -> None:
        s = self.scale
        r = s * (0.22 if self.width <= 6 else 0.42)
        self.put('<g class="nodes">\n')
        for n in self.g.nodes:
            kind = int(n.kind)
            kname = _NODE_KIND.get(kind, "node")
            cx, cy = self.px(n.x), self.py(n.y)
            self.put('<g class="node %s" data-name="%s" data-index="%d">'
                     % (kname, _esc(n.name), n.index))
            if kind in (AG_NODE_RESERVE, AG_NODE_PRISON):
                bw = max(1.8 * s, 6.0 * (len(n.name.encode()) + len(kname) + 3) + 8)
                bh = max(1.3 * s, 40.0)
                self.put('<rect class="box" x="%.1f" y="%.1f" width="%.1f" height="%.1f" rx="4"/>'
                         '<text class="boxlabel" x="%.1f" y="%.1f">'
                         % (cx - bw / 2, cy - bh / 2, bw, bh, cx, cy - bh / 2 + 11))
                self.put("%s (%s)</text>" % (_esc(n.name), kname))
                cy += 5
            elif kind == AG_NODE_GOAL:
                groups = len(self.st.pieces(n.index))
                half = r * (1.2 + 0.95 * (groups - 1 if groups > 1 else 0))
                self.put('<rect class="goal" x="%.1f" y="%.1f" width="%.1f" height="%.1f"/>'
                         % (cx - half, cy - r * 1.2, 2 * half, r * 2.4))
            else:
                self.put('<circle class="point" cx="%.1f" cy="%.1f" r="%.1f"/>'
                         % (cx, cy, max(2.5, s * 0.08)))
            if kind in (AG_NODE_POINT, AG_NODE_GOAL):
                self.put('<text class="label" x="%.1f" y="%.1f">%s</text>'
                         % (cx + 5, cy + r * 1.2 + 11, _esc(n.name)))
            self.put("</g>\n")
            self.draw_pieces(n.index, cx, cy,
                             min(r, 13.0) if kind in (AG_NODE_RESERVE, AG_NODE_PRISON) else r)
        self.put("</g>\n")

    def draw(self) -> str:
        g, position = self.g, self.st.to_text()
        w = max(self.width * self.scale + 2 * self.margin, 6.7 * len(position.encode()) + 20)
        h = self.height * self.scale + 2 * self.top + 16
        self.margin = (w - self.width * self.scale) / 2
        self.put('<?xml version="1.0" encoding="UTF-8"?>\n')
        self.put('<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" '
                 'viewBox="0 0 %.0f %.0f">\n<title>' % (w, h, w, h))
        self.put(_esc(g.spec))
        self.put("</title>\n")
        self.put('<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="7" '
                 'markerHeight="7" orient="auto"><path d="M0 1 L10 5 L0 9 z" fill="#1f4e79"/>'
                 '</marker></defs>\n')
        self.put(_STYLE)
        self.put('<rect class="background" x="0" y="0" width="%.0f" height="%.0f"/>\n' % (w, h))
        self.put('<text class="title" x="10" y="20">%s: ' % _esc(g.name))
        self.put(", ".join("%s (%s)" % (name, "dark" if p else "light")
                           for p, name in enumerate(g.players)))
        self.put('</text>\n<g class="board">\n')
        if g.name == "liubo_sticks":
            self.decorate_sticks()
        elif g.name == "liubo_fingers":
            self.decorate_fingers()
        else:
            self.decorate_plain()
        self.put("</g>\n")
        self.draw_edges()
        self.draw_nodes()
        self.put('<text class="caption" x="10" y="%.0f">%s</text>\n</svg>\n'
                 % (h - 12, _esc(position)))
        return "".join(self.out)


def draw(st: State) -> str:
    """The SVG document of st's board and pieces."""
    return _Svg(st).draw()
