/* SPDX-License-Identifier: MIT */
/*
 * svg.c -- ag_state_svg(): the board and pieces as an SVG document, drawn
 * from the geometry alone (marks, edges, nodes, pieces), so that no client
 * needs to know a board.  ag-svg(1), Python's State.svg() and the README's
 * pictures (doc/GAME.svg, tests/check-svg.sh) are this one drawing.
 *
 * Numbers are printed with printf's %.1f or %.0f and the decimal separator
 * forced to '.', so the document is the same in every locale.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

/* The drawing: output, state, extent, scale (pixels per unit) and margins. */
typedef struct svg {
  ag__buf *b;
  const ag_game *g;
  const ag_state *st;
  int width, height;
  double scale, margin, top;
} svg;

static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }
static double px(const svg *v, double x) { return v->margin + x * v->scale; }
static double py(const svg *v, double y) { return v->top + (v->height - y) * v->scale; }

/* v as printf's "%.1f" in the C locale: the digits printf gives, with
 * whatever decimal separator the locale uses made '.'. */
static void num(ag__buf *b, double v)
{
  char t[64];
  int n = snprintf(t, sizeof t, "%.1f", v), i = 0;
  if (n <= 0 || n >= (int)sizeof t) return;
  while (t[i] == '-' || (t[i] >= '0' && t[i] <= '9')) ag__putc(b, t[i++]);
  ag__putc(b, '.');
  ag__putc(b, t[n - 1]);
}

/* ` name="v"' with v to one decimal. */
static void attr(ag__buf *b, const char *name, double v)
{
  ag__printf(b, " %s=\"", name);
  num(b, v);
  ag__putc(b, '"');
}

/* Writes s with the five XML special characters escaped. */
static void put_escaped(ag__buf *b, const char *s)
{
  for (; *s; s++) {
    switch (*s) {
    case '&': ag__puts(b, "&amp;"); break;
    case '<': ag__puts(b, "&lt;"); break;
    case '>': ag__puts(b, "&gt;"); break;
    case '"': ag__puts(b, "&quot;"); break;
    case '\'': ag__puts(b, "&apos;"); break;
    default: ag__putc(b, *s);
    }
  }
}

static const char *node_class(int kind)
{
  const char *name = ag_node_kind_name(kind);
  return name ? name : "node";
}

/* A line between two board coordinates with the given class. */
static void line(const svg *v, const char *cls, double x1, double y1, double x2, double y2)
{
  ag__printf(v->b, "<line class=\"%s\"", cls);
  attr(v->b, "x1", px(v, x1));
  attr(v->b, "y1", py(v, y1));
  attr(v->b, "x2", px(v, x2));
  attr(v->b, "y2", py(v, y2));
  ag__puts(v->b, "/>\n");
}

/* x, y, width and height attributes of a box in pixels. */
static void box(ag__buf *b, double x, double y, double w, double h)
{
  attr(b, "x", x);
  attr(b, "y", y);
  attr(b, "width", w);
  attr(b, "height", h);
}

/* ------------------------------------------------------------ the board */

/* The marks: the frame as class "frame", every other kind as "mark". */
static void draw_marks(const svg *v)
{
  int i, k, n = ag_game_num_marks(v->g);
  for (i = 0; i < n; i++) {
    ag_mark m = AG_MARK_INIT;
    const char *cls;
    ag_game_mark(v->g, i, &m);
    cls = m.kind == AG_MARK_FRAME ? "frame" : "mark";
    switch (m.shape) {
    case AG_SHAPE_SEGMENT:
      line(v, cls, m.x0, m.y0, m.x1, m.y1);
      break;
    case AG_SHAPE_RECT:
      ag__printf(v->b, "<rect class=\"%s\"", cls);
      box(v->b, px(v, m.x0), py(v, m.y1), (m.x1 - m.x0) * v->scale, (m.y1 - m.y0) * v->scale);
      ag__puts(v->b, "/>\n");
      break;
    case AG_SHAPE_CIRCLE:
      ag__printf(v->b, "<circle class=\"%s\"", cls);
      attr(v->b, "cx", px(v, m.x0));
      attr(v->b, "cy", py(v, m.y0));
      attr(v->b, "r", m.r * v->scale);
      ag__puts(v->b, "/>\n");
      break;
    case AG_SHAPE_POLYGON:
      ag__printf(v->b, "<polygon class=\"%s\" points=\"", cls);
      for (k = 0; k < m.num_points; k++) {
        if (k) ag__putc(v->b, ' ');
        num(v->b, px(v, m.points[2 * k]));
        ag__putc(v->b, ',');
        num(v->b, py(v, m.points[2 * k + 1]));
      }
      ag__puts(v->b, "\"/>\n");
      break;
    case AG_SHAPE_LABEL:
      ag__puts(v->b, "<text class=\"label\" text-anchor=\"middle\"");
      attr(v->b, "x", px(v, m.x0));
      attr(v->b, "y", py(v, m.y0));
      ag__putc(v->b, '>');
      put_escaped(v->b, m.text ? m.text : "");
      ag__puts(v->b, "</text>\n");
      break;
    default:   /* a shape of a later release: skipped, as the header asks */
      break;
    }
  }
}

static void draw_edges(const svg *v)
{
  int i, n = ag_game_num_edges(v->g), a, b, kind, ax, ay, bx, by;
  ag__puts(v->b, "<g class=\"edges\">\n");
  for (i = 0; i < n; i++) {
    const char *name;
    char cls[32];
    ag_game_edge(v->g, i, &a, &b, &kind);
    ag_game_node(v->g, a, &ax, &ay, NULL);
    ag_game_node(v->g, b, &bx, &by, NULL);
    name = ag_edge_kind_name(kind);
    snprintf(cls, sizeof cls, "edge %s", name ? name : "edge");
    if (kind == AG_EDGE_TRACK || kind == AG_EDGE_SHORTCUT) {
      /* Directed: a path with an arrow at its middle point. */
      double mx = (ax + bx) / 2.0, my = (ay + by) / 2.0;
      ag__printf(v->b, "<path class=\"%s\" d=\"M", cls);
      num(v->b, px(v, ax)), ag__putc(v->b, ' '), num(v->b, py(v, ay));
      ag__puts(v->b, " L");
      num(v->b, px(v, mx)), ag__putc(v->b, ' '), num(v->b, py(v, my));
      ag__puts(v->b, " L");
      num(v->b, px(v, bx)), ag__putc(v->b, ' '), num(v->b, py(v, by));
      ag__puts(v->b, "\"/>\n");
    } else {
      line(v, cls, ax, ay, bx, by);
    }
  }
  ag__puts(v->b, "</g>\n");
}

/* The hunted piece (the hare, the fox) bears its side's initial, from the
 * game's player name, so that no game's name is needed here. */
static const char *piece_letter(const ag_game *g, int owner, int kind, char *buf)
{
  switch (kind) {
  case AG_PIECE_HARE:
    buf[0] = (char)(ag_game_player_name(g, owner)[0] & ~0x20), buf[1] = '\0';
    return buf;
  case AG_PIECE_OWL: return "O";
  case AG_PIECE_FISH: return "F";
  case AG_PIECE_STICK: return "|";
  default: return "";
  }
}

/* How many groups of pieces are on a node. */
static int count_groups(const svg *v, int node)
{
  int groups = 0;
  while (ag_state_piece(v->st, node, groups, NULL, NULL, NULL) == 1) groups++;
  return groups;
}

/* The groups of pieces on one node, centred at (cx, cy) in pixels. */
static void draw_pieces(const svg *v, int node, double cx, double cy, double r)
{
  int k, owner, kind, count, groups = count_groups(v, node);
  for (k = 0; k < groups; k++) {
    double x = cx + (k - (groups - 1) / 2.0) * r * 1.9;
    const char *cls;
    char label[16], initial[2];
    ag_state_piece(v->st, node, k, &owner, &kind, &count);
    cls = owner == 0 ? "p0" : "p1";
    if (count > 1) snprintf(label, sizeof label, "%s%d", piece_letter(v->g, owner, kind, initial), count);
    else snprintf(label, sizeof label, "%s", piece_letter(v->g, owner, kind, initial));
    ag__printf(v->b, "<g class=\"piece\" data-owner=\"%d\" data-kind=\"%d\" data-count=\"%d\">"
               "<circle class=\"%s kind%d\"", owner, kind, count, cls, kind);
    attr(v->b, "cx", x);
    attr(v->b, "cy", cy);
    attr(v->b, "r", r);
    ag__puts(v->b, "/>");
    if (*label) {
      ag__printf(v->b, "<text class=\"%s\"", cls);
      attr(v->b, "x", x);
      attr(v->b, "y", cy + r * 0.38);
      attr(v->b, "font-size", r * (strlen(label) > 2 ? 0.8 : 1.05));
      ag__printf(v->b, ">%s</text>", label);
    }
    ag__puts(v->b, "</g>\n");
  }
}

/* Whose pieces a reserve or prison holds (ag__box), or -1. */
static int box_owner(const ag_game *g, int node)
{
  int i;
  for (i = 0; i < g->num_boxes; i++)
    if (g->boxes[i].node == node) return g->boxes[i].owner;
  return -1;
}

/* Every node (one element of class "node" each) with its pieces; a box with
 * an owner says whose pieces it holds (data-owner), so that a client can
 * label it ("white's reserve", "held by black") without reading its name. */
static void draw_nodes(const svg *v)
{
  int i, n = ag_game_num_nodes(v->g), x, y, kind, owner;
  double s = v->scale, r = s * (v->width <= 6 ? 0.22 : 0.42);
  ag__puts(v->b, "<g class=\"nodes\">\n");
  for (i = 0; i < n; i++) {
    const char *name = ag_game_node_name(v->g, i);
    double cx, cy;
    ag_game_node(v->g, i, &x, &y, &kind);
    cx = px(v, x), cy = py(v, y);
    ag__printf(v->b, "<g class=\"node %s\" data-name=\"", node_class(kind));
    put_escaped(v->b, name);
    ag__printf(v->b, "\" data-index=\"%d\"", i);
    if ((kind == AG_NODE_RESERVE || kind == AG_NODE_PRISON) && (owner = box_owner(v->g, i)) >= 0)
      ag__printf(v->b, " data-owner=\"%d\"", owner);
    ag__putc(v->b, '>');
    if (kind == AG_NODE_RESERVE || kind == AG_NODE_PRISON) {
      double bw = dmax(1.8 * s, 6.0 * (double)(strlen(name) + strlen(node_class(kind)) + 3) + 8);
      double bh = dmax(1.3 * s, 40);
      ag__puts(v->b, "<rect class=\"box\"");
      box(v->b, cx - bw / 2, cy - bh / 2, bw, bh);
      ag__puts(v->b, " rx=\"4\"/><text class=\"boxlabel\"");
      attr(v->b, "x", cx);
      attr(v->b, "y", cy - bh / 2 + 11);
      ag__putc(v->b, '>');
      put_escaped(v->b, name);
      ag__printf(v->b, " (%s)</text>", node_class(kind));
      cy += 5;
    } else if (kind == AG_NODE_GOAL) {
      int groups = count_groups(v, i);
      double half = r * (1.2 + 0.95 * (groups > 1 ? groups - 1 : 0));
      ag__puts(v->b, "<rect class=\"goal\"");
      box(v->b, cx - half, cy - r * 1.2, 2 * half, r * 2.4);
      ag__puts(v->b, "/>");
    } else {
      ag__puts(v->b, "<circle class=\"point\"");
      attr(v->b, "cx", cx);
      attr(v->b, "cy", cy);
      attr(v->b, "r", dmax(2.5, s * 0.08));
      ag__puts(v->b, "/>");
    }
    if (kind == AG_NODE_POINT || kind == AG_NODE_GOAL) {
      ag__puts(v->b, "<text class=\"label\"");
      attr(v->b, "x", cx + 5);
      attr(v->b, "y", cy + r * 1.2 + 11);
      ag__putc(v->b, '>');
      put_escaped(v->b, name);
      ag__puts(v->b, "</text>");
    }
    ag__puts(v->b, "</g>\n");
    draw_pieces(v, i, cx, cy, kind == AG_NODE_RESERVE || kind == AG_NODE_PRISON ? dmin(r, 13) : r);
  }
  ag__puts(v->b, "</g>\n");
}

/* The one style sheet of the drawings (web/style.css styles the web page's own
 * board, which is interactive and themed). */
static const char style[] =
  "<style>\n"
  "  .background { fill: #f3e6c4; }\n"
  "  .frame { fill: none; stroke: #8a6d3b; stroke-width: 2; }\n"
  "  .mark { fill: none; stroke: #7a2e1a; stroke-width: 3; stroke-linecap: round; opacity: 0.55; }\n"
  "  .edge { fill: none; stroke: #3b3b3b; stroke-width: 2; }\n"
  "  .edge.track { stroke: #1f4e79; marker-mid: url(#arrow); }\n"
  "  .edge.shortcut { stroke: #1f4e79; stroke-dasharray: 7 4; marker-mid: url(#arrow); }\n"
  "  .edge.slide { stroke: #7a2e1a; stroke-width: 4; stroke-linecap: round; }\n"
  "  .edge.jump { stroke: #555; stroke-width: 1.2; stroke-dasharray: 2 3; }\n"
  "  .point { fill: #3b3b3b; }\n"
  "  .goal { fill: #d8c79a; stroke: #7a2e1a; stroke-width: 2; }\n"
  "  .box { fill: #fffaf0; stroke: #8a6d3b; stroke-width: 1.5; }\n"
  "  .label { font: 11px sans-serif; fill: #5a4a2a; paint-order: stroke; stroke: #f3e6c4; stroke-width: 3px; }\n"
  "  .boxlabel { font: 10px sans-serif; fill: #5a4a2a; text-anchor: middle; }\n"
  "  .title { font: bold 13px sans-serif; fill: #222; }\n"
  "  .caption { font: 11px monospace; fill: #444; }\n"
  "  .p0 { fill: #fdfdf8; stroke: #222; stroke-width: 1.5; }\n"
  "  .p1 { fill: #262626; stroke: #000; stroke-width: 1.5; }\n"
  "  text.p0, text.p1 { stroke: none; font-family: sans-serif; font-weight: bold; text-anchor: middle; }\n"
  "  text.p0 { fill: #222; }\n"
  "  text.p1 { fill: #fdfdf8; }\n"
  "  .kind4 { stroke: #c8a000; stroke-width: 3; }\n"
  "</style>\n";

/* The whole document; position is the state's position text. */
static void draw(svg *v, const char *position)
{
  double w = dmax(v->width * v->scale + 2 * v->margin, 6.7 * (double)strlen(position) + 20);
  double h = v->height * v->scale + 2 * v->top + 16;
  int p;
  v->margin = (w - v->width * v->scale) / 2;      /* centre the board under a long caption */
  /* %.0f has no decimal separator: the same in every locale. */
  ag__printf(v->b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" "
             "width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f", w, h, w, h);
  ag__puts(v->b, "\">\n<title>");
  put_escaped(v->b, ag_game_spec(v->g));
  ag__puts(v->b, "</title>\n");
  ag__puts(v->b, "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"7\" "
           "markerHeight=\"7\" orient=\"auto\"><path d=\"M0 1 L10 5 L0 9 z\" fill=\"#1f4e79\"/>"
           "</marker></defs>\n");
  ag__puts(v->b, style);
  ag__printf(v->b, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\"/>\n"
             "<text class=\"title\" x=\"10\" y=\"20\">", w, h);
  put_escaped(v->b, ag_game_name(v->g));
  ag__puts(v->b, ": ");
  for (p = 0; p < ag_game_num_players(v->g); p++) {
    ag__puts(v->b, p ? ", " : "");
    put_escaped(v->b, ag_game_player_name(v->g, p));
    ag__puts(v->b, p ? " (dark)" : " (light)");
  }
  ag__puts(v->b, "</text>\n<g class=\"board\">\n");
  draw_marks(v);
  ag__puts(v->b, "</g>\n");
  draw_edges(v);
  draw_nodes(v);
  ag__printf(v->b, "<text class=\"caption\" x=\"10\" y=\"%.0f\">", h - 12);
  put_escaped(v->b, position);
  ag__puts(v->b, "</text>\n</svg>\n");
}

AG_API int ag_state_svg(const ag_state *st, unsigned flags, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0}, t = {NULL, 0, 0};
  const ag_game *g;
  char *position;
  svg v;
  int rc, largest;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_svg: state is NULL");
  if (flags) return ag__fail(AG_EINVAL, "ag_state_svg: flags 0x%x: no flag is defined (pass 0)", flags);
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  g = st->game;
  /* The caption is the position text, escaped: measured, then written into
   * a buffer of its own. */
  g->vt->write(g, st->pos, &t);
  if (!(position = malloc(t.len + 1)))
    return ag__fail(AG_ENOMEM, "ag_state_svg: no memory for the position text");
  t.p = position, t.cap = t.len + 1, t.len = 0;
  g->vt->write(g, st->pos, &t);
  ag__buf_end(&t);
  memset(&v, 0, sizeof v);
  v.b = &b, v.g = g, v.st = st;
  v.width = g->width, v.height = g->height;
  largest = v.width > v.height ? v.width : v.height;
  v.scale = largest <= 6 ? 100 : largest <= 16 ? 44 : 26;
  v.margin = 40 + 0.6 * v.scale;
  v.top = 36 + 0.6 * v.scale;
  draw(&v, position);
  free(position);
  return ag__finish_text(&b, len);
}
