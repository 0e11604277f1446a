/* SPDX-License-Identifier: MIT */
/*
 * ag-play -- play any built-in game in the terminal.
 *
 *   ag-play SPEC [--p0 human|random|ai] [--p1 human|random|ai] [--ai PARAMS]
 *           [--ai0 PARAMS] [--ai1 PARAMS] [--solution FILE] [--seed N]
 *           [--max-plies N] [--position TEXT | --load FILE] [--save FILE]
 *           [--quiet] [--games N [-j N]]
 *   ag-play --list | -h|--help | --version
 *
 * The board is rendered after each ply.  A person types a move's notation
 * (a line that is a legal move's notation is always that move), a menu
 * number (plain when it is not also notation, or as #N), or a command: help,
 * moves, undo, redo, hint, save FILE, quit.
 *
 * Randomness, so that a person cannot fish for a better throw and a match is
 * the same on any number of threads: game k of a run has its own seed,
 * derived from --seed and k; the computer and random players draw from that
 * game's stream, and the i-th throw of a game from a stream of its own,
 * derived from the game's seed and i alone.  Undo keeps what was undone on a
 * redo stack: replaying the same move meets the same replies, and any line
 * meets the same i-th throw.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <ancientgames.h>
#include "cli.h"

enum { HUMAN, RANDOM, AI };
static const char *const kind_names[] = {"human", "random", "ai"};

/* What the command line asked for; shared read-only by every game (and thread). */
typedef struct config {
  const ag_game *g;
  int kind[2];
  const char *params[2];     /* ag_ai_choose_player() params of each side */
  ag_solution *sol;          /* --solution: the perfect hare player */
  uint64_t seed;
  size_t max_plies;
  const char *position;      /* --position */
  const char *record;        /* --load: the record's text */
  const char *save;          /* --save: the record's file */
  int verbose;               /* board and moves after each ply */
} config;

/* One undone ply, kept so that redo and replaying meet it again. */
typedef struct ply {
  uint64_t before;           /* hash of the position it was played from */
  int joint;                 /* 1: m[0], m[1] are the two choices */
  ag_move m[2];
} ply;

/* One game being played. */
typedef struct run {
  const config *cfg;
  ag_state *st;
  uint64_t rng;              /* the players' stream */
  uint64_t seed;             /* this game's seed (throws derive from it) */
  size_t throws;             /* throws in the current line */
  uint64_t *tstate;          /* tstate[i]: the throw stream before throw i, */
  unsigned char *tknown;     /* ...when tknown[i] */
  size_t tcap;
  ag_move *mv;               /* legal moves, cap entries */
  size_t cap;
  ag_move *hist;             /* ag_state_history() */
  size_t hist_cap;
  ply *redo;
  size_t nredo, redo_cap;
} run;

/* ------------------------------------------------------------ randomness */

/* A well-mixed 64-bit value from (a, b), for derived seeds. */
static uint64_t mix(uint64_t a, uint64_t b)
{
  uint64_t s = a ^ (b * 0xD1B54A32D192ED03u);
  return ag_rng_next(&s);
}

/* Game k's seed: the same for game k whatever the number of threads. */
static uint64_t game_seed(uint64_t seed, size_t k) { return mix(seed, (uint64_t)k); }

/* ------------------------------------------------------------ helpers */

static void die_oom(void)
{
  fprintf(stderr, "ag-play: out of memory\n");
  exit(1);
}

/* The whole text of one of the library's state writers (ag_state_to_text,
 * ag_state_render, ag_state_record, ...), in a malloc'ed string. */
static char *state_text(int (*writer)(const ag_state *, char *, size_t, size_t *),
                        const ag_state *st)
{
  size_t need = 0;
  char *buf;
  int rc = writer(st, NULL, 0, &need);
  if (rc != AG_OK && rc != AG_EBUFS) return NULL;
  buf = malloc(need + 1);
  if (!buf) die_oom();
  if (writer(st, buf, need + 1, NULL) != AG_OK) {
    free(buf);
    return NULL;
  }
  return buf;
}

/* Writes the game record of st to path; 0, or -1 with a message printed. */
static int save_record(const ag_state *st, const char *path)
{
  char *text = state_text(ag_state_record, st);
  FILE *f;
  int ok;
  if (!text) {
    fprintf(stderr, "ag-play: cannot write the record: %s\n", ag_errmsg());
    return -1;
  }
  f = fopen(path, "w");
  ok = f && fputs(text, f) >= 0;
  if (f && fclose(f) != 0) ok = 0;
  if (!ok) fprintf(stderr, "ag-play: %s: %s\n", path, strerror(errno));
  free(text);
  return ok ? 0 : -1;
}

/* The whole file at path, or NULL with a message printed. */
static char *read_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  char *buf = NULL;
  size_t len = 0, cap = 0, n;
  if (!f) {
    fprintf(stderr, "ag-play: %s: %s\n", path, strerror(errno));
    return NULL;
  }
  do {
    if (cap - len < 4096) {
      char *b = realloc(buf, cap = 2 * cap + 8192);
      if (!b) die_oom();
      buf = b;
    }
    n = fread(buf + len, 1, cap - len - 1, f);
    len += n;
  } while (n > 0);
  if (ferror(f)) {
    fprintf(stderr, "ag-play: %s: %s\n", path, strerror(errno));
    fclose(f);
    free(buf);
    return NULL;
  }
  fclose(f);
  buf[len] = '\0';
  /* The library reads a record up to its first NUL: a NUL inside would end
   * the record there in silence, so it is refused, placed as the library's
   * parse errors are. */
  if (memchr(buf, '\0', len)) {
    size_t at = (size_t)((char *)memchr(buf, '\0', len) - buf), line = 1, i;
    for (i = 0; i < at; i++) line += buf[i] == '\n';
    fprintf(stderr, "ag-play: %s: record line %zu, byte %zu: a NUL byte (a record is text)\n",
            path, line, at);
    free(buf);
    return NULL;
  }
  return buf;
}

static const char *move_text(const ag_game *g, ag_move m, char *buf, size_t cap)
{
  if (ag_move_to_text(g, m, buf, cap, NULL) != AG_OK) snprintf(buf, cap, "?");
  return buf;
}

/* "the hunters", "the hare", "white": a player's name as a sentence's subject. */
static const char *subject(const ag_game *g, int player, char *buf, size_t cap)
{
  const char *name = ag_game_player_name(g, player);
  if (!name) name = "nobody";
  if (strcmp(name, "white") == 0 || strcmp(name, "black") == 0) snprintf(buf, cap, "%s", name);
  else snprintf(buf, cap, "the %s", name);
  return buf;
}

/* 1 when a player's name is a plural ("the hunters win", "the hare wins"). */
static int plural(const ag_game *g, int player)
{
  const char *name = ag_game_player_name(g, player);
  size_t n = name ? strlen(name) : 0;
  return n && name[n - 1] == 's';
}

/* The result in words, e.g. "the hunters win by capture after 57 plies". */
static void result_words(const ag_state *st, char *buf, size_t cap)
{
  const ag_game *g = ag_state_game(st);
  int winner = AG_PLAYER_NONE, reason = AG_END_NONE;
  int outcome = ag_state_outcome(st, &winner, &reason);
  char w[64], l[64];
  if (outcome == AG_OUTCOME_WIN) {
    const char *win = plural(g, winner) ? "win" : "wins";
    subject(g, winner, w, sizeof w);
    subject(g, 1 - winner, l, sizeof l);
    switch (reason) {
    case AG_END_BLOCKED: snprintf(buf, cap, "%s %s: %s cannot move", w, win, l); break;
    case AG_END_CAPTURES: snprintf(buf, cap, "%s %s by capture", w, win); break;
    case AG_END_OWL: snprintf(buf, cap, "%s %s by taking an owl", w, win); break;
    case AG_END_SCORE: snprintf(buf, cap, "%s %s on score", w, win); break;
    case AG_END_FIVE: snprintf(buf, cap, "%s %s by the five-stone rule", w, win); break;
    case AG_END_ALL_TAKEN:
      snprintf(buf, cap, "%s %s: %s %s no pieces left", w, win, l,
               plural(g, 1 - winner) ? "have" : "has");
      break;
    default: {                           /* a reason newer than this program */
      const char *name = ag_end_reason_name(reason);
      snprintf(buf, cap, "%s %s (%s)", w, win, name ? name : "for a reason unknown here");
      break;
    }
    }
  } else if (outcome == AG_OUTCOME_DRAW) {
    switch (reason) {
    case AG_END_PLY_LIMIT: snprintf(buf, cap, "a draw: the game's length limit was reached"); break;
    case AG_END_REPETITION: snprintf(buf, cap, "a draw by repetition"); break;
    case AG_END_SCORE: snprintf(buf, cap, "a draw on equal scores"); break;
    default: {
      const char *name = ag_end_reason_name(reason);
      snprintf(buf, cap, "a draw (%s)", name ? name : "for a reason unknown here");
      break;
    }
    }
  } else {
    snprintf(buf, cap, "no result yet: stopped by --max-plies");
  }
  snprintf(buf + strlen(buf), cap - strlen(buf), " after %zu plies", ag_state_ply(st));
}

/* ------------------------------------------------------------ plies, undo, redo */

static int redo_matches(const run *r)
{
  return r->nredo && r->redo[r->nredo - 1].before == ag_state_hash(r->st);
}

/* Plays a ply and keeps the redo stack honest: the same ply as its top is
 * popped (a replay), any other ply clears it (a new line). */
static int play_ply(run *r, const ply *pl)
{
  int chance = ag_state_current_player(r->st) == AG_PLAYER_CHANCE;
  int rc = pl->joint ? ag_state_apply_joint(r->st, pl->m, 2) : ag_state_apply(r->st, pl->m[0]);
  if (rc != AG_OK) return rc;
  if (chance) r->throws++;
  if (r->nredo) {
    const ply *top = &r->redo[r->nredo - 1];
    if (top->before == pl->before && top->joint == pl->joint && top->m[0] == pl->m[0] &&
        (!pl->joint || top->m[1] == pl->m[1]))
      r->nredo--;
    else
      r->nredo = 0;
  }
  return AG_OK;
}

/* Takes back one ply onto the redo stack; AG_EPHASE when there is none. */
static int undo_ply(run *r)
{
  size_t n = 0;
  ply pl;
  int p;
  if (ag_state_history(r->st, NULL, 0, &n) != AG_OK && n == 0) return AG_EPHASE;
  if (n == 0) return AG_EPHASE;
  if (n > r->hist_cap) {
    ag_move *h = realloc(r->hist, n * 2 * sizeof *h);
    if (!h) die_oom();
    r->hist = h, r->hist_cap = n * 2;
  }
  if (ag_state_history(r->st, r->hist, r->hist_cap, &n) != AG_OK) return AG_ERROR;
  if (ag_state_undo(r->st) != AG_OK) return AG_EPHASE;
  p = ag_state_current_player(r->st);
  memset(&pl, 0, sizeof pl);
  pl.before = ag_state_hash(r->st);
  pl.joint = p == AG_PLAYER_SIMULTANEOUS;
  if (pl.joint) pl.m[0] = r->hist[n - 2], pl.m[1] = r->hist[n - 1];
  else pl.m[0] = r->hist[n - 1];
  if (p == AG_PLAYER_CHANCE && r->throws) r->throws--;
  if (r->nredo == r->redo_cap) {
    size_t c = r->redo_cap ? 2 * r->redo_cap : 64;
    ply *q = realloc(r->redo, c * sizeof *q);
    if (!q) die_oom();
    r->redo = q, r->redo_cap = c;
  }
  r->redo[r->nredo++] = pl;
  return AG_OK;
}

/* Throws in the history of a state (a loaded game or a --position have none
 * of ours), counted by undoing a copy. */
static size_t count_throws(const ag_state *st)
{
  ag_state *c;
  size_t n = 0;
  if (ag_state_clone(st, &c) != AG_OK) die_oom();
  while (ag_state_undo(c) == AG_OK)
    if (ag_state_current_player(c) == AG_PLAYER_CHANCE) n++;
  ag_state_free(c);
  return n;
}

/* ------------------------------------------------------------ players */

/* The computer player of player p: the perfect hare player when a solution is
 * loaded and p is to move, else ag_ai_choose_player() with p's params. */
static int ai_move(const run *r, int p, uint64_t *rng, ag_move *m)
{
  const config *cfg = r->cfg;
  if (cfg->sol && ag_state_current_player(r->st) == p)
    return ag_ai_choose_solved(r->st, cfg->sol, rng, m);
  return ag_ai_choose_player(r->st, p, cfg->params[p], rng, m);
}

/* A move for a computer or random player p (not a person). */
static ag_move machine_move(run *r, int p)
{
  ag_move m = AG_MOVE_NONE;
  size_t n = 0;
  if (r->cfg->kind[p] == AI) {
    if (ai_move(r, p, &r->rng, &m) != AG_OK) {
      fprintf(stderr, "ag-play: ai: %s\n", ag_errmsg());
      exit(1);
    }
    return m;
  }
  if (ag_state_legal_moves(r->st, p, r->mv, r->cap, &n) != AG_OK || n == 0) {
    fprintf(stderr, "ag-play: %s\n", ag_errmsg());
    exit(1);
  }
  return r->mv[ag_rng_below(&r->rng, n)];
}

/* Makes room for the throw stream's state before throw i. */
static void throw_room(run *r, size_t i)
{
  if (i < r->tcap) return;
  {
    size_t c = 2 * i + 64;
    uint64_t *t = realloc(r->tstate, c * sizeof *t);
    unsigned char *k = t ? realloc(r->tknown, c) : NULL;
    if (!t || !k) die_oom();
    memset(k + r->tcap, 0, c - r->tcap);
    r->tstate = t, r->tknown = k, r->tcap = c;
  }
}

/* The i-th throw of the current line (i = r->throws): drawn from the throw
 * stream as it stood before throw i, which is the game's seed for the first
 * throw played here, and is kept; so neither undo nor the players' choices
 * change the i-th throw.  (A throw before the first one played here, reached
 * by undoing a loaded history and playing another line, has a stream state
 * derived from the seed and i.) */
static ag_move throw_move(run *r)
{
  size_t i = r->throws;
  uint64_t s;
  ag_move m = AG_MOVE_NONE;
  throw_room(r, i + 1);
  s = r->tknown[i] ? r->tstate[i] : mix(r->seed ^ 0x5851F42D4C957F2Du, (uint64_t)i);
  if (ag_state_sample_chance(r->st, &s, &m) != AG_OK) {
    fprintf(stderr, "ag-play: %s\n", ag_errmsg());
    exit(1);
  }
  r->tstate[i + 1] = s, r->tknown[i + 1] = 1;
  return m;
}

/* ------------------------------------------------------------ a person */

enum { ASK_MOVE, ASK_QUIT, ASK_UNDO, ASK_REDO };

static void print_menu(const run *r, int p, size_t n)
{
  const ag_game *g = ag_state_game(r->st);
  char text[64];
  size_t i;
  printf("%s, your move:", ag_game_player_name(g, p));
  for (i = 0; i < n; i++)
    printf("%s %zu) %s", i % 6 ? "" : "\n ", i + 1, move_text(g, r->mv[i], text, sizeof text));
  printf("\n");
}

static void print_help(void)
{
  printf("Type one of:\n"
         "  a move's notation   as listed, e.g. c3-d4, 2:res-2, 3/4 (always that move)\n"
         "  N or #N             the menu's move number N (#N when N is also notation)\n"
         "  moves               the menu again\n"
         "  undo                take back your last move (and the replies to it)\n"
         "  redo                play again what undo took back (the same throws too)\n"
         "  hint                what the computer player would play here, its value\n"
         "                      for you and the line it expects\n"
         "  save FILE           write the game record to FILE (ag-play --load FILE\n"
         "                      goes on from it); save alone: to the --save FILE\n"
         "  help or ?           this text\n"
         "  quit                stop, printing the position reached\n");
}

/* The hint: the move of the computer player of this side (the --ai0/--ai1/--ai
 * params, or "ai" when those are "random"), its value for the player, the line it
 * expects and how much it searched (ag_ai_analyse()); with --solution at a hare
 * decision, the perfect move and the exact value.  On a copy of the players' RNG:
 * asking must not change the game. */
static void hint(const run *r, int p)
{
  const ag_game *g = ag_state_game(r->st);
  const char *params = r->cfg->params[p];
  uint64_t rng = r->rng;
  char text[64];
  ag_analysis a = AG_ANALYSIS_INIT;
  ag_move line[16];
  size_t i;
  if (r->cfg->sol && ag_state_current_player(r->st) == p) {
    ag_move m;
    int v = 0, d = 0;
    if (ag_ai_choose_solved(r->st, r->cfg->sol, &rng, &m) != AG_OK ||
        ag_solution_probe(r->cfg->sol, r->st, &v, &d) != AG_OK) {
      printf("no hint: %s\n", ag_errmsg());
      return;
    }
    printf("hint: %s (perfect play, from the solution)\n", move_text(g, m, text, sizeof text));
    if (v) printf("  %s %s in %d turns with best play\n", ag_game_player_name(g, p), v > 0 ? "win" : "lose", d);
    else printf("  a draw with best play\n");
    return;
  }
  if (strncmp(params, "random", 6) == 0) params = "ai";
  if (ag_ai_analyse(r->st, p, params, &rng, NULL, &a, line, 16, NULL, 0) != AG_OK) {
    printf("no hint: %s\n", ag_errmsg());
    return;
  }
  printf("hint: %s (by %s)\n", move_text(g, a.best, text, sizeof text), params);
  if (a.proven)
    printf("  value for %s: %s, proven, %d plies to the end\n", ag_game_player_name(g, p),
           a.value > 0.5 ? "a win" : "a loss", a.distance);
  else
    printf("  value for %s: %.2f (0 a loss, 0.5 a draw, 1 a win)\n", ag_game_player_name(g, p),
           a.value);
  printf("  expected line:");
  for (i = 0; i < a.line_len && i < 16; i++) printf(" %s", move_text(g, line[i], text, sizeof text));
  printf("%s\n", a.line_len > 16 ? " ..." : "");
  printf("  searched %llu steps (iterations or nodes), depth %d, in %.2f s\n",
         (unsigned long long)a.work, a.depth, (double)a.elapsed_us / 1e6);
}

static char *trim(char *s)
{
  char *e;
  while (*s == ' ' || *s == '\t') s++;
  e = s + strlen(s);
  while (e > s && strchr(" \t\r\n", e[-1])) *--e = '\0';
  return s;
}

static int all_digits(const char *s)
{
  if (!*s) return 0;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return 0;
  return 1;
}

/* 1 when one of the n moves is written with digits alone ("3"). */
static int menu_has_numbers(const ag_game *g, const ag_move *mv, size_t n)
{
  char text[64];
  size_t k;
  for (k = 0; k < n; k++)
    if (all_digits(move_text(g, mv[k], text, sizeof text))) return 1;
  return 0;
}

/* Reads what a person typed for player p: a move into *out, or a command. */
static int ask_human(run *r, int p, ag_move *out)
{
  const ag_game *g = ag_state_game(r->st);
  char line[256], text[64];
  size_t n = 0;
  ag_move m;
  ag_state_legal_moves(r->st, p, r->mv, r->cap, &n);
  print_menu(r, p, n);
  for (;;) {
    char *s;
    int parsed, legal;
    printf("> ");
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin)) return ASK_QUIT;
    s = trim(line);
    if (!*s) continue;
    if (strcmp(s, "quit") == 0) return ASK_QUIT;
    if (strcmp(s, "undo") == 0) return ASK_UNDO;
    if (strcmp(s, "redo") == 0) {
      if (r->nredo) return ASK_REDO;
      printf("nothing to redo\n");
      continue;
    }
    if (strcmp(s, "help") == 0 || strcmp(s, "?") == 0) { print_help(); continue; }
    if (strcmp(s, "moves") == 0) { print_menu(r, p, n); continue; }
    if (strncmp(s, "save", 4) == 0 && (!s[4] || s[4] == ' ' || s[4] == '\t')) {
      const char *path = trim(s + 4);
      if (!*path) path = r->cfg->save;
      if (!path) printf("save where? type save FILE\n");
      else if (save_record(r->st, path) == 0) printf("saved the game record to %s\n", path);
      continue;
    }
    if (strcmp(s, "hint") == 0) { hint(r, p); continue; }
    if (s[0] == '#') {
      uint64_t i;
      if (cli_parse_u64(s + 1, 1, n, &i) == 0) { *out = r->mv[i - 1]; return ASK_MOVE; }
      printf("no move #%s: the menu goes from 1 to %zu\n", s + 1, n);
      continue;
    }
    /* A legal move's notation is that move, whatever else it looks like. */
    parsed = ag_move_from_text(g, s, &m) == AG_OK;
    legal = parsed && ag_state_is_legal(r->st, p, m) == 1;
    if (legal) { *out = m; return ASK_MOVE; }
    if (all_digits(s)) {
      uint64_t i;
      int in_menu = cli_parse_u64(s, 1, n, &i) == 0;
      /* A number is the menu's unless the menu itself writes moves as numbers
       * (then the person may have meant an illegal move's notation). */
      if (in_menu && (!parsed || !menu_has_numbers(g, r->mv, n))) {
        *out = r->mv[i - 1];
        return ASK_MOVE;
      }
      if (in_menu) {
        printf("'%s' is ambiguous: it is the notation of a move that is not legal now, and "
               "menu number %s is %s; type #%s for the menu's move\n",
               s, s, move_text(g, r->mv[i - 1], text, sizeof text), s);
        continue;
      }
      if (!parsed) {
        printf("no move number %s: the menu goes from 1 to %zu\n", s, n);
        continue;
      }
    }
    if (!parsed) {
      printf("not a move or a command: %s (type help)\n", ag_errmsg());
      continue;
    }
    /* Ask the library why: it names the rule (on a copy, at a decision node). */
    if (ag_state_current_player(r->st) == p) {
      ag_state *c;
      if (ag_state_clone(r->st, &c) == AG_OK) {
        if (ag_state_apply(c, m) != AG_OK) printf("not legal now: %s\n", ag_errmsg());
        else printf("not legal now: %s\n", move_text(g, m, text, sizeof text));
        ag_state_free(c);
        continue;
      }
    }
    printf("not legal now: %s is not one of %s's choices (type moves)\n",
           move_text(g, m, text, sizeof text), ag_game_player_name(g, p));
  }
}

/* Takes back plies until player p (a person) is to choose again; when p
 * never chose before, nothing changes. */
static void undo_for(run *r, int p)
{
  int undone = 0, q;
  for (;;) {
    if (undo_ply(r) != AG_OK) {
      while (undone-- > 0) play_ply(r, &r->redo[r->nredo - 1]);   /* put them back */
      printf("nothing to undo\n");
      return;
    }
    undone++;
    q = ag_state_current_player(r->st);
    if (q == p || q == AG_PLAYER_SIMULTANEOUS) break;
  }
  printf("undone: %d pl%s; redo plays %s again\n", undone, undone == 1 ? "y" : "ies",
         undone == 1 ? "it" : "them");
}

/* ------------------------------------------------------------ one game */

static void show(const ag_state *st)
{
  size_t need = 0;
  char *buf;
  if (ag_state_render(st, NULL, 0, &need) != AG_EBUFS && need == 0) return;
  buf = malloc(need + 1);
  if (!buf) die_oom();
  if (ag_state_render(st, buf, need + 1, NULL) == AG_OK) printf("%s\n", buf);
  free(buf);
}

static void say_ply(const run *r, int p, const ply *pl)
{
  const ag_game *g = ag_state_game(r->st);
  char a[64], b[64];
  if (pl->joint)
    printf("%s: %s, %s: %s\n", ag_game_player_name(g, 0), move_text(g, pl->m[0], a, sizeof a),
           ag_game_player_name(g, 1), move_text(g, pl->m[1], b, sizeof b));
  else
    printf("%s: %s\n", p == AG_PLAYER_CHANCE ? "throw" : ag_game_player_name(g, p),
           move_text(g, pl->m[0], a, sizeof a));
}

/* Plays from the current position to the end (or --max-plies); 1 when a
 * person quit, else 0.  Computer, random and chance plies replay the top of
 * the redo stack when there is one (it was played from this very position). */
static int play_game(run *r)
{
  const config *cfg = r->cfg;
  int verbose = cfg->verbose;
  if (verbose) show(r->st);
  for (;;) {
    int p = ag_state_current_player(r->st), who = p, q, rc = ASK_MOVE;
    int replay;
    ply pl;
    if (p == AG_PLAYER_TERMINAL || (cfg->max_plies && ag_state_ply(r->st) >= cfg->max_plies))
      return 0;
    replay = redo_matches(r);
    memset(&pl, 0, sizeof pl);
    pl.before = ag_state_hash(r->st);
    if (p == AG_PLAYER_CHANCE) {
      pl.m[0] = replay ? r->redo[r->nredo - 1].m[0] : throw_move(r);
    } else if (p == AG_PLAYER_SIMULTANEOUS) {
      pl.joint = 1;
      for (q = 0; q < 2 && rc == ASK_MOVE; q++) {
        who = q;
        if (cfg->kind[q] == HUMAN) rc = ask_human(r, q, &pl.m[q]);
        else pl.m[q] = replay ? r->redo[r->nredo - 1].m[q] : machine_move(r, q);
      }
    } else if (cfg->kind[p] == HUMAN) {
      rc = ask_human(r, p, &pl.m[0]);
    } else {
      pl.m[0] = replay ? r->redo[r->nredo - 1].m[0] : machine_move(r, p);
    }
    if (rc == ASK_QUIT) return 1;
    if (rc == ASK_UNDO) {
      undo_for(r, who);
      if (verbose) show(r->st);
      continue;
    }
    if (rc == ASK_REDO) pl = r->redo[r->nredo - 1];
    if (play_ply(r, &pl) != AG_OK) {
      fprintf(stderr, "ag-play: %s\n", ag_errmsg());
      exit(1);
    }
    if (verbose) {
      say_ply(r, p, &pl);
      show(r->st);
    }
  }
}

/* A game's seed: the first throw is drawn from it (so that a seed names the
 * same throws as before 0.2), the players from a stream derived from it. */
static void run_seed(run *r, uint64_t seed)
{
  r->seed = seed;
  r->rng = mix(seed, 0x706C6179u);
  r->nredo = 0;
  if (r->tcap) memset(r->tknown, 0, r->tcap);
}

static void run_init(run *r, const config *cfg, uint64_t seed)
{
  const ag_game *g = cfg->g;
  memset(r, 0, sizeof *r);
  r->cfg = cfg;
  run_seed(r, seed);
  r->cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES);
  if (ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES) > r->cap) r->cap = ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES);
  r->mv = malloc((r->cap ? r->cap : 1) * sizeof *r->mv);
  if (!r->mv || ag_state_new(g, &r->st) != AG_OK) die_oom();
}

static void run_free(run *r)
{
  ag_state_free(r->st);
  free(r->mv);
  free(r->hist);
  free(r->redo);
  free(r->tstate);
  free(r->tknown);
}

/* Sets a run's starting position: --position, or the initial one. */
static int run_start(run *r)
{
  if (r->cfg->position && ag_state_set_text(r->st, r->cfg->position) != AG_OK) return -1;
  if (r->cfg->record && ag_state_set_record(r->st, r->cfg->record) != AG_OK) return -1;
  r->throws = count_throws(r->st);
  throw_room(r, r->throws);
  r->tstate[r->throws] = r->seed, r->tknown[r->throws] = 1;
  return 0;
}

/* ------------------------------------------------------------ many games */

typedef struct result {
  int outcome, winner, reason;
  size_t plies;
} result;

typedef struct match {
  const config *cfg;
  size_t games, next, done;
  result *res;
  size_t wins[2], draws, unfinished;
  int tty, failed;
  double t0;
  pthread_mutex_t lock;
} match;

static void progress_line(match *mt)
{
  const ag_game *g = mt->cfg->g;
  char eta[32];
  double t = cli_now() - mt->t0;
  cli_progress(stderr, "%zu/%zu games, %s %zu, %s %zu, draws %zu, ETA %s", mt->done, mt->games,
               ag_game_player_name(g, 0), mt->wins[0], ag_game_player_name(g, 1), mt->wins[1],
               mt->draws,
               cli_duration(mt->done ? t / (double)mt->done * (double)(mt->games - mt->done) : -1,
                            eta, sizeof eta));
}

static void *match_worker(void *arg)
{
  match *mt = arg;
  run r;
  run_init(&r, mt->cfg, 0);
  for (;;) {
    size_t k;
    result res;
    pthread_mutex_lock(&mt->lock);
    k = mt->next++;
    pthread_mutex_unlock(&mt->lock);
    if (k >= mt->games) break;
    ag_state_reset(r.st);
    run_seed(&r, game_seed(mt->cfg->seed, k));
    if (run_start(&r) != 0) {
      pthread_mutex_lock(&mt->lock);
      mt->failed = 1;
      pthread_mutex_unlock(&mt->lock);
      break;
    }
    play_game(&r);
    res.outcome = ag_state_outcome(r.st, &res.winner, &res.reason);
    res.plies = ag_state_ply(r.st);
    pthread_mutex_lock(&mt->lock);
    mt->res[k] = res;
    mt->done++;
    if (res.outcome == AG_OUTCOME_WIN) mt->wins[res.winner]++;
    else if (res.outcome == AG_OUTCOME_DRAW) mt->draws++;
    else mt->unfinished++;
    if (mt->tty) progress_line(mt);
    pthread_mutex_unlock(&mt->lock);
  }
  run_free(&r);
  return NULL;
}

/* Plays cfg's --games on `jobs' threads and prints the table; 0 or 1 (error). */
static int play_match(const config *cfg, size_t games, int jobs)
{
  const ag_game *g = cfg->g;
  pthread_t tid[256];
  match mt;
  size_t plies = 0, k;
  int t, started = 0;
  memset(&mt, 0, sizeof mt);
  mt.cfg = cfg;
  mt.games = games;
  mt.res = calloc(games ? games : 1, sizeof *mt.res);
  if (!mt.res) die_oom();
  mt.tty = cli_is_tty(stderr);
  mt.t0 = cli_now();
  pthread_mutex_init(&mt.lock, NULL);
  for (t = 1; t < jobs; t++) {
    if (pthread_create(&tid[started], NULL, match_worker, &mt) != 0) break;
    started++;
  }
  match_worker(&mt);
  for (t = 0; t < started; t++) pthread_join(tid[t], NULL);
  pthread_mutex_destroy(&mt.lock);
  if (mt.tty) cli_progress_done(stderr);
  if (mt.failed) {
    fprintf(stderr, "ag-play: a game's start failed (main() checked it first)\n");
    free(mt.res);
    return 1;
  }
  for (k = 0; k < games; k++) plies += mt.res[k].plies;
  printf("games: %zu\n", games);
  printf("wins %s (p0): %zu (%.1f%%)\n", ag_game_player_name(g, 0), mt.wins[0],
         games ? 100.0 * (double)mt.wins[0] / (double)games : 0.0);
  printf("wins %s (p1): %zu (%.1f%%)\n", ag_game_player_name(g, 1), mt.wins[1],
         games ? 100.0 * (double)mt.wins[1] / (double)games : 0.0);
  printf("draws: %zu\n", mt.draws);
  printf("unfinished: %zu\n", mt.unfinished);
  printf("mean plies: %.1f\n", games ? (double)plies / (double)games : 0.0);
  free(mt.res);
  return 0;
}

/* ------------------------------------------------------------ main */

static void list_games(FILE *f)
{
  size_t k;
  fprintf(f, "Games:");
  for (k = 0; k < ag_game_count(); k++) fprintf(f, " %s", ag_game_name_at(k));
  fprintf(f, "\n");
}

static const cli_prog prog = {
  "ag-play",
  "usage: ag-play SPEC [options]\n"
  "       ag-play [SPEC] --load FILE [options]\n"
  "       ag-play --list | -h|--help | --version\n"
  "Plays a game in the terminal (SPEC such as hare or \"hare(hunters=11)\").\n"
  "  --p0 human|random|ai   who plays player 0 (default human)\n"
  "  --p1 human|random|ai   who plays player 1 (default ai)\n"
  "  --ai PARAMS            the computer player of both sides\n"
  "                         (default ai: the strongest player of the game)\n"
  "  --ai0 PARAMS, --ai1 PARAMS   player 0 or 1 is the computer with PARAMS\n"
  "  --solution FILE        a hare-hunt solution: the computer plays perfectly\n"
  "  -s, --seed N           seed of throws and of computer choices (default 1)\n"
  "  -m, --max-plies N      stop after N plies (0: no limit, the default)\n"
  "  -p, --position TEXT    start from this position text\n"
  "  --load FILE            go on from a game record (its [Game] gives SPEC)\n"
  "  --save FILE            write the game record to FILE at the end (or quit)\n"
  "  -q, --quiet            print only the spec and the result\n"
  "  -g, --games N          play N games (no person) and print a table\n"
  "  -j, --jobs N           with --games, play on N threads (same results)\n"
  "  -l, --list             the names of the games\n"
  "  -h, --help             this text;   --version  program and library versions\n"
  "At your move type a move's notation, a menu number, or help.\n"
  "Exit status: 0 done (or quit), 1 error (spec, position, file, player),\n"
  "2 bad usage.\n",
  list_games};

enum { OPT_P0 = CLI_OPT_FIRST, OPT_P1, OPT_AI, OPT_AI0, OPT_AI1, OPT_SOLUTION, OPT_SAVE, OPT_LOAD };

static int parse_kind(const char *opt, const char *s)
{
  int k;
  for (k = 0; k < 3; k++)
    if (strcmp(s, kind_names[k]) == 0) return k;
  cli_usage_error(&prog, "%s '%s': a player is human, random or ai", opt, s);
}

int main(int argc, char **argv)
{
  static const struct option longopts[] = {
    {"p0", required_argument, NULL, OPT_P0}, {"p1", required_argument, NULL, OPT_P1},
    {"ai", required_argument, NULL, OPT_AI}, {"ai0", required_argument, NULL, OPT_AI0},
    {"ai1", required_argument, NULL, OPT_AI1},
    {"solution", required_argument, NULL, OPT_SOLUTION},
    {"seed", required_argument, NULL, 's'}, {"max-plies", required_argument, NULL, 'm'},
    {"position", required_argument, NULL, 'p'}, {"quiet", no_argument, NULL, 'q'},
    {"games", required_argument, NULL, 'g'}, {"jobs", required_argument, NULL, 'j'},
    {"save", required_argument, NULL, OPT_SAVE}, {"load", required_argument, NULL, OPT_LOAD},
    {"list", no_argument, NULL, 'l'}, CLI_STD_OPTIONS, {NULL, 0, NULL, 0}};
  const char *ai = "ai", *ai_side[2] = {NULL, NULL};
  const char *solution = NULL, *load = NULL;
  char *record = NULL;
  int kind_set[2] = {0, 0}, quiet = 0, list = 0, jobs = 1, c, q, status = 0;
  size_t games = 0;
  config cfg;
  ag_game *g;
  run r;
  memset(&cfg, 0, sizeof cfg);
  cfg.kind[0] = HUMAN, cfg.kind[1] = AI;
  cfg.seed = 1;
  while ((c = cli_getopt(&prog, argc, argv, "s:m:p:qg:j:l", longopts)) != -1) {
    switch (c) {
    case OPT_P0: cfg.kind[0] = parse_kind("--p0", optarg), kind_set[0] = 1; break;
    case OPT_P1: cfg.kind[1] = parse_kind("--p1", optarg), kind_set[1] = 1; break;
    case OPT_AI: ai = optarg; break;
    case OPT_AI0: ai_side[0] = optarg; break;
    case OPT_AI1: ai_side[1] = optarg; break;
    case OPT_SOLUTION: solution = optarg; break;
    case 's': cfg.seed = cli_u64(&prog, "--seed", optarg, 0, UINT64_MAX); break;
    case 'm': cfg.max_plies = (size_t)cli_u64(&prog, "--max-plies", optarg, 0, SIZE_MAX); break;
    case 'p': cfg.position = optarg; break;
    case 'q': quiet = 1; break;
    case 'g': games = (size_t)cli_u64(&prog, "--games", optarg, 1, SIZE_MAX / 64); break;
    case 'j': jobs = (int)cli_u64(&prog, "--jobs", optarg, 1, 256); break;
    case 'l': list = 1; break;
    case OPT_SAVE: cfg.save = optarg; break;
    case OPT_LOAD: load = optarg; break;
    }
  }
  if (list) {
    size_t k;
    if (argc != optind) cli_usage_error(&prog, "--list takes no SPEC");
    for (k = 0; k < ag_game_count(); k++) printf("%s\n", ag_game_name_at(k));
    return 0;
  }
  if (argc - optind > 1 || (argc == optind && !load))
    cli_usage_error(&prog, "expected one SPEC, got %d argument%s", argc - optind,
                    argc - optind == 1 ? "" : "s");
  if (load && cfg.position) cli_usage_error(&prog, "--load and --position both give the start");
  if (cfg.save && games) cli_usage_error(&prog, "--save keeps one game: not with --games");
  for (q = 0; q < 2; q++) {
    cfg.params[q] = ai_side[q] ? ai_side[q] : ai;
    if (ai_side[q] && kind_set[q] && cfg.kind[q] != AI)
      cli_usage_error(&prog, "--ai%d makes player %d the computer, but --p%d says %s", q, q, q,
                      kind_names[cfg.kind[q]]);
    if (ai_side[q]) cfg.kind[q] = AI;
  }
  if (games && (cfg.kind[0] == HUMAN || cfg.kind[1] == HUMAN))
    cli_usage_error(&prog, "--games plays without a person: give --p0 and --p1 random or ai");
  if (jobs > 1 && !games) cli_usage_error(&prog, "--jobs plays several games: give --games too");
  /* --load: the record names its game; a SPEC given too must be the same game. */
  if (load) {
    if (!(record = read_file(load))) return 1;
    cfg.record = record;
  }
  if (argc == optind) {
    /* The record's own game: the library reads its [Game] tag. */
    ag_state *opened;
    if (ag_state_new_from_record(record, &g, &opened) != AG_OK) {
      fprintf(stderr, "ag-play: %s: %s\n", load, ag_errmsg());
      free(record);
      return 1;
    }
    ag_state_free(opened);   /* run_start() replays the record into its own state */
  } else if (ag_game_new(argv[optind], &g) != AG_OK) {
    fprintf(stderr, "ag-play: %s: %s\n", argv[optind], ag_errmsg());
    free(record);
    return 1;
  }
  cfg.g = g;
  if (solution && ag_solution_load(solution, &cfg.sol) != AG_OK) {
    fprintf(stderr, "ag-play: %s: %s\n", solution, ag_errmsg());
    ag_game_free(g);
    free(record);
    return 1;
  }
  printf("%s\n", ag_game_spec(g));
  cfg.verbose = !quiet && !games;
  run_init(&r, &cfg, cfg.seed);
  if (run_start(&r) != 0) {        /* here, where ag_errmsg() can say why */
    fflush(stdout);
    fprintf(stderr, "ag-play: %s: %s\n", load ? load : "--position", ag_errmsg());
    status = 1;
  } else if (games) {
    fflush(stdout);
    status = play_match(&cfg, games, jobs);
  } else {
    char words[256];
    if (play_game(&r)) {
      char *text = state_text(ag_state_to_text, r.st);
      if (!text) die_oom();
      printf("quit after %zu plies; the position reached:\n%s\n", ag_state_ply(r.st), text);
      if (cfg.save)
        printf("(go on with: ag-play --load '%s')\n", cfg.save);
      else
        printf("(to keep the game with its history, type save FILE before quit, or start "
               "with --save FILE; go on later with: ag-play --load FILE)\n");
      free(text);
    } else {
      result_words(r.st, words, sizeof words);
      printf("result: %s\n", words);
    }
    if (cfg.save) {
      if (save_record(r.st, cfg.save) == 0) printf("saved the game record to %s\n", cfg.save);
      else status = 1;
    }
  }
  run_free(&r);
  free(record);
  ag_solution_free(cfg.sol);
  ag_game_free(g);
  return status;
}
