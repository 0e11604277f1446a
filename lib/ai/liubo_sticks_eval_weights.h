/* SPDX-License-Identifier: MIT */
/*
 * liubo_sticks_eval_weights.h -- the weights of the liubo_sticks evaluation
 * (liubo_sticks_search.c): logit of the win probability of the side to throw,
 * over LSS_NF features (a constant, then 12 per side: the side to throw, then
 * its opponent).  ag__lss_hand_w are set by hand from the rules (the
 * reference player "expectimax1"); ag__lss_fit_w are written by
 * tests/liubo_sticks_eval_fit.py (recipe in HACKING).
 */
#ifndef AG_LIUBO_STICKS_EVAL_WEIGHTS_H
#define AG_LIUBO_STICKS_EVAL_WEIGHTS_H

/*   owl, board, reserve, held, removed, kill, capture, promote, demote, loop, five, five4 */
static const double ag__lss_hand_w[LSS_NF] = {
  0.2,
  1.0, 0.35, 0.3, -0.2, -0.4, 4.0, 0.4, 0.6, 0.8, 0.3, -3.0, -0.5,
  -1.0, -0.35, -0.3, 0.2, 0.4, -2.0, -0.3, -0.4, -0.5, -0.2, 2.0, 0.3
};

/* Fitted to 36707 throw positions (tests/liubo_sticks_eval_fit.py). */
static const double ag__lss_fit_w[LSS_NF] = {
  -0.0234,
  0.8004, -0.1276, -0.2542, -0.5588, 0.0000, 2.5463, 0.4947, 0.7444, 0.3697, 0.2804, -0.2342, 0.1902,
  -1.0728, 0.0938, 0.2425, 0.5962, 0.0000, 0.2476, 0.0300, -0.6974, 0.3697, -0.2218, 0.0000, -0.2878
};

/* The calibration of the reported win probability (Platt scaling: a, b of
 * logit' = a logit + b), written by tests/liubo_sticks_cal_fit.py. */
static const double ag__lss_cal[2] = {1.6057, -0.0584};

#endif
