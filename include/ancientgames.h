/* SPDX-License-Identifier: MIT */
/*
 * ancientgames.h -- the whole public contract of libancientgames
 * (pkg-config module: liboldgames; link with -lancientgames).
 *
 * Rules engines for four ancient board games: liubo with throwing sticks
 * ("liubo_sticks"), liubo with finger-guessing ("liubo_fingers"), the hare
 * hunt ("hare") and the fox and the hens ("fox_and_hens").  C89/C99/C++ clean.  See ancientgames(7) for the concepts.
 *
 * Copyright (c) 2026 the liboldgames authors.  MIT licence: see LICENSE.
 */
#ifndef ANCIENTGAMES_H
#define ANCIENTGAMES_H
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif

/** @file ancientgames.h
 *  @brief Public API of libancientgames: games, states, moves, text, geometry. */

/* Windows: the DLL exports the API and its users import it; a program
 * linking the static library defines AG_STATIC (pkg-config --static
 * --cflags says so).  libtool defines DLL_EXPORT for the DLL's objects only;
 * AG__BUILDING_LIBRARY is the library's own sources (lib/ag_internal.h). */
#if defined(_WIN32) && (defined(AG_BUILDING_DLL) || (defined(AG__BUILDING_LIBRARY) && defined(DLL_EXPORT)))
#  define AG_API __declspec(dllexport)
#elif defined(_WIN32) && (defined(AG_STATIC) || defined(AG__BUILDING_LIBRARY))
#  define AG_API
#elif defined(_WIN32)
#  define AG_API __declspec(dllimport)
#elif defined(__GNUC__) && __GNUC__ >= 4
#  define AG_API __attribute__((visibility("default")))
#else
#  define AG_API
#endif

/** @defgroup ancientgames_constants Constants
 *  @brief Version, error codes, players, flags and kinds.  Every value is fixed
 *  forever; new constants are only appended.
 *  @{ */

#define AG_VERSION_MAJOR  0   /**< Major version of this header. */
#define AG_VERSION_MINOR  4   /**< Minor version of this header. */
#define AG_VERSION_PATCH  0   /**< Patch version of this header. */
/** The header's version as one number: (major << 16) | (minor << 8) | patch. */
#define AG_VERSION_NUMBER ((AG_VERSION_MAJOR << 16) | (AG_VERSION_MINOR << 8) | AG_VERSION_PATCH)

#define AG_OK          0    /**< Success. */
#define AG_ERROR     (-1)   /**< A file could not be read or written, or an internal failure. */
#define AG_ENOMEM    (-2)   /**< Out of memory. */
#define AG_EINVAL    (-3)   /**< NULL or out-of-range argument. */
#define AG_EBUFS     (-4)   /**< Buffer too small; the size needed was stored. */
#define AG_EPARSE    (-5)   /**< Malformed spec, position or move text. */
#define AG_ENOTFOUND (-6)   /**< Unknown game, option, node or key. */
#define AG_EILLEGAL  (-7)   /**< Move not legal in this state. */
#define AG_EPHASE    (-8)   /**< Wrong node type for this call, or nothing to undo. */
#define AG_EMISMATCH (-9)   /**< States of different games. */
#define AG_ECANCELED (-10)  /**< Stopped by the caller: an ag_control stop flag or callback,
                                 or a progress callback that returned nonzero (0.2). */

#define AG_PLAYER_CHANCE        (-1)  /**< A chance node (stick throw) is to be resolved. */
#define AG_PLAYER_SIMULTANEOUS  (-2)  /**< Both players choose at once (finger round). */
#define AG_PLAYER_NONE          (-3)  /**< No player (e.g. the winner of a draw). */
#define AG_PLAYER_TERMINAL      (-4)  /**< The game is over. */

#define AG_GAME_CHANCE        0x1u  /**< The game has chance nodes. */
#define AG_GAME_SIMULTANEOUS  0x2u  /**< The game has simultaneous (joint) nodes. */
#define AG_GAME_ASYMMETRIC    0x4u  /**< The sides have different pieces or goals. */
#define AG_GAME_ZERO_SUM      0x8u  /**< Returns always sum to zero. */

#define AG_NODE_POINT    1  /**< A playing point of the board. */
#define AG_NODE_RESERVE  2  /**< Where a side's pieces wait before entering. */
#define AG_NODE_PRISON   3  /**< Where captured pieces are held. */
#define AG_NODE_GOAL     4  /**< A goal or centre spot. */

#define AG_EDGE_LINE      1  /**< An orthogonal line. */
#define AG_EDGE_DIAGONAL  2  /**< A diagonal line. */
#define AG_EDGE_TRACK     3  /**< A segment of a directed circuit. */
#define AG_EDGE_SHORTCUT  4  /**< A crossing through the centre. */
#define AG_EDGE_SLIDE     5  /**< A slide between neighbouring points. */
#define AG_EDGE_JUMP      6  /**< A jump between corners. */

/* Marks (since 0.4): what ag_game_mark() describes.  Both lists are closed: a
 * later release adds a value only with a new version node, and a drawing program
 * should skip a mark whose kind or shape it does not know. */
#define AG_MARK_FRAME     1  /**< The outline of the board (since 0.4). */
#define AG_MARK_PATTERN   2  /**< A stroke of the board's carved pattern that is not a path
                                  pieces move along: the liubo TLV marks, a central square
                                  (since 0.4). */

#define AG_SHAPE_SEGMENT  1  /**< A straight stroke from (x0, y0) to (x1, y1) (since 0.4). */
#define AG_SHAPE_RECT     2  /**< An axis-parallel rectangle, corners (x0, y0) bottom left and
                                  (x1, y1) top right (since 0.4). */
#define AG_SHAPE_CIRCLE   3  /**< A circle of centre (x0, y0) and radius r (since 0.4). */
#define AG_SHAPE_POLYGON  4  /**< A closed polygon of num_points corners at points[]; (x0, y0)
                                  and (x1, y1) bound it (since 0.4). */
#define AG_SHAPE_LABEL    5  /**< A text centred at (x0, y0) (since 0.4). */

#define AG_MOVE_STEP     1  /**< A piece moves along lines. */
#define AG_MOVE_JUMP     2  /**< A capturing jump. */
#define AG_MOVE_ENTER    3  /**< A piece enters the board or the centre. */
#define AG_MOVE_CHANCE   4  /**< A chance outcome (a throw). */
#define AG_MOVE_CHOICE   5  /**< One player's part of a simultaneous choice. */
#define AG_MOVE_PASS     6  /**< Nothing moves (end of a chain, no possible action). */
#define AG_MOVE_RETURN   7  /**< A prisoner goes back to its start. */

#define AG_PIECE_HARE    1  /**< The hare. */
#define AG_PIECE_HUNTER  2  /**< A hunter. */
#define AG_PIECE_STONE   3  /**< A liubo stone (piece). */
#define AG_PIECE_OWL     4  /**< A promoted liubo stone (the owl). */
#define AG_PIECE_FISH    5  /**< A scoring fish. */
#define AG_PIECE_STICK   6  /**< A counting stick. */

#define AG_OUTCOME_ONGOING 0  /**< The game goes on. */
#define AG_OUTCOME_WIN     1  /**< A player won. */
#define AG_OUTCOME_DRAW    2  /**< The game ended in a draw. */

#define AG_END_NONE        0  /**< Not over. */
#define AG_END_BLOCKED     1  /**< The side to move has no legal move (the hare is immobilised). */
#define AG_END_CAPTURES    2  /**< Enough pieces were captured (hunters down to 9). */
#define AG_END_OWL         3  /**< An owl was taken. */
#define AG_END_SCORE       4  /**< Decided by the score (sticks, pieces home). */
#define AG_END_PLY_LIMIT   5  /**< The ply, turn or round cap was reached: a draw. */
#define AG_END_REPETITION  6  /**< A position repeated: a draw. */
#define AG_END_FIVE        7  /**< The five-stone rule. */
#define AG_END_ALL_TAKEN   8  /**< A side lost all its pieces. */

/** @} */

/** @defgroup ancientgames_types Types
 *  @brief The two opaque handles, the move token and the selectors.
 *  @{ */

/** Rules, options and geometry of one game; immutable, shareable across threads. */
typedef struct ag_game ag_game;
/** A position with its undo history; use one state from one thread at a time. */
typedef struct ag_state ag_state;
/** A move: a per-game token, stable across releases; 0 (#AG_MOVE_NONE) is never legal. */
typedef uint32_t ag_move;
/** The move value that is never legal. */
#define AG_MOVE_NONE ((ag_move)0)

/** Selector for ag_game_limit(); the values are fixed. */
typedef enum ag_limit {
  AG_LIMIT_LEGAL_MOVES = 1,     /**< Most legal moves (or one player's choices) in any state. */
  AG_LIMIT_CHANCE_OUTCOMES = 2, /**< Most outcomes of a chance node. */
  AG_LIMIT_PLIES = 3,           /**< Longest possible game in plies, 0 when unbounded. */
  AG_LIMIT_POSITION_TEXT = 4,   /**< Largest position text, NUL included. */
  AG_LIMIT_MOVE_TEXT = 5,       /**< Largest move text, NUL included. */
  AG_LIMIT_RENDER_TEXT = 6      /**< Largest rendering, NUL included. */
} ag_limit;

/** Selector for ag_state_info(); which indexes apply is said per game. */
typedef enum ag_info {
  AG_INFO_PENDING_STEPS = 1,    /**< Throw or count values still to spend (index 0, 1). */
  AG_INFO_SCORE = 2,            /**< Score of player index (sticks held, pieces home). */
  AG_INFO_CAPTURED = 3,         /**< Enemy pieces captured by player index. */
  AG_INFO_PRISONERS = 4,        /**< Pieces of player index held prisoner. */
  AG_INFO_COUNTER = 5,          /**< Plies (hare), turns (sticks) or rounds (fingers) played. */
  AG_INFO_RESERVE = 6,          /**< Pieces of player index not yet on the board. */
  AG_INFO_CHAIN = 7             /**< 1 while a capture chain is in progress, else 0. */
} ag_info;

/** @} */

/** @defgroup ancientgames_library Library
 *  @brief Version, errors and the deterministic random number generator.
 *  @{ */

/** The version of the loaded library as #AG_VERSION_NUMBER computes it.
 *  @manname{the version of the loaded library}
 *  @return (major << 16) | (minor << 8) | patch. */
AG_API unsigned ag_version(void);

/** The version of the loaded library as text.
 *  @manpage{ag_version}
 *  @return A static string such as "0.1.0". */
AG_API const char *ag_version_string(void);

/** The name of an error code.
 *  @param code An AG_OK or AG_E* value.
 *  @return A static string such as "AG_EILLEGAL", or "unknown error". */
AG_API const char *ag_strerror(int code);

/** The message of this thread's last failed call, printable as is.
 *  It stays until the next failure on this thread; a success does not clear it.  It is
 *  UTF-8 without control characters: where it quotes the caller's input, a control
 *  byte or a byte of invalid UTF-8 shows as \\xHH (ESC as \\x1b), so printing it cannot
 *  drive a terminal.  At most 255 bytes.
 *  @return A thread-local string, never NULL ("" when nothing failed yet). */
AG_API const char *ag_errmsg(void);

/** One step of SplitMix64: state += 0x9E3779B97F4A7C15, then the output is
 *  z = state; z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
 *  z ^ (z >> 31).
 *  @manname{the deterministic random number generator (SplitMix64)}
 *  @param state The caller's RNG state, advanced by one step; must not be NULL.
 *  @return The next 64-bit output (0 when state is NULL). */
AG_API uint64_t ag_rng_next(uint64_t *state);

/** An unbiased draw in [0, bound): draws ag_rng_next() until r >= (-bound) % bound,
 *  then returns r % bound.
 *  @manpage{ag_rng_next}
 *  @param state The caller's RNG state; must not be NULL.
 *  @param bound The exclusive upper bound; 0 or 1 give 0 without drawing.
 *  @return A value in [0, bound). */
AG_API uint64_t ag_rng_below(uint64_t *state, uint64_t bound);

/** How a caller stops a long computation (a search of ag_ai_analyse(), a solve of
 *  ag_solution_solve_ex()) from outside, for example from another thread or a signal
 *  handler.
 *  Start from #AG_CONTROL_INIT (the size set, the rest zero), then set the fields you
 *  use:
 *  @code
 *  static volatile int stop;            // set to 1 from another thread or a signal handler
 *  ag_control ctl = AG_CONTROL_INIT;
 *  ctl.stop = &stop;
 *  @endcode
 *  The struct may grow in later releases, only by appending fields: the library reads
 *  only the first @c size bytes, so a program compiled against this header keeps
 *  working.  Since 0.2. */
typedef struct ag_control {
  /** sizeof(ag_control) as the caller was compiled; a smaller value that still covers
   *  @c size itself means "the fields that fit"; 0 or a NULL pointer: no control. */
  size_t size;
  /** When not NULL, the computation stops soon after *stop becomes nonzero.  The
   *  library only reads it (with a relaxed atomic load, from every thread doing the
   *  work, every few microseconds to a millisecond), so any thread or a signal handler
   *  may set it. */
  const volatile int *stop;
  /** When not NULL, called now and then (at most about every millisecond, and always
   *  from the thread that made the call, never from a worker thread) with @c user;
   *  a nonzero return stops the computation. */
  int (*poll)(void *user);
  /** Passed to @c poll. */
  void *user;
} ag_control;

/** An initialiser for an ag_control with @c size set and every other field zero (no
 *  stop flag, no callback), valid C89, C99 and C++:
 *  @code
 *  ag_control ctl = AG_CONTROL_INIT;
 *  ctl.stop = &stop;
 *  @endcode
 *  It lists every field, so it stays free of -Wmissing-field-initializers; a field
 *  appended to the struct is appended here too (tests/check-init.sh).  Since 0.3. */
#define AG_CONTROL_INIT { sizeof(ag_control), 0, 0, 0 }

/** @} */

/** @defgroup ancientgames_names Names of codes
 *  @brief Printable names of the public codes, so that programs need no tables.
 *
 *  Each name is the constant's suffix in lower case: #AG_END_PLY_LIMIT is
 *  "ply_limit", #AG_MOVE_JUMP is "jump".  Python's enums (End, OutcomeKind,
 *  MoveKind, PieceKind, NodeKind, EdgeKind) have the same names in upper case.
 *  The strings are static and never change; a code the header does not define
 *  gives NULL (so a program can tell an unknown code, and must not print the
 *  result unchecked).  Thread-safe, no allocation.
 *  @{ */

/** The name of an end reason.
 *  @manname{printable names of the library's codes}
 *  @param reason An AG_END_* value, as given by ag_state_outcome().
 *  @return "none", "blocked", "captures", "owl", "score", "ply_limit",
 *          "repetition", "five" or "all_taken"; NULL for any other value. */
AG_API const char *ag_end_reason_name(int reason);

/** The name of an outcome.
 *  @manpage{ag_end_reason_name}
 *  @param outcome An AG_OUTCOME_* value, as returned by ag_state_outcome().
 *  @return "ongoing", "win" or "draw"; NULL for any other value. */
AG_API const char *ag_outcome_name(int outcome);

/** The name of a move kind.
 *  @manpage{ag_end_reason_name}
 *  @param kind An AG_MOVE_* kind, as given by ag_move_info().
 *  @return "step", "jump", "enter", "chance", "choice", "pass" or "return"; NULL
 *          for any other value (#AG_MOVE_NONE is a move value, not a kind). */
AG_API const char *ag_move_kind_name(int kind);

/** The name of a piece kind.
 *  @manpage{ag_end_reason_name}
 *  @param kind An AG_PIECE_* kind, as given by ag_state_piece().
 *  @return "hare", "hunter", "stone", "owl", "fish" or "stick"; NULL for any other
 *          value. */
AG_API const char *ag_piece_kind_name(int kind);

/** The name of a node kind.
 *  @manpage{ag_end_reason_name}
 *  @param kind An AG_NODE_* kind, as given by ag_game_node().
 *  @return "point", "reserve", "prison" or "goal"; NULL for any other value. */
AG_API const char *ag_node_kind_name(int kind);

/** The name of an edge kind.
 *  @manpage{ag_end_reason_name}
 *  @param kind An AG_EDGE_* kind, as given by ag_game_edge().
 *  @return "line", "diagonal", "track", "shortcut", "slide" or "jump"; NULL for any
 *          other value. */
AG_API const char *ag_edge_kind_name(int kind);

/** The name of a mark kind.
 *  @manpage{ag_end_reason_name}
 *  @param kind An AG_MARK_* kind, as given by ag_game_mark().
 *  @return "frame" or "pattern"; NULL for any other value.  Since 0.4. */
AG_API const char *ag_mark_kind_name(int kind);

/** The name of a mark shape.
 *  @manpage{ag_end_reason_name}
 *  @param shape An AG_SHAPE_* shape, as given by ag_game_mark().
 *  @return "segment", "rect", "circle", "polygon" or "label"; NULL for any other
 *          value.  Since 0.4. */
AG_API const char *ag_mark_shape_name(int shape);

/** @} */

/** @defgroup ancientgames_registry Registry
 *  @brief The built-in games.
 *  @{ */

/** The number of built-in games.
 *  @manname{list the built-in games}
 *  @return The count (3 in this release). */
AG_API size_t ag_game_count(void);

/** The short name of a built-in game.
 *  @manpage{ag_game_count}
 *  @param i Index, 0 .. ag_game_count()-1.
 *  @return A static string such as "hare", or NULL past the end. */
AG_API const char *ag_game_name_at(size_t i);

/** @} */

/** @defgroup ancientgames_game Games
 *  @brief Creating a game from a spec string and asking about it.
 *  @{ */

/** Creates a game from a spec "name" or "name(key=value,...)", e.g. "hare(hunters=11)".
 *  Unknown games and options give #AG_ENOTFOUND; bad values or syntax give #AG_EPARSE.
 *  @manname{create or free a game}
 *  @param spec The spec string.
 *  @param out Receives the new game (NULL on failure).
 *  @return #AG_OK, and *out holds the new game; on failure a negative code and *out is
 *          NULL.
 *  @retval AG_EINVAL spec or out is NULL.
 *  @retval AG_EPARSE the spec is malformed (no name, a missing "=", "," or ")", text after
 *          ")", an option given twice) or an option has a value it does not
 *          allow; the message names the byte offset and the allowed values.
 *  @retval AG_ENOTFOUND the game or one of its options does not exist; the message lists
 *          the options.
 *  @retval AG_ENOMEM memory for the game ran out.
 *  @par Example
 *  @include ag_game_new.c
 */
AG_API int ag_game_new(const char *spec, ag_game **out);

/** Frees a game.  Free its states first.
 *  @manpage{ag_game_new}
 *  @param g The game; NULL does nothing. */
AG_API void ag_game_free(ag_game *g);

/** The game's short name.
 *  @param g The game.
 *  @return "hare", "liubo_sticks", "liubo_fingers" or "fox_and_hens"; NULL when g is NULL. */
AG_API const char *ag_game_name(const ag_game *g);

/** The canonical spec, with every option in a fixed order; ag_game_new() of it gives
 *  an identical game.
 *  @param g The game.
 *  @return A string that lives as long as the game; NULL when g is NULL. */
AG_API const char *ag_game_spec(const ag_game *g);

/** The game's AG_GAME_* flags.
 *  @param g The game.
 *  @return The flags, 0 when g is NULL. */
AG_API unsigned ag_game_flags(const ag_game *g);

/** The number of players.
 *  @param g The game.
 *  @return 2, or a negative code.
 *  @retval AG_EINVAL g is NULL. */
AG_API int ag_game_num_players(const ag_game *g);

/** The name of a player.
 *  @param g The game.
 *  @param player 0 or 1.
 *  @return "hunters", "hare", "white", "black"; NULL when out of range. */
AG_API const char *ag_game_player_name(const ag_game *g, int player);

/** A size bound of the game, for allocating buffers once.
 *  @param g The game.
 *  @param which The bound wanted.
 *  @return The bound, or 0 for an unknown selector or a NULL game. */
AG_API size_t ag_game_limit(const ag_game *g, ag_limit which);

/** @} */

/** @defgroup ancientgames_geometry Geometry
 *  @brief Nodes and edges of the board, for drawing.
 *  @{ */

/** The number of nodes: board points, reserves, prisons and goals.
 *  @manpage{ag_game_node}
 *  @param g The game.
 *  @return The number of nodes, or a negative code.
 *  @retval AG_EINVAL g is NULL. */
AG_API int ag_game_num_nodes(const ag_game *g);

/** One node's drawing coordinates and kind.
 *  @manname{the nodes of the board: points and reserves and their names}
 *  @param g The game.
 *  @param node Node index, 0 .. ag_game_num_nodes()-1.
 *  @param x Receives the x coordinate (may be NULL).
 *  @param y Receives the y coordinate, growing upwards (may be NULL).
 *  @param kind Receives an AG_NODE_* kind (may be NULL).
 *  @return #AG_OK, or a negative code and nothing is stored.
 *  @retval AG_EINVAL g is NULL, or node is not in 0 .. ag_game_num_nodes()-1. */
AG_API int ag_game_node(const ag_game *g, int node, int *x, int *y, int *kind);

/** One node's name, as used in move and position text.
 *  @manpage{ag_game_node}
 *  @param g The game.
 *  @param node Node index.
 *  @return A string such as "c3", or NULL when out of range. */
AG_API const char *ag_game_node_name(const ag_game *g, int node);

/** Finds a node by name (case-insensitive).
 *  @manpage{ag_game_node}
 *  @param g The game.
 *  @param name The name.
 *  @param node Receives the index.
 *  @return #AG_OK and *node set, or a negative code.
 *  @retval AG_EINVAL g, name or node is NULL.
 *  @retval AG_ENOTFOUND no node of the game has that name. */
AG_API int ag_game_node_find(const ag_game *g, const char *name, int *node);

/** The number of drawn edges.
 *  @manpage{ag_game_edge}
 *  @param g The game.
 *  @return The number of edges, or a negative code.
 *  @retval AG_EINVAL g is NULL. */
AG_API int ag_game_num_edges(const ag_game *g);

/** One edge.
 *  @manname{the edges of the board}
 *  @param g The game.
 *  @param edge Edge index, 0 .. ag_game_num_edges()-1.
 *  @param a Receives the first node (may be NULL).
 *  @param b Receives the second node (may be NULL).
 *  @param kind Receives an AG_EDGE_* kind (may be NULL).
 *  @return #AG_OK, or a negative code and nothing is stored.
 *  @retval AG_EINVAL g is NULL, or edge is not in 0 .. ag_game_num_edges()-1. */
AG_API int ag_game_edge(const ag_game *g, int edge, int *a, int *b, int *kind);

/** The box that holds every node: 0 <= x <= width, 0 <= y <= height.
 *  @param g The game.
 *  @param width Receives the width (may be NULL).
 *  @param height Receives the height (may be NULL). */
AG_API void ag_game_extent(const ag_game *g, int *width, int *height);

/** One mark of the board: a stroke, box, circle or text that belongs to the board's
 *  drawing but is neither a node nor an edge (the frame, the carved TLV pattern of the
 *  liubo boards), in the board coordinates of ag_game_node() (y grows upwards).  Fill
 *  it with ag_game_mark(), starting from #AG_MARK_INIT (it sets @c size); the struct
 *  may grow in later releases, only by appending fields, and the library writes only
 *  the first @c size bytes.  Since 0.4. */
typedef struct ag_mark {
  /** In: sizeof(ag_mark) as the caller was compiled (at least the 0.4 size). */
  size_t size;
  /** What the mark is: an AG_MARK_* kind. */
  int kind;
  /** How to draw it: an AG_SHAPE_* shape, which says how to read the coordinates. */
  int shape;
  /** The node the mark belongs to (the apex of a V mark, the point an L or T bar is
   *  carved at), or -1 when it belongs to the board as a whole. */
  int node;
  /** First point's x: a segment's start, a rectangle's bottom-left corner, a
   *  circle's centre, a label's centre, a polygon's smallest x. */
  double x0;
  /** First point's y (see x0). */
  double y0;
  /** Second point's x: a segment's end, a rectangle's top-right corner, a polygon's
   *  largest x; equal to x0 for a circle or a label. */
  double x1;
  /** Second point's y (see x1). */
  double y1;
  /** A circle's radius; 0 for the other shapes. */
  double r;
  /** A polygon's corners, (x, y) pairs in order, 2 x num_points values that live as
   *  long as the game; NULL for the other shapes. */
  const double *points;
  /** A polygon's number of corners (at least 3); 0 for the other shapes. */
  int num_points;
  /** A label's text (UTF-8, lives as long as the game); NULL for the other shapes. */
  const char *text;
} ag_mark;

/** An initialiser for an ag_mark with @c size set and every other field zero, valid
 *  C89, C99 and C++: `ag_mark m = AG_MARK_INIT;`.  It lists every field (a field
 *  appended to the struct is appended here too, tests/check-init.sh).  Since 0.4. */
#define AG_MARK_INIT { sizeof(ag_mark), 0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0, 0, 0 }

/** The number of marks of the board.  Since 0.4.
 *  @manpage{ag_game_mark}
 *  @param g The game.
 *  @return The number of marks (0 when the board has none), or a negative code.
 *  @retval AG_EINVAL g is NULL. */
AG_API int ag_game_num_marks(const ag_game *g);

/** One mark of the board, for drawing it without knowing the game: a program that
 *  draws the marks in index order, then the edges (ag_game_edge()), then the nodes
 *  (ag_game_node()) draws the board as ag_state_svg() does.  The marks are the same
 *  for every game of a spec, and fixed for a game's lifetime.  Since 0.4.
 *  @manname{the marks of the board: its frame and carved pattern}
 *  @param g The game.
 *  @param mark Mark index, 0 .. ag_game_num_marks()-1.
 *  @param out Receives the mark; out->size must be set (#AG_MARK_INIT), and only the
 *         fields that fit in out->size bytes are written.
 *  @return #AG_OK, or a negative code and nothing is stored.
 *  @retval AG_EINVAL g or out is NULL, out->size is below the 0.4 size of ag_mark, or
 *          mark is not in 0 .. ag_game_num_marks()-1.
 *  @par Example
 *  @include ag_game_mark.c
 */
AG_API int ag_game_mark(const ag_game *g, int mark, ag_mark *out);

/** @} */

/** @defgroup ancientgames_move Moves
 *  @brief Move notation, context-free: only the game is needed.
 *  @{ */

/** Writes a move's text ("c3xe5", "pass", "2+3", "3/7", ...).
 *  @manname{convert a move to or from text}
 *  @param g The game.
 *  @param m The move.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size in bytes.
 *  @param len Receives the text length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL g is NULL, buf is NULL with a non-zero cap, or m is not a move of this
 *          game (for example #AG_MOVE_NONE).
 *  @retval AG_EBUFS the text and its NUL do not fit in cap bytes: *len receives the length,
 *          and buf holds as much as fits, NUL-terminated (nothing when cap is 0). */
AG_API int ag_move_to_text(const ag_game *g, ag_move m, char *buf, size_t cap, size_t *len);

/** Parses a move's text.
 *  @manpage{ag_move_to_text}
 *  @param g The game.
 *  @param text The text.
 *  @param out Receives the move.
 *  @return #AG_OK and *out set, or a negative code.
 *  @retval AG_EINVAL g, text or out is NULL.
 *  @retval AG_EPARSE the text is not a move of this game; the message names the byte
 *          offset. */
AG_API int ag_move_from_text(const ag_game *g, const char *text, ag_move *out);

/** Decodes a move.
 *  @param g The game.
 *  @param m The move.
 *  @param kind Receives an AG_MOVE_* kind (may be NULL).
 *  @param from Receives the origin node or -1 (may be NULL).
 *  @param to Receives the destination node or -1 (may be NULL).
 *  @return #AG_OK, or a negative code and nothing is stored.
 *  @retval AG_EINVAL g is NULL or m is not a move of this game. */
AG_API int ag_move_info(const ag_game *g, ag_move m, int *kind, int *from, int *to);

/** @} */

/** @defgroup ancientgames_state States
 *  @brief Creating, copying and resetting positions.
 *  @{ */

/** Creates a state at the game's initial position.
 *  @manname{create or free a state}
 *  @param g The game; it must outlive the state.
 *  @param out Receives the state.
 *  @return #AG_OK and *out holds the new state; on failure a negative code and *out is
 *          NULL.
 *  @retval AG_EINVAL g or out is NULL.
 *  @retval AG_ENOMEM memory for the state or its first undo history ran out.
 *  @par Example
 *  @include ag_state_new.c
 */
AG_API int ag_state_new(const ag_game *g, ag_state **out);

/** Frees a state.
 *  @manpage{ag_state_new}
 *  @param st The state; NULL does nothing. */
AG_API void ag_state_free(ag_state *st);

/** Creates a deep copy, history included.
 *  @manname{copy a state}
 *  @param st The state to copy.
 *  @param out Receives the copy.
 *  @return #AG_OK and *out holds the copy; on failure a negative code and *out is NULL.
 *  @retval AG_EINVAL st or out is NULL.
 *  @retval AG_ENOMEM memory for the copy ran out. */
AG_API int ag_state_clone(const ag_state *st, ag_state **out);

/** Copies src into dst (same game); allocates only when dst's history is too small.
 *  @manpage{ag_state_clone}
 *  @param dst The destination.
 *  @param src The source.
 *  @return #AG_OK, or a negative code and dst unchanged.
 *  @retval AG_EINVAL dst or src is NULL.
 *  @retval AG_EMISMATCH dst and src are states of different games (different canonical
 *          specs).
 *  @retval AG_ENOMEM dst's history had to grow and memory ran out. */
AG_API int ag_state_copy(ag_state *dst, const ag_state *src);

/** Returns to the initial position and clears the history, keeping its capacity.
 *  @manname{return to the initial position}
 *  @param st The state; NULL does nothing. */
AG_API void ag_state_reset(ag_state *st);

/** Reserves undo history for @p plies plies in all (counted from the start, not
 *  from the current ply), so that no apply up to that ply allocates.
 *  @manname{reserve undo history so that applying moves does not allocate}
 *  @param st The state.
 *  @param plies The number of plies of history to hold.
 *  @return #AG_OK, or a negative code and the state unchanged.
 *  @retval AG_EINVAL st is NULL.
 *  @retval AG_ENOMEM the history cannot grow that much (memory ran out, or plies times the
 *          entry size does not fit in a size_t). */
AG_API int ag_state_reserve(ag_state *st, size_t plies);

/** The game of a state.
 *  @param st The state.
 *  @return The game, or NULL. */
AG_API const ag_game *ag_state_game(const ag_state *st);

/** @} */

/** @defgroup ancientgames_play Playing
 *  @brief Legal moves, chance, apply and undo.
 *  @{ */

/** Who acts now.
 *  @param st The state.
 *  @return 0 or 1 (that player decides), #AG_PLAYER_CHANCE, #AG_PLAYER_SIMULTANEOUS or
 *          #AG_PLAYER_TERMINAL; or a negative code.
 *  @retval AG_EINVAL st is NULL (-3, which is also #AG_PLAYER_NONE: a state never returns
 *          that). */
AG_API int ag_state_current_player(const ag_state *st);

/** Whether the game is over.
 *  @param st The state.
 *  @return 1 when the game is over, 0 when not, or a negative code.
 *  @retval AG_EINVAL st is NULL. */
AG_API int ag_state_is_terminal(const ag_state *st);

/** The number of plies in the history (since creation, reset or ag_state_set_text()).
 *  @param st The state.
 *  @return The count, 0 for NULL. */
AG_API size_t ag_state_ply(const ag_state *st);

/** Lists a player's legal moves in ascending order.  At a decision node only the
 *  current player has moves; at a simultaneous node each player has its choices; at
 *  a chance node #AG_PLAYER_CHANCE lists the outcomes.  Any other player gets none.
 *  @param st The state.
 *  @param player The player asked about.
 *  @param buf The buffer; NULL with cap 0 asks for the count.  Entries after the
 *         first *n may be overwritten (within cap): the moves are generated in place
 *         when cap is at least ag_game_limit(#AG_LIMIT_LEGAL_MOVES).
 *  @param cap The buffer's capacity in moves.
 *  @param n Receives the number of moves.
 *  @return #AG_OK and *n set, or a negative code.
 *  @retval AG_EINVAL st or n is NULL, buf is NULL with a non-zero cap, or player is neither
 *          0, 1 nor #AG_PLAYER_CHANCE.
 *  @retval AG_EBUFS more than cap moves: *n receives the count and nothing is copied (so
 *          buf NULL with cap 0 asks for the count).
 *  @par Example
 *  @include ag_state_legal_moves.c
 */
AG_API int ag_state_legal_moves(const ag_state *st, int player,
                                ag_move *buf, size_t cap, size_t *n);

/** Whether one move is legal for a player now.
 *  @param st The state.
 *  @param player The player.
 *  @param m The move.
 *  @return 1 when m is legal for player now, 0 when not, or a negative code.
 *  @retval AG_EINVAL st is NULL, or player is neither 0, 1 nor #AG_PLAYER_CHANCE. */
AG_API int ag_state_is_legal(const ag_state *st, int player, ag_move m);

/** Lists the outcomes of a chance node with exact integer weights, ascending.
 *  The probability of moves[i] is weights[i] / *total.
 *  @manname{the outcomes of a chance node and a weighted draw among them}
 *  @param st The state.
 *  @param moves The outcome buffer (may be NULL with cap 0).
 *  @param weights The weight buffer, same capacity (may be NULL with cap 0).
 *  @param cap The capacity of both buffers.
 *  @param n Receives the number of outcomes.
 *  @param total Receives the sum of the weights (may be NULL).
 *  @return #AG_OK and *n (and *total) set, or a negative code.
 *  @retval AG_EINVAL st or n is NULL, or moves or weights is NULL with a non-zero cap.
 *  @retval AG_EPHASE the state is not at a chance node.
 *  @retval AG_EBUFS more than cap outcomes: *n and *total are set and nothing is copied.
 *  @par Example
 *  @include ag_state_chance_outcomes.c
 */
AG_API int ag_state_chance_outcomes(const ag_state *st, ag_move *moves, uint32_t *weights,
                                    size_t cap, size_t *n, uint32_t *total);

/** Draws a chance outcome: r = ag_rng_below(rng, total), then the first outcome in
 *  ascending order whose running weight exceeds r.  The state is not changed.
 *  @manpage{ag_state_chance_outcomes}
 *  @param st The state.
 *  @param rng The caller's RNG state.
 *  @param out Receives the outcome.
 *  @return #AG_OK and *out set, or a negative code and *rng unchanged.
 *  @retval AG_EINVAL st, rng or out is NULL.
 *  @retval AG_EPHASE the state is not at a chance node. */
AG_API int ag_state_sample_chance(const ag_state *st, uint64_t *rng, ag_move *out);

/** Applies one move (or chance outcome) as one ply.  On any error the state is left
 *  exactly as it was.
 *  @manname{apply a move or a joint move as one ply}
 *  @param st The state.
 *  @param m The move.
 *  @return #AG_OK, or a negative code and the state exactly as it was.
 *  @retval AG_EINVAL st is NULL.
 *  @retval AG_EPHASE the game is over, or both players choose now (a simultaneous node: use
 *          ag_state_apply_joint()).
 *  @retval AG_EILLEGAL m is not among the legal moves (or chance outcomes) of the state;
 *          the message quotes the move.
 *  @retval AG_ENOMEM the undo history had to grow and memory ran out (see
 *          ag_state_reserve()).
 *  @par Example
 *  @include ag_state_apply.c
 */
AG_API int ag_state_apply(ag_state *st, ag_move m);

/** Applies one choice per player at a simultaneous node as one ply.
 *  @manpage{ag_state_apply}
 *  @param st The state.
 *  @param moves moves[p] is player p's choice.
 *  @param n Must equal the number of players.
 *  @return #AG_OK, or a negative code and the state exactly as it was.
 *  @retval AG_EINVAL st or moves is NULL, or n is not 2.
 *  @retval AG_EPHASE the state is not at a simultaneous node (use ag_state_apply()).
 *  @retval AG_EILLEGAL moves[p] is not one of player p's choices; the message names the
 *          player.
 *  @retval AG_ENOMEM the undo history had to grow and memory ran out. */
AG_API int ag_state_apply_joint(ag_state *st, const ag_move *moves, size_t n);

/** Takes back the last ply, restoring text, hash and legal moves exactly.
 *  @param st The state.
 *  @return #AG_OK, or a negative code and the state unchanged.
 *  @retval AG_EINVAL st is NULL.
 *  @retval AG_EPHASE the history is empty: nothing was played since the state was created,
 *          reset or set from text. */
AG_API int ag_state_undo(ag_state *st);

/** The moves played, oldest first; a joint ply gives one entry per player.
 *  @param st The state.
 *  @param buf The buffer; NULL with cap 0 asks for the count.
 *  @param cap The capacity in moves.
 *  @param n Receives the number of entries.
 *  @return #AG_OK and *n set, or a negative code.
 *  @retval AG_EINVAL st or n is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS more than cap entries: *n receives the count and nothing is copied. */
AG_API int ag_state_history(const ag_state *st, ag_move *buf, size_t cap, size_t *n);

/** Plays random plies from this position on a private copy and reports how it ended;
 *  the state is not changed.  The policy is exactly the library's reference random
 *  player: at a decision node moves[ag_rng_below(rng, n)] of the ascending list, at a
 *  chance node ag_state_sample_chance(), at a simultaneous node one such draw for
 *  player 0 then one for player 1.
 *  @param st The state.
 *  @param rng The caller's RNG state.
 *  @param max_plies Stop after at most this many plies, counted from this state;
 *         0 (or any count the game cannot reach, up to SIZE_MAX) plays until the
 *         game ends.
 *  @param plies Receives the number of plies played (may be NULL).
 *  @param winner Receives the winner, or #AG_PLAYER_NONE (may be NULL).
 *  @param reason Receives an AG_END_* reason (may be NULL).
 *  @return How the game ended, an AG_OUTCOME_* value (#AG_OUTCOME_ONGOING when max_plies
 *          stopped it), or a negative code.
 *  @retval AG_EINVAL st or rng is NULL.
 *  @retval AG_ENOMEM the hare hunt's record of positions (for its repetition rule) could
 *          not grow. */
AG_API int ag_state_playout(const ag_state *st, uint64_t *rng, size_t max_plies,
                            size_t *plies, int *winner, int *reason);

/** Totals of a batch of random playouts: see ag_state_playouts(). */
typedef struct ag_playout_totals {
  uint64_t playouts;    /**< Playouts played: the count asked for. */
  uint64_t plies;       /**< Plies played, summed over the playouts. */
  uint64_t wins[2];     /**< Playouts won by player 0 and by player 1. */
  uint64_t draws;       /**< Playouts that ended in a draw. */
  uint64_t unfinished;  /**< Playouts stopped by max_plies before the game ended. */
} ag_playout_totals;

/** Plays count random playouts from this position, on several threads, and adds up
 *  how they ended; the state is not changed.  Playout i (i = 0 .. count-1) is exactly
 *  ag_state_playout(st, &r, max_plies, ...) with r, the RNG state, set to the
 *  (i+1)-th output of ag_rng_next() started from seed (the output of
 *  ag_rng_next(&s) with s = seed + i * 0x9E3779B97F4A7C15).  Each playout's game is
 *  therefore a function of (seed, i) alone, and the totals are the same for every
 *  number of threads, on every run: deterministic per seed.
 *
 *  The calling thread plays too; the other threads are created for the call and
 *  joined before it returns.  Threads take 32 playouts at a time from a shared
 *  counter, so fewer threads run when count is small; a thread that cannot be
 *  created leaves its share to the others.  Other threads may read st during the
 *  call; none may change it.
 *  @param st The state the playouts start from (its history counts for repetition,
 *         as in ag_state_playout()).
 *  @param seed The seed of the playouts' RNG states.
 *  @param count Playouts to play (0 plays none and succeeds).
 *  @param max_plies Stop each playout after this many plies (0 = until the game ends).
 *  @param threads Threads to use, the calling one included; 0 or less means one per
 *         online CPU.  At most 256.
 *  @param out Receives the totals (all zero on failure).
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL st or out is NULL.
 *  @retval AG_ENOMEM a playout ran out of memory (out is then all zero).
 *
 *  Every count is valid, up to UINT64_MAX; the call takes time in proportion to it and
 *  cannot be stopped: use ag_state_playouts_ex() with an ag_control, or play a long batch
 *  as several calls (playouts k .. k+n-1 of seed are playouts 0 .. n-1 of
 *  seed + k * 0x9E3779B97F4A7C15, so the totals add up to the same).
 *  @par Example
 *  @include ag_state_playouts.c
 */
AG_API int ag_state_playouts(const ag_state *st, uint64_t seed, uint64_t count,
                             size_t max_plies, int threads, ag_playout_totals *out);

/** ag_state_playouts() that a caller can stop through @p ctl (see ag_control): every
 *  thread reads the stop flag before each chunk of 32 playouts, and the calling thread
 *  calls the poll callback (at most about every millisecond) at the same points.
 *  @param st, seed, count, max_plies, threads As for ag_state_playouts().
 *  @param ctl The stop flag and/or poll callback, or NULL (then exactly
 *         ag_state_playouts()).
 *  @param out Receives the totals: when stopped, those of the playouts finished (which
 *         ones depends on the threads); all zero on any other failure.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL st or out is NULL, or ctl->size is too small.
 *  @retval AG_ENOMEM a playout ran out of memory (out is then all zero).
 *  @retval AG_ECANCELED stopped by the stop flag or the poll callback.
 *  Since 0.3. */
AG_API int ag_state_playouts_ex(const ag_state *st, uint64_t seed, uint64_t count,
                                size_t max_plies, int threads, const ag_control *ctl,
                                ag_playout_totals *out);

/** @} */

/** @defgroup ancientgames_position Position
 *  @brief Hash, pieces, counters and the result.
 *  @{ */

/** The Zobrist hash of the position (stable within a SONAME major).
 *  @param st The state.
 *  @return The hash, 0 for NULL. */
AG_API uint64_t ag_state_hash(const ag_state *st);

/** Whether two states hold the same position (history ignored): whether their
 *  position texts are equal.
 *  @param a One state.
 *  @param b Another state.
 *  @return 1 when the positions are the same, 0 when not, or a negative code.
 *  @retval AG_EINVAL a or b is NULL.
 *  @retval AG_EMISMATCH a and b are states of different games.
 *  @retval AG_ENOMEM memory for comparing the position texts ran out. */
AG_API int ag_state_equal(const ag_state *a, const ag_state *b);

/** One group of like pieces on a node; a node may hold several groups.
 *  @param st The state.
 *  @param node The node.
 *  @param index Which group, from 0.
 *  @param owner Receives the owning player (may be NULL).
 *  @param kind Receives an AG_PIECE_* kind (may be NULL).
 *  @param count Receives how many pieces (may be NULL).
 *  @return 1 when the group exists (and the outputs are set), 0 past the last group of the
 *          node, or a negative code.
 *  @retval AG_EINVAL st is NULL, node is out of range or index is negative. */
AG_API int ag_state_piece(const ag_state *st, int node, int index,
                          int *owner, int *kind, int *count);

/** A game-specific counter.
 *  @param st The state.
 *  @param key The counter.
 *  @param index The player or slot, as the game's page says.
 *  @param value Receives the value.
 *  @return #AG_OK and *value set, or a negative code.
 *  @retval AG_EINVAL st or value is NULL, or index is out of range for that counter.
 *  @retval AG_ENOTFOUND this game does not keep that counter (see the game's page). */
AG_API int ag_state_info(const ag_state *st, ag_info key, int index, int *value);

/** The result so far.
 *  @param st The state.
 *  @param winner Receives the winner or #AG_PLAYER_NONE (may be NULL).
 *  @param reason Receives an AG_END_* reason (may be NULL).
 *  @return An AG_OUTCOME_* value, or a negative code.
 *  @retval AG_EINVAL st is NULL. */
AG_API int ag_state_outcome(const ag_state *st, int *winner, int *reason);

/** Per-player returns: +1 win, -1 loss, 0 draw or ongoing.
 *  @param st The state.
 *  @param out Receives n values.
 *  @param n Must be at least the number of players.
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st or out is NULL, or n is less than 2. */
AG_API int ag_state_returns(const ag_state *st, double *out, size_t n);

/** @} */

/** @defgroup ancientgames_text Text
 *  @brief Position strings and renderings.
 *  @{ */

/** Writes the canonical one-line position text.
 *  @manname{write or read the position text}
 *  @param st The state.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS the text and its NUL do not fit in cap bytes: *len receives the length,
 *          and buf holds as much as fits, NUL-terminated.
 *  @par Example
 *  @include ag_state_to_text.c
 */
AG_API int ag_state_to_text(const ag_state *st, char *buf, size_t cap, size_t *len);

/** Sets the position from text and clears the history.  A bad string gives #AG_EPARSE
 *  with the byte offset in the message, and the state is not changed.  Every text
 *  ag_state_to_text() writes reads back to the same position, an ended game included.
 *  @manpage{ag_state_to_text}
 *  @param st The state.
 *  @param text The position text.
 *  @return #AG_OK, or a negative code and the state (position and history) unchanged.
 *  @retval AG_EINVAL st or text is NULL.
 *  @retval AG_EPARSE the text is not a valid position of this game; the message names the
 *          byte offset.
 *  @retval AG_ENOMEM memory for reading the text ran out. */
AG_API int ag_state_set_text(ag_state *st, const char *text);

/** Draws the board as multi-line text for people (its format is not stable).
 *  @param st The state.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS the drawing and its NUL do not fit in cap bytes: *len receives the
 *          length, and buf holds as much as fits, NUL-terminated. */
AG_API int ag_state_render(const ag_state *st, char *buf, size_t cap, size_t *len);

/** Draws the board and its pieces as a standalone SVG 1.1 document: the marks
 *  (ag_game_mark()), the edges and the nodes (one element of class "node" per node,
 *  with data-name and data-index; a reserve or prison also with data-owner, the player
 *  whose pieces it holds, when it has one -- since 0.4.1), the pieces (class "piece",
 *  with data-owner, data-kind and data-count, and the letter and count they are
 *  labelled with as text), a title with the players and a caption with the position
 *  text, styled by one embedded style sheet.  The output is the same on every platform
 *  and in every locale (numbers use a full stop), and is what the ag-svg(1) program
 *  writes.  Since 0.4.
 *  @manname{draw the board and pieces as SVG}
 *  @param st The state.
 *  @param flags 0 (reserved for drawing options).
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st is NULL, flags is not 0, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS the document and its NUL do not fit in cap bytes: *len receives the
 *          length, and buf holds as much as fits, NUL-terminated.
 *  @retval AG_ENOMEM memory for the position text of the caption ran out.
 *  @par Example
 *  @include ag_state_svg.c
 */
AG_API int ag_state_svg(const ag_state *st, unsigned flags, char *buf, size_t cap,
                        size_t *len);

/** @} */

/** @defgroup ancientgames_record Game records
 *  @brief A state's whole history as text, in the spirit of PGN, and back.
 *  @{ */

/** Writes the game record of a state: its game, the position its history starts
 *  from, every ply (chance outcomes and both choices of a joint ply included), the
 *  result, and the other tags the state holds.
 *
 *  A record is line-oriented text (written with LF line ends), for example (the man
 *  page ancientgames(7) has one record of each game)
 *  @code
[Game "hare(hunters=11,first=hunters,chain=1,repetition=3,max_plies=1000)"]
[Result "*"]
[Event "club night"]

1. b2-b3
2. c3-c4
3. a3-a4
@endcode
 *  Grammar (what ag_state_set_record() reads; this function writes the canonical
 *  form, one tag or ply a line):
 *  @code
record   = [ BOM ] { tag } { ply }  with blanks and comments anywhere between
BOM      = the UTF-8 byte order mark EF BB BF, skipped (offsets still count it)
tag      = "[" NAME SPACE+ '"' VALUE '"' "]"       on one line
NAME     = 1*( letter | digit | "_" )               case-sensitive
VALUE    = UTF-8 text without control characters (C0, DEL, C1), with \" and \\
           for '"' and '\'
ply      = N "." move [ move ]      N = 1, 2, 3 ... with no gaps;
                                    two moves at a joint ply: player 0's, then 1's
move     = the game's move text (ag_move_to_text()), no blanks inside
blank    = space, tab, CR, LF, FF, VT           (CRLF line ends are read as LF)
comment  = ";" up to the end of the line  |  "{" up to the next "}"
@endcode
 *  The tags the library writes:
 *  - [Game &quot;SPEC&quot;]: required; the game's spec, compared in canonical form
 *    (ag_game_spec()), so "hare" reads as the default hare game;
 *  - [Start &quot;TEXT&quot;]: the position text the history starts from
 *    (ag_state_start_text()); written only when it differs from the game's initial
 *    position, read as the initial position when absent;
 *  - [Result &quot;R&quot;]: "1-0" (player 0 won), "0-1" (player 1 won), "1/2-1/2" (a draw) or
 *    "*" (going on); always written; optional on reading, but when present it must
 *    be the result the plies reach (so a record cut short is noticed);
 *  - [Termination &quot;REASON&quot;]: ag_end_reason_name() of the end reason; written when
 *    the game is over, checked like Result.
 *
 *  Every other tag is the program's: a record's other tags are kept by the state
 *  (see ag_state_set_tag()) and written back, in their order, after the library's.
 *  A tag name appears at most once, and a record holds at most 1024 tags besides the
 *  library's (a bound that keeps reading and ag_state_set_tag() linear).  Records are
 *  UTF-8: a tag value that is not valid UTF-8 is refused (#AG_EPARSE).  Plies come
 *  after the last tag; the numbers
 *  count the plies of the record from 1, whatever the ply counter of the start
 *  position says.
 *
 *  Thread rules as for every const state function: any number of threads may read
 *  one state at once.
 *  @manname{write or read a game record}
 *  @param st The state.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size in bytes.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS the record and its NUL do not fit in cap bytes: *len receives the
 *          length, and buf holds as much as fits, NUL-terminated.
 *  @retval AG_ENOMEM memory for comparing the start position with the initial one ran out.
 *  @retval AG_ERROR a history entry holds no move of the game; it should never be seen.
 *  @par Example
 *  @include ag_state_record.c
 */
AG_API int ag_state_record(const ag_state *st, char *buf, size_t cap, size_t *len);

/** Replays a game record (see ag_state_record() for the grammar) into a state:
 *  afterwards the state is the record's last position with the whole history, so
 *  ag_state_undo() walks back to the start position, and its tags are the record's
 *  other tags.  On any failure the state is exactly as it was (the record is replayed
 *  on a scratch state first).
 *  @manpage{ag_state_record}
 *  @param st The state; its game must be the record's.
 *  @param text The record, NUL-terminated.
 *  @return #AG_OK, or a negative code and the state exactly as it was (the record is
 *          replayed on a scratch state first).  Every message starts with "record line L,
 *          byte B:" (L from 1, B the offset from 0 in the text).
 *  @retval AG_EINVAL st or text is NULL.
 *  @retval AG_EMISMATCH the [Game] tag names another game, or the same game with other
 *          options.
 *  @retval AG_EPARSE no [Game] tag, a [Game] that is not a spec, a malformed tag or a tag
 *          given twice, a tag value that is not UTF-8 text, more than 1024 program tags, a [Start] that is not a position, a ply number missing or
 *          out of sequence, a move text the game cannot read, a joint ply with
 *          one choice, an unclosed comment or tag, a tag after the plies, or a
 *          [Result] or [Termination] the plies do not reach.
 *  @retval AG_EILLEGAL a move that is not legal at its ply, or a ply after the game ended;
 *          the message names the ply number.
 *  @retval AG_ENOMEM memory for the scratch state, its history or the tags ran out. */
AG_API int ag_state_set_record(ag_state *st, const char *text);

/** Opens any game record: creates the game its [Game] tag names and a state of it
 *  replayed with the record's whole history, as a program's "Open..." does.  The tag
 *  is found by the record grammar's own reader (see ag_state_record()), so a
 *  [Gamer] tag, a comment or a move is never taken for it.  Afterwards the state is
 *  what ag_state_set_record() gives on a fresh state of that game: the last position,
 *  ag_state_undo() back to the start, the record's other tags.  Free the state, then
 *  the game.  Thread-safe; the game may be shared as any other.  Since 0.3.
 *  @manname{open a game record of any game}
 *  @param text The record, NUL-terminated.
 *  @param game Receives the new game (NULL on failure).
 *  @param st Receives the new state (NULL on failure).
 *  @return #AG_OK, or a negative code with nothing allocated and *game, *st set to NULL.
 *          The messages are those of ag_state_set_record().
 *  @retval AG_EINVAL text, game or st is NULL.
 *  @retval AG_EPARSE no [Game] tag, a [Game] that is not a spec, or any other error
 *          ag_state_set_record() reports as #AG_EPARSE.
 *  @retval AG_EILLEGAL a move that is not legal at its ply, or a ply after the game ended.
 *  @retval AG_ENOMEM memory for the game, the state, its history or the tags ran out.
 *  @par Example
 *  @include ag_state_new_from_record.c
 */
AG_API int ag_state_new_from_record(const char *text, ag_game **game, ag_state **st);

/** Writes the position text of the position the state's history starts from: the
 *  initial position, or the one ag_state_set_text() or a record's [Start] set, and
 *  the current position when the history is empty.
 *  @param st The state.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS the text and its NUL do not fit in cap bytes: *len receives the length,
 *          and buf holds as much as fits, NUL-terminated. */
AG_API int ag_state_start_text(const ag_state *st, char *buf, size_t cap, size_t *len);

/** Sets, replaces or removes one of the program's record tags of a state (for
 *  example "Event", "Date", "White").  A new tag goes after the others; a replaced
 *  one keeps its place.  Tags change only by this function and by
 *  ag_state_set_record(); ag_state_copy() and ag_state_clone() copy them, and reset,
 *  ag_state_set_text(), apply and undo keep them.
 *  @manname{set or read a record tag of a state}
 *  @param st The state.
 *  @param name The tag name: letters, digits and '_'; not one of the library's
 *         (Game, Start, Result, Termination).
 *  @param value The value: UTF-8 text without control characters; NULL removes the tag.
 *         A state holds at most 1024 tags.
 *  @return #AG_OK (also when removing a tag that is not there), or a negative code and the
 *          state unchanged.
 *  @retval AG_EINVAL st or name is NULL, name is empty, holds a character other than a
 *          letter, a digit or "_", or is one of the library's tags (Game, Start,
 *          Result, Termination), value holds a control character or is not valid UTF-8, or
 *          the tag is new and the state already holds 1024 tags.
 *  @retval AG_ENOMEM memory for the tags ran out (or they would be too large). */
AG_API int ag_state_set_tag(ag_state *st, const char *name, const char *value);

/** Reads one of the program's record tags of a state.
 *  @manpage{ag_state_set_tag}
 *  @param st The state.
 *  @param name The tag name.
 *  @param buf The buffer; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size.
 *  @param len Receives the length without the NUL (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL st or name is NULL, name is not a valid tag name, or buf is NULL with
 *          a non-zero cap.
 *  @retval AG_ENOTFOUND the state has no tag of that name.
 *  @retval AG_EBUFS the value and its NUL do not fit in cap bytes: *len receives the
 *          length, and buf holds as much as fits, NUL-terminated. */
AG_API int ag_state_tag(const ag_state *st, const char *name, char *buf, size_t cap,
                        size_t *len);

/** @} */

/** @defgroup ancientgames_solver Hare-hunt solver
 *  @brief Retrograde analysis of every position of a hare-hunt rules variant.
 *
 *  A solution holds, for every turn-boundary position of the hare hunt with 10 up to
 *  the game's number of hunters (the hare at any point, any set of hunters, either side
 *  to move), its value for the side to move and its distance to the end.  Values do not
 *  depend on `first`, `repetition` or `max_plies`; they depend on `chain`, which the
 *  solution records.  A solution of a 12-hunter game also answers the 11- and
 *  10-hunter games.  Distances count turns: one hunter move, one hare step, or one whole
 *  capture chain of the hare (the "plies" of the rules page's solving notes); the
 *  winner shortens the game and the loser lengthens it.
 *  @{ */

/** A solved rules variant of the hare hunt: immutable once built, shareable across
 *  threads. */
typedef struct ag_solution ag_solution;

/** Progress report of ag_solution_solve(), called from the calling thread between
 *  steps of the analysis.
 *  @param user The pointer given to ag_solution_solve().
 *  @param hunters The number of hunters of the layer being solved (10, 11, 12).
 *  @param level 0 after the layer's set-up, then the distance level just finished.
 *  @param resolved Positions of the layer whose value is known so far.
 *  @param total Positions in the layer. */
typedef void (*ag_progress_fn)(void *user, int hunters, int level,
                               uint64_t resolved, uint64_t total);

/** Solves the rules variant of a "hare" game: every position with 10 up to the game's
 *  `hunters` hunters.  The 12-hunter variant needs about 360 MB for the result and
 *  140 MB more while it runs.
 *  @manname{solve the hare hunt by retrograde analysis or free a solution}
 *  @param g A game named "hare".
 *  @param threads Worker threads; 0 or less means one per online CPU.
 *  @param progress Called after each step (may be NULL).
 *  @param user Passed to progress.
 *  @param out Receives the solution (NULL on failure).
 *  @return #AG_OK and *out holds the solution; on failure a negative code and *out is NULL.
 *  @retval AG_EINVAL g or out is NULL, or g is not a "hare" game.
 *  @retval AG_ENOMEM memory for a layer of the solution ran out.
 *  @retval AG_ERROR an internal limit was exceeded (a distance too long to store); it
 *          should never be seen.
 *  @par Example
 *  @include ag_solution_solve.c
 */
AG_API int ag_solution_solve(const ag_game *g, int threads, ag_progress_fn progress,
                             void *user, ag_solution **out);

/** Progress report of ag_solution_solve_ex(), called from the calling thread between
 *  steps of the analysis (as #ag_progress_fn), with the power to stop it.  Since 0.2.
 *  @param user The pointer given to ag_solution_solve_ex().
 *  @param hunters The number of hunters of the layer being solved (10, 11, 12).
 *  @param level 0 after the layer's set-up, then the distance level just finished.
 *  @param resolved Positions of the layer whose value is known so far.
 *  @param total Positions in the layer.
 *  @return 0 to go on; nonzero stops the solve, which then fails with #AG_ECANCELED. */
typedef int (*ag_solve_progress_fn)(void *user, int hunters, int level,
                                    uint64_t resolved, uint64_t total);

/** ag_solution_solve() that can be stopped: by its progress callback returning nonzero,
 *  or through @p ctl (a stop flag that the worker threads read between chunks of about
 *  65536 positions, and a poll callback called from the calling thread between its
 *  chunks).  A stopped solve frees what it built and fails with #AG_ECANCELED within
 *  about a tenth of a second on the 12-hunter game (one chunk per thread).  Since 0.2.
 *  @manpage{ag_solution_solve}
 *  @param g A game named "hare".
 *  @param threads Worker threads; 0 or less means one per online CPU.
 *  @param progress Called after each step (may be NULL); a nonzero return stops.
 *  @param user Passed to progress.
 *  @param ctl Stop flag and poll callback (may be NULL: not stoppable from outside).
 *  @param out Receives the solution (NULL on failure).
 *  @return #AG_OK and *out holds the solution; on failure a negative code and *out is NULL.
 *  @retval AG_EINVAL g or out is NULL, g is not a "hare" game, or ctl->size is non-zero but
 *          smaller than the size field.
 *  @retval AG_ENOMEM memory for a layer of the solution ran out.
 *  @retval AG_ECANCELED the progress callback returned nonzero, or ctl's stop flag or poll
 *          callback stopped the solve; what was built is freed.
 *  @retval AG_ERROR an internal limit was exceeded (a distance too long to store); it
 *          should never be seen. */
AG_API int ag_solution_solve_ex(const ag_game *g, int threads, ag_solve_progress_fn progress,
                                void *user, const ag_control *ctl, ag_solution **out);

/** Frees a solution.
 *  @manpage{ag_solution_solve}
 *  @param sol The solution; NULL does nothing. */
AG_API void ag_solution_free(ag_solution *sol);

/** Writes a solution to a file: a versioned header, the tables and a checksum.
 *  @manname{write or read a solution file}
 *  @param sol The solution.
 *  @param path The file name.
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL sol or path is NULL.
 *  @retval AG_ERROR the file cannot be created or written; the message names the system
 *          error. */
AG_API int ag_solution_save(const ag_solution *sol, const char *path);

/** Reads a solution written by ag_solution_save().  A file that is not a solution, of
 *  another format version, of a variant ag_solution_solve() never writes (the hare
 *  winning at other than 9 hunters, more than 12 hunters), truncated or damaged
 *  (checksum) gives #AG_EPARSE with a message saying which.
 *  @manpage{ag_solution_save}
 *  @param path The file name.
 *  @param out Receives the solution (NULL on failure).
 *  @return #AG_OK and *out holds the solution; on failure a negative code and *out is NULL.
 *  @retval AG_EINVAL path or out is NULL.
 *  @retval AG_ERROR the file cannot be opened or read (a directory, for example); the
 *          message names the system error.
 *  @retval AG_EPARSE the file is not a solution (bad magic, too short), has another format
 *          version, a damaged header or a variant the solver never writes, is
 *          truncated, fails its checksum or has data after it.
 *  @retval AG_ENOMEM memory for the tables ran out. */
AG_API int ag_solution_load(const char *path, ag_solution **out);

/** The rules variant a solution answers.
 *  @param sol The solution.
 *  @param chain Receives 1 for chained captures, 0 for single jumps (may be NULL).
 *  @param max_hunters Receives the largest number of hunters solved (may be NULL).
 *  @return #AG_OK, or a negative code.
 *  @retval AG_EINVAL sol is NULL. */
AG_API int ag_solution_variant(const ag_solution *sol, int *chain, int *max_hunters);

/** The value of a game state for the side to move, in the middle of a capture chain
 *  too (the rest of the chain then counts as one turn).
 *  @param sol The solution.
 *  @param st A state of a "hare" game with the same `chain` option.
 *  @param value Receives +1 (the side to move wins), 0 (draw) or -1 (it loses)
 *         (may be NULL).
 *  @param distance Receives the number of turns to the end with best play, 0 for a
 *         draw (may be NULL).
 *  @return #AG_OK and the outputs set, or a negative code.
 *  @retval AG_EINVAL sol or st is NULL, or st is not a state of a "hare" game.
 *  @retval AG_EMISMATCH the solution is for the other `chain` rule (or was not built for
 *          the real game's win threshold).
 *  @retval AG_EPHASE the game is over.
 *  @retval AG_ENOTFOUND the position has more hunters than the solution holds.
 *  @retval AG_ERROR the position has no hare (only a damaged state could); it should never
 *          be seen. */
AG_API int ag_solution_probe(const ag_solution *sol, const ag_state *st,
                             int *value, int *distance);

/** The value of a turn-boundary position given by its pieces.
 *  @param sol The solution.
 *  @param hare The hare's point, 0..24 (index 5*(row-1)+col).
 *  @param hunters The hunters' points as a mask: bit p set for a hunter on point p.
 *  @param player The side to move: 0 hunters, 1 hare.
 *  @param value Receives +1, 0 or -1 for the side to move (may be NULL).
 *  @param distance Receives the number of turns to the end, 0 for a draw (may be NULL).
 *  @return #AG_OK and the outputs set, or a negative code.
 *  @retval AG_EINVAL sol is NULL, hare is not in 0..24, hunters has bits above bit 24 or
 *          one on the hare's point, or player is neither 0 nor 1.
 *  @retval AG_ENOTFOUND the number of hunters is not solved: the game would be over (9 or
 *          fewer), or more than the solution holds. */
AG_API int ag_solution_lookup(const ag_solution *sol, int hare, uint32_t hunters,
                              int player, int *value, int *distance);

/** Counts the positions of one layer and side to move: every placement of the hare and
 *  the hunters, reachable or not, from the side to move's point of view.
 *  @param sol The solution.
 *  @param hunters The number of hunters (10 up to the solution's largest).
 *  @param player The side to move: 0 hunters, 1 hare.
 *  @param win Receives the number of positions the side to move wins (may be NULL).
 *  @param loss Receives the number it loses (may be NULL).
 *  @param draw Receives the number of draws (may be NULL).
 *  @param longest_win Receives the largest distance of a win, in turns (may be NULL).
 *  @param longest_loss Receives the largest distance of a loss, in turns (may be NULL).
 *  @return #AG_OK and the outputs set, or a negative code.
 *  @retval AG_EINVAL sol is NULL, or player is neither 0 nor 1.
 *  @retval AG_ENOTFOUND that layer (number of hunters) is not in the solution. */
AG_API int ag_solution_stats(const ag_solution *sol, int hunters, int player,
                             uint64_t *win, uint64_t *loss, uint64_t *draw,
                             int *longest_win, int *longest_loss);

/** @} */

/** @defgroup ancientgames_ai Computer players
 *  @brief Move choice and analysis by a random player, Monte Carlo tree search,
 *  alpha-beta search or a solution.
 *
 *  A player is named by a string in the spec syntax, @c name or
 *  @c name(key=value,...).  Numbers are plain decimals ("1.5", "0.25", "200") read
 *  the same under every locale (the C library's locale is never consulted).  A key
 *  the player does not know is #AG_ENOTFOUND; a key given twice, a malformed or
 *  out-of-range value is #AG_EPARSE; a key that the player chosen does not use in
 *  this game (see @c ai) or a player that does not play this game is #AG_EINVAL:
 *  nothing is accepted and silently ignored.
 *  - "random": a uniform choice among the legal moves.
 *  - "mcts(iterations=N,time_ms=T,c=X,rollout=N,contempt=X,threads=N)": Monte Carlo
 *    tree search (UCT) with random playouts, in every game.  @c iterations (1 ..
 *    10000000) and @c time_ms (1 .. 86400000, wall-clock milliseconds) are budgets:
 *    the search stops at the first one reached; without either it runs 2000
 *    iterations, and when only one is given the other is unlimited.  @c c is the
 *    exploration constant (0 .. 100, default 1.0); @c rollout the plies of a playout
 *    (0 .. 1000000, default 200) before it is scored by material (the score and the
 *    captures that ag_state_info() reports); @c contempt (0 .. 0.5, default 0.1): the
 *    searching side values a draw at 0.5 - contempt on a 0..1 scale, so that it plays
 *    on rather than repeat.  A result shrinks by 0.1% per ply, so faster wins and
 *    slower losses are preferred.  Chance nodes are sampled with their exact weights,
 *    so values are expectations.  Simultaneous nodes use regret matching for both
 *    players (a mixed strategy); the choice at such a node is drawn from the average
 *    strategy, never a fixed pure choice.  @c threads (1 .. 64, default 1) runs that
 *    many independent trees on as many threads (root parallelisation) and adds up
 *    their root statistics: the iteration budget is shared between them, a time
 *    budget is spent by each.  Without a time budget the result is a function of the
 *    RNG state alone, for any number of threads.
 *  - "alphabeta(depth=D,nodes=N,time_ms=T,contempt=X)": the hare hunt's
 *    iterative-deepening alpha-beta search (minimax: the hunters maximise, the hare
 *    minimises) with a transposition table and the board evaluation described in
 *    ancientgames-hare(7).  It stops after the last depth it completed within the
 *    budgets: @c depth (1 .. 64 plies), @c nodes (1 .. 1000000000) and @c time_ms;
 *    without any it searches up to 100000 nodes, and when one is given the others are
 *    unlimited.  A win counts more the sooner it comes; a draw is worth @c contempt
 *    (default 0.1) less than even to the searcher, and so is a position that the game
 *    or the search path has already been through (the winning side makes progress
 *    instead of repeating); equal best moves are drawn with the RNG.  Only for the
 *    hare hunt (#AG_EINVAL in other games).
 *  - "expectimax(depth=D,nodes=N,time_ms=T)": liubo_sticks' search by whole turns
 *    with exact chance (since 0.3): each throw's ten outcomes are averaged with their
 *    weights out of 64, each turn is the best of the distinct positions its two
 *    sub-moves reach in either order, with Star1 and alpha-beta cut-offs, move
 *    ordering, a transposition table and iterative deepening by turns, over an
 *    evaluation fitted to game results (ancientgames-liubo-sticks(7)).  @c depth
 *    (1 .. 64, searched up to 8) counts turns: 1 plays the best-looking turn, 2 also
 *    weighs the opponent's best reply to each of his throws, 3 its next turn too;
 *    @c nodes and @c time_ms are budgets (it keeps the last depth it completed,
 *    or the deeper one they cut short once that one has searched the previous
 *    best turn; since 0.4.1); without any it searches 2 turns (about 0.15 ms of CPU a
 *    sub-move) within 2500 nodes; when one is given the others are unlimited (up
 *    to 8 turns unless depth is given).  No randomness: the RNG is not
 *    used.  Only for liubo_sticks (#AG_EINVAL in other games).
 *  - "expectimax1": liubo_sticks' one-turn reference player (since 0.3): its own turn,
 *    then the opponent's best reply under the exact expectation of his ten throws,
 *    judged by a hand-set rules evaluation; no options.  For strength measurements.
 *  - "ai" or "ai(key=value,...)", and also a NULL or empty string: the strongest
 *    player of the game at a moderate cost per move: in the hare hunt "alphabeta"
 *    (100000 nodes), in liubo_sticks "expectimax" (since 0.3; a spec that names an
 *    option only "mcts" has, such as "ai(iterations=1000)", still selects the 0.2
 *    player "mcts(iterations=1000,rollout=40)"), in liubo_fingers (since 0.3) a
 *    player that solves every finger round as a matrix game from a search of the
 *    mover's actions (see ancientgames-liubo-fingers(7); options @c depth, default
 *    2, @c nodes, evaluations, default 250000, and @c time_ms; given an option of
 *    "mcts" instead, it is "mcts(iterations=1000,rollout=40)", the "ai" of 0.2;
 *    analysed at a finger round, every choice has its share of the equilibrium mix,
 *    0 for a call that cannot be right).  The options go to that player and replace
 *    those defaults, so "ai(time_ms=500)" works in every game, and an option the
 *    player does not use there is #AG_EINVAL.
 *  - "perfect": the hare hunt's perfect player; it needs a solution, so it is only
 *    accepted by ag_ai_choose_solved(), which takes the solution itself.
 *
 *  All randomness comes from the caller's RNG, so a game is reproducible from its seed
 *  unless a time budget (or a stop) is used: a time budget makes the work done depend
 *  on the machine.  The players keep no global state; any number of searches may run
 *  at once on different threads (each state used by one thread at a time).
 *  @{ */

/** Chooses the move of the player to act.  At a chance node this draws an outcome as
 *  ag_state_sample_chance() does.
 *
 *  This call runs to the end of its budget.  A program that must be able to cancel a
 *  computer move (a GUI's stop button) calls ag_ai_choose_ex() instead, with an
 *  ag_control: a stop flag any thread or a signal handler may set, or a poll callback
 *  called on the calling thread; the search then returns #AG_ECANCELED at once with
 *  the best move it had (see the second part of the example).
 *  @manname{choose a move with a computer player}
 *  @param st The state (not changed).
 *  @param params The player, e.g. "ai", "random", "mcts(iterations=500)" or
 *         "alphabeta(time_ms=200)"; NULL or "" mean "ai".
 *  @param rng The caller's RNG state.
 *  @param out Receives the move.
 *  @return #AG_OK and *out set, or a negative code.
 *  @retval AG_EINVAL st, rng or out is NULL; params names a player that does not play this
 *          game ("alphabeta" outside the hare hunt) or, through "ai", an option
 *          that this game's player does not use; or params is "perfect" (use
 *          ag_ai_choose_solved()).
 *  @retval AG_ENOTFOUND params names no player, an option the player does not have, or
 *          options for "random" or "perfect", which take none.
 *  @retval AG_EPARSE params is malformed (no "key=value", text after ")"), gives an option
 *          twice, or a value that is not a number in the option's range.
 *  @retval AG_EPHASE the game is over, or the state is at a simultaneous node (use
 *          ag_ai_choose_player() or ag_ai_choose_joint()).
 *  @retval AG_ENOMEM memory for the search ran out.
 *  @par Example
 *  @include ag_ai_choose.c
 */
AG_API int ag_ai_choose(const ag_state *st, const char *params, uint64_t *rng,
                        ag_move *out);

/** Chooses one player's move: at a decision node the player must be the one to act; at
 *  a simultaneous node it is that player's part of the joint move.
 *  @manpage{ag_ai_choose}
 *  @param st The state (not changed).
 *  @param player 0 or 1.
 *  @param params The player, as for ag_ai_choose().
 *  @param rng The caller's RNG state.
 *  @param out Receives the move.
 *  @return #AG_OK and *out set, or a negative code.
 *  @retval AG_EINVAL st, rng or out is NULL; player is neither 0 nor 1; params names a
 *          player that does not play this game ("alphabeta" outside the hare
 *          hunt) or, through "ai", an option that this game's player does not
 *          use; or params is "perfect".
 *  @retval AG_ENOTFOUND params names no player, an option the player does not have, or
 *          options for "random" or "perfect".
 *  @retval AG_EPARSE params is malformed, gives an option twice, or a value out of range.
 *  @retval AG_EPHASE the game is over, or player does not act now (another player's turn,
 *          or a chance node).
 *  @retval AG_ENOMEM memory for the search ran out. */
AG_API int ag_ai_choose_player(const ag_state *st, int player, const char *params,
                               uint64_t *rng, ag_move *out);

/** Chooses a move as ag_ai_choose_player() does, with a stop flag and a poll callback
 *  (see ag_control) so that a program can cancel a computer move: a GUI's "stop"
 *  button, a closed window, a game abandoned.  With @p ctl NULL (or the flag never
 *  set and the callback always returning 0) it returns the very move
 *  ag_ai_choose_player() returns for the same RNG state, and at a chance node the
 *  throw ag_ai_choose() draws.
 *
 *  To cancel: set *ctl->stop to nonzero from any thread or a signal handler, or
 *  return nonzero from ctl->poll, which the search calls on the calling thread about
 *  every millisecond (a GUI can pump its events there).  The call then returns
 *  #AG_ECANCELED within about a millisecond, with *out the best move the search had
 *  found so far (a program may play it as "move now"), or #AG_MOVE_NONE when it had
 *  none.  "random" and a chance node do not search: they return at once, uncancelled.
 *  Since 0.3.
 *  @manpage{ag_ai_choose}
 *  @param st The state (not changed).
 *  @param player 0 or 1: the player to act, or that player's part at a simultaneous
 *         node; at a chance node also #AG_PLAYER_CHANCE (what
 *         ag_state_current_player() gives), which draws a throw.
 *  @param params The player, as for ag_ai_choose().
 *  @param rng The caller's RNG state.
 *  @param ctl Stop flag and poll callback, AG_CONTROL_INIT then the fields you use (may
 *         be NULL).
 *  @param out Receives the move.
 *  @return #AG_OK and *out set, or a negative code.
 *  @retval AG_EINVAL st, rng or out is NULL; player is not 0, 1 or (at a chance node)
 *          #AG_PLAYER_CHANCE; ctl->size is non-zero but smaller than the size
 *          field; params names a player that does not play this game, an option
 *          of "ai" that this game's player does not use, or "perfect".
 *  @retval AG_ENOTFOUND params names no player, an option the player does not have, or
 *          options for "random" or "perfect".
 *  @retval AG_EPARSE params is malformed, gives an option twice, or a value out of range.
 *  @retval AG_EPHASE the game is over, or player does not act now.
 *  @retval AG_ENOMEM memory for the search ran out.
 *  @retval AG_ECANCELED ctl's stop flag or poll callback stopped the search: *out is the
 *          best move found so far, or #AG_MOVE_NONE. */
AG_API int ag_ai_choose_ex(const ag_state *st, int player, const char *params, uint64_t *rng,
                           const ag_control *ctl, ag_move *out);

/** Chooses both parts of a simultaneous move with one search, ready for
 *  ag_state_apply_joint().
 *  @manpage{ag_ai_choose}
 *  @param st The state (not changed), at a simultaneous node.
 *  @param params The player, as for ag_ai_choose().
 *  @param rng The caller's RNG state.
 *  @param moves Receives moves[p] for each player p.
 *  @param n The capacity of moves; must be at least 2.
 *  @return #AG_OK and moves[0], moves[1] set, or a negative code.
 *  @retval AG_EINVAL st, rng or moves is NULL; n is less than 2; params names a player that
 *          does not play this game ("alphabeta" outside the hare hunt) or,
 *          through "ai", an option that this game's player does not use; or
 *          params is "perfect".
 *  @retval AG_ENOTFOUND params names no player, an option the player does not have, or
 *          options for "random" or "perfect".
 *  @retval AG_EPARSE params is malformed, gives an option twice, or a value out of range.
 *  @retval AG_EPHASE the state is not at a simultaneous node.
 *  @retval AG_ENOMEM memory for the search ran out. */
AG_API int ag_ai_choose_joint(const ag_state *st, const char *params, uint64_t *rng,
                              ag_move *moves, size_t n);

/** The perfect player of the hare hunt: a move that keeps the best value, winning as
 *  fast and losing as slowly as possible; ties are broken with the RNG.
 *  @param st A state of a "hare" game the solution answers (not changed).
 *  @param sol The solution.
 *  @param rng The caller's RNG state.
 *  @param out Receives the move.
 *  @return #AG_OK and *out set, or a negative code.
 *  @retval AG_EINVAL st, sol, rng or out is NULL, or st is not a state of a "hare" game.
 *  @retval AG_EMISMATCH the solution is for the other `chain` rule.
 *  @retval AG_EPHASE the game is over.
 *  @retval AG_ENOTFOUND the position has more hunters than the solution holds.
 *  @retval AG_ENOMEM memory for a working copy of the state ran out.
 *  @retval AG_ERROR the position has no hare (only a damaged state could); it should never
 *          be seen. */
AG_API int ag_ai_choose_solved(const ag_state *st, const ag_solution *sol, uint64_t *rng,
                               ag_move *out);

/** One root move of ag_ai_analyse().  Its layout is fixed forever (it is used in
 *  arrays).  Since 0.2. */
typedef struct ag_move_stat {
  /** The move; at a simultaneous node the analysed player's part of the joint move. */
  ag_move move;
  /** "mcts": the iterations that went through the move (all threads); "alphabeta": 0. */
  uint32_t visits;
  /** How much the player would play it, 0 .. 1: "mcts" at a decision node its share of
   *  the root's visits, at a simultaneous node its probability in the average
   *  strategy; "alphabeta" 1/k for each of the k equal best moves, 0 for the others. */
  double share;
  /** The player's expected score after the move, on the scale of
   *  ag_analysis::value, or -1 when the search does not know it ("alphabeta" only
   *  proves that the moves that are not among the best are worse). */
  double value;
} ag_move_stat;

/** The result of ag_ai_analyse(): what a game shows as a hint or a bar.
 *  Start from #AG_ANALYSIS_INIT (it sets @c size); the struct may grow in later
 *  releases, only by appending fields, and the library writes only the first @c size
 *  bytes.
 *  Since 0.2. */
typedef struct ag_analysis {
  /** In: sizeof(ag_analysis) as the caller was compiled (at least the 0.2 size). */
  size_t size;
  /** The player analysed. */
  int player;
  /** The move chosen: the one ag_ai_choose_player() returns for the same params and
   *  RNG state when no time budget or stop intervenes; #AG_MOVE_NONE when the search
   *  was stopped before it had one. */
  ag_move best;
  /** The player's expected score with the best play the search sees, from 0 (loss)
   *  through 0.5 (draw) to 1 (win).  "mcts": the mean result of the root (so contempt
   *  and the 0.1% shrink per ply are in it); "alphabeta": a logistic map of the board
   *  evaluation (not a calibrated probability), exactly 1 or 0 when proven;
   *  liubo_sticks' "expectimax" (its "ai", since 0.4): the searched win probability
   *  calibrated against rollout results (Platt scaling, ancientgames-liubo-sticks(7)). */
  double value;
  /** 1 when the search proved the result ("alphabeta" saw a forced win or loss
   *  within its depth): @c value is then 1 or 0; else 0. */
  int proven;
  /** When proven, the plies to the end with best play; else 0. */
  int distance;
  /** "alphabeta": the depth in plies of the last completed iteration; "mcts": the
   *  deepest node of the tree(s), in plies below the root. */
  int depth;
  /** Iterations ("mcts", all threads added) or nodes ("alphabeta") searched. */
  uint64_t work;
  /** Wall-clock microseconds the call took. */
  uint64_t elapsed_us;
  /** Length of the principal line (the whole line, even when longer than line_cap). */
  size_t line_len;
  /** Number of root moves (all of them, even when more than moves_cap). */
  size_t num_moves;
} ag_analysis;

/** An initialiser for an ag_analysis with @c size set and every other field zero,
 *  valid C89, C99 and C++: `ag_analysis an = AG_ANALYSIS_INIT;`.  It lists every
 *  field, so it stays free of -Wmissing-field-initializers; a field appended to the
 *  struct is appended here too (tests/check-init.sh).  Since 0.3. */
#define AG_ANALYSIS_INIT { sizeof(ag_analysis), 0, 0, 0.0, 0, 0, 0, 0, 0, 0, 0 }

/** Analyses the position for one player, for a hint or an evaluation bar: the move it
 *  would choose, a value estimate, the principal line and the statistics of every root
 *  move.  It runs the same search as ag_ai_choose_player() and can be stopped from
 *  outside through @p ctl; the time budget of the params ("time_ms") applies too.
 *
 *  The principal line starts with the chosen move, then the expected replies in turn:
 *  "mcts" follows the most visited child (at a chance node the most sampled outcome,
 *  so a line may contain throws) and stops at a simultaneous node, at the end of the
 *  game or where a node was visited fewer than 2 times; "alphabeta" follows the
 *  transposition table's best moves while they are legal, up to the completed depth.
 *  Root moves are written in ascending move order.
 *
 *  Threads: uses threads=N worker threads for "mcts(threads=N)"; @p ctl's poll
 *  callback is called from the calling thread only.
 *  @param st The state (not changed): a decision node where @p player acts, or a
 *         simultaneous node.
 *  @param player 0 or 1.
 *  @param params The player, as for ag_ai_choose(): "ai", "mcts(...)",
 *         "alphabeta(...)"; NULL or "" mean "ai".
 *  @param rng The caller's RNG state (advanced).
 *  @param ctl Stop flag and poll callback (may be NULL).
 *  @param out Receives the analysis; out->size must be set.
 *  @param line Receives up to line_cap moves of the principal line (may be NULL when
 *         line_cap is 0).
 *  @param line_cap Capacity of line.
 *  @param moves Receives up to moves_cap root moves (may be NULL when moves_cap is 0).
 *  @param moves_cap Capacity of moves.
 *  @return #AG_OK and *out (and line, moves) set, or a negative code; on a failure other
 *          than #AG_ECANCELED out->best is #AG_MOVE_NONE.  The state is never changed.
 *  @retval AG_EINVAL st, rng or out is NULL; out->size is below the size of the 0.2
 *          ag_analysis; player is neither 0 nor 1; line or moves is NULL with a
 *          non-zero capacity; params is "random" or "perfect", which do not
 *          analyse; params names a player that does not play this game
 *          ("alphabeta" outside the hare hunt) or, through "ai", an option that
 *          this game's player does not use; or ctl->size is non-zero but smaller
 *          than the size field.
 *  @retval AG_ENOTFOUND params names no player, or an option the player does not have.
 *  @retval AG_EPARSE params is malformed, gives an option twice, or a value out of range.
 *  @retval AG_EPHASE the game is over, the state is at a chance node (draw the throw
 *          first), or player does not act now.
 *  @retval AG_ENOMEM memory for the search ran out.
 *  @retval AG_ECANCELED ctl's stop flag or poll callback stopped the search: out, line and
 *          moves hold what it had found, and out->best is #AG_MOVE_NONE when
 *          it had nothing.
 *  @par Example
 *  @include ag_ai_analyse.c
 */
AG_API int ag_ai_analyse(const ag_state *st, int player, const char *params, uint64_t *rng,
                         const ag_control *ctl, ag_analysis *out, ag_move *line,
                         size_t line_cap, ag_move_stat *moves, size_t moves_cap);

/** @} */

/** @defgroup ancientgames_tensors Actions and observations for learning programs
 *  @brief A dense action index and a fixed-shape observation tensor per game.
 *
 *  Conventions follow OpenSpiel's: a game has a fixed number of distinct actions
 *  (0 .. ag_game_num_actions() - 1), chance outcomes and simultaneous choices
 *  included, so a learning program can use fixed-size policy vectors and legal
 *  action masks; and a position is encoded as a fixed-shape tensor of floats
 *  (ag_game_observation_shape()) that ag_state_observation() fills.
 *
 *  The actions of a game are exactly the moves that ag_move_info() accepts for it,
 *  numbered in ascending order of their ag_move value: the mapping depends only on
 *  the game's spec, never on a position, and action a < action b whenever move a <
 *  move b, so a legal list (ascending) maps to ascending actions.
 *
 *  The observation has `planes` x `nodes` floats, plane-major: value
 *  [plane * nodes + node].  Its planes, in this order:
 *  - for each piece kind the game uses (AG_PIECE_*, in the order the game's page
 *    gives) and each player 0 and 1: how many pieces of that kind and owner stand
 *    on the node (ag_state_piece());
 *  - four constant planes (one value on every node) that are 1.0 or 0.0: "player 0
 *    to move", "player 1 to move", "a chance node", "a simultaneous node" (all four
 *    0.0 when the game is over);
 *  - one constant plane per counter the game's page lists (ag_state_info() keys
 *    with their index, e.g. the score of each player), holding the counter's value;
 *  - the game's own constant planes, where the pieces and counters leave a part of
 *    the position unsaid (named in the game's page).
 *  Every plane has a name (ag_game_observation_plane()).  Two positions of a game
 *  with different position text, apart from move clocks that no rule reads, have
 *  different observations.  The observation is the same for both players (the
 *  games have perfect information).
 *  @{ */

/** The number of distinct actions of a game.
 *  @param g The game.
 *  @return The number of actions (at least 1), or 0 when g is NULL.
 *  @par Example
 *  @include ag_game_action_move.c
 */
AG_API size_t ag_game_num_actions(const ag_game *g);

/** The move of an action.
 *  @param g The game.
 *  @param action An action, 0 .. ag_game_num_actions() - 1.
 *  @param out Receives the move.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL g or out is NULL, or action is not below ag_game_num_actions().
 *  @par Example
 *  @include ag_game_action_move.c
 */
AG_API int ag_game_action_move(const ag_game *g, size_t action, ag_move *out);

/** The action of a move.
 *  @param g The game.
 *  @param m A move of the game (one that ag_move_info() accepts).
 *  @param out Receives the action.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL g or out is NULL, or ag_move_info() does not accept m for this
 *          game.
 *  @par Example
 *  @include ag_game_action_move.c
 */
AG_API int ag_game_move_action(const ag_game *g, ag_move m, size_t *out);

/** The shape of the game's observation tensor.
 *  @param g The game.
 *  @param planes Receives the number of planes (may be NULL).
 *  @param nodes Receives the number of values per plane: ag_game_num_nodes()
 *         (may be NULL).
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL g is NULL.
 *  @par Example
 *  @include ag_state_observation.c
 */
AG_API int ag_game_observation_shape(const ag_game *g, size_t *planes, size_t *nodes);

/** The name of an observation plane, e.g. "hunter/0" (the hunters' pieces),
 *  "to_move/1", "info:score/0" or "liubo_sticks:turn"; stable for a game and spec.
 *  @param g The game.
 *  @param plane The plane, 0 .. planes - 1.
 *  @return A string that lives as long as the library, or NULL when g is NULL or the
 *          plane is out of range.
 *  @par Example
 *  @include ag_state_observation.c
 */
AG_API const char *ag_game_observation_plane(const ag_game *g, size_t plane);

/** Writes the observation tensor of a state (see the group's description).
 *  @param st The state (not changed).
 *  @param buf Receives planes x nodes floats; NULL with cap 0 asks for the size.
 *  @param cap The buffer's size in floats.
 *  @param len Receives the number of floats the tensor has (may be NULL), also on
 *         #AG_EBUFS.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL st is NULL, or buf is NULL with a non-zero cap.
 *  @retval AG_EBUFS cap is below planes x nodes; nothing was written, and *len holds
 *          the size needed.
 *  @par Example
 *  @include ag_state_observation.c
 */
AG_API int ag_state_observation(const ag_state *st, float *buf, size_t cap, size_t *len);

/** Writes the legal action mask of a player: mask[a] = 1 when the move of action a
 *  is one of ag_state_legal_moves(st, player), else 0.  At a chance node, with
 *  player #AG_PLAYER_CHANCE, the mask marks the chance outcomes.
 *  @param st The state (not changed).
 *  @param player 0, 1 or #AG_PLAYER_CHANCE.
 *  @param mask Receives ag_game_num_actions() bytes; NULL with cap 0 asks for the
 *         size.
 *  @param cap The mask's size in bytes.
 *  @param len Receives ag_game_num_actions() (may be NULL), also on #AG_EBUFS.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL st is NULL, player is neither 0, 1 nor #AG_PLAYER_CHANCE, or mask
 *          is NULL with a non-zero cap.
 *  @retval AG_EBUFS cap is below ag_game_num_actions(); nothing was written, and *len
 *          holds the size needed.
 *  @par Example
 *  @include ag_state_action_mask.c
 */
AG_API int ag_state_action_mask(const ag_state *st, int player, unsigned char *mask,
                                size_t cap, size_t *len);

/** @} */

/** @defgroup ancientgames_vec Vectorized environment
 *  @brief N states of one game stepped by one call, for learning programs.
 *
 *  An ag_vec holds @c lanes states ("lanes") of one game.  Each lane always rests
 *  at a decision node, a simultaneous node or the end of its game: the chance
 *  nodes are drawn inside the library, with the lane's own RNG.  One call of
 *  ag_vec_step() plays one ply in every lane that is not over, from dense action
 *  indices (ag_game_action_move()); ag_vec_observations() and
 *  ag_vec_action_masks() write every lane's tensors into one caller array each,
 *  laid out lane-major as NumPy's C order expects:
 *  - actions: int32_t[lanes][2], actions[i][p] is player p's action in lane i; at
 *    a decision node only the player to move's entry is read, at a simultaneous
 *    node both;
 *  - rewards: float[lanes][2], ag_state_returns() of the lane in the step that
 *    ended its game, 0 otherwise;
 *  - done: unsigned char[lanes], 0 while the lane's game goes on, 1 when it ended
 *    by a rule, 2 when it ended at the game's ply, turn or round cap (a
 *    truncation, #AG_END_PLY_LIMIT);
 *  - observations: float[lanes][planes][nodes] (ag_state_observation() of each
 *    lane; lane i starts at float i x planes x nodes);
 *  - masks: unsigned char[lanes][2][ag_game_num_actions()]: each player's legal
 *    actions (ag_state_action_mask()); all 0 for a player who does not choose now.
 *
 *  Determinism: lane i draws its chance outcomes from an RNG seeded with the
 *  (2i+1)-th output of ag_rng_next() from the vector's seed, and its random actions
 *  (ag_vec_random_actions()) from one seeded with the (2i+2)-th.  A lane's game is
 *  a function of the seed, i and its actions alone: the same for any number of
 *  lanes and of threads, on every platform.
 *
 *  With #AG_VEC_AUTORESET, a lane whose game ended is put back to the start (its
 *  opening chance drawn from the same stream) within the step that ended it: that
 *  step's done and rewards describe the game that ended, and the observations and
 *  masks read after it the new game.  Without it, a finished lane stays as it
 *  ended (a step leaves it alone and reports done again, with rewards 0) until
 *  ag_vec_reset().
 *
 *  An ag_vec is not thread-safe (one thread at a time), but it may use threads of
 *  its own (the @c threads argument).  Since 0.3.
 *  @{ */

/** A vectorized environment (opaque). */
typedef struct ag_vec ag_vec;

/** ag_vec_new() flag: restart each lane within the step that ended its game. */
#define AG_VEC_AUTORESET 1u

/** Makes an environment of @p lanes states of a game, each at its start with its
 *  opening chance nodes drawn.
 *  @manname{create a vectorized environment of N games}
 *  @param g The game; it must outlive the environment.
 *  @param lanes The number of lanes, 1 .. 2^24.
 *  @param seed The seed of every lane's RNG streams.
 *  @param flags 0 or #AG_VEC_AUTORESET.
 *  @param out Receives the environment (NULL on failure).
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL g or out is NULL, lanes is 0 or above 2^24, or flags has an
 *          unknown bit.
 *  @retval AG_ENOMEM memory ran out (nothing is left allocated).
 *  @par Example
 *  @include ag_vec_new.c
 */
AG_API int ag_vec_new(const ag_game *g, size_t lanes, uint64_t seed, unsigned flags,
                      ag_vec **out);

/** Frees an environment and its lanes.
 *  @param v The environment; NULL does nothing. */
AG_API void ag_vec_free(ag_vec *v);

/** The number of lanes.
 *  @param v The environment.
 *  @return The number of lanes, or 0 when v is NULL. */
AG_API size_t ag_vec_lanes(const ag_vec *v);

/** One lane's state, to read (text, record, hash, legal moves...).  It belongs to
 *  the environment: do not free or change it; it is valid until the environment is
 *  freed, and shows the lane as the last call left it.
 *  @param v The environment.
 *  @param lane The lane, 0 .. lanes - 1.
 *  @return The state, or NULL (with ag_errmsg() set) when v is NULL or lane out of
 *          range. */
AG_API const ag_state *ag_vec_lane(const ag_vec *v, size_t lane);

/** Puts every lane back to its start and reseeds the lanes' RNG streams from
 *  @p seed, as ag_vec_new() does.
 *  @param v The environment.
 *  @param seed The new seed.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v is NULL.
 *  @retval AG_ENOMEM memory ran out drawing the opening chance nodes. */
AG_API int ag_vec_reset(ag_vec *v, uint64_t seed);

/** Plays one ply in every lane whose game is not over, then each lane's chance
 *  nodes (see the group's description for the layouts).  All or nothing: every
 *  action is checked before any lane moves, and on an error no lane has moved.
 *  @param v The environment.
 *  @param actions int32_t[lanes][2] (entries that are not read may hold anything,
 *         e.g. -1).
 *  @param rewards Receives float[lanes][2] (may be NULL).
 *  @param done Receives unsigned char[lanes] (may be NULL).
 *  @param threads Threads to use: 0 or 1 for the calling thread only, up to 64
 *         (the calling thread is one of them).  The results do not depend on it.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v or actions is NULL.
 *  @retval AG_EILLEGAL an action read is out of range or not legal in its lane; the
 *          message names the lane, the action and the player.
 *  @retval AG_ENOMEM a lane's undo history had to grow and memory ran out. */
AG_API int ag_vec_step(ag_vec *v, const int32_t *actions, float *rewards, unsigned char *done,
                       int threads);

/** Writes every lane's observation tensor (ag_state_observation()), lane-major.
 *  @param v The environment.
 *  @param buf Receives float[lanes][planes][nodes].
 *  @param cap The buffer's size in floats.
 *  @param threads As for ag_vec_step().
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v or buf is NULL.
 *  @retval AG_EBUFS cap is below lanes x planes x nodes; nothing was written. */
AG_API int ag_vec_observations(const ag_vec *v, float *buf, size_t cap, int threads);

/** Writes both players' legal action masks of every lane.
 *  @param v The environment.
 *  @param masks Receives unsigned char[lanes][2][ag_game_num_actions()].
 *  @param cap The buffer's size in bytes.
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v or masks is NULL.
 *  @retval AG_EBUFS cap is below lanes x 2 x ag_game_num_actions(); nothing was
 *          written. */
AG_API int ag_vec_action_masks(const ag_vec *v, unsigned char *masks, size_t cap);

/** Writes each lane's player to move: 0, 1, #AG_PLAYER_SIMULTANEOUS or
 *  #AG_PLAYER_TERMINAL (never #AG_PLAYER_CHANCE: lanes rest after their chance).
 *  @param v The environment.
 *  @param players Receives int[lanes].
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v or players is NULL. */
AG_API int ag_vec_players(const ag_vec *v, int *players);

/** Draws a uniformly random legal action for every player who chooses now in each
 *  lane, from the lane's action stream; -1 for the others (and finished lanes).
 *  The result can be passed to ag_vec_step() as it is.
 *  @param v The environment.
 *  @param actions Receives int32_t[lanes][2].
 *  @return #AG_OK or a negative code.
 *  @retval AG_EINVAL v or actions is NULL. */
AG_API int ag_vec_random_actions(ag_vec *v, int32_t *actions);

/** @} */

#ifdef __cplusplus
}
#endif
#endif /* ANCIENTGAMES_H */
