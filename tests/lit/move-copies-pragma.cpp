// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/move-copies-pragma.cu | FileCheck %s

// A copy that lands in front of a loop that stayed on the CPU goes above
// that loop's pragma: `#pragma omp parallel for` must stay right before its
// `for`.
// DIAG: warning: loop not parallelized: iterations are not independent
// DIAG: warning: loop not parallelized: iterations are not independent
// CHECK-LABEL: void f(float *a, int n) {
// CHECK:      L2C_LAUNCH(l2c_device::inc,
// CHECK-NEXT: l2c::toHost(a, n, "move-copies-pragma.cpp: copy of 'a' to the host");
// CHECK-NEXT: l2c::release(a, "move-copies-pragma.cpp: release of 'a'");
// CHECK-NEXT: #pragma omp parallel for
// CHECK-NEXT: for (int i = 1; i < n; ++i)
void f(float *a, int n) {
#pragma loop2cuda parallel name(inc)
  for (int i = 0; i < n; ++i)
    a[i] += 1;
#pragma omp parallel for
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2 + 1;
}

// The loop that stayed on the CPU writes a: the copy of a to the device for
// the next kernel stays after it.
// CHECK-LABEL: void g(float *a, float *b, int n) {
// CHECK-NEXT:   l2c::initDevice();
// CHECK-NEXT: #pragma omp parallel for
// CHECK-NEXT:   for (int i = 1; i < n; ++i)
// CHECK-NEXT:     a[i] = a[i - 1] * 2 + i;
// CHECK-NEXT:   l2c::toDevice(a, n, "move-copies-pragma.cpp: copy of 'a' to the device");
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH_DISTINCT(l2c_device::use, l2c_device::use_restrict,
void g(float *a, float *b, int n) {
#pragma omp parallel for
  for (int i = 1; i < n; ++i)
    a[i] = a[i - 1] * 2 + i;
#pragma loop2cuda parallel name(use)
  for (int i = 0; i < n; ++i)
    b[i] = a[i];
}
