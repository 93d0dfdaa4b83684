#include "kernels.h"

// On the GPU: an OpenMP loop over two restrict arrays.
void jacobi(int n, const double *__restrict__ in, double *__restrict__ out) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; ++i)
    out[i] = (in[i - 1] + in[i] + in[i + 1]) / 3.0;
}

// On the GPU: a declared reduction.
double dot(int n, const double *x, const double *y) {
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; ++i)
    sum += x[i] * y[i];
  return sum;
}
