// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/extents-polynomial.cu | FileCheck %s --check-prefix=CU

// Flat arrays indexed by a polynomial of the nest's indices and host sizes
// (malloc'd matrices, a[i * m + j]): the count of each copy is the largest
// subscript plus one, with the sizes taken to be at least 0.
#define NY 128

// CU-LABEL: void matadd(
// CU: l2c::toDevice(a, m * n, "{{.*}}");
// CU: l2c::toHost(c, m * n, "{{.*}}");
void matadd(const double *a, double *c, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      c[i * m + j] = 2.0 * a[i * m + j];
}

// A transpose writes t[j * n + i]: the same count.
// CU-LABEL: void transpose(
// CU: l2c::toHost(t, m * n, "{{.*}}");
void transpose(const double *a, double *t, int n, int m) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      t[j * n + i] = a[i * m + j];
}

// A 3x3 blur: (y + dy) * w + x + dx is h * w - 1 at most, 0 at least; the
// written elements stop a row and a column before the end.
// CU-LABEL: void blur(
// CU: l2c::toDevice(src, h * w, "{{.*}}");
// CU: l2c::toHost(dst, h * w - w - 1, "{{.*}}");
void blur(const unsigned char *src, unsigned char *dst, int w, int h) {
#pragma omp parallel for
  for (int y = 1; y < h - 1; y++)
    for (int x = 1; x < w - 1; x++) {
      int s = 0;
      for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
          s += src[(y + dy) * w + (x + dx)];
      dst[y * w + x] = (unsigned char)(s / 9);
    }
}

// A constant row length through a macro; the row below is the largest read.
// CU-LABEL: void jacobi(
// CU: l2c::toDevice(u, 16383, "{{.*}}");
// CU: l2c::toHost(v, 16255, "{{.*}}");
void jacobi(const double *u, double *v) {
#pragma omp parallel for
  for (int i = 1; i < NY - 1; i++)
    for (int j = 1; j < NY - 1; j++)
      v[i * NY + j] = u[(i - 1) * NY + j] + u[(i + 1) * NY + j];
}

// An inner loop marked inside a host loop: the host's row r is a size.
// CU-LABEL: void rows(
// CU: l2c::toHost(m, cols * r + cols, "{{.*}}");
void rows(int *m, int nrows, int cols) {
  for (int r = 0; r < nrows; r++) {
#pragma omp parallel for
    for (int k = 0; k < cols; k++)
      m[r * cols + k] = r * k;
  }
}

// A subscript that may be negative for sizes >= 0 (i * m - k) gives no
// count: the loop stays on the CPU and the warning names the clause.
// CHECK: extents-polynomial.c:[[@LINE+4]]:3: remark: the subscripts give no count of {{.*}}'a'{{.*}} [extract-kernel]
void negative(double *a, int n, int m, int k) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    a[i * m - k] = 1;
}

// An offset k that is no size (no loop's bound, no row of a host loop) may
// be negative, and the copy starts at element 0: no count.
// CHECK: extents-polynomial.c:[[@LINE+3]]:3: remark: the subscripts give no count of {{.*}}'a'{{.*}} [extract-kernel]
void offset(double *a, int n, int k) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i + k] = 1;
}

// A triangle: j < i takes i's range, so the largest subscript is
// (n - 1) * n + n - 2 (extents-triangles.c has more).
// CU-LABEL: void lower(
// CU: l2c::toDevice(a, n * n - 1, "{{.*}}");
void lower(double *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * n + j] = 1;
}
