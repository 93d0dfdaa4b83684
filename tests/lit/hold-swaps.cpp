// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/hold-swaps.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule hold-swap %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/hold-swaps.cu | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda --disable-rule host-boxes %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/hold-swaps.cu | FileCheck %s --check-prefix=BOXES-OFF

// Double buffering with std::swap of two allocations (rule hold-swap): the
// runtime's mirrors follow the host pointers, so both arrays are held over
// the swap and the brackets leave the time loop when nothing else on the
// host touches them. A host read between steps keeps the brackets inside;
// the three-assignment idiom and swapped parameters are not held. After
// the loop only u is read before both are freed: v's unhold owes the host
// no copy (rule drop-dead-copies/unhold-unread).
#include <cstdio>
#include <cstdlib>
#include <utility>

// CHECK-LABEL: void held(
// CHECK:        l2c::hold(u, "hold-swaps.cpp: hold of 'u'");
// CHECK-NEXT:   l2c::hold(v, "hold-swaps.cpp: hold of 'v'");
// CHECK-NEXT:   for (int t = 0; t < steps; t++) {
// CHECK:          std::swap(u, v);
// CHECK-NEXT:   }
// CHECK-NEXT:   l2c::unholdUnread(v, "hold-swaps.cpp: unhold of 'v', whose host copy is not read again");
// CHECK-NEXT:   l2c::unhold(u, "hold-swaps.cpp: unhold of 'u'");
// OFF-LABEL:  void held(
// OFF-NOT:      l2c::hold
// OFF:          std::swap(u, v);
// OFF-NOT:      l2c::hold
// OFF-LABEL:  void readBetween(
void held(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    std::swap(u, v);
  }
  std::printf("%f\n", u[1]);
  std::free(u);
  std::free(v);
}

// A host read of one element after the swap: rule set host-boxes copies
// that element back, so the hold covers the whole loop.
// CHECK-LABEL: void readBetween(
// CHECK:          l2c::hold(u, "hold-swaps.cpp: hold of 'u'");
// CHECK-NEXT:     l2c::hold(v, "hold-swaps.cpp: hold of 'v'");
// CHECK-NEXT:   for (int t = 0; t < steps; t++) {
// CHECK:          std::swap(u, v);
// CHECK-NEXT:     l2c::updateHostBox(u, 1, 1, "hold-swaps.cpp: elements of 'u' the host statement below touches");
// CHECK-NEXT:     std::printf("%f\n", u[1]);
// CHECK-NEXT:   }
// CHECK-NEXT:   l2c::unholdUnread(v,
// CHECK-NEXT:   l2c::unholdUnread(u,
// Without it, the holds stay inside the loop, around the swap.
// BOXES-OFF-LABEL: void readBetween(
// BOXES-OFF:        for (int t = 0; t < steps; t++) {
// BOXES-OFF-NEXT:     l2c::hold(u, "hold-swaps.cpp: hold of 'u'");
// BOXES-OFF-NEXT:     l2c::hold(v, "hold-swaps.cpp: hold of 'v'");
// BOXES-OFF:          std::swap(u, v);
// BOXES-OFF-NEXT:     l2c::unhold(v, "hold-swaps.cpp: unhold of 'v'");
// BOXES-OFF-NEXT:     l2c::unhold(u, "hold-swaps.cpp: unhold of 'u'");
// BOXES-OFF-NEXT:     std::printf("%f\n", u[1]);
void readBetween(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    std::swap(u, v);
    std::printf("%f\n", u[1]);
  }
  std::free(u);
  std::free(v);
}

// CHECK-LABEL: void tmpIdiom(
// CHECK-NOT:    l2c::hold
// CHECK-LABEL: void params(
// CHECK-NOT:    l2c::hold
void tmpIdiom(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    float *tmp = u;
    u = v;
    v = tmp;
  }
  std::free(u);
  std::free(v);
}

void params(float *u, float *v, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
    std::swap(u, v);
  }
}
