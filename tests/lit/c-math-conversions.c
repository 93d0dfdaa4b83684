// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/c-math-conversions.cu | FileCheck %s --check-prefix=CU

// C's math functions take doubles: fmin(f, 0.0) and sqrt(f) of a float f
// convert f. Printed without the conversion, nvcc would call <cmath>'s
// host-only fmin(float, double) template, or sqrt's float overload, which
// rounds otherwise than the host.
#include <math.h>

// CU-LABEL: __global__ void mixed_L{{[0-9]+}}(
// CU: d[i] = sqrt((double)f[i]) + fmin((double)f[i], 0.0) + fabs(d[i]);
void mixed(int n, const float *restrict f, double *restrict d) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    d[i] = sqrt(f[i]) + fmin(f[i], 0.0) + fabs(d[i]);
}

// C99's float functions take floats: nothing to convert.
// CU-LABEL: __global__ void floats_L{{[0-9]+}}(
// CU: g[i] = sqrtf(f[i]) + fminf(f[i], 1.0f);
void floats(int n, const float *restrict f, float *restrict g) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i] = sqrtf(f[i]) + fminf(f[i], 1.0f);
}
