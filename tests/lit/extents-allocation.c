// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/extents-allocation.cu | FileCheck %s --check-prefix=CU

// A subscript the extent rules cannot bound (through an index array, a
// row pointer passed to a function) copies the whole block the pointer
// holds when the function allocated it: malloc(n * sizeof(T)),
// calloc(n, sizeof(T)), the same count for every block it may hold.
#include <stdlib.h>

// CSR: a[k] and x[col[k]] for k between row pointers.
// CU-LABEL: int spmv(
// CU-DAG: l2c::toDevice(a, nnz, "{{.*}}");
// CU-DAG: l2c::toDevice(col, nnz, "{{.*}}");
// CU-DAG: l2c::toDevice(x, n, "{{.*}}");
int spmv(int n) {
  int nnz = n * 3;
  int *row = malloc((n + 1) * sizeof(int));
  int *col = malloc(nnz * sizeof(int));
  double *a = malloc(sizeof(double) * nnz);
  double *x = calloc(n, sizeof(double));
  double *y = malloc(n * sizeof(double));
  for (int i = 0; i <= n; i++)
    row[i] = 3 * i;
  for (int k = 0; k < nnz; k++) {
    col[k] = (k * 7) % n;
    a[k] = k;
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0.0;
    for (int k = row[i]; k < row[i + 1]; k++)
      s += a[k] * x[col[k]];
    y[i] = s;
  }
  return (int)y[1];
}

// Neighbours through index arrays, in two buffers that are exchanged:
// both hold blocks of rows * cols elements.
// CU-LABEL: void diffuse(
// CU: l2c::toDevice(J, rows * cols, "{{.*}}");
void diffuse(int rows, int cols, int steps) {
  int *iN = malloc(rows * sizeof(int));
  float *J = malloc(rows * cols * sizeof(float));
  float *K = malloc(rows * cols * sizeof(float));
  for (int i = 0; i < rows; i++)
    iN[i] = i > 0 ? i - 1 : 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++)
        K[i * cols + j] = J[iN[i] * cols + j] - J[i * cols + j];
    float *tmp = J;
    J = K;
    K = tmp;
  }
}

// Blocks of different sizes exchanged: no count.
// CHECK: extents-allocation.c:[[@LINE+11]]:5: remark: the subscripts give no count of {{.*}}'u'{{.*}} [extract-kernel]
void uneven(int n, int *idx) {
  float *u = malloc(n * sizeof(float));
  float *v = malloc(2 * n * sizeof(float));
  int *id = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    id[i] = idx[i];
    u[i] = v[i] = i;
  }
  for (int t = 0; t < 2; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      v[i] = u[id[i]];
    float *tmp = u;
    u = v;
    v = tmp;
  }
}

// The size changes after the allocation: no count.
// CHECK: extents-allocation.c:[[@LINE+9]]:3: remark: the subscripts give no count of {{.*}}'w'{{.*}} [extract-kernel]
void resized(int n, const int *id) {
  int m = n;
  float *w = malloc(m * sizeof(float));
  float *o = malloc(n * sizeof(float));
  for (int i = 0; i < m; i++)
    w[i] = i;
  m = m / 2;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    o[i] = w[id[i] % m];
}

// A size in bytes of another type: no count.
// CHECK: extents-allocation.c:[[@LINE+6]]:3: remark: the subscripts give no count of {{.*}}'q'{{.*}} [extract-kernel]
void bytes(int n, const int *id, double *o) {
  float *q = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++)
    q[i] = i;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    o[i] = q[id[i]];
}

// A pointer given another value: no count.
// CHECK: extents-allocation.c:[[@LINE+6]]:3: remark: the subscripts give no count of {{.*}}'p'{{.*}} [extract-kernel]
void moved(int n, const int *id, float *other, float *o) {
  float *p = malloc(n * sizeof(float));
  if (n > 4)
    p = other;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    o[i] = p[id[i]];
}
