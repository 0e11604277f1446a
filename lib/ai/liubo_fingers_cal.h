/* SPDX-License-Identifier: MIT */
/*
 * liubo_fingers_cal.h -- the calibration of the win probability the
 * liubo_fingers "ai" reports (ag_ai_analyse): Platt scaling, logit' = a
 * logit + b of the searched value, b kept at 0 so that the two sides'
 * probabilities add up to 1.  Written by tests/liubo_sticks_cal_fit.py
 * --symmetric --header lib/ai/liubo_fingers_cal.h --name ag__lf_cal from
 * rollout results (recipe in HACKING); the search and the mix it plays use
 * the raw values.
 */
#ifndef AG_LIUBO_FINGERS_CAL_H
#define AG_LIUBO_FINGERS_CAL_H

static const double ag__lf_cal[2] = {0.3687, 0.0000};

#endif
