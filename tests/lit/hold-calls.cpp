// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/hold-calls.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule hold-calls %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/hold-calls.cu | FileCheck %s --check-prefix=OFF

// The sweeps live in step(), whose host code never names u or v: the
// caller holds both around its time loop (one transfer each way), but not
// where it reads u between calls, and not for a callee whose host code
// writes its array.
#include <cstdio>
#include <cstdlib>
static void step(float *u, float *v, int n) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
}
static void pin(float *u, int n) {
  u[0] = 1.0f;
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    u[i] = u[i] * 0.5f;
}
// The caller's own pointer parameters, named only as arguments of the
// calls: held too. (A call run(u, u + 1, ...) in this file would keep
// step's loops on the CPU: the dependence test follows the two pointers
// into one array through both calls, PointerOrigins.h.)
// CHECK-LABEL: void run(
// CHECK:        l2c::hold(u, "hold-calls.cpp: hold of 'u'");
// CHECK-NEXT:   l2c::hold(v, "hold-calls.cpp: hold of 'v'");
// CHECK-NEXT:   for (int t = 0; t < steps; t++)
// CHECK-NEXT:     step(u, v, n);
// CHECK-NEXT:   l2c::unhold(v, "hold-calls.cpp: unhold of 'v'");
// CHECK-NEXT:   l2c::unhold(u, "hold-calls.cpp: unhold of 'u'");
static void run(float *u, float *v, int n, int steps) {
  for (int t = 0; t < steps; t++)
    step(u, v, n);
}
// A parameter that the caller also names elsewhere, or a caller that calls
// another function of the file (which might reach the memory through a
// global): no hold.
// CHECK-LABEL: float runAndRead(
// CHECK-NOT:    l2c::hold
// CHECK:        return u[0];
static float runAndRead(float *u, float *v, int n, int steps) {
  for (int t = 0; t < steps; t++)
    step(u, v, n);
  return u[0];
}
static void note(int t) { std::printf("%d\n", t); }
// CHECK-LABEL: void runAndNote(
// CHECK-NOT:    l2c::hold
// CHECK:        note(t);
static void runAndNote(float *u, float *v, int n, int steps) {
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    note(t);
  }
}
int main() {
  int n = 1000, steps = 10;
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
// CHECK-LABEL: int main(
// CHECK:        l2c::hold(u, "hold-calls.cpp: hold of 'u'");
// CHECK-NEXT:   l2c::hold(v, "hold-calls.cpp: hold of 'v'");
// CHECK-NEXT:   for (int t = 0; t < steps; t++)
// CHECK-NEXT:     step(u, v, n);
// CHECK-NEXT:   l2c::unhold(v, "hold-calls.cpp: unhold of 'v'");
// CHECK-NEXT:   l2c::unhold(u, "hold-calls.cpp: unhold of 'u'");
  for (int t = 0; t < steps; t++)
    step(u, v, n);
// CHECK:        for (int t = 0; t < steps; t++) {
// CHECK-NEXT:     l2c::hold(u,
// CHECK-NEXT:     l2c::hold(v,
// CHECK-NEXT:     step(u, v, n);
// CHECK-NEXT:     l2c::unhold(v,
// CHECK-NEXT:     l2c::unhold(u,
// CHECK-NEXT:     std::printf
  for (int t = 0; t < steps; t++) {
    step(u, v, n);
    std::printf("%f\n", u[t]);
  }
// CHECK-NOT:    l2c::hold
// CHECK:        pin(u, n);
  for (int t = 0; t < steps; t++)
    pin(u, n);
  run(u, v, n, steps);
  std::printf("%f %f %f\n", u[1], v[1], runAndRead(u, v, n, steps));
  runAndNote(u, v, n, steps);
  std::free(u);
  std::free(v);
  return 0;
}
// OFF-NOT: l2c::hold
