// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/device-global-arrays.cu | FileCheck %s

// A function the kernel calls that reads an array of the file (NPB's
// exact_solution reads ce[5][13], set at run time): its device copy takes
// the array as a parameter after its own, every call passes it on, and the
// kernel takes it as it takes the loop's own arrays.
double ce[5][13];
double scale[8];
double out[64][5], acc[64];

static double coef(int m) { return scale[m % 8]; }

// CHECK-LABEL: __device__ double coef(int m, const double *scale) {
// CHECK:         return scale[m % 8];
// CHECK-LABEL: __device__ void exactSolution(double xi, double *dtemp, const double (*ce)[13], const double *scale) {
// CHECK:         dtemp[m] = ce[m][0] + xi * (ce[m][1] + xi * ce[m][4]) * coef(m, scale);
static void exactSolution(double xi, double dtemp[5]) {
  for (int m = 0; m < 5; m++)
    dtemp[m] = ce[m][0] + xi * (ce[m][1] + xi * ce[m][4]) * coef(m);
}

// CHECK-LABEL: __global__ void rhs_L{{[0-9]+}}(
// CHECK-SAME:    const double (*ce)[13]
// CHECK-SAME:    const double *scale
// CHECK:         exactSolution(i * 0.125, dtemp, ce, scale);
// CHECK-LABEL: void rhs(
// CHECK:         l2c::toDevice(ce, 5,
// CHECK:         l2c::toDevice(scale, 8,
void rhs(int n) {
  double dtemp[5];
#pragma omp parallel for private(dtemp)
  for (int i = 0; i < n; i++) {
    exactSolution(i * 0.125, dtemp);
    for (int m = 0; m < 5; m++)
      out[i][m] = dtemp[m];
  }
}

// The loop writes an array the function reads: the test reads the
// function's subscript with the call's argument (scale[i % 8],
// CalleeAccesses.cpp), the element each iteration writes itself.
// DIAG-NOT: 'scale' is used other than through a subscript
void rescale(int n) {
  for (int m = 0; m < 8; m++)
    scale[m] = m;
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    scale[i] = scale[i] * 2.0 + coef(i);
}

// One that reads the next element: iteration i + 1 writes it.
static double ahead(int m) { return scale[m + 1]; }
// DIAG: device-global-arrays.c:[[#@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: scale[i] written at i=1 is read by ahead(i) at i=0 [dependence]
void shift(void) {
#pragma omp parallel for
  for (int i = 0; i < 7; i++)
    scale[i] = ahead(i);
}

// A function that writes the array stays on the host.
static void bump(int i) { acc[i % 64] += 1.0; }
// DIAG: device-global-arrays.c:[[#@LINE+3]]:3: warning: loop not parallelized: call to 'bump' cannot run on the device: it uses the global variable 'acc', which is not on the device [device-call]
void bumps(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bump(i);
}
