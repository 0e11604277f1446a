/* SPDX-License-Identifier: MIT */
/* List the marks of the liubo_sticks board: its frame and carved pattern, in
 * board coordinates, with the node each belongs to. */
#include <stdio.h>
#include <ancientgames.h>

int main(void)
{
  ag_game *g;
  int i, n;

  if (ag_game_new("liubo_sticks", &g) != AG_OK)
    return 1;
  n = ag_game_num_marks(g);
  printf("%d marks\n", n);
  for (i = 0; i < n; i++) {
    ag_mark m = AG_MARK_INIT;          /* sets m.size */
    if (ag_game_mark(g, i, &m) != AG_OK)
      return 1;
    printf("%-7s %-7s (%g, %g) (%g, %g)", ag_mark_kind_name(m.kind),
           ag_mark_shape_name(m.shape), m.x0, m.y0, m.x1, m.y1);
    if (m.node >= 0)
      printf(" at %s", ag_game_node_name(g, m.node));
    putchar('\n');
  }
  ag_game_free(g);
  return 0;
}
