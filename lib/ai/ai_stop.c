/* SPDX-License-Identifier: MIT */
/*
 * ai_stop.c -- the stop test every search shares (ai_common.h): the
 * monotonic clock, the time budget and the caller's control (a stop flag or
 * a poll callback), the first reason to stop winning.  Used by the players'
 * searches and by ag_state_playouts' workers (batch.c).
 */
#define _POSIX_C_SOURCE 200809L
#include <string.h>
#include <time.h>
#include "ag_internal.h"
#include "ai/ai_common.h"

uint64_t ag__now_ns(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int ag__ai_stop_init(ag__ai_stop *s, long time_ms, const ag_control *ctl)
{
  memset(s, 0, sizeof *s);
  s->start_ns = ag__now_ns();
  s->deadline_ns = time_ms > 0 ? s->start_ns + (uint64_t)time_ms * 1000000u : 0;
  atomic_init(&s->why, AG__STOP_NONE);
  if (!ctl || ctl->size == 0) return AG_OK;
  if (ctl->size < sizeof ctl->size)
    return ag__fail(AG_EINVAL, "ai: ag_control size %zu is too small", ctl->size);
  /* Fields past the caller's size are not read: an older caller's struct is shorter. */
  if (ctl->size >= offsetof(ag_control, stop) + sizeof ctl->stop) s->flag = ctl->stop;
  if (ctl->size >= offsetof(ag_control, poll) + sizeof ctl->poll) s->poll = ctl->poll;
  if (ctl->size >= offsetof(ag_control, user) + sizeof ctl->user) s->user = ctl->user;
  return AG_OK;
}

/* Records the first reason to stop. */
static int stop_now(ag__ai_stop *s, int why)
{
  int none = AG__STOP_NONE;
  atomic_compare_exchange_strong(&s->why, &none, why);
  return 1;
}

int ag__ai_should_stop(ag__ai_stop *s, int caller)
{
  uint64_t now;
  if (atomic_load_explicit(&s->why, memory_order_relaxed) != AG__STOP_NONE) return 1;
  if (s->flag && __atomic_load_n((const int *)s->flag, __ATOMIC_RELAXED))
    return stop_now(s, AG__STOP_CANCEL);
  if (!s->deadline_ns && !(caller && s->poll)) return 0;
  now = ag__now_ns();
  if (s->deadline_ns && now >= s->deadline_ns) return stop_now(s, AG__STOP_TIME);
  if (caller && s->poll && now >= s->next_poll_ns) {
    s->next_poll_ns = now + 1000000u;
    if (s->poll(s->user)) return stop_now(s, AG__STOP_CANCEL);
  }
  return 0;
}
