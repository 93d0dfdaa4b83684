/* GPU comparison test: flags without a reduction clause (issue 34). A
 * graph sweep's `stop = 1;` in some iterations, a status set to 3 in two
 * branches, a flag that no iteration sets (it keeps its value, 5), and a
 * bool flag in a frontier loop run to a fixed point. Built with gcc and
 * through loop2cuda; the outputs must be identical. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4096

static int relax(const int *src, int *dst, int n) {
  int stop = 0;
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
    int v = src[i - 1] + 1;
    if (v < src[i]) {
      dst[i] = v;
      stop = 1;
    } else {
      dst[i] = src[i];
    }
  }
  dst[0] = src[0];
  return stop;
}

static int check(const int *u, int n, int status) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (u[i] > 1000000) {
      status = 3;
    } else if (u[i] < 0)
      status = 3;
  }
  return status;
}

int main(void) {
  int *a = malloc(N * sizeof(int)), *b = malloc(N * sizeof(int));
  for (int i = 0; i < N; i++)
    a[i] = i == 0 ? 0 : 1000 + (i * 37) % 101;
  int sweeps = 0;
  while (relax(a, b, N)) {
    int *t = a;
    a = b;
    b = t;
    sweeps++;
  }
  long s = 0;
  for (int i = 0; i < N; i++)
    s += (long)a[i] * (i % 7 + 1);
  printf("relax: %d sweeps, %ld\n", sweeps, s);
  printf("status: %d %d\n", check(a, N, 5), check(b, N, 7));
  a[N / 2] = -1;
  printf("status after: %d\n", check(a, N, 5));
  bool changed = true;
  int rounds = 0;
  while (changed) {
    changed = false;
#pragma omp parallel for
    for (int i = 0; i < N - 1; i++)
      if (a[i] > a[i + 1] + 2) {
        b[i] = a[i] - 1;
        changed = true;
      } else {
        b[i] = a[i];
      }
    b[N - 1] = a[N - 1];
    int *t = a;
    a = b;
    b = t;
    rounds++;
  }
  s = 0;
  for (int i = 0; i < N; i++)
    s += (long)a[i] * (i % 5 + 1);
  printf("frontier: %d rounds, %ld\n", rounds, s);
  free(a);
  free(b);
  return 0;
}
