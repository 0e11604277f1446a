/* SPDX-License-Identifier: MIT */
/*
 * cli.h -- command-line helpers shared by the example programs (ag-play,
 * ag-perft, ag-solve, ag-svg, ag-bench, ...).  Not part of the library.
 *
 * Every program behaves the same way:
 *   -h, --help     usage on stdout, exit 0;
 *   --version      the program's and the loaded library's version, exit 0;
 *   bad usage      (unknown option, missing argument, a number that is not
 *                  one) a message naming the option on stderr, then the usage
 *                  on stderr, exit 2 (CLI_EXIT_USAGE).
 *
 * A program's getopt_long loop:
 *
 *   static const cli_prog prog = {"ag-x", usage_text, NULL};
 *   static const struct option longopts[] = {
 *     {"seed", required_argument, NULL, 's'}, CLI_STD_OPTIONS, {NULL, 0, NULL, 0}};
 *   while ((c = cli_getopt(&prog, argc, argv, "s:", longopts)) != -1) {
 *     switch (c) {
 *     case 's': seed = cli_u64(&prog, "--seed", optarg, 0, UINT64_MAX); break;
 *     }
 *   }
 *   (then argv[optind..argc-1] are the operands)
 *
 * Numbers are strict: only decimal digits (a leading '-' only where the
 * minimum is negative), no spaces, no trailing junk, within [min, max];
 * anything else is bad usage.
 */
#ifndef AG_EXAMPLES_CLI_H
#define AG_EXAMPLES_CLI_H
#include <stdint.h>
#include <stdio.h>
#include <getopt.h>

/** Exit status of bad usage, as every man1 page says. */
/* C99 printf formats (%zu) on Windows too: mingw-w64's own printf. */
#if defined(__MINGW32__)
#define CLI_PRINTF gnu_printf
#else
#define CLI_PRINTF printf
#endif

#define CLI_EXIT_USAGE 2

/** getopt_long value of --version; programs number their own long-only
 *  options from CLI_OPT_FIRST up. */
enum { CLI_OPT_VERSION = 0x100, CLI_OPT_FIRST = 0x101 };

/** The two entries every program has, for its struct option table. */
#define CLI_STD_OPTIONS \
  {"help", no_argument, NULL, 'h'}, {"version", no_argument, NULL, CLI_OPT_VERSION}

/** A program: its name (for messages and --version), its usage text (printed
 *  as is, ending in a newline), and an optional function that prints more
 *  after it (e.g. the list of games; may be NULL). */
typedef struct cli_prog {
  const char *name;
  const char *usage;
  void (*usage_more)(FILE *f);
} cli_prog;

/** Prints the usage (and usage_more) to f. */
void cli_usage(const cli_prog *p, FILE *f);

/** Prints "NAME (liboldgames) X.Y.Z" and the loaded library's version to stdout. */
void cli_version(const cli_prog *p);

/** getopt_long() with the shared conventions: -h/--help and --version are handled
 *  here (CLI_STD_OPTIONS must be in longopts; "h" is added to shortopts), and an
 *  unknown option, a missing value or a value given to an option that takes none is
 *  bad usage ("NAME: unknown option '--x'", the usage, exit 2).  Returns the next
 *  option of the program's own, or -1 after the last one (optind is then the first
 *  operand; operands and options may be mixed, as with getopt_long).  shortopts
 *  must not start with '+', '-' or ':'. */
int cli_getopt(const cli_prog *p, int argc, char **argv, const char *shortopts,
               const struct option *longopts);

/** Handles the options every program shares, for the value c getopt_long returned:
 *  'h' prints the usage to stdout and exits 0; CLI_OPT_VERSION prints the versions
 *  and exits 0; '?' and ':' (getopt has printed its message) print the usage to
 *  stderr and exit 2.  Returns 0 for any other c (the program's own options). */
int cli_std_option(const cli_prog *p, int c);

/** Bad usage: prints "NAME: MESSAGE" and the usage to stderr, exits 2.  The
 *  message is printf-formatted. */
void cli_usage_error(const cli_prog *p, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(CLI_PRINTF, 2, 3), noreturn))
#endif
  ;

/** Parses a whole number in [min, max]: only digits (and a leading '-' if min < 0).
 *  Returns 0 and stores it, or -1 (out untouched). */
int cli_parse_i64(const char *text, int64_t min, int64_t max, int64_t *out);
/** The same for an unsigned range (up to UINT64_MAX); never accepts a '-'. */
int cli_parse_u64(const char *text, uint64_t min, uint64_t max, uint64_t *out);
/** Parses a finite decimal number (strtod syntax, no spaces, no trailing junk,
 *  no inf or nan) in [min, max].  Returns 0 and stores it, or -1. */
int cli_parse_double(const char *text, double min, double max, double *out);

/** The option value of `opt' (e.g. "--seed", named in the message) as an unsigned
 *  number in [min, max]; on anything else, bad usage (exit 2). */
uint64_t cli_u64(const cli_prog *p, const char *opt, const char *text, uint64_t min,
                 uint64_t max);
/** The same, signed. */
int64_t cli_i64(const cli_prog *p, const char *opt, const char *text, int64_t min,
                int64_t max);
/** The same for a decimal number (e.g. --seconds 0.5). */
double cli_double(const cli_prog *p, const char *opt, const char *text, double min,
                  double max);

/** 1 when f is a terminal (progress lines go there only then). */
int cli_is_tty(FILE *f);

/** Seconds of the monotonic clock, for elapsed times and ETAs. */
double cli_now(void);

/** Writes a duration for people: "0:42", "12:05", "1:02:03" (h:mm:ss), or "?"
 *  when seconds is negative or not finite.  Returns buf. */
char *cli_duration(double seconds, char *buf, size_t cap);

/** Rewrites the current terminal line of f: "\r", the printf-formatted text and an
 *  erase-to-end-of-line, no newline.  Only call it when cli_is_tty(f). */
void cli_progress(FILE *f, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(CLI_PRINTF, 2, 3)))
#endif
  ;

/** Ends a progress line started with cli_progress() (erases it). */
void cli_progress_done(FILE *f);

#endif /* AG_EXAMPLES_CLI_H */
