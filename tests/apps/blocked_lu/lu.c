#include "lu.h"

/* Right-looking blocked LU: per block column, the diagonal block in order,
   then the panel below it and the row to its right, then the trailing
   blocks, one iteration per block (its corner from / and %). */
void lu_blocked(double *a, int n, int b) {
  int nb = n / b, kb;
  for (kb = 0; kb < nb; kb++) {
    int k0 = kb * b, rest = nb - kb - 1, k, i, j, t;
    for (k = k0; k < k0 + b; k++)
      for (i = k + 1; i < k0 + b; i++) {
        a[i * n + k] /= a[k * n + k];
        for (j = k + 1; j < k0 + b; j++)
          a[i * n + j] -= a[i * n + k] * a[k * n + j];
      }
    if (rest == 0)
      break;
    /* The panel below: each row on its own. */
#pragma omp parallel for private(k, j)
    for (i = k0 + b; i < n; i++)
      for (k = k0; k < k0 + b; k++) {
        a[i * n + k] /= a[k * n + k];
        for (j = k + 1; j < k0 + b; j++)
          a[i * n + j] -= a[i * n + k] * a[k * n + j];
      }
    /* The row to the right: each column on its own. */
#pragma omp parallel for private(k, i)
    for (j = k0 + b; j < n; j++)
      for (k = k0; k < k0 + b; k++)
        for (i = k + 1; i < k0 + b; i++)
          a[i * n + j] -= a[i * n + k] * a[k * n + j];
    /* The trailing blocks. */
#pragma omp parallel for private(i, j, k)
    for (t = 0; t < rest * rest; t++) {
      int i0 = k0 + b + (t / rest) * b, j0 = k0 + b + (t % rest) * b;
      for (i = i0; i < i0 + b; i++)
        for (k = k0; k < k0 + b; k++) {
          double l = a[i * n + k];
          for (j = j0; j < j0 + b; j++)
            a[i * n + j] -= l * a[k * n + j];
        }
    }
  }
}
