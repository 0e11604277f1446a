/* SPDX-License-Identifier: MIT */
/*
 * ag-svg -- draws a game's board and pieces as SVG.
 *
 *   ag-svg SPEC [--position TEXT] [-o FILE]
 *   ag-svg -h|--help, ag-svg --version
 *
 * Uses only the public geometry API: ag_game_extent(), ag_game_node(),
 * ag_game_node_name(), ag_game_node_find(), ag_game_edge() and
 * ag_state_piece().  Board points
 * are dots, goals are squares, reserves and prisons are labelled boxes; each
 * node is one element of class "node" (data-name = its name).  Edges are drawn
 * by kind: lines and diagonals solid, the circuit with arrows, shortcuts
 * dashed, slides as the thick strokes of the TLV marks, jumps dotted.  For
 * the liubo boards the remaining TLV decoration (frame, central square,
 * T bars, V marks, L uprights) is derived from the named nodes' coordinates.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>
#include "cli.h"

/* The drawing: output, game, scale (pixels per unit) and margins. */
typedef struct svg {
  FILE *f;
  const ag_game *g;
  const ag_state *st;
  int width, height;      /* ag_game_extent() */
  double scale, margin, top;
} svg;

static double dmax(double a, double b) { return a > b ? a : b; }
static double dmin(double a, double b) { return a < b ? a : b; }
static double px(const svg *v, double x) { return v->margin + x * v->scale; }
static double py(const svg *v, double y) { return v->top + (v->height - y) * v->scale; }

/* Writes s with the five XML special characters escaped. */
static void put_escaped(FILE *f, const char *s)
{
  for (; *s; s++) {
    switch (*s) {
    case '&': fputs("&amp;", f); break;
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '"': fputs("&quot;", f); break;
    case '\'': fputs("&apos;", f); break;
    default: fputc(*s, f);
    }
  }
}

static const char *node_kind_name(int kind)
{
  switch (kind) {
  case AG_NODE_POINT: return "point";
  case AG_NODE_RESERVE: return "reserve";
  case AG_NODE_PRISON: return "prison";
  case AG_NODE_GOAL: return "goal";
  default: return "node";
  }
}

static const char *edge_kind_name(int kind)
{
  static const char *const names[] = {"edge", "line", "diagonal", "track", "shortcut", "slide", "jump"};
  return kind >= 1 && kind <= 6 ? names[kind] : names[0];
}

/* Coordinates of a node by name, 1 when it exists. */
static int node_at(const svg *v, const char *name, double *x, double *y)
{
  int node, ix, iy;
  if (ag_game_node_find(v->g, name, &node) != AG_OK) return 0;
  ag_game_node(v->g, node, &ix, &iy, NULL);
  *x = ix, *y = iy;
  return 1;
}

/* A line between two board coordinates with the given class. */
static void line(const svg *v, const char *cls, double x1, double y1, double x2, double y2)
{
  fprintf(v->f, "<line class=\"%s\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"/>\n", cls,
          px(v, x1), py(v, y1), px(v, x2), py(v, y2));
}

/* The box of board points (POINT and GOAL nodes) in board units. */
static void point_box(const svg *v, double *x0, double *y0, double *x1, double *y1)
{
  int i, n = ag_game_num_nodes(v->g), x, y, kind, first = 1;
  *x0 = *y0 = *x1 = *y1 = 0;
  for (i = 0; i < n; i++) {
    ag_game_node(v->g, i, &x, &y, &kind);
    if (kind != AG_NODE_POINT && kind != AG_NODE_GOAL) continue;
    if (first || x < *x0) *x0 = x;
    if (first || y < *y0) *y0 = y;
    if (first || x > *x1) *x1 = x;
    if (first || y > *y1) *y1 = y;
    first = 0;
  }
}

/* ------------------------------------------------------------ decoration */

/* liubo_sticks: frame on the ring, central square around X, T bars through
 * A, D (vertical) and R, U (horizontal), a V in each corner facing the square. */
static void decorate_sticks(const svg *v)
{
  double x0, y0, x1, y1, cx, cy, x, y;
  int i;
  static const char *const vbars[] = {"A", "D"}, *const hbars[] = {"R", "U"};
  point_box(v, &x0, &y0, &x1, &y1);
  fprintf(v->f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
          px(v, x0 - 0.5), py(v, y1 + 0.5), (x1 - x0 + 1) * v->scale, (y1 - y0 + 1) * v->scale);
  if (!node_at(v, "X", &cx, &cy)) return;
  fprintf(v->f, "<rect class=\"mark\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
          px(v, cx - 2), py(v, cy + 2), 4 * v->scale, 4 * v->scale);
  for (i = 0; i < 2; i++) {
    if (node_at(v, vbars[i], &x, &y)) line(v, "mark", x, y - 1, x, y + 1);
    if (node_at(v, hbars[i], &x, &y)) line(v, "mark", x - 1, y, x + 1, y);
  }
  for (i = 0; i < 4; i++) {            /* V marks: apex toward the square's corner */
    double sxn = i & 1 ? 1 : -1, syn = i & 2 ? 1 : -1;
    double ax = cx + sxn * 3.5, ay = cy + syn * 3.5;
    line(v, "mark", ax, ay, ax + sxn * 1.5, ay);
    line(v, "mark", ax, ay, ax, ay + syn * 1.5);
  }
}

/* liubo_fingers: the slide edges already draw the T, L and square strokes;
 * add the frame, the V arms from each V_* apex to the board edges and the
 * L uprights from each Lb_* bend to the nearest edge. */
static void decorate_fingers(const svg *v)
{
  int i, n = ag_game_num_nodes(v->g), x, y;
  double w = v->width, h = v->height;
  fprintf(v->f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
          px(v, 0), py(v, h), w * v->scale, h * v->scale);
  for (i = 0; i < n; i++) {
    const char *name = ag_game_node_name(v->g, i);
    ag_game_node(v->g, i, &x, &y, NULL);
    if (strncmp(name, "V_", 2) == 0) {
      double sxn = x > w / 2 ? 1 : -1, syn = y > h / 2 ? 1 : -1;
      double ex = sxn > 0 ? w : 0, ey = syn > 0 ? h : 0;
      line(v, "mark", x, y, x + sxn, ey);
      line(v, "mark", x, y, ex, y + syn);
    } else if (strncmp(name, "Lb_", 3) == 0) {
      double d[4] = {x, w - x, y, h - y};
      int k, best = 0;
      for (k = 1; k < 4; k++)
        if (d[k] < d[best]) best = k;
      if (best < 2) line(v, "mark", x, y, best ? w : 0, y);
      else line(v, "mark", x, y, x, best == 3 ? h : 0);
    }
  }
}

/* The hare hunt, the fox and the hens: nothing beyond the alquerque lines but
 * a frame.  (The library's marks, ag_game_mark, give the cross's outline;
 * this program, the Python binding and the web page draw the same picture,
 * and move to the marks together.) */
static void decorate_plain(const svg *v)
{
  double x0, y0, x1, y1;
  point_box(v, &x0, &y0, &x1, &y1);
  fprintf(v->f, "<rect class=\"frame\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>\n",
          px(v, x0 - 0.4), py(v, y1 + 0.4), (x1 - x0 + 0.8) * v->scale, (y1 - y0 + 0.8) * v->scale);
}

/* ------------------------------------------------------------ the board */

static void draw_edges(const svg *v)
{
  int i, n = ag_game_num_edges(v->g), a, b, kind, ax, ay, bx, by;
  fputs("<g class=\"edges\">\n", v->f);
  for (i = 0; i < n; i++) {
    char cls[32];
    ag_game_edge(v->g, i, &a, &b, &kind);
    ag_game_node(v->g, a, &ax, &ay, NULL);
    ag_game_node(v->g, b, &bx, &by, NULL);
    snprintf(cls, sizeof cls, "edge %s", edge_kind_name(kind));
    if (kind == AG_EDGE_TRACK || kind == AG_EDGE_SHORTCUT) {
      /* Directed: a path with an arrow at its middle point. */
      double mx = (ax + bx) / 2.0, my = (ay + by) / 2.0;
      fprintf(v->f, "<path class=\"%s\" d=\"M%.1f %.1f L%.1f %.1f L%.1f %.1f\"/>\n", cls,
              px(v, ax), py(v, ay), px(v, mx), py(v, my), px(v, bx), py(v, by));
    } else {
      line(v, cls, ax, ay, bx, by);
    }
  }
  fputs("</g>\n", v->f);
}

/* Fill and text colours of a piece of `owner`. */
static const char *piece_class(int owner) { return owner == 0 ? "p0" : "p1"; }

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
    char label[16], initial[2];
    ag_state_piece(v->st, node, k, &owner, &kind, &count);
    if (count > 1) snprintf(label, sizeof label, "%s%d", piece_letter(v->g, owner, kind, initial), count);
    else snprintf(label, sizeof label, "%s", piece_letter(v->g, owner, kind, initial));
    fprintf(v->f, "<g class=\"piece\" data-owner=\"%d\" data-kind=\"%d\" data-count=\"%d\">"
            "<circle class=\"%s kind%d\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>",
            owner, kind, count, piece_class(owner), kind, x, cy, r);
    if (*label)
      fprintf(v->f, "<text class=\"%s\" x=\"%.1f\" y=\"%.1f\" font-size=\"%.1f\">%s</text>",
              piece_class(owner), x, cy + r * 0.38, r * (strlen(label) > 2 ? 0.8 : 1.05), label);
    fputs("</g>\n", v->f);
  }
}

/* Every node (one element of class "node" each) with its pieces. */
static void draw_nodes(const svg *v)
{
  int i, n = ag_game_num_nodes(v->g), x, y, kind;
  double s = v->scale, r = s * (v->width <= 6 ? 0.22 : 0.42);
  fputs("<g class=\"nodes\">\n", v->f);
  for (i = 0; i < n; i++) {
    const char *name = ag_game_node_name(v->g, i);
    double cx, cy;
    ag_game_node(v->g, i, &x, &y, &kind);
    cx = px(v, x), cy = py(v, y);
    fprintf(v->f, "<g class=\"node %s\" data-name=\"", node_kind_name(kind));
    put_escaped(v->f, name);
    fprintf(v->f, "\" data-index=\"%d\">", i);
    if (kind == AG_NODE_RESERVE || kind == AG_NODE_PRISON) {
      double bw = dmax(1.8 * s, 6.0 * (double)(strlen(name) + strlen(node_kind_name(kind)) + 3) + 8);
      double bh = dmax(1.3 * s, 40);
      fprintf(v->f, "<rect class=\"box\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" rx=\"4\"/>"
              "<text class=\"boxlabel\" x=\"%.1f\" y=\"%.1f\">", cx - bw / 2, cy - bh / 2, bw, bh,
              cx, cy - bh / 2 + 11);
      put_escaped(v->f, name);
      fprintf(v->f, " (%s)</text>", node_kind_name(kind));
      cy += 5;
    } else if (kind == AG_NODE_GOAL) {
      double half = r * (1.2 + 0.95 * (count_groups(v, i) > 1 ? count_groups(v, i) - 1 : 0));
      fprintf(v->f, "<rect class=\"goal\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\"/>",
              cx - half, cy - r * 1.2, 2 * half, r * 2.4);
    } else {
      fprintf(v->f, "<circle class=\"point\" cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\"/>", cx, cy,
              dmax(2.5, s * 0.08));
    }
    if (kind == AG_NODE_POINT || kind == AG_NODE_GOAL) {
      fprintf(v->f, "<text class=\"label\" x=\"%.1f\" y=\"%.1f\">", cx + 5, cy + r * 1.2 + 11);
      put_escaped(v->f, name);
      fputs("</text>", v->f);
    }
    fputs("</g>\n", v->f);
    draw_pieces(v, i, cx, cy, kind == AG_NODE_RESERVE || kind == AG_NODE_PRISON ? dmin(r, 13) : r);
  }
  fputs("</g>\n", v->f);
}

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

/* The whole document. */
static void draw(svg *v, const char *position)
{
  double w = dmax(v->width * v->scale + 2 * v->margin, 6.7 * (double)strlen(position) + 20);
  double h = v->height * v->scale + 2 * v->top + 16;
  const char *name = ag_game_name(v->g);
  int p;
  v->margin = (w - v->width * v->scale) / 2;      /* centre the board under a long caption */
  fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", v->f);
  fprintf(v->f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
          "viewBox=\"0 0 %.0f %.0f\">\n<title>", w, h, w, h);
  put_escaped(v->f, ag_game_spec(v->g));
  fputs("</title>\n", v->f);
  fputs("<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" markerWidth=\"7\" "
        "markerHeight=\"7\" orient=\"auto\"><path d=\"M0 1 L10 5 L0 9 z\" fill=\"#1f4e79\"/>"
        "</marker></defs>\n", v->f);
  fputs(style, v->f);
  fprintf(v->f, "<rect class=\"background\" x=\"0\" y=\"0\" width=\"%.0f\" height=\"%.0f\"/>\n", w, h);
  fputs("<text class=\"title\" x=\"10\" y=\"20\">", v->f);
  put_escaped(v->f, name);
  fputs(": ", v->f);
  for (p = 0; p < ag_game_num_players(v->g); p++) {
    fprintf(v->f, "%s%s (%s)", p ? ", " : "", ag_game_player_name(v->g, p), p ? "dark" : "light");
  }
  fputs("</text>\n<g class=\"board\">\n", v->f);
  if (strcmp(name, "liubo_sticks") == 0) decorate_sticks(v);
  else if (strcmp(name, "liubo_fingers") == 0) decorate_fingers(v);
  else decorate_plain(v);
  fputs("</g>\n", v->f);
  draw_edges(v);
  draw_nodes(v);
  fprintf(v->f, "<text class=\"caption\" x=\"10\" y=\"%.0f\">", h - 12);
  put_escaped(v->f, position);
  fputs("</text>\n</svg>\n", v->f);
}

static const cli_prog prog = {
  "ag-svg",
  "usage: ag-svg SPEC [--position TEXT] [-o FILE]\n"
  "       ag-svg -h|--help | --version\n"
  "Draws the game's board and pieces as SVG.\n"
  "  -p, --position TEXT  draw this position instead of the initial one\n"
  "  -o, --output FILE    write to FILE instead of standard output\n"
  "  -h, --help           this text;   --version  program and library versions\n"
  "Exit status: 0 done, 1 bad spec or position or unwritable file, 2 bad usage.\n",
  NULL};

int main(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"position", required_argument, NULL, 'p'}, {"output", required_argument, NULL, 'o'},
    CLI_STD_OPTIONS, {NULL, 0, NULL, 0}};
  ag_game *g = NULL;
  ag_state *st = NULL;
  const char *position = NULL, *out = NULL;
  char *text = NULL;
  int status = 1;
  size_t cap;
  svg v;
  int c, largest;
  while ((c = cli_getopt(&prog, argc, argv, "p:o:", longopts)) != -1) {
    if (c == 'p') position = optarg;
    else if (c == 'o') out = optarg;
  }
  if (argc - optind != 1)
    cli_usage_error(&prog, "expected one SPEC, got %d argument%s", argc - optind,
                    argc - optind == 1 ? "" : "s");
  /* Every exit below frees what it made: valgrind runs the error paths too. */
  if (ag_game_new(argv[optind], &g) != AG_OK) { fprintf(stderr, "ag-svg: %s\n", ag_errmsg()); return 1; }
  if (ag_state_new(g, &st) != AG_OK || (position && ag_state_set_text(st, position) != AG_OK)) {
    fprintf(stderr, "ag-svg: %s\n", ag_errmsg());
    goto fail;
  }
  cap = ag_game_limit(g, AG_LIMIT_POSITION_TEXT);
  text = malloc(cap ? cap : 1);
  if (!text || ag_state_to_text(st, text, cap, NULL) != AG_OK) {
    fprintf(stderr, "ag-svg: cannot write the position text\n");
    goto fail;
  }
  memset(&v, 0, sizeof v);
  v.g = g, v.st = st;
  ag_game_extent(g, &v.width, &v.height);
  largest = v.width > v.height ? v.width : v.height;
  v.scale = largest <= 6 ? 100 : largest <= 16 ? 44 : 26;
  v.margin = 40 + 0.6 * v.scale;
  v.top = 36 + 0.6 * v.scale;
  v.f = out ? fopen(out, "w") : stdout;
  if (!v.f) { fprintf(stderr, "ag-svg: %s: %s\n", out, strerror(errno)); goto fail; }
  draw(&v, text);
  if ((out && fclose(v.f) != 0) || (!out && fflush(stdout) != 0)) {
    fprintf(stderr, "ag-svg: %s: %s\n", out ? out : "standard output", strerror(errno));
    goto fail;
  }
  status = 0;
fail:
  free(text);
  ag_state_free(st);
  ag_game_free(g);
  return status;
}
