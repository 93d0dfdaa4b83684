// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | grep -v 'the parallel region runs once' \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/firstprivate.cu | FileCheck %s --check-prefix=KERN

// firstprivate(x): each thread's copy starts with the variable's value; a
// kernel parameter is exactly that, so x may be written in the loop, and
// the variable keeps its value after it. Only scalars.
// KERN: __global__ void f_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, float t, float scale, float *a) {
// KERN: t = scale * i;
void f(int n, float *__restrict__ a, float scale) {
  float t = 1.0f;
#pragma omp parallel for firstprivate(scale, t)
  for (int i = 0; i < n; i++) {
    t = scale * i;
    a[i] = t + scale;
  }
}

// On the enclosing parallel region too.
// KERN: __global__ void g_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, int k, float *a) {
void g(int n, float *__restrict__ a, int k) {
#pragma omp parallel firstprivate(k)
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      k = i * 2;
      a[i] = k;
    }
  }
}

// CHECK: firstprivate.cpp:[[@LINE+4]]:3: warning: loop not parallelized: OpenMP clause 'firstprivate(b)' is not supported: only scalar variables can be firstprivate [mark-loop]
void h(int n, float *__restrict__ a) {
  float b[4] = {1, 2, 3, 4};
#pragma omp parallel for firstprivate(b)
  for (int i = 0; i < n; i++)
    a[i] = b[i % 4];
}
// The remark on each parallel region is checked in mark-loop-regions.c.
