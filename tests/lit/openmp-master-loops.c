// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c99 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %nochecks %t/openmp-master-loops.cu | FileCheck %s --check-prefix=CU
// RUN: not %loop2cuda --disable-rule host-fallback %S/Inputs/openmp-master-shared.c -o %t/shared -- -std=c99 2>&1 | FileCheck %s --check-prefix=SHARED

// PolyBench-ACC's OpenMP stencils run their time loop in a 'master' block
// of a parallel region, with 'omp for' loops and barriers inside: not valid
// OpenMP (Clang and GCC reject it). What is meant is code that one thread
// runs once: loop2cuda comments out the 'parallel', 'master' and 'barrier'
// lines, says so, and translates the loops as worksharing loops of their
// own (OpenMPRepair.h).

void smooth(int steps, int n, double *a, double *b) {
  int t, i;
#pragma omp parallel private(t, i)
  {
#pragma omp master
    {
      for (t = 0; t < steps; t++) {
#pragma omp for
        for (i = 1; i < n - 1; i++)
          b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
#pragma omp barrier
#pragma omp for
        for (i = 1; i < n - 1; i++)
          a[i] = b[i];
#pragma omp barrier
      }
    }
  }
}
// CHECK: openmp-master-loops.c:14:1: warning: worksharing directives inside this region's 'master' block are not valid OpenMP (compilers reject them); loop2cuda reads the block as code that runs once, as one thread would run it, and its 'for' loops as worksharing loops of their own [mark-loop]

// The three directives are comments; both loops are kernels, and the
// arrays stay on the device for the whole time loop.
// CU: //      omp parallel private(t, i)
// CU: //      omp master
// CU: l2c::toDevice(
// CU: for (t = 0; t < steps; t++) {
// CU-NEXT: // loop2cuda: the loop at openmp-master-loops.c:20 runs on the GPU
// CU: //      omp barrier
// CU: // loop2cuda: the loop at openmp-master-loops.c:24 runs on the GPU
// CU: //      omp barrier
// CU-NEXT: }
// CU-NEXT: l2c::toHost(

// A region with more than the 'master' block (code every thread runs) is
// left to the compiler, which reports the error.
// SHARED: openmp-master-shared.c:{{[0-9]+}}:{{[0-9]+}}: error: region cannot be closely nested inside 'master' region
