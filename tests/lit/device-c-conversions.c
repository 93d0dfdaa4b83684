// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=gnu99 -w 2>&1 | FileCheck %s --allow-empty --check-prefix=DIAG
// RUN: %nochecks %t/device-c-conversions.cu | FileCheck %s

// Conversions that C makes implicitly and C++ does not become casts in
// kernels, which are C++: an int to an enum, a pointer that loses its
// const (C warns) (found by a helper's hunt with the emulated device: g++
// and nvcc rejected the kernels).
// DIAG-NOT: warning: loop
#include <stdlib.h>

enum color { RED, GREEN, BLUE };

static float sq(float *a, int k) { return a[k] * a[k]; }

void conversions(enum color *col, const float *in, float *out,
                 int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    enum color c = i % 3;
    col[i] = c;
    out[i] = sq(in, i);
  }
}
// CHECK: color c = (color)(i % 3);
// CHECK: out[i] = sq((float *)in, i);
