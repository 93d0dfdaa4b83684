// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// A helper that reads a constant table of the file: the warning says how
// to bring the table along; one that writes a global only names it.
static const int lut[8] = {1, 3, 5, 7, 11, 13, 17, 19};
static int counter;

static int weight(int i) { return lut[i & 7]; }
static void bump(void) { counter++; }

// CHECK: device-call-globals.c:[[@LINE+4]]:3: warning: loop not parallelized: call to 'weight' cannot run on the device: it uses the global variable 'lut', which is not on the device; pass it to the function as a parameter [device-call]
// CHECK: device-call-globals.c:[[@LINE+6]]:3: warning: loop not parallelized: call to 'bump' cannot run on the device: it uses the global variable 'counter', which is not on the device [device-call]
void f(int n, int *w) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    w[i] = weight(i);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bump();
}
