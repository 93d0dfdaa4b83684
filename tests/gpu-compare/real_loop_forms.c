/* GPU comparison test: loop forms of real C code: continue, size_t and
 * unsigned indices, a step of 2, counting down, an inner loop marked inside
 * a host loop over rows of a flat array, private arrays, firstprivate and
 * lastprivate, a structure of arrays through a pointer. Integers only. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define SIZE 1000

static int a[SIZE], b[SIZE], c[SIZE];

/* A structure of arrays through a pointer: p->x[i] and p->n travel one by
 * one. */
typedef struct {
  int n;
  int *x, *v;
} soa_t;

/* A helper that takes a struct: the kernel names its device copy. */
typedef struct {
  int lo, hi;
} range_t;

static int clampi(int v, range_t r) {
  return v < r.lo ? r.lo : v > r.hi ? r.hi : v;
}

static void advance(soa_t *p, int dt) {
#pragma omp parallel for
  for (int i = 0; i < p->n; i++)
    p->x[i] += dt * p->v[i];
}

int main(void) {
  size_t n = SIZE;
  for (size_t i = 0; i < n; i++) {
    a[i] = (int)(i % 23);
    b[i] = -1;
    c[i] = 0;
  }

  /* Iterations that continue leave b[i] as it was (-1). */
#pragma omp parallel for
  for (size_t i = 0; i < n; i++) {
    if (a[i] % 3 == 0)
      continue;
    b[i] = a[i] * 2;
  }

#pragma omp parallel for
  for (unsigned u = 0; u < SIZE; u += 2)
    c[u] = a[u] + 1;

  int i;
#pragma omp parallel for
  for (i = SIZE - 1; i >= 0; i--)
    c[i] += b[i];

  int rows = 20, cols = 50;
  int *m = malloc(rows * cols * sizeof(int));
  for (int r = 0; r < rows; r++) {
#pragma omp parallel for
    for (int k = 0; k < cols; k++)
      m[r * cols + k] = r * k + (r > 0 ? 1 : 0);
  }

  int offset = 7, last = -1, k;
#pragma omp parallel for firstprivate(offset)
  for (int j = 0; j < SIZE; j++)
    b[j] += a[j] + offset;
#pragma omp parallel for lastprivate(last)
  for (int j = 0; j < SIZE; j++)
    last = b[j] * 2;

  int tmp[4];
#pragma omp parallel for private(tmp, k)
  for (int j = 0; j < SIZE; j++) {
    for (k = 0; k < 4; k++)
      tmp[k] = a[j] + k * c[j];
    c[j] = tmp[0] + tmp[3];
  }

  soa_t p;
  p.n = SIZE;
  p.x = malloc(SIZE * sizeof(int));
  p.v = malloc(SIZE * sizeof(int));
  for (int j = 0; j < SIZE; j++) {
    p.x[j] = j % 11;
    p.v[j] = j % 3 - 1;
  }
  for (int step = 0; step < 3; step++)
    advance(&p, step + 1);

  range_t r = {2, 9};
#pragma omp parallel for
  for (int j = 0; j < SIZE; j++)
    a[j] = clampi(a[j] + j % 4, r);

  /* An in-place reversal over the first half (m / 2 ties to m). */
  int *rv = malloc(999 * sizeof(int));
  int len = 999;
  for (int j = 0; j < len; j++)
    rv[j] = j * 3;
#pragma loop2cuda parallel copy(rv[0:len])
  for (int j = 0; j < len / 2; j++) {
    int t = rv[j];
    rv[j] = rv[len - 1 - j];
    rv[len - 1 - j] = t;
  }

  long s = 0;
  for (int j = 0; j < len; j++)
    s += (long)rv[j] * (j % 5);
  for (int j = 0; j < SIZE; j++)
    s += (long)a[j] * (j % 9);
  for (int j = 0; j < SIZE; j++)
    s += (long)p.x[j] * (j % 7);
  for (int j = 0; j < SIZE; j++)
    s += (long)b[j] * 3 + (long)c[j] * (j % 5);
  for (int j = 0; j < rows * cols; j++)
    s += (long)m[j] * (j % 3);
  printf("%ld last=%d\n", s, last);
  free(m);
  free(p.x);
  free(p.v);
  free(rv);
  return 0;
}
