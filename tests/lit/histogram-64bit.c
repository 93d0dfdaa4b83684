// RUN: rm -rf %t && %loop2cuda %s -o %t -- 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/histogram-64bit.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-shared-memory %s -o %t -- 2>&1
// RUN: %nochecks %t/histogram-64bit.cu | FileCheck %s --check-prefix=GLOBAL

// Histograms of long, long long and unsigned long: CUDA's atomicAdd takes
// unsigned long long only, and two's-complement addition of the same 64
// bits is the signed sum, so l2c::atomicAdd64 adds them as unsigned.
long long counts[16];
unsigned long ucounts[16];

// The shared-memory copy of 8-byte bins holds at most 6144 of them.
// CHECK-LABEL: __global__ void bucket_L{{[0-9]+}}(
// CHECK:         __shared__ long l2c_sh_h[16];
// CHECK:         l2c::atomicAdd64(&l2c_sh_h[key[i] & 15], (long)1);
// CHECK:         l2c::atomicAdd64(&h[l2c_bin], (long)l2c_v);
// GLOBAL-LABEL: __global__ void bucket_L{{[0-9]+}}(
// GLOBAL:         l2c::atomicAdd64(&h[key[i] & 15], (long)1);
void bucket(int n, const int *key, long *h) {
#pragma omp parallel for reduction(+ : h[:16])
  for (int i = 0; i < n; i++)
    h[key[i] & 15] += 1;
}

// CHECK-LABEL: __global__ void signedSums_L{{[0-9]+}}(
// CHECK:         l2c::atomicAdd64(&l2c_sh_counts[key[i] & 15], (long long)-key[i]);
// CHECK-LABEL: __global__ void unsignedCounts_L{{[0-9]+}}(
// CHECK:         l2c::atomicAdd64(&l2c_sh_ucounts[key[i] & 15], (unsigned long)1);
void signedSums(int n, const int *key) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    counts[key[i] & 15] -= key[i];
  }
}
void unsignedCounts(int n, const int *key) {
#pragma omp parallel for reduction(+ : ucounts)
  for (int i = 0; i < n; i++)
    ucounts[key[i] & 15]++;
}

// No 64-bit atomicMax here: the loop stays on the CPU.
// DIAG: histogram-64bit.c:[[#@LINE+3]]:3: warning: loop not parallelized: a 'max' reduction into the array 'h' of long is not implemented: the GPU has no atomic for it (+ on int, unsigned, float, double and 64-bit integers; min max & | ^ on int and unsigned) [reduction]
void maxes(int n, const int *key, long *h) {
#pragma omp parallel for reduction(max : h[:16])
  for (int i = 0; i < n; i++)
    h[key[i] & 15] = h[key[i] & 15] > key[i] ? h[key[i] & 15] : key[i];
}
