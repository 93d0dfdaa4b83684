// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/openmp-atomic-updates.cu | FileCheck %s --check-prefix=CU

// `#pragma omp atomic` before an update, and a `critical` section of one
// update, read as the reduction they compute: a histogram (atomics on the
// GPU) or a scalar reduction. Any other atomic keeps the loop on the CPU.
#include <stdlib.h>

// CHECK: openmp-atomic-updates.c:[[@LINE+10]]:1: remark: the atomic update of 'hist' runs as reduction(+: hist): each update is applied once [reduction]
// CHECK: openmp-atomic-updates.c:[[@LINE+15]]:1: remark: the atomic update of 'sum' runs as reduction(+: sum): each update is applied once [reduction]
// CU-LABEL: __global__ void bins_L
// CU: atomicAdd(&hist[b], (int)1);
// CU: l2c::toDevice(hist, 16,
double bins(const double *a, int n) {
  int *hist = calloc(16, sizeof(int));
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int b = (int)a[i] & 15;
#pragma omp atomic
    hist[b]++;
  }
  double sum = 0.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
#pragma omp atomic update
    sum += a[i] * hist[i & 15];
  return sum;
}

// CHECK: openmp-atomic-updates.c:[[@LINE+8]]:1: remark: the critical update of 'cnt' runs as reduction(+: cnt): each update is applied once [reduction]
// CU-LABEL: int count(
// CU: cnt = l2c::combine(
int count(const double *a, int n) {
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 1.0) {
#pragma omp critical
      cnt++;
    }
  return cnt;
}

// A capture, a read of the variable beside its update, a critical section
// of two statements: on the CPU.
void others(const double *a, int *slot, int n, int *out) {
  int next = 0, seen = 0, k = 0;
// CHECK: openmp-atomic-updates.c:[[@LINE+2]]:3: warning: loop not parallelized: the OpenMP atomic directive inside the loop holds no update that the GPU can run as a reduction ('x op= e' or 'h[k] op= e' with + * & | ^, e not reading x or h) [extract-kernel]
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic capture
    slot[i] = next++;
  }
// CHECK: openmp-atomic-updates.c:[[@LINE+4]]:1: remark: the atomic update of 'seen' runs as reduction(+: seen)
// CHECK: openmp-atomic-updates.c:[[@LINE+2]]:3: warning: loop not parallelized: reduction variable 'seen' is read in the loop outside its update [reduction]
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    seen += 1;
    out[i] = seen;
  }
// CHECK: openmp-atomic-updates.c:[[@LINE+2]]:3: warning: loop not parallelized: the OpenMP critical directive inside the loop holds no update
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    {
      k += 1;
      out[i] = k;
    }
  }
}

// A critical section that keeps a maximum.
// CHECK: openmp-atomic-updates.c:[[@LINE+7]]:1: remark: the critical update of 'mx' runs as reduction(max: mx): each update is applied once [reduction]
// CU-LABEL: double largest(
// CU: mx = l2c::combine(l2c::Max(), mx,
double largest(const double *a, int n) {
  double mx = -1.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    if (a[i] > mx)
      mx = a[i];
  }
  return mx;
}

// An atomic update of the iteration's own element runs as written; the
// dependence test still checks the loop.
// CHECK: openmp-atomic-updates.c:101:1: remark: the atomic update of 'a[i]' touches an element of this iteration only: it runs as written [dependence]
// CHECK: openmp-atomic-updates.c:106:1: remark: the atomic update of 'a[i]' touches an element of this iteration only: it runs as written [dependence]
// CHECK: openmp-atomic-updates.c:105:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=1 is read by a[i - 1] at i=2 (n=3) [dependence]
// CU-LABEL: __global__ void own_L
// CU: a[i] += b[i];
// CU-NOT: atomicAdd
// CU-LABEL: void own(
void own(double *__restrict__ a, const double *__restrict__ b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    a[i] += b[i];
  }
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
#pragma omp atomic
    a[i] += a[i - 1];
  }
}
