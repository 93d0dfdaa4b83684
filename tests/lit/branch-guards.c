// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/branch-guards.cu | FileCheck %s --check-prefix=CU

#define N 64

// The affine condition of an if bounds the iterations that make the
// accesses of its branches: s[i * (N + 1) + i] is written only where
// i == j, so it is iteration (i, i)'s own element (PolybenchOMP's
// flattened correlation).
// CU: __global__ void flat_L[[#@LINE+4]](
void flat(float *s, const float *d) {
  int i, j, k;
#pragma omp parallel for collapse(2) private(k)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++) {
      if (i == j) {
        s[i * (N + 1) + i] = 1;
      } else {
        s[i * (N + 1) + j] = 0;
        for (k = 0; k < N; k++)
          s[i * (N + 1) + j] += d[k * N + i] * d[k * N + j];
      }
    }
}

// The else branch holds where the condition does not: j != i there.
// CU: __global__ void negated_L[[#@LINE+4]](
void negated(float *s) {
  int i, j;
#pragma omp parallel for collapse(2)
  for (i = 0; i < N; i++)
    for (j = 0; j < N; j++)
      if (!(j != i))
        s[i * N + i] = 2;
      else
        s[i * N + j] = 3;
}

// A condition that does not separate the iterations keeps the dependence.
// CHECK: branch-guards.c:[[@LINE+5]]:3: warning: loop not parallelized: iterations are not independent: {{.*}}[dependence]
// CU-LABEL: void shifted(
// CU-NOT: L2C_LAUNCH
void shifted(float *v) {
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (i > 0)
      v[i - 1] = v[i - 1] + 1;
    v[i] = 2 * v[i];
  }
}
