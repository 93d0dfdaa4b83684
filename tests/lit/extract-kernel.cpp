// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback --disable-rule vectorize-map %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/extract-kernel.cu | FileCheck %s
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)
// DIAG-NOT: warning

// A marked loop over raw pointers becomes a kernel whose parameters are the
// loop's free variables: scalars by value, read-only arrays as const.

// No kernel asks for a type's limits: libcu++'s are not included.
// CHECK-NOT: cuda/std/limits
// CHECK: #include "loop2cuda_runtime.cuh"
// CHECK: namespace l2c_device {
// CHECK: // loop2cuda kernel saxpy: from the loop at extract-kernel.cpp:[[@LINE+21]]
// CHECK-NEXT: // rules: extract-kernel, restrict-arrays, simplify-kernel
// CHECK-NEXT: __global__ void saxpy(long long l2c_begin, long long l2c_count, float *y, float a, const float *x) {
// CHECK-NEXT:   for (long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x) {
// CHECK-NEXT:     int i = l2c_begin + l2c_k;
// CHECK-NEXT:     y[i] = a * x[i] + y[i];
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK: } // namespace l2c_device

// The host code keeps its comments; the loop is replaced by a launch.
// CHECK: // y = a * x + y
// CHECK-NEXT: void saxpy_host(int n, float a, const float *x, float *y) {
// CHECK-NEXT:   l2c::initDevice();
// CHECK-NEXT:   l2c::toDevice(y, n, "extract-kernel.cpp: copy of 'y' to the device");
// CHECK-NEXT:   l2c::toDevice(x, n, "extract-kernel.cpp: copy of 'x' to the device");
// CHECK-NEXT:   // loop2cuda: the loop at extract-kernel.cpp:[[@LINE+5]] runs on the GPU as saxpy
// CHECK-NEXT:   L2C_LAUNCH_DISTINCT(l2c_device::saxpy, l2c_device::saxpy_restrict, "extract-kernel.cpp:[[@LINE+4]]", l2c::gridFor(n, 256), 256, 0, n, l2c::devWrites(y, n, 0, n, "extract-kernel.cpp:[[@LINE+4]]"), a, l2c::devReads(x, n, "extract-kernel.cpp:[[@LINE+4]]"));
// y = a * x + y
void saxpy_host(int n, float a, const float *x, float *y) {
#pragma loop2cuda parallel name(saxpy)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}
// x is only read: it is released but never copied back.
// CHECK-NEXT:   l2c::toHost(y, n, "extract-kernel.cpp: copy of 'y' to the host");
// CHECK-NEXT:   l2c::release(y, "extract-kernel.cpp: release of 'y'");
// CHECK-NEXT:   l2c::release(x, "extract-kernel.cpp: release of 'x'");
// CHECK-NEXT: }
// CHECK-NOT: pragma loop2cuda
