// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/qualified_constants.cpp -o %t -- -fopenmp -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/qualified_constants.cu | FileCheck %s

// Numbers of a namespace or static members of a class travel as kernel
// parameters that the launch passes by their qualified names; one of an
// anonymous namespace by its own name.
// DIAG-NOT: warning:
// CHECK: __global__ void fill_L24(long long l2c_begin, long long l2c_count, int *p, int K, int Offset)
// CHECK: L2C_LAUNCH({{.*}}"qualified_constants.cpp:24"), Wrap::K, Wrap::Offset);
// CHECK: L2C_LAUNCH{{.*}} phys::kG, dt, kHalf, phys::detail::kSteps);
