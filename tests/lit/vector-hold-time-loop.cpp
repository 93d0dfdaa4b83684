// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/vector_hold_time_loop.cpp -o %t -- -fopenmp -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/vector_hold_time_loop.cu | FileCheck %s

// The runtime's hold of a std::vector names its elements, w.data().
// DIAG-NOT: warning:
// CHECK: l2c::hold(w.data(),
// CHECK: l2c::toDeviceOutside(w.data(), w.size(), 1, n - 1, "vector_hold_time_loop.cpp: copy of 'w' to the device");
// CHECK: l2c::unhold(w.data(),
