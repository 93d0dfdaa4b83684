// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | grep -v 'the parallel region runs once' \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/private-temp-region.cu | FileCheck %s --check-prefix=CU

// A scalar assigned before it is read in every iteration is private to each
// iteration unless the function reads it after the loop. The captures of an
// enclosing `omp parallel` region name every variable its body uses; they
// are not reads after the loop (cholesky's x was rejected for them).

// CHECK: private-temp-region.c:[[#@LINE+12]]:7: remark: 'x' is assigned before it is read in every iteration: each iteration gets its own copy (OpenMP would share it between threads: list it in private(...)) [dependence]
// CHECK: private-temp-region.c:[[#@LINE+10]]:5: remark: assuming iterations are independent: 'b' and 'a' may point into the same memory [dependence]
// CU: __global__ void tmpInRegion_L[[#@LINE+9]](
// CU: double x;
// CU: x = a[i] * 2;
void tmpInRegion(int n, double *a, double *b) {
  int i;
  double x;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < n; i++) {
      x = a[i] * 2;
      b[i] = x + 1;
    }
  }
}

// Read after the region: the loop stays on the CPU.
// CHECK: private-temp-region.c:[[#@LINE+8]]:5: warning: loop not parallelized: scalar 'x' is assigned in every iteration and read outside the loop, where the kernel leaves it unset (declare it in the loop) [dependence]
// CHECK: private-temp-region.c:[[#@LINE+8]]:7: note: found here
void tmpReadAfter(int n, double *a, double *b) {
  int i;
  double x = 0;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < n; i++) {
      x = a[i] * 2;
      b[i] = x + 1;
    }
  }
  a[0] = x;
}
// CHECK: 1 warning generated.
// The remark on each parallel region is checked in mark-loop-regions.c.
