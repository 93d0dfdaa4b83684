// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/reduce-forms.cu | FileCheck %s

// Every way of writing a reduction update that the front end recognises
// becomes the same combine on the thread's private copy; the user's value
// before the loop is combined in on the host afterwards (OpenMP semantics).
#include <algorithm>
#include <cmath>
// CHECK-LABEL: __global__ void forms(
// CHECK: float s1 = (float)0;
// CHECK: float p = (float)1;
// CHECK: float m1 = l2c::identity(l2c::Max(), (float)0);
// CHECK: float m3 = l2c::identity(l2c::Min(), (float)0);
// CHECK: int bits = l2c::identity(l2c::BitAndOp(), (int)0);
// CHECK: int any = (int)0;
// CHECK:      s1 = s1 + a[i] * 2;
// CHECK-NEXT: s2 = s2 + a[i];
// CHECK-NEXT: s3 = s3 + a[i];
// CHECK-NEXT: p = p * a[i];
// CHECK-NEXT: m1 = l2c::combine(l2c::Max(), m1, a[i]);
// CHECK-NEXT: m2 = l2c::combine(l2c::Max(), m2, a[i]);
// CHECK-NEXT: mx = l2c::combine(l2c::Max(), mx, b[i]);
// CHECK-NEXT: m3 = l2c::combine(l2c::Min(), m3, a[i]);
// CHECK-NEXT: mn = l2c::combine(l2c::Min(), mn, b[i]);
// CHECK-NEXT: bits = bits & b[i];
// CHECK-NEXT: any = any || b[i] < 0;
// CHECK-LABEL: void forms_host(
// CHECK: s1 = l2c::combine(l2c::Sum(), s1,
// CHECK: m1 = l2c::combine(l2c::Max(), m1,
void forms_host(const float *a, const int *b, int n, float *out, int *iout) {
  float s1 = 0, s2 = 0, s3 = 0, p = 1, m1 = -1e30f, m2 = -1e30f, m3 = 1e30f;
  int mx = -1000, mn = 1000, bits = -1, any = 0;
#pragma loop2cuda parallel name(forms) reduction(+:s1, s2, s3) reduction(*:p) reduction(max:m1, m2, mx) reduction(min:m3, mn) reduction(&:bits) reduction(||:any)
  for (int i = 0; i < n; ++i) {
    s1 += a[i] * 2;
    s2 = s2 + a[i];
    s3 = a[i] + s3;
    p *= a[i];
    m1 = std::max(m1, a[i]);
    m2 = a[i] > m2 ? a[i] : m2;
    if (b[i] > mx)
      mx = b[i];
    m3 = fminf(m3, a[i]);
    mn = std::min(b[i], mn);
    bits &= b[i];
    any = any || b[i] < 0;
  }
  out[0] = s1 + s2 + s3 + p;
  out[1] = m1 + m2 + m3;
  iout[0] = mx + mn + bits + any;
}
