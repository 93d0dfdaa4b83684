// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 | grep -v 'the parallel region runs once' \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/global-temporary.cu | FileCheck %s --check-prefix=CU

// A scalar that every iteration assigns before it reads it becomes private
// to the iteration, and the kernel never writes it back. That is sound when
// nothing reads it after the loop; the function's body is checked for such
// reads. A variable of the file outlives the function, and any other
// function may read what the loop left in it (here report() does), so such
// a loop stays on the CPU.
int scratch;
int squares[64];

void square_all(int n) {
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    scratch = k * k;
    // CHECK: global-temporary.c:[[@LINE-2]]:3: warning: loop not parallelized: scalar 'scratch' is assigned in every iteration and lives outside the function, where code may read the value the loop leaves in it; the kernel leaves it unset (use a variable declared in the loop) [dependence]
    squares[k] = scratch;
  }
}

int report(void) { return scratch; }

// A temporary of the function itself: private, with the usual remark.
void cube_all(int n, int *restrict cubes) {
  int t;
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    t = k * k * k;
    // CHECK: global-temporary.c:[[@LINE-1]]:5: remark: 't' is assigned before it is read in every iteration: each iteration gets its own copy (OpenMP would share it between threads: list it in private(...)) [dependence]
    cubes[k] = t;
  }
}

// A function's own static, declared in the parallel region: OpenMP shares
// it (it is not an automatic variable of the region), so the remark says
// so; nothing outside the function can read it, so the loop is translated.
void halve_all(int n, int *restrict halves) {
#pragma omp parallel
  {
    static int h;
#pragma omp for
    for (int k = 0; k < n; k++) {
      h = k / 2;
      // CHECK: global-temporary.c:[[@LINE-1]]:7: remark: 'h' is assigned before it is read in every iteration: each iteration gets its own copy (OpenMP would share it between threads: list it in private(...)) [dependence]
      halves[k] = h;
    }
  }
}

// CU-NOT: __global__ void square_all
// CU: __global__ void cube_all
// CU: __global__ void halve_all
// CU-NOT: __global__ void square_all
// The remark on each parallel region is checked in mark-loop-regions.c.
