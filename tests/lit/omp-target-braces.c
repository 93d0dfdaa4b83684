// RUN: rm -rf %t && %loop2cuda %s -o %t -- -fopenmp -std=c99 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/omp-target-braces.cu | FileCheck %s --check-prefix=CU

// `#pragma omp target map(...)` whose body is braces around one loop
// directive (issue 34): the launch replaces the whole construct, braces
// included; before, the opening brace went and the closing one stayed, and
// nvcc rejected the file. The map's length is a macro.
#define C 1000
void scale(double *c) {
#pragma omp target map(tofrom: c[0:C])
  {
#pragma omp parallel for
    for (int i = 0; i < C; i++)
      c[i] = c[i] * 2.0;
  }
}
// CU-LABEL: void scale(double *c) {
// CU-NEXT:   l2c::initDevice();
// CU-NEXT:   l2c::toDevice(c, C,
// CU-NEXT:   // loop2cuda: the loop at omp-target-braces.c:13 runs on the GPU
// CU-NEXT:   L2C_LAUNCH(
// CU-NEXT:   l2c::toHost(c, C,
// CU-NEXT:   l2c::release(c,
// CU-NEXT: }
