/* SPDX-License-Identifier: MIT */
/*
 * fpmath.c -- exp, log and tanh for the players, the same to the last bit
 * on every platform.  The C library's are not: glibc's i386 build computes
 * them on the x87 (80 bits, then rounded), mingw-w64's and macOS's are other
 * code again, and a last bit that differs flips a UCT comparison and so a
 * seeded choice.  These use only +, -, *, / and frexp/ldexp (exact) on
 * doubles, in a fixed order, with every inexact constant a double object;
 * accuracy is a few units in the last place, which the players do not need
 * better.  The x87 must run them in double precision (ag__fpu_double).
 */
#include <math.h>
#include "ai/ai_common.h"

#ifdef __clang__
#pragma STDC FP_CONTRACT OFF   /* a fused multiply-add rounds once: another answer */
#endif

/* ln 2 split so that k * LN2_HI is exact for |k| < 2^11 (fdlibm's). */
static const double LN2_HI = 6.93147180369123816490e-01;
static const double LN2_LO = 1.90821492927058770002e-10;
static const double INV_LN2 = 1.44269504088896338700e+00;
static const double SQRT_HALF = 7.07106781186547524401e-01;

double ag__exp(double x)
{
  double r, sum, term;
  int k, i;
  if (x != x) return x;
  if (x > 709.0) return HUGE_VAL;
  if (x < -745.0) return 0.0;
  /* x = k ln 2 + r, |r| <= ln 2 / 2; exp(r) by its series (|r|^18 / 18! < 2^-60). */
  k = (int)(x * INV_LN2 + (x < 0 ? -0.5 : 0.5));
  r = (x - k * LN2_HI) - k * LN2_LO;
  sum = 1.0;
  term = 1.0;
  for (i = 1; i <= 18; i++) {
    term = term * r / i;
    sum = sum + term;
  }
  return ldexp(sum, k);
}

double ag__log(double x)
{
  double m, f, s, s2, p, term;
  int e, i;
  if (x != x || x < 0) return NAN;
  if (x == 0) return -HUGE_VAL;
  if (x == HUGE_VAL) return x;
  /* x = m 2^e with sqrt(1/2) <= m < sqrt(2); log m = 2 atanh(s), s = (m-1)/(m+1),
   * |s| < 0.172: the series to s^23 is within 2^-60. */
  m = frexp(x, &e);
  if (m < SQRT_HALF) {
    m = m * 2;
    e--;
  }
  f = m - 1;
  s = f / (2 + f);
  s2 = s * s;
  p = 0;
  term = 1;
  for (i = 1; i <= 23; i += 2) {
    p = p + term / i;
    term = term * s2;
  }
  return e * LN2_HI + (e * LN2_LO + 2 * s * p);
}

double ag__tanh(double x)
{
  double t;
  if (x != x) return x;
  if (x > 20) return 1.0;
  if (x < -20) return -1.0;
  t = ag__exp(2 * x);
  return (t - 1) / (t + 1);
}
