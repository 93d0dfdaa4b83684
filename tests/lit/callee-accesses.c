// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/callee-accesses.cu | FileCheck %s --check-prefix=CU

// Elements reached through pointer arithmetic and through helpers of the
// file are accesses the dependence test sees (RowPointers.cpp derefAccess,
// CalleeAccesses.cpp): a provable dependence rejects the loop with its
// witness, independence needs no assumption.
#include <stddef.h>

// *(a + e - f): the element a[e - f].
// CHECK: callee-accesses.c:[[@LINE+3]]:3: warning: loop not parallelized: iterations are not independent: *(a + i) written at i=1 is read by *(a + i - 1) at i=2 (n=3) [dependence]
void deref_chain(int n, double *a) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    *(a + i) = *(a + i - 1) + 1.0;
}

// *(i + a) and *(a + i) are one element: no dependence.
// CU-LABEL: __global__ void deref_backwards_L{{[0-9]+}}(
// CU: *(i + a) = *(a + i) * 2.;
void deref_backwards(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *(i + a) = *(a + i) * 2.;
}

// A helper's subscripts, with the call's arguments for its parameters.
// CHECK: callee-accesses.c:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: step(a, i) written at i=1 is read at i=2 (n=3) [dependence]
static void step(double *a, int i) { a[i] = a[i - 1] + 1.0; }
void helper_carry(int n, double *a) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    step(a, i);
}

// The same through an element's address and an offset parameter.
// CHECK: callee-accesses.c:[[@LINE+4]]:3: warning: loop not parallelized: iterations are not independent: {{.*}}shift(&a[i], 1){{.*}} [dependence]
static void shift(double *p, int k) { *p = p[k] * 0.5; }
void helper_address(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    shift(&a[i], 1);
}

// A stencil through a helper: reads of `in`, writes of `out[i]` only; the
// extents come from the helper's subscripts (i - 1 to i + 1).
// CU-LABEL: void helper_stencil(
// CU: l2c::toDevice(in, n,
static void smooth(const double *in, double *out, int i) {
  out[i] = 0.5 * (in[i - 1] + in[i + 1]);
}
void helper_stencil(int n, const double *restrict in, double *restrict out) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    smooth(in, out, i);
}

// A parameter wider than its argument's type is the argument's value; a
// long argument into an int parameter may wrap: the helper's use stays one
// the analysis cannot read, and the loop stays on the CPU.
// CHECK: callee-accesses.c:[[@LINE+4]]:3: warning: loop not parallelized: 'a' is used other than through a subscript, so the elements each iteration touches are not known, and the loop may write it there [dependence]
static void twice(double *a, int k) { a[k] = 2 * a[k]; }
void helper_narrowing(long n, double *a) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    twice(a, i);
}

// A helper that writes under a condition: the write may not happen, so the
// array is copied in as well as out.
// CU-LABEL: void helper_conditional(
// CU: l2c::toDevice(v, n,
// CU: l2c::toHost(v, n,
static void clamp(double *v, int i, double hi) {
  if (v[i] > hi)
    v[i] = hi;
}
void helper_conditional(int n, double *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    clamp(v, i, 1.0);
}
