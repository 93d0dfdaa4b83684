// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/exact-powers.cu | FileCheck %s
// RUN: rm -rf %t.off && %loop2cuda --disable-rule exact-powers %s -o %t.off -- -std=c++17 -fopenmp 2>/dev/null
// RUN: %nochecks %t.off/exact-powers.cu | FileCheck %s --check-prefix=OFF
// RUN: %loop2cuda %s -o %t.trace --trace -- -std=c++17 -fopenmp 2>&1 >/dev/null \
// RUN:   | FileCheck %s --check-prefix=TRACE

// exact-powers: pow(x, 2) of an operand that can be read twice becomes a
// product, in the type the call computes in (docs/rules/exact-powers.md).

#include <cmath>

// CHECK: out[i] = (double)a[i] * (double)a[i] + (double)s * (double)s;
// CHECK: g[i] = (float)f[i] * (float)f[i];
// An operand with an effect or a cost stays a call, and so do other powers.
// CHECK: h[i] = pow(a[i] + 1, (double)2) + pow(a[i], (double)3);
// OFF: out[i] = pow(a[i], 2.0) + pow((double)s, (double)2);
// OFF: g[i] = powf(f[i], 2.0f);
// TRACE: trace: exact-powers/pow-two at
// TRACE: trace: exact-powers/pow-cast-two at
// TRACE: trace: exact-powers/powf-two at
void squares(int n, const double *__restrict__ a, double *__restrict__ out,
             const float *__restrict__ f, float *__restrict__ g,
             double *__restrict__ h, float s) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = std::pow(a[i], 2.0) + pow(s, 2);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    g[i] = powf(f[i], 2.0f);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[i] = pow(a[i] + 1, 2) + pow(a[i], 3);
}
// DIAG-NOT: remark
