# SPDX-License-Identifier: MIT
# lf_bench_bias.awk -- the check of a truncation's bias (HACKING): reads the
# output of `tests/lf_bench gen -t 0 -m ROUNDS,...' (full rollouts, each
# candidate's "C" line followed by "# at ROUNDS VALUE ...", what the rollouts
# truncated there would have given on the same streams) and prints, per
# ROUNDS: the mean |truncated - full| and mean (truncated - full) value over
# the candidates, the mean |difference| of the candidates' losses (best
# value - value, what ER sums), and in how many positions the truncated best
# candidate is not a best one by the full rollouts; also the mean standard
# error of a full value (the noise those differences stand against).
#
#   awk -f tests/lf_bench_bias.awk FILE
function flush(   i, m, bf, bt, jf, jt) {
  if (nc == 0) return
  npos++
  bf = -1; for (i = 1; i <= nc; i++) if (full[i] > bf) { bf = full[i]; jf = i }
  for (m = 1; m <= nm; m++) {
    bt = -1; for (i = 1; i <= nc; i++) if (tr[i, m] > bt) { bt = tr[i, m]; jt = i }
    if (jt != jf && full[jt] < bf) changed[m]++
    for (i = 1; i <= nc; i++) {
      d = tr[i, m] - full[i]; sabs[m] += d < 0 ? -d : d; ssum[m] += d
      l = (bt - tr[i, m]) - (bf - full[i]); labs[m] += l < 0 ? -l : l
    }
  }
  ncand += nc; nc = 0
}
/^P / { flush() }
/^C / { nc++; n = $2 + $3 + $4; full[nc] = ($2 + $3 / 2) / n; v = ($2 + $3 / 4) / n - full[nc] ^ 2; se += sqrt(v / n) }
/^# at / { nm = 0; for (k = 3; k < NF; k += 2) { nm++; mark[nm] = $k; tr[nc, nm] = $(k + 1) } }
END {
  flush()
  printf "%d positions, %d candidates, mean standard error of a full value %.4f\n", npos, ncand, se / ncand
  for (m = 1; m <= nm; m++)
    printf "t=%-3d mean|trunc-full| %.4f  mean(trunc-full) %+.4f  mean|loss diff| %.4f  best changed %d of %d\n", mark[m], sabs[m] / ncand, ssum[m] / ncand, labs[m] / ncand, changed[m], npos
}
