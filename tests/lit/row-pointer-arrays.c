// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/row-pointer-arrays.cu | FileCheck %s
// RUN: %loop2cuda --strict %s -o %t/strict -- 2>&1 | FileCheck %s --check-prefix=STRICT

// Row pointers (double **a, each row its own block) used as a[i][j]: the
// kernel takes a table of device row pointers, and the host hands the
// runtime l2c::rowsOf(a, rows, columns), the reach of the subscripts in
// each dimension. Rows that overlap would each get a device copy: a loop
// that writes them assumes they do not, with a remark (--strict refuses).

// DIAG: row-pointer-arrays.c:[[@LINE+9]]:3: remark: assuming iterations are independent: the rows of 'c' do not overlap (the program stops with a message if they do) [dependence]
// STRICT: row-pointer-arrays.c:[[@LINE+8]]:3: warning: loop not parallelized: the rows of 'c' may overlap
// CHECK-LABEL: __global__ void scale_L{{[0-9]+}}({{.*}}double *const *c, const double *const *a
// CHECK: c[i][j] = 2 * a[i][j];
// CHECK-LABEL: void scale(
// CHECK: l2c::toDevice(l2c::rowsOf(a, n, m), n,
// CHECK: l2c::toHost(l2c::rowsOf(c, n, m), n,
void scale(double **c, double **a, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i][j] = 2 * a[i][j];
}

// A stencil's reach: rows and columns 0 .. n - 1 of u.
// CHECK-LABEL: void blur(
// CHECK: l2c::toDevice(l2c::rowsOf(u, n, n), n,
void blur(double **u, double *out, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    out[i] = u[i - 1][i] + u[i + 1][i] + u[i][i - 1] + u[i][i + 1];
}

// A row handed on as a pointer stays on the host.
// DIAG: row-pointer-arrays.c:[[@LINE+4]]:3: warning: loop not parallelized: 'a' is an array of row pointers, which the device reads only as a[i][j] [extract-kernel]
double first(const double *row) { return row[0]; }
void rows(double **a, double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = first(a[i]);
}

// A row of row pointers taken as a pointer (kmeans's `feature[i]`) is
// read as feature[i][f]; the kernel's pointer points into the device row.
// CHECK-LABEL: __global__ void dot_L{{[0-9]+}}(
// CHECK: const float *pt = feature[i];
// CHECK-LABEL: void dot(
// CHECK: l2c::toDevice(l2c::rowsOf(feature, n, nf), n,
void dot(float **feature, const float *w, float *out, int n, int nf) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    const float *pt = feature[i];
    float s = 0;
    for (int f = 0; f < nf; f++)
      s += pt[f] * w[f];
    out[i] = s;
  }
}
