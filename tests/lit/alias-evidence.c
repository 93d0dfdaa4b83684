// (Without the run-time guard on small work, whose remark is not this
// test's.)
// RUN: rm -rf %t && %loop2cuda --runtime-work-guard=false %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/alias-evidence.cu | FileCheck %s --check-prefix=CU

// Two plain pointers may point into the same memory; the dependence test
// cannot tell, and trusts the marking with a remark. When the function
// itself gives one pointer a value derived from the other, that is no longer
// an unknown but the likely case: the loop stays on the CPU with a warning
// that names the assignment.
#include <stdlib.h>

float *cur, *nxt;

// A time loop that meant to swap its two buffers but only copied one
// pointer: from the second step on, `nxt` and `cur` are the same array and
// the smoothing reads neighbours that other iterations overwrite.
void smooth(int n, int steps) {
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      nxt[i] = 0.5f * cur[i] + 0.25f * (cur[i - 1] + cur[i + 1]);
    // CHECK: alias-evidence.c:[[@LINE-2]]:5: warning: loop not parallelized: 'nxt' and 'cur' may point into the same memory: line [[#@LINE+2]] makes them point into 'nxt' [dependence]
    float *old = cur;
    cur = nxt;
    (void)old;
  }
}

// A pointer one element into another buffer: a shifted alias.
void shifted(float *a, int n) {
  float *b = a + 1;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    b[i] = a[i] * 2.0f;
  // CHECK: alias-evidence.c:[[@LINE-2]]:3: warning: loop not parallelized: 'b' (a + 1) and 'a' are one array: iterations are not independent: b[i] written at i=0 is read by a[i] at i=1 (n=3) [dependence]
}

// The whole exchange keeps the buffers apart: still only the usual remark
// for two global pointers, and a kernel.
float *p, *q;
void exchange(int n, int steps) {
  for (int s = 0; s < steps; s++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      q[i] = 0.5f * (p[i - 1] + p[i + 1]);
    // CHECK: alias-evidence.c:[[@LINE-2]]:5: remark: assuming iterations are independent: 'q' and 'p' may point into the same memory [dependence]
    float *t = p;
    p = q;
    q = t;
  }
}

// Two pointer parameters that a caller in this file points into one array
// (`f(x + 1, x)`, `f(&buf[1], buf)`): the loop stays on the CPU, and the
// warning names the call. A function whose callers here pass distinct
// arrays keeps the remark and its kernel.
void step(float *dst, const float *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i] + 1.0f;
  // CHECK: alias-evidence.c:[[@LINE-2]]:3: warning: loop not parallelized: 'dst' (buf + 1) and 'src' (buf) are one array, as the call at line [[#@LINE+13]] passes them: iterations are not independent: dst[i] written at i=0 is read by src[i] at i=1 (n=2) [dependence]
}
void copy(float *dst, const float *src, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
  // CHECK: alias-evidence.c:[[@LINE-2]]:3: remark: assuming iterations are independent: 'dst' and 'src' may point into the same memory [dependence]
}
void callers(float *x, float *y, int n) {
  float buf[64];
  copy(x, y, n);
  copy(buf, x, 64);
  step(x, y, n);
  step(&buf[1], buf, 63);
}

// CU-NOT: __global__ void smooth
// CU-NOT: __global__ void shifted
// CU-NOT: __global__ void step
// CU: __global__ void exchange
// CU: __global__ void copy
// CU-NOT: __global__ void smooth
// CU-NOT: __global__ void shifted
// CU-NOT: __global__ void step
