// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/copy-in-outside.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule copy-in-outside --disable-rule launch-overwrites %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/copy-in-outside.cu | FileCheck %s --check-prefix=OFF
// DIAG-NOT: warning:
// OFF-NOT: toDeviceOutside
// OFF-NOT: devFresh

// A kernel that overwrites a box of an array and reads none of it needs
// from the host only the elements outside the box (rules copy-in-outside
// and launch-overwrites of extract-kernel; docs/data-regions.md).
#define N 512

// CHECK-LABEL: void inside(
// CHECK:      l2c::toDeviceOutside(v, n - 1, 1, n - 1, "copy-in-outside.cpp: copy of 'v' to the device");
// CHECK:      l2c::devFresh(v, n - 1, 1, n - 1, "copy-in-outside.cpp:[[#@LINE+6]]", u)
// CHECK:      l2c::toHost(v, n - 1,
// OFF-LABEL: void inside(
// OFF:        l2c::toDevice(v, n - 1,
void inside(int n, float *v, const float *u) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = u[i - 1] + u[i + 1];
}

// A constant offset moves the box.
// CHECK-LABEL: void shifted(
// CHECK:      l2c::toDeviceOutside(w, n, 1, (n - 1) + 1,
// CHECK:      l2c::devFresh(w, n, 1, (n - 1) + 1,
void shifted(int n, float *w, const float *u) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    w[i + 1] = 2 * u[i];
}

// The inside of a grid of rows; what the kernel does not write (the
// frame) goes in.
// CHECK-LABEL: void grid(
// CHECK:      l2c::toDeviceOutsideRows(b, n - 1, 1, n - 1, 1, n - 1,
// CHECK:      l2c::devFreshRows(b, n - 1, 1, n - 1, 1, n - 1,
void grid(int n, double (*b)[N], const double (*a)[N]) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      b[i][j] = a[i - 1][j] + a[i + 1][j];
}

// The kernel reads v: the whole array goes in.
// CHECK-LABEL: void readsToo(
// CHECK:      l2c::toDevice(v, n - 1,
// CHECK:      l2c::devWrites(v, n - 1, 1, n - 1,
void readsToo(int n, float *v) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = v[i] * 2;
}

// Not every iteration writes: the whole array goes in.
// CHECK-LABEL: void someIterations(
// CHECK:      l2c::toDevice(v, n - 1,
void someIterations(int n, float *v, const float *u) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    if (u[i] > 0)
      v[i] = u[i];
}

// Every other element only.
// CHECK-LABEL: void everyOther(
// CHECK:      l2c::toDevice(v, n,
void everyOther(int n, float *v, const float *u) {
#pragma omp parallel for
  for (int i = 1; i < n; i += 2)
    v[i] = u[i];
}

// A bound the count does not name (lo) joins the copy's dependencies.
// CHECK-LABEL: void otherBound(
// CHECK:      l2c::toDeviceOutside(v, hi, lo, hi,
void otherBound(int lo, int hi, float *v, const float *u) {
#pragma omp parallel for
  for (int i = lo; i < hi; i++)
    v[i] = u[i];
}

// So the copy stays in the scope of a bound declared in the time loop,
// below its declaration.
// CHECK-LABEL: void innerBound(
// CHECK:      for (int t = 0; t < steps; t++) {
// CHECK-NEXT: int m = n - 1 - t % 2;
// CHECK-NEXT: l2c::toDeviceOutside(v, m, 1, m,
void innerBound(int n, int steps, float *v, const float *u) {
  for (int t = 0; t < steps; t++) {
    int m = n - 1 - t % 2;
#pragma omp parallel for
    for (int i = 1; i < m; i++)
      v[i] = u[i];
  }
}

// In a time loop the copy leaves the loop with its box; the second sweep
// overwrites the inside of u, which the first reads whole: u goes in whole.
// CHECK-LABEL: void sweeps(
// CHECK:      l2c::toDeviceOutside(v, n, 1, n - 1,
// CHECK-NEXT: l2c::toDevice(u, n,
// CHECK-NEXT: for (int t = 0; t < steps; t++) {
// CHECK-NOT:  l2c::to
// CHECK:      }
// CHECK:      l2c::toHost(u, n,
void sweeps(int n, int steps, float *u, float *v) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i - 1] + v[i + 1];
  }
}
