// Rule launch-writes (extract-kernel): a launch says which box of each
// array it writes (l2c::devWrites) or that it writes none (l2c::devReads);
// one whose writes the tool cannot bound stays l2c::dev.
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/launch-writes.cu | FileCheck %s
// RUN: %loop2cuda --min-launch-work=0 --disable-rule launch-writes %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/launch-writes.cu | FileCheck %s --check-prefix=OFF \
// RUN:   --implicit-check-not='l2c::devWrites(' --implicit-check-not='l2c::devReads('
#define N 64

// lu's U part: row i, columns i..n-1; A is read elsewhere too.
// CHECK-LABEL: void lu(
// CHECK: l2c::devWrites(A, N, i, i + 1, i, n, "launch-writes.cpp:[[#@LINE+6]]")
// OFF-LABEL: void lu(
// OFF: l2c::dev(A, N, "launch-writes.cpp:
void lu(int n, double A[N][N]) {
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = i; j < n; j++)
      for (int k = 0; k < i; k++)
        A[i][j] -= A[i][k] * A[k][j];
  }
}

// cholesky's column below the diagonal; B only read.
// CHECK-LABEL: void column(
// CHECK: l2c::devWrites(C, N, i + 1, n, i, i + 1, {{.*}}l2c::devReads(B, N,
void column(int n, int i, double C[N][N], const double B[N][N]) {
#pragma omp parallel for
  for (int j = i + 1; j < n; j++)
    C[j][i] = C[j][i] / B[i][i];
}

// Two constant columns: their hull, 0..2.
// CHECK-LABEL: void columns(
// CHECK: l2c::devWrites(C, N, 0, n, 0, 3,
void columns(int n, double C[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    C[i][0] = i;
    C[i][2] = C[i][1] + 1;
  }
}

// A flat window with offsets: [lo, lo + m + 2), lo a size (unsigned), so
// that i - 1 >= 0.
// CHECK-LABEL: void window(
// CHECK: l2c::devWrites(v, lo + m + 2, (lo + 1) - 1, (lo + m + 1) + 1,
void window(unsigned lo, unsigned m, float *v) {
#pragma omp parallel for
  for (unsigned i = lo + 1; i < lo + m + 1; i += 1) {
    if (i == lo + 1)
      v[i - 1] = 0;
    v[i] = 1;
    if (i == lo + m)
      v[i + 1] = 0;
  }
}

// An element handed to a function that takes a reference: the launch
// does not say.
static void bump(float &x) { x += 1; }
// CHECK-LABEL: void bumps(
// CHECK: l2c::dev(v, n,
void bumps(int n, float *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bump(v[i]);
}

// A pointer into the array: the launch does not say.
// CHECK-LABEL: void pointer(
// CHECK: l2c::dev(v, n,
void pointer(int n, float *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float *p = &v[i];
    *p = 2;
  }
}

// A subscript that changes in the body: the launch does not say.
// CHECK-LABEL: void counter(
// CHECK: l2c::dev(C, N,
void counter(int n, double C[N][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = 0;
    while (k < 3) {
      C[i][k] = k;
      k++;
    }
  }
}
