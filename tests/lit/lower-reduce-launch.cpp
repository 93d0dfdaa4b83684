// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/lower-reduce-launch.cu | FileCheck %s --check-prefix=ON
// RUN: not %loop2cuda --disable-rule lower-reduce-launch %s -o %t/off -- -std=c++17 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: test ! -e %t/off/lower-reduce-launch.cu

// lower-reduce-launch writes a reduction's host code as Passes steps: the
// grid, a device buffer per buffer parameter of the kernel, the launch,
// and per reduction its finish and the combination with the user's value.
// Here the last stage of the ladder: one pass on a resident grid, an
// atomic finish for the integer sum and a last-block finish for the float
// maximum, both writing mapped host slots.

// ON: // loop2cuda: the loop at lower-reduce-launch.cpp:[[LOOP:[0-9]+]] runs on the GPU in 1 pass: {{both_L[0-9]+}}
// ON-NEXT: {
// ON-NEXT:   const long long l2c_span = (long long)(n) - (long long)(0);
// ON-NEXT:   const long long l2c_n = l2c_span > 0 ? l2c_span : 0;
// ON-NEXT:   if (l2c_n > 0) {
// ON-NEXT:     // Device buffers of this loop, kept between its runs.
// ON-NEXT:     static l2c::Scratch l2c_buffers;
// ON-NEXT:     static const unsigned l2c_resident = l2c::residentBlocks((void (*)({{.*}}))l2c_device::{{both_L[0-9]+}}, 256);
// ON-NEXT:     const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 16, l2c_resident);
// ON-NEXT:     int *l2c_acc_s = l2c_buffers.init<int>(0, 1, (int)0, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     unsigned *l2c_counter_s = l2c_buffers.init<unsigned>(1, 1, 0, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     int *l2c_out_s = l2c_buffers.mapped<int>(2, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     float *l2c_partial_m = l2c_buffers.get<float>(3, l2c_blocks, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     unsigned *l2c_counter_m = l2c_buffers.init<unsigned>(4, 1, 0, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     float *l2c_out_m = l2c_buffers.mapped<float>(5, "lower-reduce-launch.cpp:[[LOOP]]");
// ON-NEXT:     L2C_LAUNCH(l2c_device::{{both_L[0-9]+}}, "lower-reduce-launch.cpp:[[LOOP]]", l2c_blocks, 256, 0, l2c_n, l2c::dev(a, n, "lower-reduce-launch.cpp:[[LOOP]]"), l2c::dev(x, n, "lower-reduce-launch.cpp:[[LOOP]]"), l2c_acc_s, l2c_counter_s, l2c_out_s, l2c_partial_m, l2c_counter_m, l2c_out_m);
// ON-NEXT:     // Reduction s (+)
// ON-NEXT:     s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s, "lower-reduce-launch.cpp:[[LOOP]]"));
// ON-NEXT:     // Reduction m (max)
// ON-NEXT:     m = l2c::combine(l2c::Max(), m, l2c::readMapped(l2c_out_m, "lower-reduce-launch.cpp:[[LOOP]]"));
// ON-NEXT:   }
// ON-NEXT: }

// Switched off, the reduction has no host code: an error, and no output.
// OFF: error: cannot print the host code: the reduction of the loop at lower-reduce-launch.cpp:{{[0-9]+}} has no host code: rule set lower-reduce-launch, which writes it, did not run (--disable-rule?)

#include <algorithm>

void both(const int *a, const float *x, int n, int &s_out, float &m_out) {
  int s = 0;
  float m = -1e30f;
#pragma omp parallel for reduction(+ : s) reduction(max : m)
  for (int i = 0; i < n; i++) {
    s += a[i];
    m = std::max(m, x[i]);
  }
  s_out = s;
  m_out = m;
}
