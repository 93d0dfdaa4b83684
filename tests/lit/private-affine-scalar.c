// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/private-affine-scalar.cu | FileCheck %s --check-prefix=CU

// A private scalar set first in the body to an affine value of the index
// (`j = i + d`, a wavefront over diagonals) is that value wherever the
// iteration reads it: the subscripts and the inner loop's bound are exact,
// and the diagonal's points are independent.
// CU: __global__ void wavefront_L[[#@LINE+6]](
// CU: j = i + d;
void wavefront(int n, int t[64][64]) {
  int i, j, k, d;
  for (d = 1; d < n; d++) {
#pragma omp parallel for private(j, k)
    for (i = 0; i <= n - 1 - d; i++) {
      j = i + d;
      if (t[i + 1][j] > t[i][j])
        t[i][j] = t[i + 1][j];
      for (k = i + 1; k < j; k++)
        if (t[i][k] + t[k + 1][j] > t[i][j])
          t[i][j] = t[i][k] + t[k + 1][j];
    }
  }
}

// A skewed sweep: the points of one anti-diagonal 2*i + j == w.
// CU: __global__ void skewed_L[[#@LINE+5]](
void skewed(int n, int lo, int hi, double a[32][32]) {
  int i, j, w;
  for (w = 3; w <= 3 * (n - 2); w++) {
#pragma omp parallel for private(j)
    for (i = lo; i <= hi; i++) {
      j = w - 2 * i;
      a[i][j] = (a[i - 1][j + 1] + a[i][j - 1] + a[i][j + 1] +
                 a[i + 1][j - 1]) / 4;
    }
  }
}

// Written twice: the first value does not hold at the second subscript,
// and the rows written meet the rows read.
// CHECK: private-affine-scalar.c:[[@LINE+5]]:3: warning: loop not parallelized: {{.*}}[dependence]
// CU-LABEL: void twice(
// CU-NOT: L2C_LAUNCH
void twice(int n, int *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int j;
    j = 2 * i;
    v[j] = v[j] + 1;
    j = j + 1;
    v[j] = v[j - 2];
  }
}

// Read before the assignment: the value there is the previous one.
// CHECK: private-affine-scalar.c:[[@LINE+5]]:3: warning: loop not parallelized: {{.*}}
// CU-LABEL: void readFirst(
// CU-NOT: L2C_LAUNCH
void readFirst(int n, int *v, int j) {
#pragma omp parallel for firstprivate(j)
  for (int i = 0; i < n; i++) {
    v[j] = i;
    j = i;
  }
}
