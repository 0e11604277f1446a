/* SPDX-License-Identifier: MIT */
/*
 * complexity_driver.c -- one text reader of the library on an input of size
 * n, for tests/check-complexity.sh, which counts the instructions of a run
 * under callgrind at n, 2n, 4n and 8n.  Usage: complexity_driver READER N.
 * The inputs are the shapes that once cost quadratic work (issue 27, D12):
 * many tags; and long texts for every other reader (good or refused: a
 * refusal must cost no more than reading).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <ancientgames.h>

static char *fill(size_t cap) { char *p = calloc(cap, 1); if (!p) exit(99); return p; }

int main(int argc, char **argv)
{
  ag_game *g;
  ag_state *st;
  ag_move mv;
  size_t n, i, len = 0, cap;
  char *text;
  const char *reader;
  if (argc != 3) { fprintf(stderr, "usage: complexity_driver READER N\n"); return 2; }
  reader = argv[1];
  n = strtoul(argv[2], NULL, 10);
  if (ag_game_new("hare", &g) != AG_OK || ag_state_new(g, &st) != AG_OK) return 99;
  cap = 64 + n * 40;
  text = fill(cap);
  if (!strcmp(reader, "record-tags")) {          /* n tags, n <= 1024 */
    len = (size_t)snprintf(text, cap, "[Game \"hare\"]\n");
    for (i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, "[Tag%zu \"value %zu\"]\n", i, i);
    if (ag_state_set_record(st, text) != AG_OK) return 1;
    for (i = 0; i < n; i++) {      /* each tag read back: a scan per read is quadratic */
      char name[32], value[32];
      snprintf(name, sizeof name, "Tag%zu", i);
      if (ag_state_tag(st, name, value, sizeof value, NULL) != AG_OK) return 1;
    }
  } else if (!strcmp(reader, "record-comments")) {   /* n comment lines, then plies */
    len = (size_t)snprintf(text, cap, "[Game \"hare\"]\n");
    for (i = 0; i < n; i++) len += (size_t)snprintf(text + len, cap - len, "; comment %zu\n", i);
    if (ag_state_set_record(st, text) != AG_OK) return 1;
  } else if (!strcmp(reader, "set-tag")) {        /* n new tags, each read, then an older one replaced */
    char name[32], value[32];
    for (i = 0; i < n; i++) {
      snprintf(name, sizeof name, "Tag%zu", i);
      if (ag_state_set_tag(st, name, "value") != AG_OK) return 1;
      /* the newest tag read back: the last one a scan would reach */
      if (ag_state_tag(st, name, value, sizeof value, NULL) != AG_OK) return 1;
      snprintf(name, sizeof name, "Tag%zu", i / 2);
      if (ag_state_set_tag(st, name, "VALUE") != AG_OK) return 1;
    }
  } else if (!strcmp(reader, "spec")) {           /* a spec with n blanks (refused or not) */
    memcpy(text, "hare(", 5);
    memset(text + 5, ' ', n);
    strcpy(text + 5 + n, "hunters=10)");
    ag_game *h = NULL;
    ag_game_new(text, &h);
    ag_game_free(h);
  } else if (!strcmp(reader, "position")) {       /* a position text of n bytes (refused) */
    memset(text, '.', n);
    ag_state_set_text(st, text);
  } else if (!strcmp(reader, "move")) {           /* a move text of n bytes (refused) */
    memset(text, 'c', n);
    ag_move_from_text(g, text, &mv);
  } else if (!strcmp(reader, "solution")) {       /* a solution file of n bytes (refused) */
    FILE *f;
    char path[64];
    ag_solution *sol = NULL;
    snprintf(path, sizeof path, "/tmp/ag-complexity-%ld.sol", (long)getpid());
    f = fopen(path, "wb");
    if (!f) return 99;
    memset(text, 'A', n);
    fwrite(text, 1, n, f);
    fclose(f);
    ag_solution_load(path, &sol);
    ag_solution_free(sol);
    remove(path);
  } else {
    fprintf(stderr, "unknown reader %s\n", reader);
    return 2;
  }
  free(text);
  ag_state_free(st);
  ag_game_free(g);
  return 0;
}
