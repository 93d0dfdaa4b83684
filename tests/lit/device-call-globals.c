// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-call-globals.cu | FileCheck %s --check-prefix=CU

// A helper that reads a constant table of the file (at most 64 values,
// given by a list) declares it first in its device copy; one that writes a
// global, or reads a table that is not constant or too long, only names
// it. A loop body's own initialised array is declared as written.
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
// CHECK: device-call-globals.c:[[@LINE+12]]:3: warning: loop not parallelized: call to 'entry' cannot run on the device: it uses the global variable 'table', which is not on the device [device-call]
// CHECK: device-call-globals.c:[[@LINE+14]]:3: warning: loop not parallelized: call to 'large' cannot run on the device: it uses the global variable 'big', which is not on the device; pass it to the function as a parameter [device-call]
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
