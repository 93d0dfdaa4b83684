// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/launch-work.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not="kept on the CPU"
// RUN: %nochecks %t/launch-work.cu | FileCheck %s --check-prefix=CU-OFF
// RUN: rm -rf %t && %loop2cuda --disable-rule launch-work %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF --implicit-check-not="kept on the CPU"

// rewriter/frontend/host/LaunchWork.cpp: a function whose marked loops all sit in
// a host loop and have few iterations, by a bound known at compile time
// (here through the parameters that main passes), keeps them on the CPU.

#define STEPS 1000

// CU-LABEL: void smallSteps(
// CU-NOT:   L2C_LAUNCH
// CU:       for (i = 0; i < n; i++)
// CU-OFF-LABEL: void smallSteps(
// CU-OFF:   L2C_LAUNCH
void smallSteps(int steps, int n, double a[64][64], double b[64][64]) {
  int t, i, j;
  for (t = 0; t < steps; t++) {
#pragma omp parallel for private(j)
    for (i = 0; i < n; i++)
      // CHECK-DAG: launch-work.c:[[#@LINE-1]]:5: warning: loop kept on the CPU: at most 1024 iterations ({{.*}}n = 32 from the call at line {{[0-9]+}}), launched again in every iteration of the loop at line [[#@LINE-3]], and every marked loop of the function is as small: kernel launches and copies would cost more than the loops (--min-launch-work=131072, divided by 8 where the host loop leaves memory alone; --min-launch-work=0 sends them to the GPU) [mark-loop]
      // CHECK-DAG: launch-work.c:[[#@LINE-2]]:5: remark: assuming iterations are independent: 'b' and 'a' may point into the same memory [dependence]
      for (j = 0; j < n; j++)
        b[i][j] = 0.5 * a[i][j];
#pragma omp parallel for private(j)
    for (i = 1; i < n - 1; i++)
      // CHECK-DAG: launch-work.c:[[#@LINE-1]]:5: warning: loop kept on the CPU: at most 930 iterations
      // CHECK-DAG: launch-work.c:[[#@LINE-2]]:5: remark: assuming iterations are independent: 'a' and 'b' may point into the same memory [dependence]
      for (j = i; j < n; j++)
        a[i][j] = b[i - 1][j] + b[i + 1][j];
  }
}

// The same loops, run once: one launch each, left on the GPU.
// CU-LABEL: void once(
// CU:       L2C_LAUNCH
void once(int n, double a[64][64], double b[64][64]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++)
    // CHECK-DAG: launch-work.c:[[#@LINE-1]]:3: remark: assuming iterations are independent: 'b' and 'a' may point into the same memory [dependence]
    for (j = 0; j < n; j++)
      b[i][j] = 0.5 * a[i][j];
}

// The two calls pass different sizes: the bound is unknown, the loop goes
// to the GPU.
// CU-LABEL: void twoSizes(
// CU:       L2C_LAUNCH
void twoSizes(int steps, int n, double *x) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 0.5 + 1.0;
  }
}

// The bound of the marked loop names the host loop's variable (PolyBench
// 4.2's trisolv: j < i inside the host's i < n): i ranges over the host
// loop's values, so the bound is n - 1.
// CU-LABEL: void triangle(
// CU-NOT:   L2C_LAUNCH
// CU:       for (j = 0; j < i; j++)
void triangle(int n, double *l, double *x, double *tmp) {
  int i, j;
  for (i = 0; i < n; i++) {
#pragma omp parallel for
    for (j = 0; j < i; j++)
      // CHECK-DAG: launch-work.c:[[#@LINE-1]]:5: warning: loop kept on the CPU: at most 31 iterations (n = 32 from the call at line {{[0-9]+}}), launched again in every iteration of the loop at line [[#@LINE-3]]
      // CHECK-DAG: launch-work.c:[[#@LINE-2]]:5: remark: assuming iterations are independent
      tmp[j] = l[i * 64 + j] * x[j];
    x[i] = tmp[0];
  }
}

// A wavefront whose bounds the block sets before the loop (PolyBench 4.2
// seidel-2d's OpenMP form): an assignment gives a local its range, and
// `if (v > c) v = c;` clamps it; the division of a range that reaches
// below 0 by a constant stays monotone. ilo in [1, n - 2], ihi in
// [1, n - 2]: at most n - 2 = 30 iterations.
// CU-LABEL: void wave(
// CU-NOT:   L2C_LAUNCH
// CU:       for (i = ilo; i <= ihi; i++)
void wave(int n, double *a) {
  int w, i, ilo, ihi;
  for (w = 3; w <= 3 * (n - 2); w++) {
    ihi = (w - 1) / 2;
    if (ihi > n - 2)
      ihi = n - 2;
    ilo = (w - (n - 2) + 1) / 2;
    if (ilo < 1)
      ilo = 1;
#pragma omp parallel for
    for (i = ilo; i <= ihi; i++)
      // CHECK-DAG: launch-work.c:[[#@LINE-1]]:5: warning: loop kept on the CPU: at most 30 iterations (n = 32 from the call at line {{[0-9]+}}), launched again in every iteration of the loop at line [[#@LINE-9]]
      a[i * 64 + (w - 2 * i)] += 1;
  }
}

// The same bounds, but a call may change ilo between: no bound, and the
// loop goes to the GPU.
// CU-LABEL: void waveCall(
// CU:       L2C_LAUNCH
int pick(int *v);
void waveCall(int n, double *a) {
  int w, i, ilo, ihi;
  for (w = 3; w <= 3 * (n - 2); w++) {
    ihi = (w - 1) / 2;
    if (ihi > n - 2)
      ihi = n - 2;
    ilo = 1;
    pick(&ilo);
#pragma omp parallel for
    for (i = ilo; i <= ihi; i++)
      a[i * 64 + (w - 2 * i)] += 1;
  }
}

// 32768 iterations a sweep: more than an eighth of the limit. The host
// loop leaves memory alone, so the array stays on the device and the
// sweeps go to the GPU...
// CU-LABEL: void resident(
// CU:       L2C_LAUNCH
void resident(int steps, int n, double *x) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      x[i] = x[i] * 0.5 + t;
  }
}

// ... but where the host reads an element at every step, copies come with
// the launches, and the whole limit holds.
// CU-LABEL: double touched(
// CU-NOT:   L2C_LAUNCH
// CU:       s += x[0];
double touched(int steps, int n, double *x) {
  double s = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      // CHECK-DAG: launch-work.c:[[#@LINE-1]]:5: warning: loop kept on the CPU: at most 32768 iterations (steps = 1000 from its 2 calls, n = 32768 from its 2 calls), launched again in every iteration of the loop at line [[#@LINE-3]], and every marked loop of the function is as small: kernel launches and copies would cost more than the loops (--min-launch-work=131072; --min-launch-work=0 sends them to the GPU) [mark-loop]
      x[i] = x[i] * 0.5 + t;
    s += x[0];
  }
  return s;
}

static double A[64][64], B[64][64], X[4096], T[64];

int main(void) {
  int n = 32;
  smallSteps(STEPS, n, A, B);
  once(n, A, B);
  twoSizes(STEPS, 16, X);
  twoSizes(STEPS, 4096 * 64, X);
  triangle(n, &A[0][0], X, T);
  wave(n, X);
  static double Y[32768];
  resident(STEPS, 32768, Y);
  touched(STEPS, 32768, Y);
  touched(STEPS, 32768, Y);
  waveCall(n, X);
  return 0;
}
// OFF-NOT: warning

