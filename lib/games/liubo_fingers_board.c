/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers_board.c -- the board of liubo with finger-guessing as data
 * (ancientgames-liubo-fingers(7): THE BOARD, its nodes and edges, and The
 * 48-point board).
 * These are the reconstruction's tables, written out in full so that another
 * reading of the board can replace them; tests check their rotational
 * symmetry (id + 8 mod 32 for the 32 points, + 4 for the 16 outer points).
 */
#include "game.h"
#include "liubo_fingers_board.h"

#define SL AG_EDGE_SLIDE
#define JU AG_EDGE_JUMP

/* THE BOARD and The 48-point board: name, shape, AG_NODE_* kind, x, y. */
const ag__lf_node ag__lf_nodes[AG__LF_NODES] = {
  {"V_NE",  AG__LF_CORNER,  AG_NODE_POINT,    8,   8},  /*  0 */
  {"Lb_N",  AG__LF_CORNER,  AG_NODE_POINT,    3,  10},  /*  1 */
  {"Lf_N",  AG__LF_POINT,   AG_NODE_POINT,   -3,  10},  /*  2 */
  {"Tl_N",  AG__LF_POINT,   AG_NODE_POINT,    3,   7},  /*  3 */
  {"J_N",   AG__LF_POINT,   AG_NODE_POINT,    0,   7},  /*  4 */
  {"Tt_N",  AG__LF_POINT,   AG_NODE_POINT,   -3,   7},  /*  5 */
  {"Q_NE",  AG__LF_CORNER,  AG_NODE_POINT,    4,   4},  /*  6 */
  {"M_N",   AG__LF_POINT,   AG_NODE_POINT,    0,   4},  /*  7 */
  {"V_NW",  AG__LF_CORNER,  AG_NODE_POINT,   -8,   8},  /*  8 */
  {"Lb_W",  AG__LF_CORNER,  AG_NODE_POINT,  -10,   3},  /*  9 */
  {"Lf_W",  AG__LF_POINT,   AG_NODE_POINT,  -10,  -3},  /* 10 */
  {"Tl_W",  AG__LF_POINT,   AG_NODE_POINT,   -7,   3},  /* 11 */
  {"J_W",   AG__LF_POINT,   AG_NODE_POINT,   -7,   0},  /* 12 */
  {"Tt_W",  AG__LF_POINT,   AG_NODE_POINT,   -7,  -3},  /* 13 */
  {"Q_NW",  AG__LF_CORNER,  AG_NODE_POINT,   -4,   4},  /* 14 */
  {"M_W",   AG__LF_POINT,   AG_NODE_POINT,   -4,   0},  /* 15 */
  {"V_SW",  AG__LF_CORNER,  AG_NODE_POINT,   -8,  -8},  /* 16 */
  {"Lb_S",  AG__LF_CORNER,  AG_NODE_POINT,   -3, -10},  /* 17 */
  {"Lf_S",  AG__LF_POINT,   AG_NODE_POINT,    3, -10},  /* 18 */
  {"Tl_S",  AG__LF_POINT,   AG_NODE_POINT,   -3,  -7},  /* 19 */
  {"J_S",   AG__LF_POINT,   AG_NODE_POINT,    0,  -7},  /* 20 */
  {"Tt_S",  AG__LF_POINT,   AG_NODE_POINT,    3,  -7},  /* 21 */
  {"Q_SW",  AG__LF_CORNER,  AG_NODE_POINT,   -4,  -4},  /* 22 */
  {"M_S",   AG__LF_POINT,   AG_NODE_POINT,    0,  -4},  /* 23 */
  {"V_SE",  AG__LF_CORNER,  AG_NODE_POINT,    8,  -8},  /* 24 */
  {"Lb_E",  AG__LF_CORNER,  AG_NODE_POINT,   10,  -3},  /* 25 */
  {"Lf_E",  AG__LF_POINT,   AG_NODE_POINT,   10,   3},  /* 26 */
  {"Tl_E",  AG__LF_POINT,   AG_NODE_POINT,    7,  -3},  /* 27 */
  {"J_E",   AG__LF_POINT,   AG_NODE_POINT,    7,   0},  /* 28 */
  {"Tt_E",  AG__LF_POINT,   AG_NODE_POINT,    7,   3},  /* 29 */
  {"Q_SE",  AG__LF_CORNER,  AG_NODE_POINT,    4,  -4},  /* 30 */
  {"M_E",   AG__LF_POINT,   AG_NODE_POINT,    4,   0},  /* 31 */
  {"TAIJI", AG__LF_CENTRE,  AG_NODE_GOAL,     0,   0},  /* 32 */
  {"D_NE",  AG__LF_DOT,     AG_NODE_PRISON,   6,   6},  /* 33 */
  {"D_NW",  AG__LF_DOT,     AG_NODE_PRISON,  -6,   6},  /* 34 */
  {"D_SW",  AG__LF_DOT,     AG_NODE_PRISON,  -6,  -6},  /* 35 */
  {"D_SE",  AG__LF_DOT,     AG_NODE_PRISON,   6,  -6},  /* 36 */
  {"Va_NE", AG__LF_POINT,   AG_NODE_POINT,   12,   9},  /* 37 */
  {"B_NE",  AG__LF_POINT,   AG_NODE_POINT,   12,  12},  /* 38 */
  {"Vb_NE", AG__LF_POINT,   AG_NODE_POINT,    9,  12},  /* 39 */
  {"Lx_N",  AG__LF_POINT,   AG_NODE_POINT,    3,  12},  /* 40 */
  {"Va_NW", AG__LF_POINT,   AG_NODE_POINT,   -9,  12},  /* 41 */
  {"B_NW",  AG__LF_POINT,   AG_NODE_POINT,  -12,  12},  /* 42 */
  {"Vb_NW", AG__LF_POINT,   AG_NODE_POINT,  -12,   9},  /* 43 */
  {"Lx_W",  AG__LF_POINT,   AG_NODE_POINT,  -12,   3},  /* 44 */
  {"Va_SW", AG__LF_POINT,   AG_NODE_POINT,  -12,  -9},  /* 45 */
  {"B_SW",  AG__LF_POINT,   AG_NODE_POINT,  -12, -12},  /* 46 */
  {"Vb_SW", AG__LF_POINT,   AG_NODE_POINT,   -9, -12},  /* 47 */
  {"Lx_S",  AG__LF_POINT,   AG_NODE_POINT,   -3, -12},  /* 48 */
  {"Va_SE", AG__LF_POINT,   AG_NODE_POINT,    9, -12},  /* 49 */
  {"B_SE",  AG__LF_POINT,   AG_NODE_POINT,   12, -12},  /* 50 */
  {"Vb_SE", AG__LF_POINT,   AG_NODE_POINT,   12,  -9},  /* 51 */
  {"Lx_E",  AG__LF_POINT,   AG_NODE_POINT,   12,  -3},  /* 52 */
};

/* THE BOARD: the 60 directed forward edges, 15 per side in the order of the
 * per-side template (V->Lb J, Lb->Lf S, Lf->Tt J, Lf->V' J, Tl->Lb J,
 * Tl->J S, Tl->M J, J->Lf J, J->Tt S, J->M S, Tt->Q' J, Q->Tl J (S52),
 * Q->M S, M->Tt J, M->Q' S). */
const ag__lf_edge ag__lf_edges32[AG__LF_EDGES32] = {
  { 0,  1, JU}, { 1,  2, SL}, { 2,  5, JU}, { 2,  8, JU}, { 3,  1, JU},
  { 3,  4, SL}, { 3,  7, JU}, { 4,  2, JU}, { 4,  5, SL}, { 4,  7, SL},
  { 5, 14, JU}, { 6,  3, JU}, { 6,  7, SL}, { 7,  5, JU}, { 7, 14, SL},
  { 8,  9, JU}, { 9, 10, SL}, {10, 13, JU}, {10, 16, JU}, {11,  9, JU},
  {11, 12, SL}, {11, 15, JU}, {12, 10, JU}, {12, 13, SL}, {12, 15, SL},
  {13, 22, JU}, {14, 11, JU}, {14, 15, SL}, {15, 13, JU}, {15, 22, SL},
  {16, 17, JU}, {17, 18, SL}, {18, 21, JU}, {18, 24, JU}, {19, 17, JU},
  {19, 20, SL}, {19, 23, JU}, {20, 18, JU}, {20, 21, SL}, {20, 23, SL},
  {21, 30, JU}, {22, 19, JU}, {22, 23, SL}, {23, 21, JU}, {23, 30, SL},
  {24, 25, JU}, {25, 26, SL}, {26, 29, JU}, {26,  0, JU}, {27, 25, JU},
  {27, 28, SL}, {27, 31, JU}, {28, 26, JU}, {28, 29, SL}, {28, 31, SL},
  {29,  6, JU}, {30, 27, JU}, {30, 31, SL}, {31, 29, JU}, {31,  6, SL},
};

/* The 48-point board: the 40 extra edges of the 48-point variant, 10 per side (V->Vb S,
 * Lb->Lx S, Lf->Va' J, Va->V S, Va->B J, Va->Vb J, B->Vb J, Vb->Lb J,
 * Vb->Lx J, Lx->Lf J). */
const ag__lf_edge ag__lf_edges48[AG__LF_EDGES48] = {
  { 0, 39, SL}, { 1, 40, SL}, { 2, 41, JU}, {37,  0, SL}, {37, 38, JU},
  {37, 39, JU}, {38, 39, JU}, {39,  1, JU}, {39, 40, JU}, {40,  2, JU},
  { 8, 43, SL}, { 9, 44, SL}, {10, 45, JU}, {41,  8, SL}, {41, 42, JU},
  {41, 43, JU}, {42, 43, JU}, {43,  9, JU}, {43, 44, JU}, {44, 10, JU},
  {16, 47, SL}, {17, 48, SL}, {18, 49, JU}, {45, 16, SL}, {45, 46, JU},
  {45, 47, JU}, {46, 47, JU}, {47, 17, JU}, {47, 48, JU}, {48, 18, JU},
  {24, 51, SL}, {25, 52, SL}, {26, 37, JU}, {49, 24, SL}, {49, 50, JU},
  {49, 51, JU}, {50, 51, JU}, {51, 25, JU}, {51, 52, JU}, {52, 26, JU},
};

/* Exact entry, option entry=exact: each T stem continues M -> TAIJI, usable
 * only as the final step of a walk. */
const ag__lf_edge ag__lf_stem_edges[AG__LF_STEM_EDGES] = {
  { 7, 32, SL}, {15, 32, SL}, {23, 32, SL}, {31, 32, SL},
};

/* THE BOARD, the TLV pattern: the strokes of the pattern that are not edges (the slides draw the
 * T, the L feet and the square): the frame, each V's two arms from its apex
 * to the board's edge, and each L's upright from its bend to the nearest
 * edge.  The same on both boards: the 48-point variant's perimeter points lie
 * on these strokes. */
#define SEG(node, x0, y0, x1, y1) {AG_MARK_PATTERN, AG_SHAPE_SEGMENT, node, x0, y0, x1, y1, 0, NULL, 0, NULL}
const ag__mark ag__lf_marks[AG__LF_MARKS] = {
  {AG_MARK_FRAME, AG_SHAPE_RECT, -1, -12, -12, 12, 12, 0, NULL, 0, NULL},
  SEG( 0,   8,   8,   9,  12), SEG( 0,   8,   8,  12,   9),  /* V_NE */
  SEG( 1,   3,  10,   3,  12),                              /* Lb_N */
  SEG( 8,  -8,   8,  -9,  12), SEG( 8,  -8,   8, -12,   9),  /* V_NW */
  SEG( 9, -10,   3, -12,   3),                              /* Lb_W */
  SEG(16,  -8,  -8,  -9, -12), SEG(16,  -8,  -8, -12,  -9),  /* V_SW */
  SEG(17,  -3, -10,  -3, -12),                              /* Lb_S */
  SEG(24,   8,  -8,   9, -12), SEG(24,   8,  -8,  12,  -9),  /* V_SE */
  SEG(25,  10,  -3,  12,  -3),                              /* Lb_E */
};
#undef SEG

/* THE BOARD, owners: White (north) starts on V_NE and V_NW and keeps prisoners in
 * D_NE and D_NW; Black (south) on V_SW and V_SE, prisons D_SW and D_SE. */
const int ag__lf_start_corner[2][2] = {{0, 8}, {16, 24}};
const int ag__lf_prison_dot[2][2] = {{33, 34}, {35, 36}};

/* S15: the square's four corners and four mid-sides. */
const int ag__lf_inner_eight[8] = {6, 7, 14, 15, 22, 23, 30, 31};
