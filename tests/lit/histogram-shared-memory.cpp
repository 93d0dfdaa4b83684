// RUN: rm -rf %t && %loop2cuda %s -o %t/on -- -std=c++17 -fopenmp
// RUN: %nochecks %t/on/histogram-shared-memory.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-shared-memory %s -o %t/off -- -std=c++17 -fopenmp
// RUN: %nochecks %t/off/histogram-shared-memory.cu | FileCheck %s --check-prefix=OFF

// histogram-shared-memory: a per-block copy of h in shared memory, zeroed,
// updated with shared atomics, merged into h with one atomic per non-zero
// bin. A bin count that is not a constant keeps the global atomics.

// ON: __global__ void hist(
// ON: __shared__ unsigned l2c_sh_h[256];
// ON-NEXT: for (int l2c_bin = threadIdx.x; l2c_bin < 256; l2c_bin += blockDim.x) {
// ON-NEXT: l2c_sh_h[l2c_bin] = 0;
// ON: __syncthreads();
// ON: atomicAdd(&l2c_sh_h[key[i]], (unsigned)1);
// ON: __syncthreads();
// ON: unsigned l2c_v = l2c_sh_h[l2c_bin];
// ON-NEXT: if (l2c_v != 0) {
// ON-NEXT: atomicAdd(&h[l2c_bin], (unsigned)l2c_v);
// ON: __global__ void dyn(
// ON-NOT: __shared__
// ON: atomicAdd(&h[key[i]], (unsigned)1);

// OFF-NOT: __shared__
// OFF: atomicAdd(&h[key[i]], (unsigned)1);

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
