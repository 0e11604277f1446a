/* SPDX-License-Identifier: MIT */
/*
 * record.c -- game records: the start position, every ply and the result of
 * a state's history as PGN-like text, read back by replaying it; and the
 * record's other tags, which a state keeps.
 *
 * The grammar is documented with ag_state_record() in the header and in
 * ancientgames(7).  Reading replays into a scratch state and swaps it in
 * only when the whole record is good, so a failure never touches the
 * caller's state.  Nothing here knows a game: moves go through the vtable's
 * move_read/move_write, legality through ag_state_is_legal().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "ag_internal.h"

/* The tags the library writes itself; a program cannot set them. */
static const char *const reserved[] = { "Game", "Start", "Result", "Termination" };
enum { TAG_GAME, TAG_START, TAG_RESULT, TAG_TERMINATION, NUM_RESERVED };

#define MOVE_TOKEN_MAX 64   /* longer than any game's move text */

/* ------------------------------------------------------------ tags */

static int is_name_char(char c)
{
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_';
}

/* A tag value is UTF-8 text without control characters (so a value stays on
 * its line and prints safely); quotes and backslashes are escaped in the text.
 * Returns the length of the value character at s (of n bytes), 0 if invalid. */
static size_t value_char(const char *s, size_t n)
{
  return ag__utf8_len((const unsigned char *)s, n);
}

/* The most program tags a state holds.  Names are found through a hash set
 * of 2 * MAX_TAGS slots (at most half full), in the state for
 * ag_state_set_tag() and on the stack for reading a record; the bound keeps
 * both fixed in size. */
#define MAX_TAGS 1024
#define TAG_SLOTS (2 * MAX_TAGS)

/* The slot of name in a hash set of tag names (slots: offset of each name in
 * base + 1, 0 when empty): the one holding it, or the empty one where it goes. */
static uint32_t *name_slot(uint32_t *slot, const char *base, const char *name, size_t nlen)
{
  uint64_t h = UINT64_C(1469598103934665603);     /* FNV-1a */
  size_t k, mask = TAG_SLOTS - 1;
  for (k = 0; k < nlen; k++) h = (h ^ (unsigned char)name[k]) * UINT64_C(1099511628211);
  for (k = (size_t)h & mask;; k = (k + 1) & mask) {
    const char *n;
    if (!slot[k]) return &slot[k];
    n = base + slot[k] - 1;
    if (strlen(n) == nlen && memcmp(n, name, nlen) == 0) return &slot[k];
  }
}

static int reserved_index(const char *name, size_t len)
{
  int i;
  for (i = 0; i < NUM_RESERVED; i++)
    if (strlen(reserved[i]) == len && memcmp(reserved[i], name, len) == 0) return i;
  return -1;
}

/* The value of tag `name` in a "name\0value\0" block, or NULL; *count (when
 * not NULL) receives the number of tags of the block when name is absent. */
static const char *tag_find(const char *tags, size_t len, const char *name, size_t nlen,
                            size_t *count)
{
  size_t i = 0, k = 0;
  while (i < len) {
    const char *n = tags + i, *v = n + strlen(n) + 1;
    if (strlen(n) == nlen && memcmp(n, name, nlen) == 0) return v;
    i = (size_t)(v - tags) + strlen(v) + 1;
    k++;
  }
  if (count) *count = k;
  return NULL;
}

/* Makes st's hash set of tag names up to date (after ag_state_copy(), a record
 * read, a removal or a resize it is rebuilt, in time linear in the tags);
 * slot TAG_SLOTS holds the number of tags. */
static int tag_index(ag_state *st)
{
  size_t i = 0, count = 0;
  if (st->tag_slot_ok) return AG_OK;
  if (!st->tag_slot && !(st->tag_slot = malloc((TAG_SLOTS + 1) * sizeof *st->tag_slot)))
    return ag__fail(AG_ENOMEM, "record tags: out of memory");
  memset(st->tag_slot, 0, (TAG_SLOTS + 1) * sizeof *st->tag_slot);
  while (i < st->tags_len) {
    const char *n = st->tags + i;
    size_t nlen = strlen(n);
    *name_slot(st->tag_slot, st->tags, n, nlen) = (uint32_t)i + 1;
    i += nlen + 1;
    i += strlen(st->tags + i) + 1;
    count++;
  }
  st->tag_slot[TAG_SLOTS] = (uint32_t)count;
  st->tag_slot_ok = 1;
  return AG_OK;
}

/* A growable byte block for building tag lists (malloc'd; freed by the caller). */
typedef struct block { char *p; size_t len, cap; } block;

static int block_add(block *b, const char *s, size_t n)
{
  if (b->len + n + 1 > b->cap) {
    size_t cap = b->cap ? b->cap : 64;
    char *p;
    while (cap < b->len + n + 1) {
      if (cap > SIZE_MAX / 2) return ag__fail(AG_ENOMEM, "record tags are too large");
      cap *= 2;
    }
    if (!(p = realloc(b->p, cap))) return ag__fail(AG_ENOMEM, "record: out of memory");
    b->p = p;
    b->cap = cap;
  }
  memcpy(b->p + b->len, s, n);
  b->len += n;
  b->p[b->len] = '\0';
  return AG_OK;
}

/* Checks a tag name for ag_state_set_tag() and ag_state_tag(). */
static int check_tag_name(const char *name)
{
  size_t i;
  if (!name) return ag__fail(AG_EINVAL, "tag name is NULL");
  for (i = 0; name[i]; i++)
    if (!is_name_char(name[i]))
      return ag__fail(AG_EINVAL, "tag name '%.40s': only letters, digits and '_'", name);
  if (i == 0) return ag__fail(AG_EINVAL, "tag name is empty");
  return AG_OK;
}

AG_API int ag_state_set_tag(ag_state *st, const char *name, const char *value)
{
  size_t nlen, vlen = 0, i, old_at = 0, old_size = 0, need, count = 0, n;
  const char *old = NULL;
  uint32_t *slot = NULL;
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_set_tag: state is NULL");
  if ((rc = check_tag_name(name)) < 0) return rc;
  nlen = strlen(name);
  if (reserved_index(name, nlen) >= 0)
    return ag__fail(AG_EINVAL, "tag '%s' is written by the library, not set", name);
  if (value) {
    size_t all = strlen(value);
    if (all >= UINT32_MAX / 2 || st->tags_len + nlen + all + 2 >= UINT32_MAX)
      return ag__fail(AG_ENOMEM, "tag '%s': record tags are too large", name);
    for (vlen = 0; vlen < all; vlen += n)
      if (!(n = value_char(value + vlen, all - vlen)))
        return ag__fail(AG_EINVAL, "tag '%s': %s 0x%02x at byte %zu of the value", name,
                        (unsigned char)value[vlen] < 0x80 ? "control character"
                                                          : "invalid UTF-8 or C1 control",
                        (unsigned char)value[vlen], vlen);
  }
  /* Room first, for the longest outcome (nothing replaced): a call that fails
   * has allocated nothing the state keeps. */
  if (value && (rc = ag__tags_room(st, st->tags_len + nlen + 1 + vlen + 1)) < 0) return rc;
  if (st->tags_len && tag_index(st) == AG_OK) {
    slot = name_slot(st->tag_slot, st->tags, name, nlen);
    old = *slot ? st->tags + *slot - 1 + nlen + 1 : NULL;
    count = st->tag_slot[TAG_SLOTS];
  } else if (st->tags_len) {        /* no memory for the set: one scan will do */
    old = tag_find(st->tags, st->tags_len, name, nlen, &count);
  }
  if (!old && value && count >= MAX_TAGS)
    return ag__fail(AG_EINVAL, "tag '%s': the state already holds %d tags, the most it can",
                    name, MAX_TAGS);
  if (old) {
    old_at = (size_t)(old - st->tags) - nlen - 1;
    old_size = nlen + 1 + strlen(old) + 1;
  }
  if (!value) {
    if (!old) return AG_OK;
    memmove(st->tags + old_at, st->tags + old_at + old_size, st->tags_len - old_at - old_size);
    st->tags_len -= old_size;
    st->tag_slot_ok = 0;            /* the names after it moved */
    return AG_OK;
  }
  need = st->tags_len - old_size + nlen + 1 + vlen + 1;
  if (old) {
    /* Replace in place: keep the tag's rank in the order. */
    size_t tail = old_at + old_size, new_size = nlen + 1 + vlen + 1;
    memmove(st->tags + old_at + new_size, st->tags + tail, st->tags_len - tail);
    i = old_at;
    st->tags_len = st->tags_len - old_size + new_size;
    if (new_size != old_size) st->tag_slot_ok = 0;
  } else {
    i = st->tags_len;
    st->tags_len = need;
    if (slot && st->tag_slot_ok) {          /* appended: one more name in the set */
      *slot = (uint32_t)i + 1;
      st->tag_slot[TAG_SLOTS]++;
    }
  }
  memcpy(st->tags + i, name, nlen + 1);
  memcpy(st->tags + i + nlen + 1, value, vlen + 1);
  return AG_OK;
}

AG_API int ag_state_tag(const ag_state *st, const char *name, char *buf, size_t cap,
                        size_t *len)
{
  ag__buf b = {buf, cap, 0};
  const char *v;
  size_t nlen;
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_tag: state is NULL");
  if ((rc = check_tag_name(name)) < 0 || (rc = ag__check_buf(buf, cap)) < 0) return rc;
  nlen = strlen(name);
  /* The hash set when it is up to date (ag_state_set_tag() and a record read
   * keep it so); else one scan.  A reader never builds it: other threads may
   * read the state at the same time (ag_state_playouts()). */
  if (st->tags_len && st->tag_slot_ok) {
    const uint32_t *slot = name_slot(st->tag_slot, st->tags, name, nlen);
    v = *slot ? st->tags + *slot - 1 + nlen + 1 : NULL;
  } else {
    v = st->tags_len ? tag_find(st->tags, st->tags_len, name, nlen, NULL) : NULL;
  }
  if (!v) return ag__fail(AG_ENOTFOUND, "the state has no tag '%s'", name);
  ag__puts(&b, v);
  return ag__finish_text(&b, len);
}

/* ---------------------------------------------------------- writing */

static void put_tag(ag__buf *b, const char *name, const char *value)
{
  ag__printf(b, "[%s \"", name);
  for (; *value; value++) {
    if (*value == '"' || *value == '\\') ag__putc(b, '\\');
    ag__putc(b, *value);
  }
  ag__puts(b, "\"]\n");
}

/* The PGN result of st: "1-0" (player 0 won), "0-1", "1/2-1/2" or "*". */
static const char *result_of(const ag_state *st, int *reason)
{
  int winner, oc = ag_state_outcome(st, &winner, reason);
  if (oc == AG_OUTCOME_WIN) return winner == 0 ? "1-0" : "0-1";
  if (oc == AG_OUTCOME_DRAW) return "1/2-1/2";
  return "*";
}

/* Writes the position text of pos (a position struct of st's game), NUL
 * terminated, into a malloc'd string; NULL when memory ran out. */
static char *pos_text(const ag_game *g, const void *pos)
{
  ag__buf b = {NULL, 0, 0};
  char *s;
  g->vt->write(g, pos, &b);
  if (!(s = malloc(b.len + 1))) return NULL;
  b.p = s, b.cap = b.len + 1, b.len = 0;
  g->vt->write(g, pos, &b);
  ag__buf_end(&b);
  return s;
}

/* Whether st's history starts at the game's initial position (by text, so
 * nothing but what the position text says counts). 1, 0 or AG_ENOMEM. */
static int starts_at_initial(const ag_state *st, char **start_text)
{
  const ag_game *g = st->game;
  void *init = calloc(1, g->vt->pos_size);
  char *a = NULL, *b = NULL;
  int same;
  if (init) {
    g->vt->initial(g, init);
    a = pos_text(g, init);
    b = pos_text(g, ag__state_start(st));
  }
  free(init);
  if (!a || !b) {
    free(a);
    free(b);
    return ag__fail(AG_ENOMEM, "ag_state_record: out of memory");
  }
  same = strcmp(a, b) == 0;
  free(a);
  *start_text = b;
  return same;
}

AG_API int ag_state_record(const ag_state *st, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0};
  const ag_game *g;
  char *start = NULL;
  const char *result;
  size_t i, j;
  int rc, reason;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_record: state is NULL");
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  g = st->game;
  if ((rc = starts_at_initial(st, &start)) < 0) return rc;
  put_tag(&b, "Game", g->spec);
  if (rc == 0) put_tag(&b, "Start", start);
  free(start);
  result = result_of(st, &reason);
  put_tag(&b, "Result", result);
  if (reason != AG_END_NONE) put_tag(&b, "Termination", ag_end_reason_name(reason));
  for (i = 0; i < st->tags_len;) {
    const char *n = st->tags + i, *v = n + strlen(n) + 1;
    put_tag(&b, n, v);
    i = (size_t)(v - st->tags) + strlen(v) + 1;
  }
  if (st->ply) ag__putc(&b, '\n');
  for (i = 0; i < st->ply; i++) {
    const ag__hist *h = (const ag__hist *)(st->hist + i * st->stride);
    ag__printf(&b, "%zu.", i + 1);
    for (j = 0; j < h->n; j++) {
      ag__putc(&b, ' ');
      if (g->vt->move_write(g, h->moves[j], &b) != AG_OK)
        return ag__fail(AG_ERROR, "ag_state_record: ply %zu holds no move of %s", i + 1,
                        g->vt->name);
    }
    ag__putc(&b, '\n');
  }
  return ag__finish_text(&b, len);
}

AG_API int ag_state_start_text(const ag_state *st, char *buf, size_t cap, size_t *len)
{
  ag__buf b = {buf, cap, 0};
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_start_text: state is NULL");
  if ((rc = ag__check_buf(buf, cap)) < 0) return rc;
  st->game->vt->write(st->game, ag__state_start(st), &b);
  return ag__finish_text(&b, len);
}

/* ---------------------------------------------------------- reading */

typedef struct reader {
  const char *s;
  size_t i;          /* byte offset in the record */
  size_t line;       /* line of s[i], from 1 */
} reader;

/* Starts r at the beginning of text, after a UTF-8 byte order mark if there
 * is one (editors on Windows write it); offsets still count it. */
static void reader_start(reader *r, const char *text)
{
  r->s = text;
  r->i = strncmp(text, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;   /* strncmp: stops at the NUL */
  r->line = 1;
}

/* Fails with code and "record line L, byte B: message" (B counts from 0 in
 * the whole record, as ag_state_set_text() counts bytes). */
static int rd_fail(const reader *r, size_t line, size_t at, int code, const char *fmt, ...)
#if defined(__GNUC__)
  __attribute__((format(AG__PRINTF, 5, 6)))
#endif
  ;
static int rd_fail(const reader *r, size_t line, size_t at, int code, const char *fmt, ...)
{
  char msg[224];
  va_list ap;
  (void)r;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return ag__fail(code, "record line %zu, byte %zu: %s", line, at, msg);
}

/* Skips white space (CR and LF included: CRLF records read as LF ones) and
 * comments: ';' to the end of the line, '{' to the next '}'. */
static int skip_blank(reader *r)
{
  for (;;) {
    char c = r->s[r->i];
    if (c == '\n') r->line++, r->i++;
    else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') r->i++;
    else if (c == ';') {
      while (r->s[r->i] && r->s[r->i] != '\n') r->i++;
    } else if (c == '{') {
      size_t line = r->line, at = r->i;
      while (r->s[r->i] && r->s[r->i] != '}') {
        if (r->s[r->i] == '\n') r->line++;
        r->i++;
      }
      if (!r->s[r->i])
        return rd_fail(r, line, at, AG_EPARSE, "comment '{' is not closed (truncated record?)");
      r->i++;
    } else return AG_OK;
  }
}

/* The tags read from a record: the reserved ones by index, the others as a
 * "name\0value\0" block in their order. */
typedef struct tags_read {
  block std[NUM_RESERVED];
  int seen[NUM_RESERVED];
  size_t line[NUM_RESERVED], at[NUM_RESERVED];
  block extra;
  size_t count;                     /* tags in extra */
  uint32_t slot[TAG_SLOTS];         /* hash set of their names: offset in extra + 1 */
} tags_read;

static void tags_free(tags_read *t)
{
  int i;
  for (i = 0; i < NUM_RESERVED; i++) free(t->std[i].p);
  free(t->extra.p);
}

/* Reads one tag `[Name "value"]` at r->i (which is '['). */
static int read_tag(reader *r, tags_read *t)
{
  size_t at = r->i, line = r->line, name_at, nlen, n = 1;
  block value = {NULL, 0, 0};
  uint32_t *slot = NULL;
  int k, rc;
  r->i++;
  while (r->s[r->i] == ' ' || r->s[r->i] == '\t') r->i++;
  name_at = r->i;
  while (is_name_char(r->s[r->i])) r->i++;
  nlen = r->i - name_at;
  if (nlen == 0)
    return rd_fail(r, line, r->i, AG_EPARSE, "tag name expected after '['");
  if (r->s[r->i] != ' ' && r->s[r->i] != '\t')
    return rd_fail(r, line, r->i, AG_EPARSE, "space and a quoted value expected after the tag name");
  while (r->s[r->i] == ' ' || r->s[r->i] == '\t') r->i++;
  if (r->s[r->i] != '"')
    return rd_fail(r, line, r->i, AG_EPARSE, "'\"' expected: a tag value is quoted");
  r->i++;
  for (;;) {
    unsigned char c = (unsigned char)r->s[r->i];
    if (c == '"') break;
    if (c == '\\') {
      char e = r->s[r->i + 1];
      if (e != '"' && e != '\\') {
        free(value.p);
        return rd_fail(r, line, r->i, AG_EPARSE, "only \\\" and \\\\ escapes are allowed in a tag value");
      }
      c = (unsigned char)e;
      r->i++;
    } else if (c == '\0' || c == '\n' || c == '\r') {
      free(value.p);
      return rd_fail(r, line, r->i, AG_EPARSE, "tag value not closed on its line (truncated record?)");
    } else if (!(n = value_char(r->s + r->i, 4))) {   /* stops at the NUL */
      free(value.p);
      return rd_fail(r, line, r->i, AG_EPARSE, "%s 0x%02x in a tag value",
                     c < 0x80 ? "control character" : "invalid UTF-8 or C1 control", c);
    }
    if ((rc = block_add(&value, r->s + r->i, n)) < 0) {     /* after '\\': the escaped byte */
      free(value.p);
      return rc;
    }
    r->i += n;
    n = 1;
  }
  r->i++;
  while (r->s[r->i] == ' ' || r->s[r->i] == '\t') r->i++;
  if (r->s[r->i] != ']') {
    free(value.p);
    return rd_fail(r, line, r->i, AG_EPARSE, "']' expected to close the tag");
  }
  r->i++;
  if (!value.p && (rc = block_add(&value, "", 0)) < 0) return rc;
  k = reserved_index(r->s + name_at, nlen);
  if (k < 0) slot = name_slot(t->slot, t->extra.p, r->s + name_at, nlen);
  if (k >= 0 ? t->seen[k] : *slot != 0) {
    free(value.p);
    return rd_fail(r, line, at, AG_EPARSE, "tag '%.*s' appears twice", (int)nlen, r->s + name_at);
  }
  if (k >= 0) {
    t->seen[k] = 1;
    t->line[k] = line;
    t->at[k] = at;
    t->std[k] = value;
    return AG_OK;
  }
  if (t->count == MAX_TAGS) {
    free(value.p);
    return rd_fail(r, line, at, AG_EPARSE, "more than %d tags besides the library's",
                   MAX_TAGS);
  }
  if (t->extra.len >= UINT32_MAX) {
    free(value.p);
    return ag__fail(AG_ENOMEM, "record tags are too large");
  }
  *slot = (uint32_t)t->extra.len + 1;
  t->count++;
  rc = block_add(&t->extra, r->s + name_at, nlen);
  if (rc == AG_OK) rc = block_add(&t->extra, "", 1);
  if (rc == AG_OK) rc = block_add(&t->extra, value.p, value.len + 1);
  free(value.p);
  return rc;
}

/* The canonical spec of the record's [Game] tag into canon (AG__SPEC_MAX
 * bytes): AG_EPARSE when there is none or it is not a spec. */
static int game_of(const reader *r, const tags_read *t, char *canon)
{
  const ag__vt *vt;
  int opt[AG__MAX_OPTIONS] = {0};
  char why[160];
  if (!t->seen[TAG_GAME])
    return rd_fail(r, 1, 0, AG_EPARSE, "no [Game \"...\"] tag (not a record?)");
  if (ag__spec_parse(t->std[TAG_GAME].p, &vt, opt) < 0) {
    snprintf(why, sizeof why, "%s", ag_errmsg());
    return rd_fail(r, t->line[TAG_GAME], t->at[TAG_GAME], AG_EPARSE,
                   "[Game] is not a game spec: %s", why);
  }
  ag__spec_print(vt, opt, canon, AG__SPEC_MAX);
  return AG_OK;
}

/* Reads the tags at the head of a record (r at its start) into t. */
static int read_tags(reader *r, tags_read *t)
{
  int rc;
  if ((rc = skip_blank(r)) < 0) return rc;
  while (r->s[r->i] == '[') {
    if ((rc = read_tag(r, t)) < 0 || (rc = skip_blank(r)) < 0) return rc;
  }
  return AG_OK;
}

/* Checks the [Game] tag against st's game: AG_EPARSE when it is not a spec,
 * AG_EMISMATCH when it is another game or other options. */
static int check_game(const reader *r, const tags_read *t, const ag_state *st)
{
  char canon[AG__SPEC_MAX];
  int rc;
  if ((rc = game_of(r, t, canon)) < 0) return rc;
  if (strcmp(canon, st->game->spec) != 0)
    return rd_fail(r, t->line[TAG_GAME], t->at[TAG_GAME], AG_EMISMATCH,
                   "the record is of %.80s, the state of %.80s", canon, st->game->spec);
  return AG_OK;
}

/* Reads one move token of ply `ply` at r->i into m. */
static int read_move(reader *r, const ag_game *g, size_t ply, ag_move *m)
{
  char tok[MOVE_TOKEN_MAX + 1], why[160];
  size_t at, n = 0;
  int rc;
  if ((rc = skip_blank(r)) < 0) return rc;
  at = r->i;
  while (r->s[r->i] && !strchr(" \t\r\n\f\v{;[", r->s[r->i])) {
    if (n < MOVE_TOKEN_MAX) tok[n] = r->s[r->i];
    n++;
    r->i++;
  }
  if (n == 0)
    return rd_fail(r, r->line, at, AG_EPARSE, "ply %zu: a move is missing (truncated record?)", ply);
  if (n > MOVE_TOKEN_MAX)
    return rd_fail(r, r->line, at, AG_EPARSE, "ply %zu: '%.20s...' is too long for a move", ply, tok);
  tok[n] = '\0';
  if (g->vt->move_read(g, tok, m) < 0) {
    snprintf(why, sizeof why, "%s", ag_errmsg());
    return rd_fail(r, r->line, at, AG_EPARSE, "ply %zu: '%s' is not a move: %s", ply, tok, why);
  }
  return AG_OK;
}

/* Reads the ply number "N." (N == ply) at r->i. */
static int read_number(reader *r, size_t ply)
{
  size_t at = r->i, v = 0;
  int digits = 0;
  while (r->s[r->i] >= '0' && r->s[r->i] <= '9') {
    if (v <= (SIZE_MAX - 9) / 10) v = v * 10 + (size_t)(r->s[r->i] - '0');
    else v = SIZE_MAX;
    r->i++;
    digits++;
  }
  if (!digits || r->s[r->i] != '.') {
    size_t n = 0;
    while (r->s[at + n] && !strchr(" \t\r\n", r->s[at + n]) && n < 20) n++;
    return rd_fail(r, r->line, at, AG_EPARSE, "ply number '%zu.' expected, found '%.*s'", ply,
                   (int)n, r->s + at);
  }
  if (v != ply)
    return rd_fail(r, r->line, at, AG_EPARSE, "ply number %zu expected, found '%.*s'", ply,
                   (int)(r->i - at + 1), r->s + at);
  r->i++;
  return AG_OK;
}

/* Replays the plies at r->i into sc. */
static int read_plies(reader *r, ag_state *sc)
{
  const ag_game *g = sc->game;
  size_t ply;
  int rc;
  for (ply = 1;; ply++) {
    ag_move m[2];
    size_t n, k, at, line;
    int cp;
    if ((rc = skip_blank(r)) < 0) return rc;
    if (!r->s[r->i]) return AG_OK;
    if (r->s[r->i] == '[')
      return rd_fail(r, r->line, r->i, AG_EPARSE, "a tag after the plies");
    at = r->i;
    line = r->line;
    if ((rc = read_number(r, ply)) < 0) return rc;
    cp = g->vt->current_player(g, sc->pos);
    if (cp == AG_PLAYER_TERMINAL)
      return rd_fail(r, line, at, AG_EILLEGAL, "ply %zu: the game is already over", ply);
    n = cp == AG_PLAYER_SIMULTANEOUS ? 2 : 1;
    for (k = 0; k < n; k++) {
      int player = n == 2 ? (int)k : cp;
      size_t mat;
      if ((rc = skip_blank(r)) < 0) return rc;
      mat = r->i;
      if ((rc = read_move(r, g, ply, &m[k])) < 0) {
        if (n == 2 && rc == AG_EPARSE && mat == r->i)
          return rd_fail(r, r->line, mat, AG_EPARSE,
                         "ply %zu: a choice of each player is needed (truncated record?)", ply);
        return rc;
      }
      if (ag_state_is_legal(sc, player, m[k]) != 1) {
        char text[MOVE_TOKEN_MAX + 1];
        ag__buf b = {text, sizeof text, 0};
        g->vt->move_write(g, m[k], &b);
        ag__buf_end(&b);
        return rd_fail(r, r->line, mat, AG_EILLEGAL, "ply %zu: '%s' is not legal for %s here",
                       ply, text,
                       player == AG_PLAYER_CHANCE ? "the throw" : g->vt->player_names[player]);
      }
    }
    if ((rc = ag__state_apply_trusted(sc, m, n)) < 0) return rc;
  }
}

/* Checks the [Result] and [Termination] tags, when present, against the end
 * of the replay. */
static int check_result(const reader *r, const tags_read *t, const ag_state *sc)
{
  int reason;
  const char *result = result_of(sc, &reason);
  if (t->seen[TAG_RESULT]) {
    const char *v = t->std[TAG_RESULT].p;
    if (strcmp(v, "1-0") && strcmp(v, "0-1") && strcmp(v, "1/2-1/2") && strcmp(v, "*"))
      return rd_fail(r, t->line[TAG_RESULT], t->at[TAG_RESULT], AG_EPARSE,
                     "[Result] is \"1-0\", \"0-1\", \"1/2-1/2\" or \"*\", not \"%.40s\"", v);
    if (strcmp(v, result) != 0)
      return rd_fail(r, t->line[TAG_RESULT], t->at[TAG_RESULT], AG_EPARSE,
                     "[Result \"%s\"] but the plies end with \"%s\" (truncated record?)", v,
                     result);
  }
  if (t->seen[TAG_TERMINATION]) {
    const char *v = t->std[TAG_TERMINATION].p;
    if (reason == AG_END_NONE || strcmp(v, ag_end_reason_name(reason)) != 0)
      return rd_fail(r, t->line[TAG_TERMINATION], t->at[TAG_TERMINATION], AG_EPARSE,
                     "[Termination \"%.40s\"] but the plies end %s%s", v,
                     reason == AG_END_NONE ? "with the game going on" : "by ",
                     reason == AG_END_NONE ? "" : ag_end_reason_name(reason));
  }
  return AG_OK;
}

/* Reads the record into the scratch state sc (a fresh state of st's game). */
static int read_record(reader *r, tags_read *t, const ag_state *st, ag_state *sc)
{
  const ag_game *g = st->game;
  char why[160];
  int rc;
  if ((rc = read_tags(r, t)) < 0 || (rc = check_game(r, t, st)) < 0) return rc;
  if (t->seen[TAG_START]) {
    memset(sc->pos, 0, g->vt->pos_size);
    if (g->vt->read(g, sc->pos, t->std[TAG_START].p) < 0) {
      snprintf(why, sizeof why, "%s", ag_errmsg());
      return rd_fail(r, t->line[TAG_START], t->at[TAG_START], AG_EPARSE,
                     "[Start] is not a position: %s", why);
    }
  }
  if ((rc = read_plies(r, sc)) < 0) return rc;
  return check_result(r, t, sc);
}

AG_API int ag_state_set_record(ag_state *st, const char *text)
{
  reader r;
  tags_read t;
  ag_state *sc = NULL, tmp;
  int rc;
  if (!st) return ag__fail(AG_EINVAL, "ag_state_set_record: state is NULL");
  if (!text) return ag__fail(AG_EINVAL, "ag_state_set_record: text is NULL");
  if ((rc = ag_state_new(st->game, &sc)) < 0) return rc;
  memset(&t, 0, sizeof t);
  reader_start(&r, text);
  rc = read_record(&r, &t, st, sc);
  if (rc == AG_OK && t.extra.len && (rc = ag__tags_room(sc, t.extra.len)) == AG_OK) {
    memcpy(sc->tags, t.extra.p, t.extra.len);
    sc->tags_len = t.extra.len;
  }
  if (rc == AG_OK) {
    /* Swap the bodies: st takes the replay, sc takes st's old contents and
     * is freed with them. */
    tmp = *st;
    *st = *sc;
    *sc = tmp;
    /* The names' hash set for ag_state_tag(): one linear pass now (without
     * memory for it, the reader scans). */
    if (st->tags_len) tag_index(st);
  }
  tags_free(&t);
  ag_state_free(sc);
  return rc;
}

AG_API int ag_state_new_from_record(const char *text, ag_game **game, ag_state **st)
{
  reader r;
  tags_read t;
  char spec[AG__SPEC_MAX];
  ag_game *g = NULL;
  ag_state *s = NULL;
  int rc;
  if (game) *game = NULL;
  if (st) *st = NULL;
  if (!text || !game || !st)
    return ag__fail(AG_EINVAL, "ag_state_new_from_record: text, game or st is NULL");
  /* Only the tags are read here, by the record's own tokenizer (so a
   * [Gamer] tag or a "[Game" inside a comment is not taken for the game);
   * ag_state_set_record() then reads the whole record again, so both entry
   * points give the same errors. */
  memset(&t, 0, sizeof t);
  reader_start(&r, text);
  rc = read_tags(&r, &t);
  if (rc == AG_OK) rc = game_of(&r, &t, spec);
  tags_free(&t);
  if (rc == AG_OK) rc = ag_game_new(spec, &g);
  if (rc == AG_OK) rc = ag_state_new(g, &s);
  if (rc == AG_OK) rc = ag_state_set_record(s, text);
  if (rc < 0) {
    ag_state_free(s);
    ag_game_free(g);
    return rc;
  }
  *game = g;
  *st = s;
  return AG_OK;
}
