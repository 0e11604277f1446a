/* SPDX-License-Identifier: MIT */
/*
 * util.c -- small services of the core: version, error codes and the
 * thread-local message, the bounded text writer, the RNG, Zobrist keys and
 * text scanning helpers.  Nothing here knows a game.
 */
#define _POSIX_C_SOURCE 200809L   /* sysconf */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"
#ifdef _WIN32
#include <windows.h>
#else
#include <unistd.h>
#endif

#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "0.4.0"
#endif

#if defined(_MSC_VER)
#  define AG__THREAD_LOCAL __declspec(thread)
#else
#  define AG__THREAD_LOCAL _Thread_local
#endif

/* The only per-thread storage of the library: the last error message. */
static AG__THREAD_LOCAL char ag__errbuf[256];

AG_API unsigned ag_version(void) { return AG_VERSION_NUMBER; }

AG_API const char *ag_version_string(void) { return PACKAGE_VERSION; }

/* Static names of the error codes; the set is closed and never renumbered. */
AG_API const char *ag_strerror(int code)
{
  switch (code) {
  case AG_OK: return "AG_OK";
  case AG_ERROR: return "AG_ERROR";
  case AG_ENOMEM: return "AG_ENOMEM";
  case AG_EINVAL: return "AG_EINVAL";
  case AG_EBUFS: return "AG_EBUFS";
  case AG_EPARSE: return "AG_EPARSE";
  case AG_ENOTFOUND: return "AG_ENOTFOUND";
  case AG_EILLEGAL: return "AG_EILLEGAL";
  case AG_EPHASE: return "AG_EPHASE";
  case AG_EMISMATCH: return "AG_EMISMATCH";
  case AG_ECANCELED: return "AG_ECANCELED";
  default: return "unknown error";
  }
}

AG_API const char *ag_errmsg(void) { return ag__errbuf; }

/* Formats the message into this thread's buffer (truncated to fit) and
 * returns code, so that callers can write `return ag__fail(...)`. */
int ag__fail(int code, const char *fmt, ...)
{
  char raw[sizeof ag__errbuf];
  size_t i = 0, o = 0, n, len;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(raw, sizeof raw, fmt, ap);
  va_end(ap);
  len = strlen(raw);
  /* Messages quote the caller's input: a control byte or invalid UTF-8 in it
   * is written as \xHH, so that printing a message cannot drive a terminal
   * (ESC sequences) or produce invalid text. */
  while (raw[i] && o + 1 < sizeof ag__errbuf) {
    n = ag__utf8_len((const unsigned char *)raw + i, len - i);
    if (n == 0) {
      if (o + 5 > sizeof ag__errbuf) break;
      snprintf(ag__errbuf + o, 5, "\\x%02x", (unsigned char)raw[i]);
      o += 4;
      i++;
      continue;
    }
    if (o + n + 1 > sizeof ag__errbuf) break;
    memcpy(ag__errbuf + o, raw + i, n);
    o += n;
    i += n;
  }
  ag__errbuf[o] = '\0';
  return code;
}

size_t ag__utf8_len(const unsigned char *s, size_t n)
{
  unsigned c = s[0], cp, k, len;
  if (n == 0 || c < 0x20 || c == 0x7f) return 0;
  if (c < 0x80) return 1;
  if (c >= 0xc2 && c <= 0xdf) { len = 2; cp = c & 0x1f; }
  else if (c >= 0xe0 && c <= 0xef) { len = 3; cp = c & 0x0f; }
  else if (c >= 0xf0 && c <= 0xf4) { len = 4; cp = c & 0x07; }
  else return 0;                            /* a continuation byte, C0/C1, F5..FF */
  if (n < len) return 0;
  for (k = 1; k < len; k++) {
    if ((s[k] & 0xc0) != 0x80) return 0;
    cp = cp << 6 | (s[k] & 0x3f);
  }
  /* Overlong forms, UTF-16 surrogates, beyond U+10FFFF, and the C1 controls. */
  if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
      (cp >= 0xd800 && cp <= 0xdfff) || (cp >= 0x80 && cp <= 0x9f))
    return 0;
  return len;
}

/* Appends one byte when it fits (keeping room for the NUL); counts it always. */
void ag__putc(ag__buf *b, char c)
{
  if (b->p && b->len + 1 < b->cap) b->p[b->len] = c;
  b->len++;
}

/* NUL-terminates what fit: at len, or at the last byte when the text was cut. */
void ag__buf_end(ag__buf *b)
{
  if (b->cap) b->p[b->len < b->cap ? b->len : b->cap - 1] = '\0';
}

/* Appends a C string byte by byte under the ag__putc rule. */
void ag__puts(ag__buf *b, const char *s)
{
  while (*s) ag__putc(b, *s++);
}

/* Appends formatted text straight into the room left (so nothing is cut at a
 * fixed size) and counts its full length, like ag__puts. */
void ag__printf(ag__buf *b, const char *fmt, ...)
{
  size_t room = b->p && b->len < b->cap ? b->cap - b->len : 0;
  va_list ap;
  int k;
  va_start(ap, fmt);
  k = vsnprintf(room ? b->p + b->len : NULL, room, fmt, ap);
  va_end(ap);
  if (k > 0) b->len += (size_t)k;
}

/* SplitMix64 (Steele, Lea, Flood 2014), exactly as documented in the header. */
AG_API uint64_t ag_rng_next(uint64_t *state)
{
  return state ? ag__rng_next(state) : 0;
}

#define MAGIC(d) (UINT64_MAX / (d) + 1)
#define MAGIC8(d) MAGIC(d), MAGIC(d + 1), MAGIC(d + 2), MAGIC(d + 3), MAGIC(d + 4), MAGIC(d + 5), \
                  MAGIC(d + 6), MAGIC(d + 7)
const uint64_t ag__mod_magic[AG__FASTMOD_MAX + 1] = {
  0, 0, MAGIC(2), MAGIC(3), MAGIC(4), MAGIC(5), MAGIC(6), MAGIC(7),
  MAGIC8(8), MAGIC8(16), MAGIC8(24), MAGIC8(32), MAGIC(40)};
#undef MAGIC8
#undef MAGIC

/* Rejection sampling below the threshold makes every residue equally likely. */
AG_API uint64_t ag_rng_below(uint64_t *state, uint64_t bound)
{
  return state ? ag__rng_below(state, bound) : 0;
}

/* Index i with probability w[i] / total (total is the sum of the n weights). */
size_t ag__pick_weighted(uint64_t *rng, const uint32_t *w, size_t n, uint32_t total)
{
  uint64_t r = ag__rng_below(rng, total);
  size_t i;
  for (i = 0; i + 1 < n; i++) {
    if (r < w[i]) return i;
    r -= w[i];
  }
  return n - 1;
}

/* Keys depend only on the game name (FNV-1a of it seeds SplitMix64), so hash
 * values are stable across runs, machines and releases. */
void ag__zobrist_fill(uint64_t *keys, size_t n, const char *name)
{
  uint64_t seed = UINT64_C(0xcbf29ce484222325);
  size_t i;
  for (; *name; name++) seed = (seed ^ (unsigned char)*name) * UINT64_C(0x100000001b3);
  for (i = 0; i < n; i++) keys[i] = ag__rng_next(&seed);
}

/* Reads a decimal integer in [lo, hi] (digits only, no sign) at sc->i and moves
 * past it; returns 0 without moving when there is none or it is out of range.
 * The value never exceeds hi, so it cannot overflow. */
int ag__scan_int(ag__scan *sc, long lo, long hi, long *out)
{
  long v = 0;
  size_t i = sc->i;
  if (sc->s[i] < '0' || sc->s[i] > '9') return 0;
  while (sc->s[i] >= '0' && sc->s[i] <= '9') {
    int d = sc->s[i] - '0';
    if (d > hi || v > (hi - d) / 10) return 0;
    v = v * 10 + d;
    i++;
  }
  if (v < lo) return 0;
  sc->i = i;
  *out = v;
  return 1;
}

/* Like ag__scan_int, but only canonical decimals: no leading zero. */
int ag__scan_num(ag__scan *sc, long lo, long hi, long *out)
{
  if (sc->s[sc->i] == '0' && sc->s[sc->i + 1] >= '0' && sc->s[sc->i + 1] <= '9') return 0;
  return ag__scan_int(sc, lo, hi, out);
}

/* Moves past the literal lit when the text continues with it; 1 if it did. */
int ag__scan_lit(ag__scan *sc, const char *lit)
{
  size_t k = strlen(lit);
  if (strncmp(sc->s + sc->i, lit, k) != 0) return 0;
  sc->i += k;
  return 1;
}

int ag__cpu_generic(void)
{
  const char *v = getenv("AG_CPU");
  return v && strcmp(v, "generic") == 0;
}

int ag__cpu_count(void)
{
#ifdef _WIN32
  SYSTEM_INFO si;
  GetSystemInfo(&si);
  return si.dwNumberOfProcessors > 0 ? (int)si.dwNumberOfProcessors : 1;
#else
  long n = sysconf(_SC_NPROCESSORS_ONLN);
  return n > 0 ? (n > 1024 ? 1024 : (int)n) : 1;
#endif
}
