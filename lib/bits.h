/* SPDX-License-Identifier: MIT */
/*
 * bits.h -- the library's bit counts, written once (issue 28); never
 * installed.  Plain C (SWAR: "SIMD within a register"), so the same code on
 * every CPU and compiler: GCC turns __builtin_popcount into a call to
 * libgcc's __popcountdi2 where the CPU's popcnt is not enabled, slower in
 * the per-ply loops than these few instructions.  The hare's paths built
 * for popcnt (lib/games/hare/, target("popcnt")) use the instruction.
 */
#ifndef AG_BITS_H
#define AG_BITS_H

#include <stdint.h>

/* Set bits per byte of x: eight counts of 0..8, one per byte. */
static inline uint64_t ag__popcount_bytes64(uint64_t x)
{
  x = x - ((x >> 1) & UINT64_C(0x5555555555555555));
  x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
  return (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
}

/* Set bits of x: the bytes' counts of the same steps on 32 bits, added up
 * by one multiplication into the top byte. */
static inline int ag__popcount32(uint32_t x)
{
  x = x - ((x >> 1) & 0x55555555u);
  x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
  return (int)((((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24);
}

#endif /* AG_BITS_H */
