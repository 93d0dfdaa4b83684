// RUN: %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --implicit-check-not=warning:

// Device code computes long double as double (nvcc only warns): a loop
// that computes in long double stays on the CPU, where its results are the
// program's. double and float loops are unaffected.
static long double a[100];
static double b[100];

// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: the loop computes in 'long double', which device code computes as 'double': its results would not be the CPU's [extract-kernel]
void wide(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    a[i] = 1.0L + 1e-18L * i;
}

// A long double product converted to double: still computed in long double.
// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: the loop computes in 'long double'
void literal(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    b[i] = (double)(2.0L * i);
}

void narrow(void) {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    b[i] = 2.0 * i;
}
