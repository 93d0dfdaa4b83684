// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t/host -- 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/host/pragma-conditionals.cu | FileCheck %s --check-prefix=HOST
// RUN: %loop2cuda --disable-rule host-fallback %s -o %t/target -- -DUSE_TARGET 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/target/pragma-conditionals.cu | FileCheck %s --check-prefix=TARGET

// Code written for both OpenMP offload and host threads picks its directive
// with the preprocessor (BabelStream's OMPStream.cpp does so for every
// kernel). The launch replaces the loop only: the conditional around the
// directives stays whole, and their lines become comments, so the output
// still preprocesses (it said "unterminated #else").
// DIAG-NOT: warning

// HOST-LABEL: void twice(float *a, const float *b, int n) {
// HOST-NEXT: #ifdef USE_TARGET
// HOST-NEXT:   #pragma omp target teams distribute parallel for map(to: b[0:n]) map(from: a[0:n])
// HOST-NEXT: #else
// HOST-NEXT:   // loop2cuda: the loop below runs on the GPU: #pragma omp parallel for
// HOST-NEXT: #endif
// HOST-NEXT:   l2c::initDevice();
// HOST: L2C_LAUNCH_DISTINCT(l2c_device::twice_L{{[0-9]+}},
// TARGET-LABEL: void twice(float *a, const float *b, int n) {
// TARGET-NEXT: #ifdef USE_TARGET
// TARGET-NEXT:   // loop2cuda: the loop below runs on the GPU: #pragma omp target teams distribute parallel for map(to: b[0:n]) map(from: a[0:n])
// TARGET-NEXT: #else
// TARGET-NEXT:   // loop2cuda: the loop below runs on the GPU: #pragma omp parallel for
// TARGET-NEXT: #endif
// TARGET-NEXT:   l2c::initDevice();
// TARGET: L2C_LAUNCH_DISTINCT(l2c_device::twice_L{{[0-9]+}},
void twice(float *a, const float *b, int n) {
#ifdef USE_TARGET
  #pragma omp target teams distribute parallel for map(to: b[0:n]) map(from: a[0:n])
#else
  #pragma omp parallel for
#endif
  for (int i = 0; i < n; i++)
    a[i] = 2 * b[i];
}

// Without a conditional the directive's line goes with the loop, as before.
// HOST-LABEL: void plain(float *a, int n) {
// HOST-NEXT:   l2c::initDevice();
void plain(float *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] + 1;
}
