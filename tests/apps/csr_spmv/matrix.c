#include <stdlib.h>
#include "csr.h"

/* A banded matrix with a few far entries per row, built row by row. */
csr_t *csr_banded(int n, int band) {
  csr_t *m = malloc(sizeof *m);
  int per_row = 2 * band + 2, r, k, at = 0;
  m->rows = n;
  m->cols = n;
  m->rowptr = malloc((n + 1) * sizeof(int));
  m->col = malloc((size_t)n * per_row * sizeof(int));
  m->val = malloc((size_t)n * per_row * sizeof(double));
  for (r = 0; r < n; r++) {
    m->rowptr[r] = at;
    for (k = -band; k <= band; k++)
      if (r + k >= 0 && r + k < n) {
        m->col[at] = r + k;
        m->val[at++] = k == 0 ? 4.0 : -1.0 / (1 + abs(k));
      }
    m->col[at] = (int)(((long long)r * 7919) % n); /* no int overflow */
    m->val[at++] = 0.01 * (r % 5);
  }
  m->rowptr[n] = at;
  m->nnz = at;
  return m;
}

void csr_free(csr_t *m) {
  free(m->rowptr);
  free(m->col);
  free(m->val);
  free(m);
}
