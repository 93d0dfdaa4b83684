// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/device-static-tables.cu | FileCheck %s

// A `static const` local of constant value in a function the kernel calls
// (XSBench's pick_mat) never changes: the device copy declares it as a
// plain const local. A static that may change stays on the host.
// CHECK-LABEL: __device__ int pickMat(double r) {
// CHECK:         const double dist[4] = {0.25, 0.125, 0.5, 0.125};
// CHECK:         const int last = 3;
static int pickMat(double r) {
  static const double dist[4] = {0.25, 0.125, 0.5, 0.125};
  static const int last = 3;
  double running = 0.0;
  for (int i = 0; i < 4; i++) {
    running += dist[i];
    if (r < running)
      return i;
  }
  return last;
}

void pick(int n, const double *restrict r, int *restrict m) {
#pragma loop2cuda parallel copyin(r[0:n]) copyout(m[0:n])
  for (int i = 0; i < n; i++)
    m[i] = pickMat(r[i]);
}

// DIAG: device-static-tables.c:[[#@LINE+9]]:3: warning: loop not parallelized: call to 'counted' cannot run on the device: static local variable 'calls' is not supported on the device [device-call]
static int counted(int x) {
  static int calls = 0;
  calls++;
  return x + calls;
}

void count(int n, int *restrict m) {
#pragma loop2cuda parallel copy(m[0:n])
  for (int i = 0; i < n; i++)
    m[i] = counted(m[i]);
}
