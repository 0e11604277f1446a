/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers_board.h -- the board of liubo with finger-guessing as data:
 * the TLV reconstruction of ancientgames-liubo-fingers(7), THE BOARD.  Another
 * reading of the board can be dropped in by replacing these tables; the game
 * (liubo_fingers.c) only assumes the node-id layout documented below.
 *
 * Node ids:  0..31  the 32 playing points, id = 8*side + slot, sides CCW
 *                   N=0, W=1, S=2, E=3 (id + 8 mod 32 rotates by 90 degrees);
 *            32     TAIJI, the centre (goal; never a walk node);
 *            33..36 the four round dots (prisons): 33, 34 White's, 35, 36 Black's;
 *            37..52 the 16 perimeter points of the 48-point variant (ancientgames-liubo-fingers(7), The 48-point board),
 *                   id = 37 + 4*side + j.
 */
#ifndef LIUBO_FINGERS_BOARD_H
#define LIUBO_FINGERS_BOARD_H

#define AG__LF_NODES        53   /* all node ids of the largest board */
#define AG__LF_POINTS32     32   /* playing points of the 32-point board */
#define AG__LF_TAIJI        32
#define AG__LF_FIRST_DOT    33
#define AG__LF_FIRST_OUTER  37   /* first id of the 48-point variant's extra points */
#define AG__LF_EDGES32      60
#define AG__LF_EDGES48      40   /* extra edges of the 48-point variant */
#define AG__LF_STEM_EDGES    4   /* entry=exact: the final-step slides M -> TAIJI */
#define AG__LF_MARKS        13   /* the frame, two strokes per V, one per L upright */

/* The shape of a node in the article's terms (S17, S50-S52). */
enum ag__lf_shape {
  AG__LF_CORNER = 1,   /* 角: V apex, L bend, square corner */
  AG__LF_POINT = 2,    /* 點: every other playing point */
  AG__LF_CENTRE = 3,   /* TAIJI */
  AG__LF_DOT = 4       /* a round dot (prison) */
};

/* One node: name (as used in move and position text), shape, AG_NODE_* kind
 * and coordinates in [-12, 12] with the origin at the centre, y north. */
typedef struct ag__lf_node {
  const char *name;
  int shape;
  int kind;
  int x, y;
} ag__lf_node;

/* One directed forward edge; kind is AG_EDGE_SLIDE or AG_EDGE_JUMP. */
typedef struct ag__lf_edge {
  int from, to, kind;
} ag__lf_edge;

extern const ag__lf_node ag__lf_nodes[AG__LF_NODES];
extern const ag__lf_edge ag__lf_edges32[AG__LF_EDGES32];
extern const ag__lf_edge ag__lf_edges48[AG__LF_EDGES48];
extern const ag__lf_edge ag__lf_stem_edges[AG__LF_STEM_EDGES];
/* The marks in the same centred coordinates as the nodes (setup shifts both). */
extern const ag__mark ag__lf_marks[AG__LF_MARKS];

/* Roles: start corners and prison dots per player (White 0, Black 1), the
 * inner eight (S15) from which a count of 1 enters TAIJI. */
extern const int ag__lf_start_corner[2][2];
extern const int ag__lf_prison_dot[2][2];
extern const int ag__lf_inner_eight[8];

#endif
