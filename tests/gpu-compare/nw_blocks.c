/* GPU comparison test: Needleman-Wunsch scoring by blocks along the
 * anti-diagonals, as Rodinia's OpenMP nw writes it (issue 34 item 2): the
 * number of blocks is set before the host loop over the diagonals, each
 * block copies its halo and its part of the reference into local tiles,
 * fills its tile in order, and writes its inside back. The exact test
 * proves the blocks of one diagonal apart (no probe). Built with gcc and
 * through loop2cuda; the outputs must be identical (integers). */
#include <stdio.h>
#include <stdlib.h>

#define B 16

static int best3(int a, int b, int c) {
  int m = a > b ? a : b;
  return m > c ? m : c;
}

void nw_blocks(int *score, const int *ref, int cols, int penalty) {
  int nblocks = (cols - 1) / B;
  for (int diag = 1; diag <= nblocks; diag++) {
#pragma omp parallel for
    for (int bx = 0; bx < diag; ++bx) {
      int by = diag - 1 - bx;
      int tile[(B + 1) * (B + 1)];
      int rl[B * B];
      for (int i = 0; i < B; ++i)
        for (int j = 0; j < B; ++j)
          rl[i * B + j] = ref[cols * (by * B + i + 1) + bx * B + j + 1];
      for (int i = 0; i < B + 1; ++i)
        for (int j = 0; j < B + 1; ++j)
          tile[i * (B + 1) + j] = score[cols * (by * B + i) + bx * B + j];
      for (int i = 1; i < B + 1; ++i)
        for (int j = 1; j < B + 1; ++j)
          tile[i * (B + 1) + j] =
              best3(tile[(i - 1) * (B + 1) + j - 1] + rl[(i - 1) * B + j - 1],
                    tile[i * (B + 1) + j - 1] - penalty,
                    tile[(i - 1) * (B + 1) + j] - penalty);
      for (int i = 0; i < B; ++i)
        for (int j = 0; j < B; ++j)
          score[cols * (by * B + i + 1) + bx * B + j + 1] =
              tile[(i + 1) * (B + 1) + j + 1];
    }
  }
}

int main(void) {
  int n = 16 * 24, cols = n + 1, penalty = 10;
  int *score = calloc((size_t)cols * cols, sizeof(int));
  int *ref = malloc((size_t)cols * cols * sizeof(int));
  for (int i = 0; i < cols; i++)
    for (int j = 0; j < cols; j++)
      ref[i * cols + j] = ((i * 7 + j * 13) % 21) - 10;
  for (int i = 1; i < cols; i++) {
    score[i * cols] = -i * penalty;
    score[i] = -i * penalty;
  }
  nw_blocks(score, ref, cols, penalty);
  long s = 0;
  for (int i = 0; i < cols * cols; i++)
    s += (long)score[i] * (i % 7 + 1);
  printf("score sum %ld, corner %d\n", s, score[cols * cols - 1]);
  free(score);
  free(ref);
  return 0;
}
