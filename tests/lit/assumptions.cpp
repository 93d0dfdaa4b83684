// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// RUN: %nochecks %t/assumptions.cu | FileCheck %s --check-prefix=GEN
// RUN: rm -rf %t && %loop2cuda --strict %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: %nochecks %t/assumptions.cu | FileCheck %s --check-prefix=STRICT-GEN

// A subscript the analysis cannot decide (i ^ j) is trusted, with a remark;
// --strict turns the assumption into a rejection.
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
// CHECK: assumptions.cpp:{{[0-9]+}}:{{[0-9]+}}: remark: assuming iterations are independent: subscript 'a[ixj]' computes 'i ^ j', which is not a sum of products of integer variables (the value of 'ixj') [dependence]
// GEN: L2C_LAUNCH
// STRICT: assumptions.cpp:10:3: warning: loop not parallelized: subscript 'a[ixj]' computes 'i ^ j', which is not a sum of products of integer variables (the value of 'ixj'){{.*}}[dependence]
// STRICT-GEN-NOT: L2C_LAUNCH

// The remark names the part of the subscript that the test cannot read: a
// power of the index (an inner loop's index, a value read from memory:
// delinearize.cpp, dependences-exact.cpp).
// CHECK: assumptions.cpp:[[@LINE+4]]:5: remark: assuming iterations are independent: subscript 'a[i * i]' multiplies 'i' by itself [dependence]
void squares(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * i] = 1.0;
}
