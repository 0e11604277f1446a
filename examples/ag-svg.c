/* SPDX-License-Identifier: MIT */
/*
 * ag-svg -- draws a game's board and pieces as SVG.
 *
 *   ag-svg SPEC [--position TEXT] [-o FILE]
 *   ag-svg -h|--help, ag-svg --version
 *
 * The drawing is the library's: ag_state_svg() draws the board from its
 * marks, edges and nodes (the public geometry API), so this program knows no
 * board; it only parses options, sets the position and writes the document.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ancientgames.h>
#include "cli.h"

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
  char *svg = NULL;
  int status = 1;
  size_t len = 0;
  FILE *f = NULL;
  int c, written;
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
  ag_state_svg(st, 0, NULL, 0, &len);   /* AG_EBUFS: len is the size needed */
  svg = malloc(len + 1);
  if (!svg || ag_state_svg(st, 0, svg, len + 1, NULL) != AG_OK) {
    fprintf(stderr, "ag-svg: cannot draw: %s\n", svg ? ag_errmsg() : strerror(ENOMEM));
    goto fail;
  }
  f = out ? fopen(out, "w") : stdout;
  if (!f) { fprintf(stderr, "ag-svg: %s: %s\n", out, strerror(errno)); goto fail; }
  written = fwrite(svg, 1, len, f) == len;
  written = (out ? fclose(f) == 0 : fflush(stdout) == 0) && written;   /* closed either way */
  if (!written) {
    fprintf(stderr, "ag-svg: %s: %s\n", out ? out : "standard output", strerror(errno));
    goto fail;
  }
  status = 0;
fail:
  free(svg);
  ag_state_free(st);
  ag_game_free(g);
  return status;
}
