/* SPDX-License-Identifier: MIT */
/*
 * cli.c -- command-line helpers shared by the example programs (see cli.h).
 */
#define _POSIX_C_SOURCE 200809L
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include "cli.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <ancientgames.h>

/* The program's own version: the package it was built in, or failing that the
 * header it was compiled against. */
#ifndef PACKAGE_VERSION
#define CLI_STR2(x) #x
#define CLI_STR(x) CLI_STR2(x)
#define PACKAGE_VERSION \
  CLI_STR(AG_VERSION_MAJOR) "." CLI_STR(AG_VERSION_MINOR) "." CLI_STR(AG_VERSION_PATCH)
#endif

void cli_usage(const cli_prog *p, FILE *f)
{
  fputs(p->usage, f);
  if (p->usage_more) p->usage_more(f);
  fflush(f);
}

void cli_version(const cli_prog *p)
{
  printf("%s (liboldgames) %s\n", p->name, PACKAGE_VERSION);
  printf("libancientgames %s (compiled against ancientgames.h %d.%d.%d)\n",
         ag_version_string(), AG_VERSION_MAJOR, AG_VERSION_MINOR, AG_VERSION_PATCH);
  fflush(stdout);
}

int cli_std_option(const cli_prog *p, int c)
{
  switch (c) {
  case 'h':
    cli_usage(p, stdout);
    exit(ferror(stdout) ? 1 : 0);
  case CLI_OPT_VERSION:
    cli_version(p);
    exit(ferror(stdout) ? 1 : 0);
  case '?':
  case ':':
    cli_usage(p, stderr);      /* getopt_long has already named the option */
    exit(CLI_EXIT_USAGE);
  default:
    return 0;
  }
}

int cli_getopt(const cli_prog *p, int argc, char **argv, const char *shortopts,
               const struct option *longopts)
{
  char opts[128];
  int c;
  /* Our own messages, named after the program rather than argv[0] (a libtool
   * wrapper's path in the build tree); the leading ':' tells a missing value
   * (':') from an unknown option ('?'). */
  snprintf(opts, sizeof opts, ":h%s", shortopts);
  opterr = 0;
  for (;;) {
    const char *arg;
    c = getopt_long(argc, argv, opts, longopts, NULL);
    arg = optind > 0 && optind <= argc ? argv[optind - 1] : "";
    if (c == ':') {
      if (optopt && optopt < 0x100 && strncmp(arg, "--", 2) != 0)
        cli_usage_error(p, "option '-%c' needs a value", optopt);
      cli_usage_error(p, "option '%s' needs a value", arg);
    }
    if (c == '?') {
      if (optopt && optopt < 0x100 && strncmp(arg, "--", 2) != 0)
        cli_usage_error(p, "unknown option '-%c'", optopt);
      if (strncmp(arg, "--", 2) == 0 && strchr(arg, '=') && optopt)
        cli_usage_error(p, "option '%.*s' takes no value", (int)(strchr(arg, '=') - arg), arg);
      cli_usage_error(p, "unknown option '%s'", arg);
    }
    if (!cli_std_option(p, c)) return c;
  }
}

void cli_usage_error(const cli_prog *p, const char *fmt, ...)
{
  va_list ap;
  fprintf(stderr, "%s: ", p->name);
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  fputc('\n', stderr);
  cli_usage(p, stderr);
  exit(CLI_EXIT_USAGE);
}

/* Digits only, at least one: strtoull and strtoll themselves would accept
 * leading spaces, a '+', and (strtoull) a '-' that wraps around. */
static int all_digits(const char *s)
{
  if (!*s) return 0;
  for (; *s; s++)
    if (*s < '0' || *s > '9') return 0;
  return 1;
}

int cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out)
{
  unsigned long long v;
  if (!text || !all_digits(text)) return -1;
  errno = 0;
  v = strtoull(text, NULL, 10);
  if (errno == ERANGE || v < min || v > max) return -1;
  *out = v;
  return 0;
}

int cli_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out)
{
  long long v;
  if (!text) return -1;
  if (!all_digits(text[0] == '-' && min < 0 ? text + 1 : text)) return -1;
  errno = 0;
  v = strtoll(text, NULL, 10);
  if (errno == ERANGE || v < min || v > max) return -1;
  *out = v;
  return 0;
}

int cli_parse_double(const char *text, double min, double max, double *out)
{
  char *end;
  double v;
  if (!text || !*text || strchr(" \t\n\v\f\r", text[0])) return -1;
  errno = 0;
  v = strtod(text, &end);
  if (*end || errno == ERANGE || !isfinite(v) || v < min || v > max) return -1;
  *out = v;
  return 0;
}

uint64_t cli_u64(const cli_prog *p, const char *opt, const char *text, uint64_t min,
                 uint64_t max)
{
  uint64_t v = 0;
  if (cli_parse_u64(text, min, max, &v) != 0) {
    if (max == UINT64_MAX)
      cli_usage_error(p, "%s '%s': not a whole number >= %llu", opt, text ? text : "",
                      (unsigned long long)min);
    cli_usage_error(p, "%s '%s': not a whole number from %llu to %llu", opt, text ? text : "",
                    (unsigned long long)min, (unsigned long long)max);
  }
  return v;
}

int64_t cli_i64(const cli_prog *p, const char *opt, const char *text, int64_t min,
                int64_t max)
{
  int64_t v = 0;
  if (cli_parse_i64(text, min, max, &v) != 0)
    cli_usage_error(p, "%s '%s': not a whole number from %lld to %lld", opt, text ? text : "",
                    (long long)min, (long long)max);
  return v;
}

double cli_double(const cli_prog *p, const char *opt, const char *text, double min,
                  double max)
{
  double v = 0;
  if (cli_parse_double(text, min, max, &v) != 0)
    cli_usage_error(p, "%s '%s': not a number from %g to %g", opt, text ? text : "", min, max);
  return v;
}

int cli_is_tty(FILE *f)
{
  return isatty(fileno(f));
}

double cli_now(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

char *cli_duration(double seconds, char *buf, size_t cap)
{
  unsigned long long s;
  if (!(seconds >= 0) || !isfinite(seconds) || seconds > 1e9) {
    snprintf(buf, cap, "?");
    return buf;
  }
  s = (unsigned long long)(seconds + 0.5);
  if (s >= 3600)
    snprintf(buf, cap, "%llu:%02llu:%02llu", s / 3600, s / 60 % 60, s % 60);
  else
    snprintf(buf, cap, "%llu:%02llu", s / 60, s % 60);
  return buf;
}

void cli_progress(FILE *f, const char *fmt, ...)
{
  va_list ap;
  fputc('\r', f);
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputs("\033[K", f);
  fflush(f);
}

void cli_progress_done(FILE *f)
{
  fputs("\r\033[K", f);
  fflush(f);
}
