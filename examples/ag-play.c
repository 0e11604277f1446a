/*
 * ag-play -- play any built-in game in the terminal.
 *
 *   ag-play SPEC [--p0 human|random|ai] [--p1 human|random|ai] [--seed N]
 *           [--max-plies N] [--games N] [--quiet] [--ai PARAMS] [--solution FILE]
 *   ag-play --list
 *
 * The board is rendered after each ply.  A human answers with a move's
 * number or its notation ("undo" takes back the last ply, "quit" stops).
 * Stick throws are drawn from the seeded RNG; at a finger round each side
 * chooses without seeing the other's choice.  With --games N, N seeded games
 * are played without the board and a results table is printed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>

enum { HUMAN, RANDOM, AI };

typedef struct player_set {
  int kind[2];
  uint64_t rng;
  ag_move *mv;
  size_t cap;
  const char *ai_params;    /* --ai: params of ag_ai_choose_player() */
  ag_solution *sol;         /* --solution: perfect hare player */
} player_set;

static int parse_kind(const char *s)
{
  if (strcmp(s, "human") == 0) return HUMAN;
  if (strcmp(s, "random") == 0) return RANDOM;
  if (strcmp(s, "ai") == 0) return AI;
  fprintf(stderr, "ag-play: player must be human, random or ai, not '%s'\n", s);
  exit(2);
}

/* The computer player of the library: ag_ai_choose_player() with the --ai
 * params (MCTS by default), or the perfect hare player when a solution was
 * loaded with --solution. */
static ag_move ai_choose(ag_state *st, int player, player_set *ps)
{
  ag_move m = 0;
  int rc = ps->sol && ag_state_current_player(st) == player
               ? ag_ai_choose_solved(st, ps->sol, &ps->rng, &m)
               : ag_ai_choose_player(st, player, ps->ai_params, &ps->rng, &m);
  if (rc != AG_OK) {
    fprintf(stderr, "ag-play: ai: %s\n", ag_errmsg());
    exit(1);
  }
  return m;
}

/* Asks a human for one of the listed moves; 0 for quit, 1 for undo. */
static ag_move ask_human(ag_state *st, int player, player_set *ps)
{
  const ag_game *g = ag_state_game(st);
  char line[128], text[64];
  size_t n, i;
  ag_move m;
  ag_state_legal_moves(st, player, ps->mv, ps->cap, &n);
  for (;;) {
    printf("%s, your move:", ag_game_player_name(g, player));
    for (i = 0; i < n; i++) {
      ag_move_to_text(g, ps->mv[i], text, sizeof text, NULL);
      printf("%s %zu) %s", i % 6 ? "" : "\n ", i + 1, text);
    }
    printf("\n> ");
    fflush(stdout);
    if (!fgets(line, sizeof line, stdin) || strncmp(line, "quit", 4) == 0) return 0;
    line[strcspn(line, "\r\n")] = '\0';
    if (strcmp(line, "undo") == 0) return 1;
    if (line[0] >= '1' && line[0] <= '9' && strtoul(line, NULL, 10) <= n)
      return ps->mv[strtoul(line, NULL, 10) - 1];
    if (ag_move_from_text(g, line, &m) == AG_OK && ag_state_is_legal(st, player, m) == 1) return m;
    printf("not a legal move: %s\n", line);
  }
}

static ag_move choose(ag_state *st, int player, player_set *ps)
{
  size_t n;
  if (ps->kind[player] == HUMAN) return ask_human(st, player, ps);
  if (ps->kind[player] == AI) return ai_choose(st, player, ps);
  ag_state_legal_moves(st, player, ps->mv, ps->cap, &n);
  return ps->mv[ag_rng_below(&ps->rng, n)];
}

static void show(const ag_state *st)
{
  static char buf[8192];
  if (ag_state_render(st, buf, sizeof buf, NULL) == AG_OK) printf("%s\n", buf);
}

static void say_move(const ag_game *g, const char *who, ag_move m)
{
  char text[64];
  ag_move_to_text(g, m, text, sizeof text, NULL);
  printf("%s: %s\n", who, text);
}

/* Plays one game; returns the outcome, or -1 when a human quit. */
static int play_game(ag_state *st, player_set *ps, size_t max_plies, int verbose, int *winner)
{
  const ag_game *g = ag_state_game(st);
  ag_move m, joint[2];
  int p, q;
  if (verbose) show(st);
  while ((p = ag_state_current_player(st)) != AG_PLAYER_TERMINAL &&
         (!max_plies || ag_state_ply(st) < max_plies)) {
    if (p == AG_PLAYER_CHANCE) {
      ag_state_sample_chance(st, &ps->rng, &m);
      if (verbose) say_move(g, "throw", m);
      ag_state_apply(st, m);
    } else if (p == AG_PLAYER_SIMULTANEOUS) {
      for (q = 0; q < 2; q++) {
        joint[q] = choose(st, q, ps);
        if (joint[q] == 0) return -1;
        if (joint[q] == 1) joint[q] = choose(st, q, ps);  /* no undo inside a round */
      }
      if (verbose) {
        say_move(g, ag_game_player_name(g, 0), joint[0]);
        say_move(g, ag_game_player_name(g, 1), joint[1]);
      }
      ag_state_apply_joint(st, joint, 2);
    } else {
      m = choose(st, p, ps);
      if (m == 0) return -1;
      if (m == 1) {
        while (ag_state_undo(st) == AG_OK &&
               (ag_state_current_player(st) != p || ps->kind[p] != HUMAN)) {}
        if (verbose) show(st);
        continue;
      }
      if (verbose) say_move(g, ag_game_player_name(g, p), m);
      ag_state_apply(st, m);
    }
    if (verbose) show(st);
  }
  return ag_state_outcome(st, winner, NULL);
}

int main(int argc, char **argv)
{
  player_set ps = {{HUMAN, AI}, 1, NULL, 0, "ai", NULL};
  size_t max_plies = 0, games = 0, wins[2] = {0, 0}, draws = 0, unfinished = 0, k;
  int quiet = 0, i, winner, outcome;
  ag_game *g;
  ag_state *st;
  if (argc == 2 && strcmp(argv[1], "--list") == 0) {
    for (k = 0; k < ag_game_count(); k++) printf("%s\n", ag_game_name_at(k));
    return 0;
  }
  if (argc < 2 || argv[1][0] == '-') {
    fprintf(stderr, "usage: ag-play SPEC [--p0 human|random|ai] [--p1 ...] [--seed N]\n"
                    "               [--max-plies N] [--games N] [--quiet] [--ai PARAMS]\n"
                    "               [--solution FILE]\ngames:");
    for (k = 0; k < ag_game_count(); k++) fprintf(stderr, " %s", ag_game_name_at(k));
    fprintf(stderr, "\n");
    return 2;
  }
  for (i = 2; i < argc; i++) {
    if (strcmp(argv[i], "--p0") == 0 && i + 1 < argc) ps.kind[0] = parse_kind(argv[++i]);
    else if (strcmp(argv[i], "--p1") == 0 && i + 1 < argc) ps.kind[1] = parse_kind(argv[++i]);
    else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc) ps.rng = strtoull(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--max-plies") == 0 && i + 1 < argc) max_plies = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--games") == 0 && i + 1 < argc) games = strtoul(argv[++i], NULL, 10);
    else if (strcmp(argv[i], "--quiet") == 0) quiet = 1;
    else if (strcmp(argv[i], "--ai") == 0 && i + 1 < argc) ps.ai_params = argv[++i];
    else if (strcmp(argv[i], "--solution") == 0 && i + 1 < argc) {
      if (ag_solution_load(argv[++i], &ps.sol) != AG_OK) {
        fprintf(stderr, "ag-play: %s\n", ag_errmsg());
        return 1;
      }
    }
    else { fprintf(stderr, "ag-play: unknown argument '%s'\n", argv[i]); return 2; }
  }
  if (ag_game_new(argv[1], &g) != AG_OK || ag_state_new(g, &st) != AG_OK) {
    fprintf(stderr, "ag-play: %s\n", ag_errmsg());
    return 1;
  }
  ps.cap = ag_game_limit(g, AG_LIMIT_LEGAL_MOVES);
  if (ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES) > ps.cap) ps.cap = ag_game_limit(g, AG_LIMIT_CHANCE_OUTCOMES);
  ps.mv = malloc(2 * ps.cap * sizeof *ps.mv);
  if (!ps.mv) return 1;
  printf("%s\n", ag_game_spec(g));
  for (k = 0; k < (games ? games : 1); k++) {
    ag_state_reset(st);
    outcome = play_game(st, &ps, max_plies, !games && !quiet, &winner);
    if (outcome < 0) break;
    if (outcome == AG_OUTCOME_WIN) wins[winner]++;
    else if (outcome == AG_OUTCOME_DRAW) draws++;
    else unfinished++;
    if (!games) {
      if (outcome == AG_OUTCOME_WIN) printf("result: %s wins after %zu plies\n", ag_game_player_name(g, winner), ag_state_ply(st));
      else if (outcome == AG_OUTCOME_DRAW) printf("result: draw after %zu plies\n", ag_state_ply(st));
      else printf("result: stopped after %zu plies\n", ag_state_ply(st));
    }
  }
  if (games) {
    printf("games: %zu\n", games);
    printf("wins %s (p0): %zu (%.1f%%)\n", ag_game_player_name(g, 0), wins[0], 100.0 * wins[0] / games);
    printf("wins %s (p1): %zu (%.1f%%)\n", ag_game_player_name(g, 1), wins[1], 100.0 * wins[1] / games);
    printf("draws: %zu\n", draws);
    printf("unfinished: %zu\n", unfinished);
  }
  free(ps.mv);
  ag_solution_free(ps.sol);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
