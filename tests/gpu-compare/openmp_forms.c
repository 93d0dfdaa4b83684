/* GPU comparison test: OpenMP loop forms and clauses as C programs write
 * them. Built with gcc (sequentially) and through loop2cuda; the two outputs
 * must be identical. Values stay small integers in doubles, so that every
 * sum is exact on both sides. */
#include <stdio.h>
#include <stdlib.h>

#define N 1000
#define M 70

static double A[N][M], B[N][M];
static double x[N], y[N];

static double sum1(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; i++)
    s += v[i] * (i % 7 + 1);
  return s;
}

static double sum2(double (*v)[M]) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += v[i][j] * ((i + 2 * j) % 5 + 1);
  return s;
}

/* lastprivate of a scalar and of the loop's index, with a step of 3. A
 * loop without iterations leaves both as they were (OpenMP), where the
 * sequential loop sets i: i is printed only for n > 0. */
static void lastPrivate(int n) {
  int i;
  double last = -1;
#pragma omp parallel for lastprivate(last, i)
  for (i = 0; i < n; i += 3) {
    last = x[i] + 2;
    y[i] = last;
  }
  printf("lastprivate n=%d: last=%.1f y=%.1f\n", n, last, sum1(y, N));
  if (n > 0)
    printf("  i=%d\n", i);
}

/* Downward loops: by 1 to 0, unsigned to 1 with '>', by 4, and '!='. */
static void downward(int n) {
  int i;
#pragma omp parallel for
  for (i = n - 1; i >= 0; i--)
    y[i] = x[i] * 3;
  printf("down by 1: %.1f\n", sum1(y, N));
#pragma omp parallel for
  for (unsigned u = (unsigned)n; u > 0; --u)
    y[u - 1] = x[u - 1] + u;
  printf("down unsigned: %.1f\n", sum1(y, N));
#pragma omp parallel for
  for (int k = n - 1; k > 2; k -= 4)
    y[k] = -y[k];
  printf("down by 4: %.1f\n", sum1(y, N));
#pragma omp parallel for
  for (int k = n - 1; k != 0; k = k - 1)
    y[k] = y[k] + k;
  printf("down !=: %.1f\n", sum1(y, N));
}

/* A nest with both loops downward, and a triangular collapse(2). */
static void nests(void) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = N - 1; i >= 0; i--)
    for (j = M - 1; j >= 0; j--)
      A[i][j] = i - 2 * j;
  printf("nest down: %.1f\n", sum2(A));
#pragma omp parallel for collapse(2)
  for (i = 0; i < M; i++)
    for (j = 0; j <= i; j++)
      B[i][j] = A[i][j] + j;
  printf("triangular collapse: %.1f\n", sum2(B));
}

/* firstprivate, and a parallel region with private(j) around two loops. */
static void clauses(int n) {
  double scale = 2;
  int i, j;
#pragma omp parallel for firstprivate(scale)
  for (i = 0; i < n; i++)
    y[i] = scale * x[i] + i % 3;
  printf("firstprivate: %.1f scale=%.1f\n", sum1(y, N), scale);
#pragma omp parallel private(j)
  {
#pragma omp for nowait schedule(static)
    for (i = 0; i < N; i++)
      for (j = 0; j < M; j++)
        A[i][j] = B[i][j] * 2 + 1;
#pragma omp for
    for (i = 0; i < N; i++) {
      double t = 0;
      for (j = 0; j < M; j++)
        t += A[i][j];
      y[i] = t;
    }
  }
  printf("region: %.1f %.1f\n", sum2(A), sum1(y, N));
}

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = i % 13;
  lastPrivate(N);
  lastPrivate(0);
  lastPrivate(1);
  downward(N);
  downward(3);
  nests();
  clauses(N);
  return 0;
}
