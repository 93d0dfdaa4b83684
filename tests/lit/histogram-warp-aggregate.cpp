// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-sub-histograms --disable-rule histogram-vector-keys %s -o %t/def -- -std=c++17 -fopenmp
// RUN: %nochecks %t/def/histogram-warp-aggregate.cu | FileCheck %s --check-prefix=DEF
// RUN: %loop2cuda --disable-rule histogram-sub-histograms --enable-rule histogram-warp-aggregate %s -o %t/on -- -std=c++17 -fopenmp
// RUN: %nochecks %t/on/histogram-warp-aggregate.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-sub-histograms --enable-rule histogram-warp-aggregate --disable-rule histogram-warp-aggregate --disable-rule histogram-vector-keys %s -o %t/off -- -std=c++17 -fopenmp
// RUN: %nochecks %t/off/histogram-warp-aggregate.cu | FileCheck %s --check-prefix=DEF
// RUN: %loop2cuda --disable-rule histogram-sub-histograms --enable-rule histogram-warp-aggregate --disable-rule histogram-shared-memory %s -o %t/global -- -std=c++17 -fopenmp
// RUN: %nochecks %t/global/histogram-warp-aggregate.cu | FileCheck %s --check-prefix=GLOBAL

// histogram-warp-aggregate (off by default: pipeline.txt marks it 'off';
// no stage of the ladder, docs/rules/histogram-warp-aggregate.md): the
// lanes of a warp with one key add their count with one atomic. The
// grid-stride loop runs while the warp's first index is in range, so
// __match_any_sync sees all 32 lanes. histogram-sub-histograms is off in
// every run, so that the loops it leaves keep stage 2's kernel.

// DEF: rules: extract-kernel, histogram-atomics, histogram-shared-memory, lower-histogram, restrict-arrays, simplify-kernel
// DEF-NOT: __match_any_sync
// DEF: atomicAdd(&l2c_sh_h[key[i]], (unsigned int)1);

// ON: rules: extract-kernel, histogram-atomics, histogram-shared-memory, histogram-warp-aggregate, lower-histogram, restrict-arrays, simplify-kernel
// ON: __global__ void hist_L{{[0-9]+}}(
// ON: __syncthreads();
// ON-NEXT: for (long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_k - (threadIdx.x & 31) < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x) {
// ON-NEXT: // histogram-warp-aggregate: the lanes with one key add their count with one atomic
// ON-NEXT: long i = l2c_begin + l2c_k;
// ON-NEXT: int l2c_key = l2c_k < l2c_count ? (int)key[i] : -1;
// ON-NEXT: unsigned int l2c_peers = __match_any_sync(~0u, l2c_key);
// ON-NEXT: if (l2c_key >= 0 && (threadIdx.x & 31) == __ffs(l2c_peers) - 1) {
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key], (unsigned int)__popc(l2c_peers));
// ON-NEXT: }
// ON-NEXT: }
// ON-NEXT: __syncthreads();
// A weight that is not a constant, float bins: stage 2 as before.
// ON: __global__ void weighted_L{{[0-9]+}}(
// ON-NOT: __match_any_sync
// ON: atomicAdd(&l2c_sh_w[k[i] % 100], (int)x[i]);
// ON: __global__ void floats_L{{[0-9]+}}(
// ON-NOT: __match_any_sync
// ON: atomicAdd(&l2c_sh_f[k[i] % 100], (float)1);
// ON: }

// Without stage 2 the aggregated atomic goes to global memory.
// GLOBAL: __global__ void hist_L{{[0-9]+}}(
// GLOBAL-NOT: __shared__
// GLOBAL: unsigned int l2c_peers = __match_any_sync(~0u, l2c_key);
// GLOBAL: atomicAdd(&h[l2c_key], (unsigned int)__popc(l2c_peers));

void hist(const unsigned char *__restrict__ key, long n, unsigned *__restrict__ h) {
#pragma omp parallel for reduction(+ : h[:256])
  for (long i = 0; i < n; ++i)
    h[key[i]]++;
}

void weighted(const int *__restrict__ k, const int *__restrict__ x, int n,
              int *__restrict__ w) {
#pragma omp parallel for reduction(+ : w[:100])
  for (int i = 0; i < n; ++i)
    w[k[i] % 100] += x[i];
}

void floats(const int *__restrict__ k, int n, float *__restrict__ f) {
#pragma omp parallel for reduction(+ : f[:100])
  for (int i = 0; i < n; ++i)
    f[k[i] % 100] += 1;
}
