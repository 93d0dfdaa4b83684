// Rule hold-region (rule set hold-loops): an OpenMP parallel region that
// runs once, its loops on the GPU, holds the arrays it copies over its
// body, so that pointers that may share memory are not copied back and in
// again between its kernels (the runtime breaks the holds of mirrors that
// turn out to overlap).
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t/on -- -fopenmp 2>/dev/null
// RUN: %nochecks %t/on/hold-region.cu | FileCheck %s
// RUN: %loop2cuda --min-launch-work=0 --disable-rule hold-region %s -o %t/off -- -fopenmp 2>/dev/null
// RUN: %nochecks %t/off/hold-region.cu | FileCheck %s --check-prefix=OFF
#define W 64
#define H 48

// CHECK-LABEL: void passes(
// CHECK:       // loop2cuda: the region runs once, its loops on the GPU
// CHECK-NEXT:  {
// CHECK-NEXT:    l2c::hold(y2,
// CHECK-NEXT:    l2c::hold(y1,
// CHECK-NEXT:    l2c::toDevice(y1,
// CHECK:         l2c::toHost(y1,
// CHECK:         l2c::toDevice(y1,
// CHECK:         l2c::release(y2,
// CHECK-NEXT:    l2c::unhold(y1,
// CHECK-NEXT:    l2c::unhold(y2,
// CHECK-NEXT:  }
// OFF-LABEL: void passes(
// OFF-NOT:   l2c::hold
// OFF:       l2c::toHost(y1,
// OFF:       l2c::toDevice(y1,
// OFF-NOT:   l2c::hold
void passes(int w, int h, float a[W][H], float y1[W][H], float y2[W][H],
            float o[W][H]) {
  int i, j;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < w; i++) {
      float ym1 = 0;
      for (j = 0; j < h; j++) {
        y1[i][j] = a[i][j] + ym1;
        ym1 = y1[i][j];
      }
    }
#pragma omp for
    for (i = 0; i < w; i++) {
      float yp1 = 0;
      for (j = h - 1; j >= 0; j--) {
        y2[i][j] = a[i][j] + yp1;
        yp1 = y2[i][j];
      }
    }
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        o[i][j] = y1[i][j] + y2[i][j];
  }
}

// A statement of the region reads y1 on the host between its two copies
// back: y1 is not held.
// CHECK-LABEL: float reads(
// CHECK-NOT:   l2c::hold
// CHECK:       return s;
float reads(int w, int h, float a[W][H], float y1[W][H]) {
  int i, j;
  float s = 0;
#pragma omp parallel private(i, j)
  {
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        y1[i][j] = a[i][j] * 2;
#pragma omp single
    s = y1[0][0];
#pragma omp for
    for (i = 0; i < w; i++)
      for (j = 0; j < h; j++)
        y1[i][j] += a[i][j];
  }
  return s;
}

// A region inside a time loop (PolyBench 4.2's fdtd-2d, gramschmidt): the
// loop's hold stays, and the region's brackets nest inside it (the runtime
// counts holds), so the arrays do not come back at every step.
// CHECK-LABEL: void steps(
// CHECK:       l2c::hold(y1,
// CHECK:       for (t = 0; t < n; t++)
// CHECK:         l2c::hold(y1,
// CHECK:         l2c::unhold(y1,
// CHECK:       l2c::unhold(y1,
// OFF-LABEL: void steps(
// OFF:       l2c::hold(y1,
// OFF:       for (t = 0; t < n; t++)
// OFF-NOT:   l2c::hold(y1,
// OFF:       l2c::unhold(y1,
void steps(int n, int w, int h, float a[W][H], float y1[W][H],
           float y2[W][H], float o[W][H]) {
  int t, i, j;
  for (t = 0; t < n; t++) {
#pragma omp parallel private(i, j)
    {
#pragma omp for
      for (i = 0; i < w; i++) {
        float ym1 = 0;
        for (j = 0; j < h; j++) {
          y1[i][j] = a[i][j] + ym1;
          ym1 = y1[i][j];
        }
      }
#pragma omp for
      for (i = 0; i < w; i++) {
        float yp1 = 0;
        for (j = h - 1; j >= 0; j--) {
          y2[i][j] = a[i][j] + yp1;
          yp1 = y2[i][j];
        }
      }
#pragma omp for
      for (i = 0; i < w; i++)
        for (j = 0; j < h; j++)
          o[i][j] = y1[i][j] + y2[i][j];
    }
  }
}
