// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/histogram-linearised.cu | FileCheck %s --check-prefix=CU

// y[i * m + j] += w over a flat matrix updates row i, column j: not a
// histogram. The dependence test reads the subscript as a row and a column,
// and the nest runs on a 2-D grid (it was rejected as a racing histogram).
// CU-LABEL: __global__ void axpy2d_L{{[0-9]+}}(
// CU: int j = l2c_kx;
// CU-NEXT: y[i * m + j] += alpha * x[i * m + j];
void axpy2d(int n, int m, float alpha, const float *restrict x,
            float *restrict y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      y[i * m + j] += alpha * x[i * m + j];
}

// A column sum updates h[j] from every i: a histogram, which races (the
// tool interchanges the loops instead).
// CHECK: histogram-linearised.c:[[@LINE+4]]:3: warning: loop not parallelized: 'h[j]' is updated at a subscript that other iterations may share: a histogram races on the GPU; add reduction(+: h[:B]) to the pragma, B the number of elements of 'h' the updates may reach [dependence]
// CHECK: remark: runs on the GPU interchanged with the loop at line
void columns(int n, int m, const float *restrict a, float *restrict h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      h[j] += a[i * m + j];
}
