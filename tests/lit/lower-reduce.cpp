// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-shared-memory --disable-rule reduce-fewer-branches --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/lower-reduce.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule lower-reduce %s -o %t/off -- -std=c++17 > %t.off 2>&1; test $? -eq 2 && FileCheck %s --check-prefix=OFF < %t.off

// The recognised forms of every operator (OpenMP clause and update form),
// and lower-reduce's printable terms for them: C++ operators, runtime
// calls for min and max, OpenMP's identities.

// ON: __global__ void forms_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, const int *a, const double *d, const unsigned int *u, int *l2c_partial_p, int *l2c_partial_band, double *l2c_partial_mn, double *l2c_partial_mx, unsigned int *l2c_partial_bor, unsigned int *l2c_partial_bx, int *l2c_partial_land, int *l2c_partial_lor, long long *l2c_partial_s, unsigned long long *l2c_scratch) {
// ON-NEXT:   int p = (int)1;
// ON-NEXT:   int band = l2c::identity(l2c::BitAndOp(), (int)0);
// ON-NEXT:   double mn = l2c::identity(l2c::Min(), (double)0);
// ON-NEXT:   double mx = l2c::identity(l2c::Max(), (double)0);
// ON-NEXT:   unsigned int bor = (unsigned int)0;
// ON-NEXT:   unsigned int bx = (unsigned int)0;
// ON-NEXT:   int land = (int)1;
// ON-NEXT:   int lor = (int)0;
// ON-NEXT:   long long s = (long long)0;
// ON:     p = p * a[i];
// ON-NEXT:     band = band & a[i];
// ON-NEXT:     mn = l2c::combine(l2c::Min(), mn, d[i]);
// ON-NEXT:     mx = l2c::combine(l2c::Max(), mx, d[i]);
// ON-NEXT:     bor = bor | u[i];
// ON-NEXT:     bx = bx ^ u[i];
// ON-NEXT:     land = land && a[i];
// ON-NEXT:     lor = lor || a[i];
// ON-NEXT:     s = s + a[i];
// ON:   l2c::reduceCub(l2c_partial_p, l2c_blocks, l2c::Prod(), l2c_out_p,
// ON-NEXT:   p = l2c::combine(l2c::Prod(), p, l2c::readMapped(l2c_out_p,
// ON:   l2c::reduceCub(l2c_partial_band, l2c_blocks, l2c::BitAndOp(), l2c_out_band,
// ON-NEXT:   band = l2c::combine(l2c::BitAndOp(), band, l2c::readMapped(l2c_out_band,
// ON:   l2c::reduceCub(l2c_partial_mn, l2c_blocks, l2c::Min(), l2c_out_mn,
// ON-NEXT:   mn = l2c::combine(l2c::Min(), mn, l2c::readMapped(l2c_out_mn,
// ON:   l2c::reduceCub(l2c_partial_mx, l2c_blocks, l2c::Max(), l2c_out_mx,
// ON-NEXT:   mx = l2c::combine(l2c::Max(), mx, l2c::readMapped(l2c_out_mx,
// ON:   l2c::reduceCub(l2c_partial_bor, l2c_blocks, l2c::BitOrOp(), l2c_out_bor,
// ON-NEXT:   bor = l2c::combine(l2c::BitOrOp(), bor, l2c::readMapped(l2c_out_bor,
// ON:   l2c::reduceCub(l2c_partial_bx, l2c_blocks, l2c::BitXorOp(), l2c_out_bx,
// ON-NEXT:   bx = l2c::combine(l2c::BitXorOp(), bx, l2c::readMapped(l2c_out_bx,
// ON:   l2c::reduceCub(l2c_partial_land, l2c_blocks, l2c::LAndOp(), l2c_out_land,
// ON-NEXT:   land = l2c::combine(l2c::LAndOp(), land, l2c::readMapped(l2c_out_land,
// ON:   l2c::reduceCub(l2c_partial_lor, l2c_blocks, l2c::LOrOp(), l2c_out_lor,
// ON-NEXT:   lor = l2c::combine(l2c::LOrOp(), lor, l2c::readMapped(l2c_out_lor,
// ON:   l2c::reduceCub(l2c_partial_s, l2c_blocks, l2c::Sum(), l2c_out_s,
// ON-NEXT:   s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s,

// OFF: error: cannot print term {{.*}}: unknown constructor 'Identity'

#include <algorithm>
void forms(const int *a, const double *d, const unsigned *u, int n, int &r1,
           int &r2, double &r3, double &r4, unsigned &r5, unsigned &r6,
           int &r7, int &r8, long long &r9) {
  int p = 1, band = ~0, land = 1, lor = 0;
  double mn = 1e300, mx = -1e300;
  unsigned bor = 0, bx = 0;
  long long s = 0;
#pragma omp parallel for reduction(*:p) reduction(&:band) reduction(min:mn) reduction(max:mx) reduction(|:bor) reduction(^:bx) reduction(&&:land) reduction(||:lor) reduction(+:s)
  for (int i = 0; i < n; ++i) {
    p *= a[i];
    band &= a[i];
    mn = std::min(mn, d[i]);
    if (d[i] > mx)
      mx = d[i];
    bor |= u[i];
    bx ^= u[i];
    land = land && a[i];
    lor = lor || a[i];
    s += a[i];
  }
  r1 = p; r2 = band; r3 = mn; r4 = mx; r5 = bor; r6 = bx; r7 = land; r8 = lor; r9 = s;
}
