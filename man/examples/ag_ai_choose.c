/* SPDX-License-Identifier: MIT */
/* The computer player (Monte Carlo tree search) against the random player in
 * the hare hunt; a seeded game is reproducible.  Then a computer move that is
 * cancelled, as a GUI's stop button does. */
#include <stdio.h>
#include <ancientgames.h>

/* Called about every millisecond on the searching thread: a GUI would pump its
 * events here and return 1 once the stop button was pressed.  Here: after 5 calls. */
static int stop_button(void *user)
{
  int *calls = user;
  return ++*calls > 5;
}

int main(void)
{
  ag_game *g;
  ag_state *st;
  ag_move m;
  ag_control ctl = AG_CONTROL_INIT;
  uint64_t rng = 2024;
  int winner, calls = 0, rc = AG_OK;
  char text[32];

  if (ag_game_new("hare(hunters=10)", &g) != AG_OK ||
      ag_state_new(g, &st) != AG_OK)
    return 1;
  while (rc == AG_OK && !ag_state_is_terminal(st) && ag_state_ply(st) < 60) {
    /* the hunters (player 0) search, the hare plays at random */
    const char *who = ag_state_current_player(st) == 0
                          ? "mcts(iterations=200,rollout=20)" : "random";
    rc = ag_ai_choose(st, who, &rng, &m);
    if (rc == AG_OK)
      rc = ag_state_apply(st, m);
  }
  if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
    return 1;
  }
  ag_state_outcome(st, &winner, NULL);
  printf("%zu plies, winner: %s\n", ag_state_ply(st),
         winner >= 0 ? ag_game_player_name(g, winner) : "none");

  /* A long search, cancelled: ag_ai_choose_ex with a poll callback (or a stop
   * flag, ctl.stop, that another thread or a signal handler sets). */
  ag_state_reset(st);
  ctl.poll = stop_button;
  ctl.user = &calls;
  rc = ag_ai_choose_ex(st, ag_state_current_player(st), "ai(time_ms=60000)",
                       &rng, &ctl, &m);
  if (rc == AG_ECANCELED && m != AG_MOVE_NONE) {
    ag_move_to_text(g, m, text, sizeof text, NULL);
    printf("cancelled; the best move so far: %s\n", text);
  } else if (rc != AG_OK) {
    fprintf(stderr, "%s: %s\n", ag_strerror(rc), ag_errmsg());
  }
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
