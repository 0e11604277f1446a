/* SPDX-License-Identifier: MIT */
/*
 * ai_params.c -- the players' specs: "ai", "random", "mcts(iterations=500)",
 * ... parsed into an ag__ai_params (ai_common.h) for a game.  Which player
 * "ai" is in each game, and which players play one game only, are the two
 * tables below; the searches themselves are chosen in players.c.
 */
#include <math.h>
#include <string.h>
#include "ag_internal.h"
#include "ai/ai_common.h"

/* Locale-free numbers: the C library's strtod reads "1,5" under a decimal
 * comma locale and stops at "1.5", so the players read digits themselves. */

/* Reads a decimal integer of [lo, hi] ending at ',' or ')'; 0 on success. */
static int read_long(const char *v, long lo, long hi, long *out, const char **end)
{
  long x = 0;
  const char *q = v;
  if (*q < '0' || *q > '9') return -1;
  for (; *q >= '0' && *q <= '9'; q++) {
    if (x > (hi - (*q - '0')) / 10) return -1;      /* above hi (and no overflow) */
    x = x * 10 + (*q - '0');
  }
  if (x < lo) return -1;
  *out = x;
  *end = q;
  return 0;
}

/* Reads a decimal "12", "1.5", ".25" or "3." of [lo, hi]; 0 on success. */
static int read_double(const char *v, double lo, double hi, double *out, const char **end)
{
  /* The first 15 significant digits as an integer (exact: below 2^53),
   * then one division by a power of ten (exact up to 1e22): one rounding,
   * the same on every FPU.  Later digits are below a double's precision
   * here (an integer part of over 15 digits is out of every range). */
  double x, scale = 1;
  uint64_t n = 0;
  const char *q = v;
  int digits = 0, big = 0;
  for (; *q >= '0' && *q <= '9' && digits < 30; q++, digits++) {
    if (n < UINT64_C(100000000000000)) n = n * 10 + (uint64_t)(*q - '0');
    else big = 1;
  }
  if (*q == '.')
    for (q++; *q >= '0' && *q <= '9' && digits < 30; q++, digits++)
      if (n < UINT64_C(100000000000000)) {
        scale *= 10;
        n = n * 10 + (uint64_t)(*q - '0');
      }
  x = big ? HUGE_VAL : (double)n / scale;
  if (digits == 0 || (*q >= '0' && *q <= '9') || !(x >= lo && x <= hi)) return -1;
  *out = x;
  *end = q;
  return 0;
}

/* The keys of the players' specs; `players' is a mask of 1 << AG__AI_* kinds
 * that take the key. */
enum { KEY_ITERATIONS, KEY_TIME, KEY_C, KEY_ROLLOUT, KEY_CONTEMPT, KEY_THREADS, KEY_DEPTH,
       KEY_NODES, NUM_KEYS };
#define MCTS_ONLY (1u << AG__AI_MCTS)
#define AB_ONLY (1u << AG__AI_ALPHABETA)
#define EM (1u << AG__AI_EXPECTIMAX)
#define LF (1u << AG__AI_FINGERS)
static const struct ai_key {
  const char *name;
  unsigned players;
} ai_keys[NUM_KEYS] = {
  {"iterations", MCTS_ONLY}, {"time_ms", MCTS_ONLY | AB_ONLY | EM | LF}, {"c", MCTS_ONLY},
  {"rollout", MCTS_ONLY},    {"contempt", MCTS_ONLY | AB_ONLY}, {"threads", MCTS_ONLY},
  {"depth", AB_ONLY | EM | LF},   {"nodes", AB_ONLY | EM | LF},
};
/* The players' names, by kind; liubo_fingers' equilibrium player has no name
 * of its own (it is that game's "ai"), so the names a spec may use stop
 * before it. */
static const char *const kind_names[] = {"random", "mcts", "alphabeta", "perfect", "expectimax",
                                         "expectimax1", "ai"};
#define NUM_KINDS (AG__AI_EXPECTIMAX1 + 1)

/* The players that play one game only (their search knows its rules), with
 * the game's name and its words in messages; the others play every game. */
static const struct one_game {
  int kind;
  const char *game, *words;
} one_game[] = {
  {AG__AI_ALPHABETA, "hare", "the hare hunt"},
  {AG__AI_EXPECTIMAX, "liubo_sticks", "liubo_sticks"},
  {AG__AI_EXPECTIMAX1, "liubo_sticks", "liubo_sticks"},
  {AG__AI_FINGERS, "liubo_fingers", "liubo_fingers"},
};

/* What "ai" is in each game: its strongest player; MCTS in a game not listed. */
static const struct game_ai {
  const char *game;
  int kind;
} game_ai[] = {
  {"hare", AG__AI_ALPHABETA},
  {"liubo_sticks", AG__AI_EXPECTIMAX},
  {"liubo_fingers", AG__AI_FINGERS},
};

static int ai_of_game(const ag_game *g)
{
  size_t i;
  for (i = 0; i < sizeof game_ai / sizeof game_ai[0]; i++)
    if (strcmp(g->vt->name, game_ai[i].game) == 0) return game_ai[i].kind;
  return AG__AI_MCTS;
}

/* The entry of one_game for kind, or NULL when it plays every game. */
static const struct one_game *game_of_kind(int kind)
{
  size_t i;
  for (i = 0; i < sizeof one_game / sizeof one_game[0]; i++)
    if (one_game[i].kind == kind) return &one_game[i];
  return NULL;
}

/* Whether a spec names an option that the expectimax player lacks (iterations,
 * c, rollout, contempt, threads): then liubo_sticks' "ai" stays the 0.2 MCTS
 * player, so that old specs keep their meaning. */
static int names_mcts_key(const char *s)
{
  int k;
  for (k = 0; k < NUM_KEYS; k++) {
    const char *q = s;
    size_t n = strlen(ai_keys[k].name);
    if (ai_keys[k].players & EM) continue;
    while ((q = strstr(q, ai_keys[k].name)) != NULL) {
      if (q > s && (q[-1] == '(' || q[-1] == ',') && q[n] == '=') return 1;
      q += n;
    }
  }
  return 0;
}

/* Reads the value of key k at v into p; 0 on success. */
static int read_value(ag__ai_params *p, int k, const char *v, const char **end)
{
  long x = 0;
  switch (k) {
  case KEY_ITERATIONS: return read_long(v, 1, 10000000, &p->iterations, end);
  case KEY_TIME: return read_long(v, 1, 86400000, &p->time_ms, end);
  case KEY_C: return read_double(v, 0, 100, &p->c, end);
  case KEY_ROLLOUT: return read_long(v, 0, 1000000, &p->rollout, end);
  case KEY_CONTEMPT: return read_double(v, 0, 0.5, &p->contempt, end);
  case KEY_THREADS:
    if (read_long(v, 1, 64, &x, end)) return -1;
    p->threads = (int)x;
    return 0;
  case KEY_DEPTH:
    if (read_long(v, 1, 64, &x, end)) return -1;
    p->depth = (int)x;
    return 0;
  default: return read_long(v, 1, 1000000000, &p->nodes, end);
  }
}

/* Fills the defaults of a kind; the budgets are set after parsing. */
static void set_defaults(ag__ai_params *p, int kind)
{
  memset(p, 0, sizeof *p);
  p->kind = kind;
  p->c = 1.0;
  p->rollout = 200;
  p->contempt = 0.1;
  p->threads = 1;
}

int ag__ai_parse_params(const char *s, const ag_game *g, ag__ai_params *p)
{
  const char *q, *name_end;
  const struct one_game *only;
  size_t nlen;
  unsigned given = 0;
  int kind, is_ai = 0;
  if (!s || !*s) s = "ai";
  name_end = strchr(s, '(');
  nlen = name_end ? (size_t)(name_end - s) : strlen(s);
  if (nlen == 2 && strncmp(s, "ai", 2) == 0) {
    is_ai = 1;
    kind = ai_of_game(g);
    /* Old specs keep their meaning: see names_mcts_key. */
    if (kind == AG__AI_EXPECTIMAX && names_mcts_key(s)) kind = AG__AI_MCTS;
  } else {
    for (kind = 0; kind < NUM_KINDS; kind++)
      if (strlen(kind_names[kind]) == nlen && strncmp(s, kind_names[kind], nlen) == 0) break;
    if (kind == NUM_KINDS)
      return ag__fail(AG_ENOTFOUND, "ai: unknown player \"%.*s\" (ai, random, mcts, alphabeta, "
                      "perfect, expectimax, expectimax1)", (int)(nlen > 40 ? 40 : nlen), s);
  }
  set_defaults(p, kind);
  if (is_ai && kind == AG__AI_MCTS) p->rollout = 40;    /* short playouts: more iterations */
  only = game_of_kind(kind);
  if (only && strcmp(g->vt->name, only->game) != 0)
    return ag__fail(AG_EINVAL, "ai: %s plays %s only, not %s", kind_names[kind], only->words,
                    g->vt->name);
  if (name_end && strcmp(name_end, "()") != 0) {
    if (kind == AG__AI_RANDOM || kind == AG__AI_PERFECT || kind == AG__AI_EXPECTIMAX1)
      return ag__fail(AG_ENOTFOUND, "ai: %s takes no options", kind_names[kind]);
    for (q = name_end + 1;;) {
      const char *eq = strchr(q, '='), *end = NULL;
      size_t klen = eq ? (size_t)(eq - q) : 0;
      int k;
      if (!eq || klen == 0)
        return ag__fail(AG_EPARSE, "ai: expected key=value at byte %zu of \"%s\"",
                        (size_t)(q - s), s);
      for (k = 0; k < NUM_KEYS; k++)
        if (strlen(ai_keys[k].name) == klen && strncmp(q, ai_keys[k].name, klen) == 0) break;
      if (k == NUM_KEYS || (!is_ai && !(ai_keys[k].players & (1u << kind))))
        return ag__fail(AG_ENOTFOUND, "ai: %s has no option \"%.*s\" (byte %zu of \"%s\")",
                        is_ai ? "ai" : kind_names[kind], (int)(klen > 40 ? 40 : klen), q,
                        (size_t)(q - s), s);
      if (!(ai_keys[k].players & (1u << kind | (kind == AG__AI_FINGERS ? MCTS_ONLY : 0))))
        return ag__fail(AG_EINVAL, "ai: in %s the ai player is %s, which has no option %s",
                        g->vt->name, kind_names[kind], ai_keys[k].name);
      if (given & (1u << k))
        return ag__fail(AG_EPARSE, "ai: option %s given twice in \"%s\"", ai_keys[k].name, s);
      given |= 1u << k;
      if (read_value(p, k, eq + 1, &end) != 0 || (*end != ',' && *end != ')'))
        return ag__fail(AG_EPARSE, "ai: bad value of %s at byte %zu of \"%s\"",
                        ai_keys[k].name, (size_t)(eq + 1 - s), s);
      if (*end == ')') {
        if (end[1] != '\0') return ag__fail(AG_EPARSE, "ai: text after ')' in \"%s\"", s);
        break;
      }
      q = end + 1;
    }
  }
  /* liubo_fingers' "ai" with an option of the 0.2 player (mcts) is that player. */
  if (kind == AG__AI_FINGERS && (given & ~(1u << KEY_TIME | 1u << KEY_DEPTH | 1u << KEY_NODES))) {
    if (given & (1u << KEY_DEPTH | 1u << KEY_NODES))
      return ag__fail(AG_EINVAL, "ai: depth and nodes do not mix with mcts options in \"%s\"", s);
    p->kind = kind = AG__AI_MCTS;
    if (!(given & 1u << KEY_ROLLOUT)) p->rollout = 40;
  }
  if (kind == AG__AI_FINGERS && !(given & (1u << KEY_NODES | 1u << KEY_TIME | 1u << KEY_DEPTH)))
    p->nodes = AG__LFS_DEFAULT_NODES;
  if (kind == AG__AI_FINGERS && !(given & (1u << KEY_DEPTH))) p->depth = 2;
  /* Budgets: none given means the default one; any given means the others
   * are unlimited (0). */
  if (kind == AG__AI_MCTS && !(given & (1u << KEY_ITERATIONS | 1u << KEY_TIME)))
    p->iterations = is_ai ? 1000 : 2000;
  if (kind == AG__AI_ALPHABETA &&
      !(given & (1u << KEY_NODES | 1u << KEY_TIME | 1u << KEY_DEPTH)))
    p->nodes = AG__AB_DEFAULT_NODES;
  if (kind == AG__AI_ALPHABETA && !(given & (1u << KEY_DEPTH))) p->depth = AG__AB_DEFAULT_DEPTH;
  if (kind == AG__AI_EXPECTIMAX && !(given & (1u << KEY_NODES | 1u << KEY_TIME | 1u << KEY_DEPTH)))
    p->nodes = AG__LSS_DEFAULT_NODES;
  if (kind == AG__AI_EXPECTIMAX && !(given & (1u << KEY_DEPTH)))
    p->depth = given & (1u << KEY_NODES | 1u << KEY_TIME) ? 64 : 2;
  return AG_OK;
}
