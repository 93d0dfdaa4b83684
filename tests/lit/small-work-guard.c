// RUN: rm -rf %t && %loop2cuda --runtime-work-guard %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/small-work-guard.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda --runtime-work-guard --disable-rule guard-small-work %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %nochecks %t/small-work-guard.cu | FileCheck %s --check-prefix=OFFCU
// RUN: rm -rf %t && %loop2cuda --runtime-work-guard --min-launch-work=0 %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty
// Off when asked:
// RUN: rm -rf %t && %loop2cuda --runtime-work-guard=false %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: %nochecks %t/small-work-guard.cu | FileCheck %s --check-prefix=OFFCU

// Loops that a host loop launches again and again, with counts known only
// at run time, go under a guard on their work (rule guard-small-work of
// rule set host-fallback, front end host/RuntimeWork.cpp): at most
// --min-launch-work iterations (an eighth where the host loop leaves memory
// alone) run on the host, the OpenMP pragma kept.
// OFF-NOT: remark: launched again
// OFFCU-NOT: enoughWorkOrHost

// A 2-D sweep: the work is the product of both loops' counts.
// CHECK: small-work-guard.c:[[#@LINE+8]]:5: remark: launched again in every iteration of the loop at line [[#@LINE+6]], with iterations known only at run time: the loop runs on the host, as marked, when they are at most 16384 (--min-launch-work, divided by 8 where the host loop leaves memory alone), too few to pay for the launches [host-fallback]
// CU-LABEL: void sweep(
// CU: if (l2c::enoughWorkOrHost("small-work-guard.c:[[#@LINE+6]]", {(n - 1) - 1, (m - 1) - 1}, 16384, {
// CU: } else {
// CU-NEXT: #pragma omp parallel for
void sweep(int n, int m, float (*restrict a)[m], float (*restrict b)[m], int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        b[i][j] = 0.25f * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
#pragma omp parallel for
    for (int i = 1; i < n - 1; i++)
      for (int j = 1; j < m - 1; j++)
        a[i][j] = b[i][j];
  }
}

// A host loop that touches memory: the whole limit, a step of 2.
// CHECK: small-work-guard.c:[[#@LINE+6]]:5: remark: launched again in every iteration of the loop at line [[#@LINE+3]], with iterations known only at run time: the loop runs on the host, as marked, when they are at most 131072 (--min-launch-work), too few to pay for the launches [host-fallback]
// CU: l2c::enoughWorkOrHost("small-work-guard.c:[[#@LINE+5]]", {(n + 1) / 2}, 131072,
void evens(int n, float *restrict x, float *restrict s, int rounds) {
  for (int r = 0; r < rounds; r++) {
    s[r] = x[0];
#pragma omp parallel for
    for (int i = 0; i < n; i += 2)
      x[i] = x[i] * 0.5f + 1.0f;
  }
}

// An inner loop whose count depends on the index: its work is no product
// of counts, and the function keeps its launches as they are.
// CU-LABEL: void triangle(
// CU-NOT: enoughWorkOrHost
// CU: L2C_LAUNCH
void triangle(int n, float *restrict x, int rounds) {
  for (int r = 0; r < rounds; r++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      for (int j = 0; j < i; j++)
        x[i] += 1.0f;
  }
}

// One loop of the function is known to be big: no guard on either (the
// loops of one run take the same side).
// CU-LABEL: void mixed(
// CU-NOT: enoughWorkOrHost
// CU: L2C_LAUNCH
void mixed(int n, float *restrict x, float *restrict y, int rounds) {
  for (int r = 0; r < rounds; r++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      x[i] = x[i] + 1.0f;
#pragma omp parallel for
    for (int i = 0; i < 1000000; i++)
      y[i] = y[i] * 2.0f;
  }
}
