// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-shared-memory %s -o %t/on -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/on/histogram-atomics.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-atomics %s -o %t/off -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=OFF

// histogram-atomics: h[key[i]]++ with reduction(+: h[:256]) becomes an
// atomicAdd on the device copy of h, which is copied in and out.

// ON: __global__ void hist(long long l2c_begin, long long l2c_count, const unsigned char *key, unsigned *h) {
// ON: atomicAdd(&h[key[i]], (unsigned)1);
// ON: __global__ void weighted(
// ON: atomicAdd(&w[k[i] % 100], (float)(x[i] * 2));

// Without histogram-atomics nothing lowers the updates: the loops stay on
// the CPU.
// OFF: warning: {{.*}}HistUpdate

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

// Rejections.
void rejected(const int *__restrict__ k, int n, int *__restrict__ h,
              int *__restrict__ out) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    h[k[i]] += 1;
// DIAG: histogram-atomics.cpp:[[@LINE-1]]:5: warning: loop not parallelized: 'h[k[i]]' is updated at a subscript that other iterations may share: a histogram races on the GPU; add reduction(+: h[:B]) to the pragma [dependence]
#pragma omp parallel for reduction(+ : h[:64])
  for (int i = 0; i < n; ++i) {
    h[k[i]] += 1;
    out[i] = h[k[i]];
  }
// DIAG: histogram-atomics.cpp:[[@LINE-2]]:14: warning: loop not parallelized: histogram 'h' is read in the loop outside its updates (only h[k] += w is allowed) [reduction]
#pragma omp parallel for reduction(+ : h[:64])
  for (int i = 0; i < n; ++i)
    out[i] = k[i];
// DIAG: histogram-atomics.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'h' is named in reduction(+: ...) but the loop does not update it as h[k] += w [reduction]
}
