/* GPU comparison test: constant tables as real code writes them: a
 * polynomial helper over a static const coefficient table, a 5-point
 * Gaussian helper over a static const float table, and a loop body with
 * its own initialised weight array and accumulator. Every value is a
 * binary fraction, so the results are exact. */
#include <stdio.h>
#include <stdlib.h>
static const double coef[4] = {0.5, 0.25, 0.125, 0.0625};
static const float gauss[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};
static double poly(double x) {
  double r = 0;
  for (int k = 0; k < 4; k++)
    r = r * x + coef[k];
  return r;
}
static float smooth(const float *v, int i) {
  float s = 0;
  for (int k = -2; k <= 2; k++)
    s += gauss[k + 2] * v[i + k];
  return s;
}
int main(void) {
  int n = 1000;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double));
  float *v = malloc(n * sizeof(float)), *w = malloc(n * sizeof(float));
  for (int i = 0; i < n; i++) { a[i] = (i % 4) * 0.5; v[i] = (float)(i % 7); }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = poly(a[i]);
#pragma omp parallel for
  for (int i = 2; i < n - 2; i++)
    w[i] = smooth(v, i);
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++) {
    const double k3[3] = {0.25, 0.5, 0.25};
    double acc[2] = {0};
    for (int t = 0; t < 3; t++)
      acc[t & 1] += k3[t] * a[i - 1 + t];
    b[i] += acc[0] + acc[1];
  }
  printf("%.4f %.4f %.4f\n", b[n - 2], b[7], w[500]);
  return 0;
}
