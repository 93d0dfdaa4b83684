// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 -fopenmp 2>&1 | grep -v 'the parallel region runs once' \
// RUN:   | FileCheck %s --implicit-check-not=warning: \
// RUN:                  --implicit-check-not=remark:
// RUN: %nochecks %t/private-scalars.cu | FileCheck %s --check-prefix=CU
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// Scalars assigned before they are read in every iteration (an inner
// loop's counter declared at the top of the function, a temporary) get one
// copy per iteration, with a remark: OpenMP would share them. A scalar read
// before it is assigned, or read outside the loop, keeps the loop on the
// CPU.

// CU: __global__ void sums_L[[#@LINE+10]](
// CU-NEXT: for (long long l2c_k
// CU-NEXT: int i =
// CU-NEXT: double tmp;
// CU-NEXT: int j;
// CU: for (j = 0; j < m; j++)
void sums(int n, int m, const double *__restrict__ a, double *__restrict__ s) {
  int i, j;
  double tmp;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    tmp = 0;
    for (j = 0; j < m; j++)
      tmp += a[i] * j;
    s[i] = tmp;
  }
// CHECK-DAG: private-scalars.cpp:[[@LINE-5]]:5: remark: 'tmp' is assigned before it is read in every iteration: each iteration gets its own copy (OpenMP would share it between threads: list it in private(...)) [dependence]
// CHECK-DAG: private-scalars.cpp:[[@LINE-5]]:10: remark: 'j' is assigned before it is read in every iteration: each iteration gets its own copy (OpenMP would share it between threads: list it in private(...)) [dependence]
  for (j = 0; j < m; j++)
    s[j] += 1;
}

double rejected(int n, const double *__restrict__ a, double *__restrict__ b) {
  double t = 0, u;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    b[i] = t;
    t = a[i];
  }
// CHECK: private-scalars.cpp:[[@LINE-4]]:3: warning: loop not parallelized: scalar 't' is written in the loop, and an iteration may read the value of an earlier one: iterations are not independent [dependence]
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    u = a[i];
    b[i] = u;
  }
// CHECK: private-scalars.cpp:[[@LINE-4]]:3: warning: loop not parallelized: scalar 'u' is assigned in every iteration and read outside the loop, where the kernel leaves it unset (declare it in the loop) [dependence]
  return t + u;
}

// Declared inside the parallel region, the scalar is private to each thread
// in OpenMP already: the remark does not ask for private(...).
void inRegion(int n, const double *__restrict__ a, double *__restrict__ b) {
#pragma omp parallel
  {
    double t;
#pragma omp for
    for (int i = 0; i < n; i++) {
      t = a[i] * 2;
      b[i] = t;
    }
  }
// CHECK: private-scalars.cpp:[[@LINE-4]]:7: remark: 't' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
}

// A scalar written in some iterations only and read in all: the value of
// an earlier iteration (the warning said "written in every iteration").
double conditional(int n, const double *__restrict__ a, double *__restrict__ b) {
  double t = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (a[i] > 2)
      t = a[i];
    b[i] = t;
  }
// CHECK: private-scalars.cpp:[[@LINE-5]]:3: warning: loop not parallelized: scalar 't' is written in the loop, and an iteration may read the value of an earlier one: iterations are not independent [dependence]
  return 0;
}
// The remark on each parallel region is checked in mark-loop-regions.c.
