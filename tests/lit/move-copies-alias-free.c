// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/move-copies-alias-free.cu | FileCheck %s

// A second name for an array at the same address (`p = &a[0]`, `p = a`,
// `p = a + 0`) has the same device copy: the runtime keeps one copy an
// address. The release of the name after its last loop frees the array's
// copy too, so a later loop over the array copies it in again rather than
// use the freed one (rule copy-in-again, withoutRepeatedCopyIn; found by
// the legality fuzzer's GPU half under the emulated device: seed 115,
// program 0, whose a[0..11] came back as another array's values).
// DIAG-NOT: error

void addressOf(int n, double *out) {
  static double a[160], b[160];
  double *p = &a[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = p[i] + a[i + 1];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = a[i] * 2.0;
}
// CHECK-LABEL: void addressOf(
// CHECK:         l2c::release(p,
// CHECK:         l2c::toDevice(a, 160,
// CHECK:         L2C_LAUNCH

void plainCopy(int n, double *out) {
  static double a[160], b[160];
  double *p = a;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = p[i] + a[i + 1];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = a[i] * 2.0;
}
// CHECK-LABEL: void plainCopy(
// CHECK:         l2c::release(p,
// CHECK:         l2c::toDevice(a, 160,
// CHECK:         L2C_LAUNCH

void plusZero(int n, double *out) {
  static double a[160], b[160];
  double *p = a + 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = p[i] + a[i + 1];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = a[i] * 2.0;
}
// CHECK-LABEL: void plusZero(
// CHECK:         l2c::release(p,
// CHECK:         l2c::toDevice(a, 160,
// CHECK:         L2C_LAUNCH
