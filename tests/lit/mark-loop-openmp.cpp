// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | grep -v 'the parallel region runs once' \
// RUN:   | FileCheck %s --implicit-check-not=warning: \
// RUN:                  --implicit-check-not=remark:
// RUN: %nochecks %t/mark-loop-openmp.cu | FileCheck %s --check-prefix=CU

// OpenMP as people write it: a `parallel` region around `for` loops, loop
// counters declared at the top of the function, inner counters listed in
// private(...). The region's body runs once on the host and each `omp for`
// loop is a kernel; the `parallel` line goes. Every other directive gets a
// warning that says why it stays on the CPU.

// CU: __global__ void region_L[[#@LINE+16]](
// CU: __global__ void region_L[[#@LINE+19]](
// CU: int j
// CU: for (j = 0; j < 4; j++)
// CU-LABEL: void region(
// CU: int i, j;
// CU-NOT: #pragma omp parallel
// CU: // loop2cuda: the region runs once, its loops on the GPU: #pragma omp parallel
// CU-NEXT: {
// CU: L2C_LAUNCH(l2c_device::region_L[[#@LINE+7]],
// CU: L2C_LAUNCH_DISTINCT(l2c_device::region_L[[#@LINE+10]], l2c_device::region_L[[#@LINE+10]]_restrict,
void region(int n, double *__restrict__ a, double *__restrict__ b) {
  int i, j;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < n; i++)
      a[i] = 2 * a[i];
#pragma omp barrier
#pragma omp for nowait private(j)
    for (i = 0; i < n; i++) {
      for (j = 0; j < 4; j++)
        b[i] += a[i];
    }
  }
}

// A region whose body does more than share loops runs on the CPU, and so
// do its loops: every thread would run the other statements.
void counted(int n, double *__restrict__ a, int &calls) {
#pragma omp parallel
  {
    calls++;
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = 0;
  }
}
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-8]]:1: warning: parallel region not translated: every thread of the region runs 'calls++' at line [[#@LINE-6]]; only worksharing loops, declarations, barriers, 'single'/'master' blocks and assignments of one value to a shared variable can run once instead [mark-loop]
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-7]]:5: note: found here
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-6]]:5: warning: loop not parallelized: it is in the parallel region at line [[#@LINE-10]], which stays on the CPU [mark-loop]

// Directives the tool does not translate say so.
void others(int n, double *__restrict__ a) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    a[i] += 1;
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-3]]:1: warning: '#pragma omp simd' is not translated: it asks for vector instructions, not for independent iterations; it runs on the CPU [mark-loop]
#pragma omp task
  a[0] = 1;
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-2]]:1: warning: '#pragma omp task' is not translated: loop2cuda translates 'parallel for', and 'for' loops in 'parallel' regions; it runs on the CPU [mark-loop]
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    a[0] += a[i];
  }
// CHECK-DAG: mark-loop-openmp.cpp:[[@LINE-4]]:3: warning: loop not parallelized: the OpenMP critical directive inside the loop holds no update that the GPU can run as a reduction ('x op= e' or 'h[k] op= e' with + * & | ^, e not reading x or h) [extract-kernel]
}

// CHECK-DAG: mark-loop-openmp.cpp:31:17: remark: OpenMP clause 'nowait' is ignored: the code after the loop runs once the kernel is done, as if the loop ended in a barrier [mark-loop]

// The diagnostics above are CHECK-DAG lines, which implicit-check-not does
// not fence in: count them too (and the region remark).
// RUN: rm -rf %t.n && %loop2cuda %s -o %t.n -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | grep -c -E "(warning|remark):" | FileCheck %s --check-prefix=COUNT
// COUNT: 7
// The remark on each parallel region is checked in mark-loop-regions.c.
