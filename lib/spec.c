/* SPDX-License-Identifier: MIT */
/*
 * spec.c -- the game spec grammar: name or name(key=value[,key=value]*),
 * values being integers or bare words, spaces allowed between tokens.
 * Parsing is strict: unknown names and keys are AG_ENOTFOUND, anything else
 * wrong is AG_EPARSE with the byte offset.  The canonical printer writes
 * every option in the game's table order.
 */
#include <stdio.h>
#include <string.h>
#include "ag_internal.h"

/* Whether c may appear in a game name, option name or value token. */
static int is_word_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == '-';
}

/* The first index at or after i that is not a space or a tab. */
static size_t skip_spaces(const char *s, size_t i)
{
  while (s[i] == ' ' || s[i] == '\t') i++;
  return i;
}

/* Lists the game's option names into buf, for "valid keys are ..." messages. */
static void list_keys(const ag__vt *vt, char *buf, size_t cap)
{
  ag__buf b = {buf, cap, 0};
  int i;
  for (i = 0; i < vt->num_options; i++) {
    if (i) ag__puts(&b, ", ");
    ag__puts(&b, vt->options[i].name);
  }
  ag__buf_end(&b);
}

/* Describes the allowed values of an option, for error messages. */
static void list_values(const ag__optdef *o, char *buf, size_t cap)
{
  ag__buf b = {buf, cap, 0};
  int i;
  if (o->words) {
    for (i = 0; o->words[i]; i++) {
      if (i) ag__puts(&b, "|");
      ag__puts(&b, o->words[i]);
    }
  } else {
    ag__printf(&b, "an integer from %d to %d", o->min, o->max);
  }
  ag__buf_end(&b);
}

/* Converts the value token [v, v+len) of option o (a word of its list, or a
 * decimal integer in [min, max]); 1 on success, 0 when it is not valid. */
static int parse_value(const ag__optdef *o, const char *v, size_t len, int *out)
{
  int i;
  long x;
  ag__scan sc = {v, 0};
  if (o->words) {
    for (i = 0; o->words[i]; i++)
      if (strlen(o->words[i]) == len && strncmp(o->words[i], v, len) == 0) {
        *out = i;
        return 1;
      }
    return 0;
  }
  if (!ag__scan_int(&sc, o->min, o->max, &x) || sc.i != len) return 0;
  *out = (int)x;
  return 1;
}

/* Parses one key=value at s+i; on success stores the value and moves *pos. */
static int parse_pair(const ag__vt *vt, const char *s, size_t *pos, int *opt, int *seen)
{
  char allowed[160];
  size_t i = *pos, k0, kl, v0, vl;
  int j;
  k0 = i;
  while (is_word_char(s[i])) i++;
  kl = i - k0;
  if (kl == 0) return ag__fail(AG_EPARSE, "spec: option name expected at byte %zu", k0);
  for (j = 0; j < vt->num_options; j++)
    if (strlen(vt->options[j].name) == kl && strncmp(vt->options[j].name, s + k0, kl) == 0)
      break;
  if (j == vt->num_options) {
    list_keys(vt, allowed, sizeof allowed);
    return ag__fail(AG_ENOTFOUND, "spec: %s has no option '%.*s' (byte %zu); options are %s",
                    vt->name, (int)kl, s + k0, k0, allowed);
  }
  if (seen[j]) return ag__fail(AG_EPARSE, "spec: option '%s' given twice at byte %zu",
                               vt->options[j].name, k0);
  i = skip_spaces(s, i);
  if (s[i] != '=') return ag__fail(AG_EPARSE, "spec: '=' expected at byte %zu", i);
  i = skip_spaces(s, i + 1);
  v0 = i;
  while (is_word_char(s[i])) i++;
  vl = i - v0;
  if (!parse_value(&vt->options[j], s + v0, vl, &opt[j])) {
    list_values(&vt->options[j], allowed, sizeof allowed);
    return ag__fail(AG_EPARSE, "spec: bad value '%.*s' for %s at byte %zu; allowed: %s",
                    (int)vl, s + v0, vt->options[j].name, v0, allowed);
  }
  seen[j] = 1;
  *pos = skip_spaces(s, i);
  return AG_OK;
}

/* Parses a whole spec: *vtp gets the game, opt[] every option's value (the
 * defaults where not given).  On failure the message names the byte. */
int ag__spec_parse(const char *s, const ag__vt **vtp, int *opt)
{
  int seen[AG__MAX_OPTIONS] = {0};
  const ag__vt *vt;
  size_t i = skip_spaces(s, 0), n0 = i;
  int j, rc;
  while (is_word_char(s[i])) i++;
  if (i == n0) return ag__fail(AG_EPARSE, "spec: game name expected at byte %zu", n0);
  vt = ag__find_game(s + n0, i - n0);
  if (!vt) return ag__fail(AG_ENOTFOUND, "spec: unknown game '%.*s'", (int)(i - n0), s + n0);
  for (j = 0; j < vt->num_options; j++) opt[j] = vt->options[j].def;
  i = skip_spaces(s, i);
  if (s[i] == '(') {
    i = skip_spaces(s, i + 1);
    if (s[i] != ')') {
      for (;;) {
        if ((rc = parse_pair(vt, s, &i, opt, seen)) < 0) return rc;
        if (s[i] == ')') break;
        if (s[i] != ',') return ag__fail(AG_EPARSE, "spec: ',' or ')' expected at byte %zu", i);
        i = skip_spaces(s, i + 1);
      }
    }
    i = skip_spaces(s, i + 1);
  }
  if (s[i] != '\0') return ag__fail(AG_EPARSE, "spec: unexpected '%c' at byte %zu", s[i], i);
  *vtp = vt;
  return AG_OK;
}

/* Writes the canonical spec, every option in table order, NUL-terminated
 * (cut to cap - 1 bytes when longer). */
void ag__spec_print(const ag__vt *vt, const int *opt, char *out, size_t cap)
{
  ag__buf b = {out, cap, 0};
  int j;
  ag__puts(&b, vt->name);
  for (j = 0; j < vt->num_options; j++) {
    const ag__optdef *o = &vt->options[j];
    ag__putc(&b, j ? ',' : '(');
    if (o->words) ag__printf(&b, "%s=%s", o->name, o->words[opt[j]]);
    else ag__printf(&b, "%s=%d", o->name, opt[j]);
  }
  if (vt->num_options) ag__putc(&b, ')');
  ag__buf_end(&b);
}
