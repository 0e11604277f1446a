/* SPDX-License-Identifier: MIT */
/*
 * gen_solution_seeds.c -- writes the seed corpus of fuzz_solution: small
 * reduced-variant solutions (the internal test hook ag__hare_solve), each
 * prefixed by fuzz_solution's flags byte (0: the file as is, checksum
 * included).  Run from the top of the source tree:
 *     make tests/fuzz/gen_solution_seeds && tests/fuzz/gen_solution_seeds tests/fuzz/corpus/solution
 */
#include <stdio.h>
#include <stdlib.h>
#include "ancientgames.h"
#include "ai/hare_solver.h"

static int seed(const char *dir, int chain, int threshold, int hunters)
{
  char path[4096], out[4096];
  ag_solution *sol = NULL;
  FILE *in, *f;
  int c;
  snprintf(path, sizeof path, "%s/.tmp", dir);
  snprintf(out, sizeof out, "%s/chain%d-threshold%d-hunters%d", dir, chain, threshold, hunters);
  if (ag__hare_solve(chain, threshold, hunters, 1, NULL, NULL, &sol) != AG_OK ||
      ag_solution_save(sol, path) != AG_OK) {
    fprintf(stderr, "gen_solution_seeds: %s\n", ag_errmsg());
    return 1;
  }
  ag_solution_free(sol);
  in = fopen(path, "rb");
  f = fopen(out, "wb");
  if (!in || !f) { perror(out); return 1; }
  fputc(0, f);
  while ((c = fgetc(in)) != EOF) fputc(c, f);
  fclose(in);
  remove(path);
  return fclose(f) != 0;
}

int main(int argc, char **argv)
{
  const char *dir = argc > 1 ? argv[1] : "tests/fuzz/corpus/solution";
  return seed(dir, 1, 0, 1) | seed(dir, 0, 0, 1) | seed(dir, 1, 1, 2);
}
