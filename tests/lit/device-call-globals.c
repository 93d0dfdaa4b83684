// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-call-globals.cu | FileCheck %s --check-prefix=CU

// A helper that reads a constant table of the file (at most 64 values,
// given by a list) declares it first in its device copy; one that reads
// another array of the file (not constant, or too long) takes it as a
// parameter that the kernel passes (device-global-arrays.c); one that
// writes a global only names it. A loop body's own initialised array is
// declared as written.
static const int lut[8] = {1, 3, 5, 7, 11, 13, 17, 19};
static int counter;
static int table[8];
static const int big[100] = {1};

// CU-LABEL: __device__ int weight(int i) {
// CU-NEXT: const int lut[8] = {1, 3, 5, 7, 11, 13, 17, 19};
// CU-NEXT: return lut[i & 7];
static int weight(int i) { return lut[i & 7]; }
static void bump(void) { counter++; }
static int entry(int i) { return table[i & 7]; }
static int large(int i) { return big[i % 100]; }

// CHECK: device-call-globals.c:[[@LINE+10]]:3: warning: loop not parallelized: call to 'bump' cannot run on the device: it uses the global variable 'counter', which is not on the device [device-call]
// CU-LABEL: __device__ int entry(int i, const int *table) {
// CU-LABEL: __device__ int large(int i, const int *big) {
// CU-LABEL: __global__ void f_L
// CU: const double k3[3] = {0.25, 0.5, 0.25};
void f(int n, int *w, const double *a, double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = weight(i);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bump();
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = entry(i);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = large(i);
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++) {
    const double k3[3] = {0.25, 0.5, 0.25};
    b[i] = k3[0] * a[i - 1] + k3[1] * a[i] + k3[2] * a[i + 1];
  }
}
