// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --strict %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: %nochecks %t/overlap.cu | FileCheck %s --check-prefix=STRICT-OUT

// Two plain pointers, one written, may be the same memory: shift(a + 1, a)
// would make every iteration depend on the one before. The tool cannot tell,
// so it trusts the marking and says so; --strict keeps such loops on the CPU.
// Pointers declared __restrict__, std::vectors and distinct arrays carry the
// promise themselves.
#include <vector>
void shift(float *x, const float *y, int n) {
#pragma loop2cuda parallel name(shift)
  for (int i = 0; i < n; ++i)
    x[i] = y[i] + 1;
}
// CHECK: overlap.cpp:[[@LINE-3]]:3: remark: assuming iterations are independent: 'x' and 'y' may point into the same memory [dependence]
// STRICT: overlap.cpp:[[@LINE-4]]:3: warning: loop not parallelized: 'x' and 'y' may point into the same memory (declare the pointers __restrict__ to promise they do not) [dependence]

void restricted(float *__restrict__ x, const float *__restrict__ y, int n) {
#pragma loop2cuda parallel name(restricted)
  for (int i = 0; i < n; ++i)
    x[i] = y[i] + 1;
}

void vectors(std::vector<float> &x, const std::vector<float> &y) {
#pragma loop2cuda parallel name(vectors)
  for (int i = 0; i < (int)x.size(); ++i)
    x[i] = y[i] + 1;
}
// CHECK-NOT: remark
// STRICT-NOT: warning: loop
// STRICT-OUT-NOT: __global__ void shift
// STRICT-OUT: __global__ void restricted
// STRICT-OUT: __global__ void vectors
