// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/device-calls-qualified.cu | FileCheck %s --check-prefix=CU

// A helper taking a struct: argument-dependent lookup adds the host
// function of the same name to the call in the kernel, which nvcc found
// ambiguous with the device copy; the call names the copy as
// l2c_device::clampd. A helper of numbers only keeps its plain name.
typedef struct {
  double lo, hi;
} range_t;

static double clampd(double v, range_t r) {
  return v < r.lo ? r.lo : (v > r.hi ? r.hi : v);
}
static double sq(double x) { return x * x; }

// CU: __device__ double sq(double x) {
// CU: __device__ double clampd(double v, range_t r) {
// CU-LABEL: __global__ void f_L{{[0-9]+}}(
// CU: b[i] = l2c_device::clampd(sq(a[i]), r);
void f(int n, double *restrict b, const double *restrict a, range_t r) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = clampd(sq(a[i]), r);
}
