// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-vector-keys --disable-rule histogram-sub-histograms %s -o %t/on -- -std=c++17 -fopenmp
// RUN: %nochecks %t/on/histogram-shared-memory.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-shared-memory %s -o %t/off -- -std=c++17 -fopenmp
// RUN: %nochecks %t/off/histogram-shared-memory.cu | FileCheck %s --check-prefix=OFF
// RUN: %loop2cuda --verify %s -o %t/ver -- -std=c++17 -fopenmp
// RUN: cat %t/ver/hist_L*_verify.cu | FileCheck %s --check-prefix=VER

// --verify: the CPU loop is the user's update, the kernel the stage-2 one.
// VER: __shared__ unsigned int l2c_sh_h[256];
// VER: static void l2c_cpu_loop(
// VER: h[key[i]] += 1;

// histogram-shared-memory: a per-block copy of h in shared memory, zeroed,
// updated with shared atomics, merged into h with one atomic per non-zero
// bin. A bin count that is not a constant keeps the global atomics.

// ON: __global__ void hist_L{{[0-9]+}}(
// ON: __shared__ unsigned int l2c_sh_h[256];
// ON-NEXT: for (int l2c_bin = threadIdx.x; l2c_bin < 256; l2c_bin += blockDim.x) {
// ON-NEXT: l2c_sh_h[l2c_bin] = 0;
// ON-NEXT: }
// ON-NEXT: __syncthreads();
// ON-NEXT: for (long long l2c_k =
// ON-NEXT: int i =
// ON-NEXT: atomicAdd(&l2c_sh_h[key[i]], (unsigned int)1);
// ON-NEXT: }
// ON-NEXT: __syncthreads();
// ON-NEXT: for (int l2c_bin = threadIdx.x; l2c_bin < 256; l2c_bin += blockDim.x) {
// ON-NEXT: unsigned int l2c_v = l2c_sh_h[l2c_bin];
// ON-NEXT: if (l2c_v != 0) {
// ON-NEXT: atomicAdd(&h[l2c_bin], (unsigned int)l2c_v);
// ON-NEXT: }
// ON-NEXT: }
// ON-NEXT: }
// ON: l2c::toDevice(h, 256,
// ON: L2C_LAUNCH_DISTINCT(l2c_device::hist_L
// ON: l2c::toHost(h, 256,
// ON: __global__ void dyn(
// ON-NOT: __shared__
// ON: atomicAdd(&h[key[i]], (unsigned int)1);
// ON: __global__ void maxbins_L
// ON-NOT: __shared__
// ON: atomicMax(&m[key[i]], (int)i);
// ON: __global__ void toobig_L
// ON-NOT: __shared__
// ON: atomicAdd(&d[key[i]], (double)1);

// OFF: rules: extract-kernel, histogram-atomics, lower-histogram, restrict-arrays, simplify-kernel
// OFF-NOT: __shared__
// OFF: atomicAdd(&h[key[i]], (unsigned int)1);

#include <algorithm>

void hist(const unsigned char *__restrict__ key, int n, unsigned *__restrict__ h) {
#pragma omp parallel for reduction(+ : h[:256])
  for (int i = 0; i < n; ++i)
    h[key[i]]++;
}

void dyn(const unsigned char *__restrict__ key, int n, unsigned *__restrict__ h,
         int bins) {
#pragma loop2cuda parallel name(dyn) reduction(+ : h[:bins])
  for (int i = 0; i < n; ++i)
    h[key[i]]++;
}

// Only + histograms: a max histogram keeps the global atomics (a zeroed
// copy would be wrong for max).
void maxbins(const unsigned char *__restrict__ key, int n, int *__restrict__ m) {
#pragma omp parallel for reduction(max : m[:256])
  for (int i = 0; i < n; ++i)
    m[key[i]] = std::max(m[key[i]], i);
}

// 8192 doubles are 64 KiB: more than the 48 KiB of static shared memory.
void toobig(const int *__restrict__ key, int n, double *__restrict__ d) {
#pragma omp parallel for reduction(+ : d[:8192])
  for (int i = 0; i < n; ++i)
    d[key[i]] += 1;
}
