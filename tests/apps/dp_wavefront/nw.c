#include "nw.h"

static int max3(int a, int b, int c) {
  int m = a > b ? a : b;
  return m > c ? m : c;
}

void nw_init(int *score, const int *a, const int *b, int n, int penalty) {
  int i;
  for (i = 0; i <= n; i++) {
    score[i * (n + 1)] = -i * penalty;
    score[i] = -i * penalty;
  }
  (void)a;
  (void)b;
}

/* The table fills along anti-diagonals d = i + j: the cells of one
   diagonal depend only on the two before it, so each diagonal is a
   parallel loop. Its subscripts do not bound the table (lo and hi are
   a max and a min), and the table comes from another file: the loop
   names its extent, as loop2cuda's warning asks. */
void nw_fill(int *score, const int *sim, int n, int penalty) {
  int d, k, w = n + 1;
  for (d = 2; d <= 2 * n; d++) {
    int lo = d - n > 1 ? d - n : 1;
    int hi = d - 1 < n ? d - 1 : n;
#pragma loop2cuda parallel copy(score[0:w * w]) copyin(sim[0:w * w])
    for (k = lo; k <= hi; k++) {
      int i = k, j = d - k;
      score[i * w + j] =
          max3(score[(i - 1) * w + j - 1] + sim[i * w + j],
               score[(i - 1) * w + j] - penalty, score[i * w + j - 1] - penalty);
    }
  }
}
