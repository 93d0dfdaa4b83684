#include <stdio.h>
#include <stdlib.h>
#include "lu.h"

/* A = L U with small integer factors and U's diagonal 2, so that every
   step of the elimination is exact in double (with or without fused
   multiply-adds): the factors come back exactly. */
static double lower(int i, int k) { return i == k ? 1.0 : ((i * 7 + k * 3) % 3) - 1.0; }
static double upper(int k, int j) { return k == j ? 2.0 : ((k * 5 + j * 11) % 5) - 2.0; }

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 768, b = argc > 2 ? atoi(argv[2]) : 32;
  int i, j, k, wrong = 0;
  double *a = malloc((size_t)n * n * sizeof(double)), sum = 0;
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double s = 0;
      for (k = 0; k <= (i < j ? i : j); k++)
        s += lower(i, k) * upper(k, j);
      a[(size_t)i * n + j] = s;
    }
  lu_blocked(a, n, b);
  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++) {
      double want = j < i ? lower(i, j) : upper(i, j);
      wrong += a[(size_t)i * n + j] != want;
      sum += a[(size_t)i * n + j] * ((i + j) % 7);
    }
  printf("n %d block %d wrong %d checksum %.1f\n", n, b, wrong, sum);
  free(a);
  return 0;
}
