// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not=remark: --implicit-check-not=warning:
// RUN: %nochecks %t/assumptions.cu | FileCheck %s --check-prefix=GEN
// RUN: rm -rf %t && %loop2cuda --strict %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: %nochecks %t/assumptions.cu | FileCheck %s --check-prefix=STRICT-GEN

// The step of a bitonic sort touches a[i] and a[i ^ j] only when
// (i ^ j) > i: the pairs of two iterations are disjoint, which the test
// proves (XorPairs.cpp), --strict too.
void step(int *a, int n, int j) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    int ixj = i ^ j;
    if (ixj > i && a[i] > a[ixj]) {
      int t = a[i];
      a[i] = a[ixj];
      a[ixj] = t;
    }
  }
}
// GEN: __global__ void step_L11(
// STRICT-GEN: __global__ void step_L11(

// Without the guard the pairs meet: a subscript the test cannot decide is
// checked at run time (a probe, rule set probe-accesses), with a remark;
// --strict rejects the loop.
// CHECK: assumptions.cpp:[[@LINE+7]]:12: remark: iterations are checked at run time: subscript 'a[ixj]' computes 'i ^ j', which is not a sum of products of integer variables (the value of 'ixj'); a probe records the elements each iteration touches, and the loop runs on the host, in order, when two iterations meet at one that either writes [dependence]
// STRICT: assumptions.cpp:[[@LINE+3]]:3: warning: loop not parallelized: subscript 'a[ixj]' computes 'i ^ j', which is not a sum of products of integer variables (the value of 'ixj'){{.*}}[dependence]
void unguarded(int *a, int n, int j) {
#pragma loop2cuda parallel copy(a[0:n])
  for (int i = 0; i < n; ++i) {
    int ixj = i ^ j;
    int t = a[i];
    a[i] = a[ixj];
    a[ixj] = t;
  }
}
// GEN: __global__ void unguarded_L30_writes(
// GEN: l2c::probeWrite(l2c_probe_{{[0-9]+}}, 0, ixj, l2c_k);
// STRICT-GEN-NOT: unguarded_L30

// The remark names the part of the subscript that the test cannot read: a
// power of the index (an inner loop's index, a value read from memory:
// delinearize.cpp, dependences-exact.cpp).
// CHECK: assumptions.cpp:[[@LINE+4]]:5: remark: iterations are checked at run time: subscript 'a[i * i]' multiplies 'i' by itself{{.*}} [dependence]
void squares(int n, double *a) {
#pragma acc parallel loop copy(a[0:n * n])
  for (int i = 0; i < n; i++)
    a[i * i] = 1.0;
}
