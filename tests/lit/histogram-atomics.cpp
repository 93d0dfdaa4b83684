// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-shared-memory %s -o %t/on -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/on/histogram-atomics.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-atomics %s -o %t/off -- -std=c++17 -fopenmp > %t.off 2>&1; test $? -eq 2 && FileCheck %s --check-prefix=OFF < %t.off

// histogram-atomics: h[key[i]]++ with reduction(+: h[:256]) becomes an
// atomicAdd on the device copy of h, which is copied in and out.

// ON: __global__ void hist_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, const unsigned char *key, unsigned int *h) {
// ON-NOT: __shared__
// ON: atomicAdd(&h[key[i]], (unsigned int)1);
// ON: l2c::toDevice(h, 256,
// ON: L2C_LAUNCH_DISTINCT(l2c_device::hist_L
// ON: l2c::toHost(h, 256,
// ON: __global__ void weighted(
// ON-NOT: __shared__
// ON: atomicAdd(&w[k[i] % 100], (float)(x[i] * 2));
// ON: __global__ void minmax_L{{[0-9]+}}(
// ON: atomicMin(&lo[k[i] & 15], (int)v[i]);
// ON: atomicMax(&hi[k[i] & 15], (int)v[i]);
// ON: atomicOr(&bits[k[i] & 15], (unsigned int)(1u << (k[i] & 31)));

// Without histogram-atomics nothing lowers the updates: loop2cuda cannot
// print them and writes nothing for the file (exit status 2).
// OFF: error: cannot print term 'HistUpdate({{.*}}': unknown constructor 'HistUpdate'

#include <algorithm>

void hist(const unsigned char *__restrict__ key, int n, unsigned *__restrict__ h) {
#pragma omp parallel for reduction(+ : h[:256])
  for (int i = 0; i < n; ++i)
    h[key[i]]++;
}

void weighted(const int *__restrict__ k, const float *__restrict__ x, int n) {
  float w[100];
#pragma loop2cuda parallel name(weighted) reduction(+ : w)
  for (int i = 0; i < n; ++i)
    w[k[i] % 100] += x[i] * 2;
}

// min, max and | reductions into arrays (separate loops: one clause operator
// per array).
void minmax(const int *__restrict__ k, const int *__restrict__ v, int n,
            int *__restrict__ lo, int *__restrict__ hi,
            unsigned *__restrict__ bits) {
#pragma omp parallel for reduction(min : lo[:16]) reduction(max : hi[:16]) reduction(| : bits[:16])
  for (int i = 0; i < n; ++i) {
    lo[k[i] & 15] = std::min(lo[k[i] & 15], v[i]);
    hi[k[i] & 15] = std::max(v[i], hi[k[i] & 15]);
    bits[k[i] & 15] |= 1u << (k[i] & 31);
  }
}

// Rejections.
void rejected(const int *__restrict__ k, int n, int *__restrict__ h,
              int *__restrict__ out, float *__restrict__ f) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    h[k[i]] += 1;
// DIAG: histogram-atomics.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'h[k[i]]' is updated at a subscript that other iterations may share: a histogram races on the GPU; add reduction(+: h[:B]) to the pragma, B the number of elements of 'h' the updates may reach [dependence]
#pragma omp parallel for reduction(+ : h[:64])
  for (int i = 0; i < n; ++i) {
    h[k[i]] += 1;
    out[i] = h[k[i]];
  }
// DIAG: histogram-atomics.cpp:[[@LINE-4]]:3: warning: loop not parallelized: histogram 'h' is read in the loop outside its updates (only h[k] += w is allowed) [reduction]
#pragma omp parallel for reduction(+ : h[:64])
  for (int i = 0; i < n; ++i)
    h[k[i]] = h[k[i]] * 2;
// DIAG: histogram-atomics.cpp:[[@LINE-2]]:3: warning: loop not parallelized: histogram 'h' is
#pragma omp parallel for reduction(min : f[:8])
  for (int i = 0; i < n; ++i)
    f[k[i] & 7] = std::min(f[k[i] & 7], 1.0f);
// DIAG: histogram-atomics.cpp:[[@LINE-2]]:3: warning: loop not parallelized: a 'min' reduction into the array 'f' of float is not implemented: the GPU has no atomic for it
}
