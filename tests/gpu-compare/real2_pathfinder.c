/* GPU comparison test: Rodinia-style pathfinder: dynamic programming over
 * the rows of a grid, each row's cost the minimum of three neighbours of
 * the previous row plus the wall, with the two row buffers swapped by
 * pointer. All integers. */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 200
#define COLS 1000
#define MIN(a, b) ((a) <= (b) ? (a) : (b))

int main(void) {
  int *data = malloc(ROWS * COLS * sizeof(int));
  int **wall = malloc(ROWS * sizeof(int *));
  for (int n = 0; n < ROWS; n++)
    wall[n] = data + COLS * n;
  unsigned int seed = 9;
  for (int i = 0; i < ROWS; i++)
    for (int j = 0; j < COLS; j++) {
      seed = seed * 1103515245u + 12345u;
      wall[i][j] = (int)((seed >> 16) % 10);
    }
  int *result = malloc(COLS * sizeof(int));
  int *src = malloc(COLS * sizeof(int));
  int *dst = result;
  for (int j = 0; j < COLS; j++)
    dst[j] = data[j];
  for (int t = 0; t < ROWS - 1; t++) {
    int *temp = src;
    src = dst;
    dst = temp;
#pragma omp parallel for
    for (int n = 0; n < COLS; n++) {
      int min = src[n];
      if (n > 0)
        min = MIN(min, src[n - 1]);
      if (n < COLS - 1)
        min = MIN(min, src[n + 1]);
      dst[n] = data[(t + 1) * COLS + n] + min;
    }
  }
  long total = 0;
  int best = dst[0];
  for (int j = 0; j < COLS; j++) {
    total += dst[j];
    if (dst[j] < best)
      best = dst[j];
  }
  printf("pathfinder: best %d total %ld\n", best, total);
  for (int j = 0; j < COLS; j += 97)
    printf("%d ", dst[j]);
  printf("\n");
  return 0;
}
