/* SPDX-License-Identifier: MIT */
/*
 * replay.c -- a plain main() for a fuzz target: feeds it each file named on
 * the command line (a directory: each file in it), or with no argument
 * every file of $top_srcdir/tests/fuzz/corpus/FUZZ_NAME, the committed
 * corpus.  So `make check' runs the corpora with any compiler, libFuzzer or
 * not.  Output is one TAP result; an invariant failure aborts the program
 * (the TAP driver reports the crash).
 */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#ifndef FUZZ_NAME
#error "compile with -DFUZZ_NAME=\"target\""
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Feeds one file; returns 1 when it was read, 0 when it could not be. */
static int replay_file(const char *path)
{
  FILE *f = fopen(path, "rb");
  uint8_t *buf = NULL;
  size_t n = 0, cap = 0, got;
  if (!f) { perror(path); return 0; }
  for (;;) {
    if (n == cap) {
      uint8_t *nb = realloc(buf, cap = cap ? 2 * cap : 4096);
      if (!nb) { fclose(f); free(buf); return 0; }
      buf = nb;
    }
    got = fread(buf + n, 1, cap - n, f);
    if (got == 0) break;
    n += got;
  }
  fclose(f);
  LLVMFuzzerTestOneInput(buf, n);
  free(buf);
  return 1;
}

static int by_name(const void *a, const void *b)
{
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Feeds a file, or each regular file of a directory in name order; adds
 * the count of inputs to *count; returns 0 on a read error. */
static int replay_path(const char *path, int *count)
{
  struct stat sb;
  DIR *d;
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, i;
  int ok = 1;
  if (stat(path, &sb) != 0) { perror(path); return 0; }
  if (!S_ISDIR(sb.st_mode)) { *count += 1; return replay_file(path); }
  d = opendir(path);
  if (!d) { perror(path); return 0; }
  while ((e = readdir(d)) != NULL) {
    char **nn;
    if (e->d_name[0] == '.') continue;
    nn = realloc(names, (n + 1) * sizeof *names);
    if (!nn) break;
    names = nn;
    names[n] = malloc(strlen(path) + strlen(e->d_name) + 2);
    if (!names[n]) break;
    sprintf(names[n++], "%s/%s", path, e->d_name);
  }
  closedir(d);
  qsort(names, n, sizeof *names, by_name);
  for (i = 0; i < n; i++) {
    if (stat(names[i], &sb) == 0 && S_ISREG(sb.st_mode)) {
      ok &= replay_file(names[i]);
      *count += 1;
    }
    free(names[i]);
  }
  free(names);
  return ok;
}

int main(int argc, char **argv)
{
  int count = 0, ok = 1, i;
  printf("1..1\n");
  fflush(stdout);
  if (argc > 1) {
    for (i = 1; i < argc; i++) ok &= replay_path(argv[i], &count);
  } else {
    const char *top = getenv("top_srcdir");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/tests/fuzz/corpus/%s", top && *top ? top : ".", FUZZ_NAME);
    ok = replay_path(dir, &count);
  }
  if (!ok || count == 0) {
    printf("not ok 1 - %s: %d inputs replayed, %s\n", FUZZ_NAME, count,
           count ? "some could not be read" : "no corpus found");
    return 1;
  }
  printf("ok 1 - %s: %d inputs replayed\n", FUZZ_NAME, count);
  return 0;
}
