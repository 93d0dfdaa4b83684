// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/hoist-init.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule hoist-init %s -o %t -- -std=c++17
// RUN: %nochecks %t/hoist-init.cu | FileCheck %s --check-prefix=OFF

// Each extracted loop brings a device initialisation; hoist-init keeps one,
// at the start of the function, even from inside host loops and branches.

// CHECK-LABEL: void twice(int n, float *a, bool again) {
// CHECK-NEXT:   l2c::initDevice();
// CHECK-NOT: l2c::initDevice();
// CHECK: }
// OFF-LABEL: void twice(int n, float *a, bool again) {
// OFF: l2c::initDevice();
// OFF: l2c::initDevice();
// OFF: l2c::initDevice();
void twice(int n, float *a, bool again) {
  int k = 3;
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * k;
  for (int r = 0; r < 2; ++r) {
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i)
      a[i] += 1;
  }
  if (again) {
#pragma loop2cuda parallel
    for (int i = 0; i < n; ++i)
      a[i] -= 1;
  }
}
