/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_eval_weights.h -- the weights of the liubo_sticks evaluation
 * (liubo_sticks_search.c): logit of the win probability of the side to throw,
 * over LSS_NF features (a constant, then 15 per side: the side to throw, then
 * its opponent).  ag__lss_hand_w are set by hand from the rules (the
 * reference player "expectimax1"; it has no weight on the last three); ag__lss_fit_w are written by
 * tests/liubo_sticks_eval_fit.py (recipe in HACKING).
 */
#ifndef AG_LIUBO_STICKS_EVAL_WEIGHTS_H
#define AG_LIUBO_STICKS_EVAL_WEIGHTS_H

/*   owl, board, reserve, held, removed, kill, capture, promote, demote, loop, five, five4,
 *   wipe, last1, last2 */
static const double ag__lss_hand_w[LSS_NF] = {
  0.2,
  1.0, 0.35, 0.3, -0.2, -0.4, 4.0, 0.4, 0.6, 0.8, 0.3, -3.0, -0.5, 0, 0, 0,
  -1.0, -0.35, -0.3, 0.2, 0.4, -2.0, -0.3, -0.4, -0.5, -0.2, 2.0, 0.3, 0, 0, 0
};

/* Fitted to 89306 throw positions (tests/liubo_sticks_eval_fit.py). */
static const double ag__lss_fit_w[LSS_NF] = {
  -0.0175,
  0.9182, -0.1382, -0.2333, -0.6516, 0.0000, 2.5811, 0.3783, 0.6774, 0.4165, 0.4144, -0.5063, -0.1764, 1.2838, -0.0028, -0.0043,
  -1.1386, 0.1606, 0.2210, 0.6521, 0.0000, 0.0908, 0.0368, -0.6346, 0.4165, -0.3804, 0.0000, -0.0892, -0.1456, 0.0854, -0.0236
};

/* The calibration of the reported win probability (Platt scaling: a, b of
 * logit' = a logit + b), written by tests/liubo_sticks_cal_fit.py. */
static const double ag__lss_cal[2] = {1.2156, 0.0137};

#endif
