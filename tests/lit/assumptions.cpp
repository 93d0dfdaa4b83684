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
// CHECK: assumptions.cpp:{{[0-9]+}}:{{[0-9]+}}: remark: assuming iterations are independent: subscript 'a[ixj]' is not affine in 'i' [dependence]
// GEN: L2C_LAUNCH
// STRICT: assumptions.cpp:10:3: warning: loop not parallelized: subscript 'a[ixj]' is not affine in 'i'{{.*}}[dependence]
// STRICT-GEN-NOT: L2C_LAUNCH
