// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/vectorize-map.cu | FileCheck %s --check-prefix=KERN
// RUN: rm -rf %t.off && %loop2cuda %s -o %t.off --disable-rule vectorize-map -- -std=c++17 -fopenmp > /dev/null 2>&1
// RUN: %nochecks %t.off/vectorize-map.cu | FileCheck %s --check-prefix=OFF --implicit-check-not=float4 --implicit-check-not=double2

// Element-wise maps (rules/vectorize-map.rules, docs/rules/vectorize-map.md):
// a 1-D kernel whose body touches every array only as a[i] moves 16-byte
// vectors when every array's first element is aligned, with a scalar tail;
// anything else keeps the scalar kernel of extract-kernel.

// KERN-LABEL: __global__ void saxpy(long long l2c_begin, long long l2c_count, float *y, float a, const float *x) {
// KERN-NEXT:   // vectorize-map: 16-byte vector loads and stores when every array is aligned and no written array is another; scalar tail
// KERN:        if ((((unsigned long long)&y[l2c_begin] | (unsigned long long)&x[l2c_begin]) & 15) == 0 && (unsigned long long)&y[l2c_begin] != (unsigned long long)&x[l2c_begin]) {
// KERN-NEXT:     l2c_first = l2c_count / 4 * 4;
// KERN-NEXT:     for (long long l2c_q = l2c_tid; l2c_q < l2c_count / 4; l2c_q += l2c_stride) {
// KERN-NEXT:       long long l2c_i0 = l2c_begin + l2c_q * 4;
// KERN-NEXT:       float4 l2c_v_y = *(const float4 *)&y[l2c_i0];
// KERN-NEXT:       float4 l2c_v_x = *(const float4 *)&x[l2c_i0];
// KERN-NEXT:       {
// KERN-NEXT:         l2c_v_y.x = a * l2c_v_x.x + l2c_v_y.x;
// KERN:              l2c_v_y.w = a * l2c_v_x.w + l2c_v_y.w;
// KERN-NEXT:       }
// KERN-NEXT:       *(float4 *)&y[l2c_i0] = l2c_v_y;
// KERN-NEXT:     }
// KERN-NEXT:   }
// KERN-NEXT:   for (long long l2c_k = l2c_first + l2c_tid; l2c_k < l2c_count; l2c_k += l2c_stride) {
// KERN-NEXT:     int i = l2c_begin + l2c_k;
// KERN-NEXT:     y[i] = a * x[i] + y[i];
// OFF-LABEL: __global__ void saxpy(
// OFF-NEXT:    for (long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x) {
void saxpy(int n, float a, const float *x, float *y) {
#pragma loop2cuda parallel name(saxpy)
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + y[i];
}

// double: two lanes; q is written first and never read: not loaded. Each
// lane's local t stays in its own block.
// KERN-LABEL: __global__ void scale(
// KERN:          double2 l2c_v_p = *(const double2 *)&p[l2c_i0];
// KERN-NEXT:     double2 l2c_v_q;
// KERN-NEXT:     {
// KERN-NEXT:       double t = l2c_v_p.x * s;
// KERN-NEXT:       l2c_v_q.x = t + 1;
// KERN-NEXT:     }
// KERN-NEXT:     {
// KERN-NEXT:       double t = l2c_v_p.y * s;
// KERN-NEXT:       l2c_v_q.y = t + 1;
// KERN-NEXT:     }
// KERN-NEXT:     *(double2 *)&q[l2c_i0] = l2c_v_q;
void scale(int n, double s, const double *p, double *q) {
#pragma loop2cuda parallel name(scale)
  for (int i = 0; i < n; ++i) {
    double t = p[i] * s;
    q[i] = t + 1;
  }
}

// A conditional update: w is loaded and stored whole.
// KERN-LABEL: __global__ void cond(
// KERN:          int4 l2c_v_w = *(const int4 *)&w[l2c_i0];
// KERN:          if (l2c_v_u.x % 3 == 0) {
// KERN-NEXT:       l2c_v_w.x += l2c_v_u.x;
// KERN:          *(int4 *)&w[l2c_i0] = l2c_v_w;
void cond(int n, const int *u, int *w) {
#pragma loop2cuda parallel name(cond)
  for (int i = 0; i < n; ++i)
    if (u[i] % 3 == 0)
      w[i] += u[i];
}

// Left scalar: a neighbour (x[i + 1]), mixed widths (float with double), an
// element type without a 16-byte vector form (char), a step of 2, an index
// used outside a subscript.
// KERN-LABEL: __global__ void shift(
// KERN-NEXT:   for (long long l2c_k =
// KERN-LABEL: __global__ void widths(
// KERN-NEXT:   for (long long l2c_k =
// KERN-LABEL: __global__ void bytes(
// KERN-NEXT:   for (long long l2c_k =
// KERN-LABEL: __global__ void step2(
// KERN-NEXT:   for (long long l2c_k =
// KERN-LABEL: __global__ void ramp(
// KERN-NEXT:   for (long long l2c_k =
void shift(int n, const float *x, float *y) {
#pragma loop2cuda parallel name(shift)
  for (int i = 0; i < n; ++i)
    y[i] = x[i + 1];
}
void widths(int n, const float *x, double *d) {
#pragma loop2cuda parallel name(widths)
  for (int i = 0; i < n; ++i)
    d[i] = x[i];
}
void bytes(int n, const char *c, char *e) {
#pragma loop2cuda parallel name(bytes)
  for (int i = 0; i < n; ++i)
    e[i] = c[i] + 1;
}
void step2(int n, const float *x, float *y) {
#pragma loop2cuda parallel name(step2)
  for (int i = 0; i < n; i += 2)
    y[i] = x[i];
}
void ramp(int n, float *y) {
#pragma loop2cuda parallel name(ramp)
  for (int i = 0; i < n; ++i)
    y[i] = i;
}

// With the rule set off, no kernel names it.
// OFF-NOT: rules: extract-kernel, vectorize-map
