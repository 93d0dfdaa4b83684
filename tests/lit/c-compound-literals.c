// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/c-compound-literals.cu | FileCheck %s

// C's compound literal of a struct, `(dcomplex){re, im}` (NPB's
// dcmplx_mul macro), is C++'s braced value dcomplex{re, im}; each value is
// cast to its member's type, as C converts it, since C++ braces reject the
// narrowing conversions (int to double).
// DIAG-NOT: warning
typedef struct {
  double real, imag;
} dcomplex;
typedef struct {
  float x;
  int n;
} pair;
#define dcmplx_mul(a, b)                                                       \
  (dcomplex) {                                                                 \
    (a).real * (b).real - (a).imag * (b).imag,                                 \
        (a).real * (b).imag + (a).imag * (b).real                              \
  }

// CHECK-LABEL: __global__ void evolve_L{{[0-9]+}}(
// CHECK:         u[q] = dcomplex{u[q].real * tw[q].real - u[q].imag * tw[q].imag, u[q].real * tw[q].imag + u[q].imag * tw[q].real};
void evolve(int n, dcomplex *restrict u, const dcomplex *restrict tw) {
#pragma loop2cuda parallel copy(u[0:n]) copyin(tw[0:n])
  for (int q = 0; q < n; q++)
    u[q] = dcmplx_mul(u[q], tw[q]);
}

// CHECK-LABEL: __global__ void pairs_L{{[0-9]+}}(
// CHECK:         a[i] = dcomplex{(double)i, a[i].real * 2};
// CHECK:         p[i] = pair{(float)a[i].imag, i};
void pairs(int n, dcomplex *restrict a, pair *restrict p) {
#pragma loop2cuda parallel copy(a[0:n], p[0:n])
  for (int i = 0; i < n; i++) {
    a[i] = (dcomplex){i, a[i].real * 2};
    p[i] = (pair){a[i].imag, i};
  }
}
