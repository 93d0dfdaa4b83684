// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback --disable-rule bitonic-shared %s -o %t -- -std=c++17
// RUN: %nochecks %t/move-copies.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback --disable-rule move-copies --disable-rule bitonic-shared %s -o %t -- -std=c++17
// RUN: %nochecks %t/move-copies.cu | FileCheck %s --check-prefix=OFF

// The paper's bitonic sort: the copy in goes before both host loops, the
// copy out after them; only the launch stays inside.
#include <vector>
void sort(std::vector<int> &a, int N) {
// CHECK-LABEL: void sort(
// CHECK-NEXT:   l2c::initDevice();
// CHECK-NEXT:   l2c::toDevice(a.data(), a.size(), "move-copies.cpp: copy of 'a' to the device");
// CHECK-NEXT:   for (int k = 2; k <= N; k <<= 1) {
// CHECK-NEXT:     for (int j = k >> 1; j > 0; j >>= 1) {
// CHECK-NEXT:       // loop2cuda: the loop at move-copies.cpp:[[@LINE+10]] runs on the GPU as step
// CHECK-NEXT:       L2C_LAUNCH(l2c_device::step,
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   l2c::toHost(a.data(), a.size(), "move-copies.cpp: copy of 'a' to the host");
// CHECK-NEXT:   l2c::release(a.data(), "move-copies.cpp: release of 'a'");
// CHECK-NEXT: }
  for (int k = 2; k <= N; k <<= 1) {
    for (int j = k >> 1; j > 0; j >>= 1) {
#pragma loop2cuda parallel name(step)
      for (int i = 0; i < N; ++i) {
        int ixj = i ^ j;
        if (ixj > i && ((i & k) == 0) == (a[i] > a[ixj])) {
          int t = a[i];
          a[i] = a[ixj];
          a[ixj] = t;
        }
      }
    }
  }
}
// Switched off, the copies stay next to each launch.
// OFF-LABEL: void sort(
// OFF:          for (int j = k >> 1; j > 0; j >>= 1) {
// OFF-NEXT:       l2c::toDevice(a.data(), a.size(),
// OFF-NEXT:       // loop2cuda: the loop at
// OFF-NEXT:       L2C_LAUNCH(l2c_device::step,
// OFF-NEXT:       l2c::toHost(a.data(), a.size(),
// OFF-NEXT:       l2c::release(a.data(),
// OFF-NEXT:     }

// Consecutive kernels: the data stays on the device between them. The host
// write to b between the loops keeps b's copy in after it; the host read of a
// at the end brings a's copy out just before it.
// CHECK-LABEL: float pipeline(int n, float *a, float *b) {
// CHECK-NEXT:   l2c::initDevice();
// CHECK-NEXT:   l2c::toDevice(a, n, "move-copies.cpp: copy of 'a' to the device");
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH(l2c_device::first,
// CHECK-NEXT:   b[0] = 1;
// CHECK-NEXT:   l2c::toDevice(b, n, "move-copies.cpp: copy of 'b' to the device");
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH_DISTINCT(l2c_device::second, l2c_device::second_restrict,
// CHECK-NEXT:   float unrelated = 2;
// CHECK-NEXT:   l2c::toHost(a, n, "move-copies.cpp: copy of 'a' to the host");
// CHECK-NEXT:   l2c::release(a, "move-copies.cpp: release of 'a'");
// CHECK-NEXT:   l2c::release(b, "move-copies.cpp: release of 'b'");
// CHECK-NEXT:   return a[0] + unrelated;
float pipeline(int n, float *a, float *b) {
#pragma loop2cuda parallel name(first)
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * 2;
  b[0] = 1;
#pragma loop2cuda parallel name(second)
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + b[i];
  float unrelated = 2;
  return a[0] + unrelated;
}
// b is only read by the kernels: never copied back.
// CHECK-NOT: l2c::toHost(b
