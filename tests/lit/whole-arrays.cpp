// RUN: rm -rf %t && %loop2cuda --disable-rule guard-small-work %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/whole-arrays.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule whole-arrays --disable-rule guard-small-work %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/whole-arrays.cu | FileCheck %s --check-prefix=OFF

// Two sweeps in a time loop touch different extents of u and v (v[1..n-2]
// written, u[i + 1] read): one buffer of n elements per array, and no
// transfer inside the time loop. u and v hold distinct allocations: no
// 'may point into the same memory' remark.
// DIAG-NOT: may point into the same memory
#include <cstdlib>
#include <utility>
void sweeps(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = new float[n];
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
// CHECK-LABEL: void sweeps(
// The first sweep overwrites v[1..n-2] and reads none of v: only the rest
// of v goes in (rule copy-in-outside).
// CHECK:        l2c::toDeviceOutside(v, n, 1, n - 1, "whole-arrays.cpp: copy of 'v' to the device");
// CHECK-NEXT:   l2c::toDevice(u, n, "whole-arrays.cpp: copy of 'u' to the device");
// CHECK-NEXT:   for (int t = 0; t < steps; t++) {
// CHECK-NOT:    l2c::to
// CHECK:        l2c::devFresh(v, n, 1, n - 1, {{.*}}l2c::devReads(u, n,
// CHECK-NOT:    l2c::to
// CHECK:        l2c::devFresh(u, n, 1, n - 1, {{.*}}l2c::devReads(v, n,
// CHECK-NEXT:   }
// Nothing reads u or v before they are freed: no copy back (rule
// copy-out-dead), and each device copy goes before its host memory.
// CHECK-NEXT:   l2c::release(u, "whole-arrays.cpp: release of 'u'");
// CHECK-NEXT:   std::free(u);
// CHECK-NEXT:   l2c::release(v, "whole-arrays.cpp: release of 'v'");
// CHECK-NEXT:   delete[] v;
// OFF-LABEL: void sweeps(
// OFF:        for (int t = 0; t < steps; t++) {
// OFF:        l2c::toHost(v, n - 1,
// OFF-NEXT:   l2c::toDevice(v, n,
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i - 1] + v[i + 1];
  }
  std::free(u);
  delete[] v;
}

// A host write between the kernels: v comes back, whole, before it, and
// goes in again after it; rule set host-boxes adds copies of the one
// element, and the time loop holds v, so only those move at each step.
void hostWrite(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
// CHECK-LABEL: void hostWrite(
// CHECK:        l2c::hold(v, "whole-arrays.cpp: hold of 'v'");
// CHECK:        for (int t = 0; t < steps; t++) {
// CHECK:        l2c::toHost(v, n, "whole-arrays.cpp: copy of 'v' to the host");
// CHECK:        l2c::updateHostBox(v, 0, 0, "whole-arrays.cpp: elements of 'v' the host statement below touches");
// CHECK-NEXT:   v[0] = t;
// CHECK-NEXT:   l2c::updateDeviceBox(v, 0, 0, "whole-arrays.cpp: elements of 'v' the host statement above wrote");
// CHECK-NEXT:   l2c::toDevice(v, n, "whole-arrays.cpp: copy of 'v' to the device");
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
    v[0] = t;
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      u[i] = v[i - 1] + v[i + 1];
  }
}

// A swap rebinds the pointers: each loop keeps its own extent and the
// copies stay next to the loop, before the swap.
void swapped(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
// CHECK-LABEL: void swapped(
// CHECK:        l2c::toHost(v, n - 1, "whole-arrays.cpp: copy of 'v' to the host");
// CHECK:        std::swap(u, v);
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = u[i - 1] + u[i + 1];
    std::swap(u, v);
  }
}
