// RUN: rm -rf %t && %loop2cuda --disable-rule histogram-vector-keys %s -o %t/on -- -std=c++17 -fopenmp
// RUN: %nochecks %t/on/histogram-sub-histograms.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-vector-keys --disable-rule histogram-sub-histograms %s -o %t/off -- -std=c++17 -fopenmp
// RUN: %nochecks %t/off/histogram-sub-histograms.cu | FileCheck %s --check-prefix=OFF

// histogram-sub-histograms (stage 3 of the histogram ladder,
// docs/rules/histogram-sub-histograms.md): 16 interleaved copies of the
// bins a block, blocks of 512 threads of which the first eighth of the grid
// counts, four keys read before their four atomics, the last iterations one
// at a time; the merge adds a bin's copies (l2c::histogramFold). A weight
// that depends on i is computed at each of the four indices. More than 256
// bins, and float bins, keep stage 2.

// ON-LABEL: __global__ void ints_L{{[0-9]+}}(
// ON-NEXT: // histogram-sub-histograms: 16 copies a block of 512, an eighth of the grid, 4 keys in flight a thread
// ON-NEXT: if (blockIdx.x >= l2c::histogramBlocks()) {
// ON-NEXT: return;
// ON-NEXT: }
// ON-NEXT: __shared__ unsigned int l2c_sh_h[4096];
// ON-NEXT: l2c::histogramZero(l2c_sh_h, 4096);
// ON-NEXT: __syncthreads();
// ON-NEXT: long long l2c_stride = (long long)l2c::histogramBlocks() * blockDim.x;
// ON-NEXT: int l2c_copy = threadIdx.x & 15;
// ON-NEXT: long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x;
// ON-NEXT: for (; l2c_k + 3 * l2c_stride < l2c_count; l2c_k += 4 * l2c_stride) {
// ON-NEXT: long l2c_i0 = l2c_begin + l2c_k;
// ON-NEXT: int l2c_key0 = (int)(key[l2c_i0] & 255);
// ON-NEXT: long l2c_i1 = l2c_begin + (l2c_k + l2c_stride);
// ON-NEXT: int l2c_key1 = (int)(key[l2c_i1] & 255);
// ON-NEXT: long l2c_i2 = l2c_begin + (l2c_k + 2 * l2c_stride);
// ON-NEXT: int l2c_key2 = (int)(key[l2c_i2] & 255);
// ON-NEXT: long l2c_i3 = l2c_begin + (l2c_k + 3 * l2c_stride);
// ON-NEXT: int l2c_key3 = (int)(key[l2c_i3] & 255);
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key0 * 16 + l2c_copy], (unsigned int)1);
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key1 * 16 + l2c_copy], (unsigned int)1);
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key2 * 16 + l2c_copy], (unsigned int)1);
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key3 * 16 + l2c_copy], (unsigned int)1);
// ON-NEXT: }
// ON-NEXT: for (; l2c_k < l2c_count; l2c_k += l2c_stride) {
// ON-NEXT: long l2c_i0 = l2c_begin + l2c_k;
// ON-NEXT: int l2c_key0 = (int)(key[l2c_i0] & 255);
// ON-NEXT: atomicAdd(&l2c_sh_h[l2c_key0 * 16 + l2c_copy], (unsigned int)1);
// ON-NEXT: }
// ON-NEXT: __syncthreads();
// ON-NEXT: for (int l2c_bin = threadIdx.x; l2c_bin < 256; l2c_bin += blockDim.x) {
// ON-NEXT: unsigned int l2c_v = l2c::histogramFold(l2c_sh_h, l2c_bin, 16);
// ON-NEXT: if (l2c_v != 0) {
// ON-NEXT: atomicAdd(&h[l2c_bin], (unsigned int)l2c_v);
// ON-NEXT: }
// ON-NEXT: }
// ON-NEXT: }
// ON: L2C_LAUNCH_DISTINCT(l2c_device::ints_L{{[0-9]+}}, l2c_device::ints_L{{[0-9]+}}_restrict, {{.*}}, l2c::gridFor(n, 512), 512,
// ON-LABEL: __global__ void weighted_L{{[0-9]+}}(
// ON: int l2c_key1 = (int)(key[l2c_i1] % 100);
// ON: atomicAdd(&l2c_sh_w[l2c_key1 * 16 + l2c_copy], (int)(l2c_i1 % 5));
// ON-LABEL: __global__ void wide_L{{[0-9]+}}(
// ON-NOT: histogram-sub-histograms:
// ON: atomicAdd(&l2c_sh_h[key[i] % 300], (unsigned int)1);
// ON-LABEL: __global__ void floats_L{{[0-9]+}}(
// ON-NOT: histogram-sub-histograms:
// ON: atomicAdd(&l2c_sh_f[key[i] & 63], (float)1);

// OFF-NOT: histogram-sub-histograms:
// OFF: atomicAdd(&l2c_sh_h[key[i] & 255], (unsigned int)1);
// OFF: L2C_LAUNCH_DISTINCT(l2c_device::ints_L{{[0-9]+}}, l2c_device::ints_L{{[0-9]+}}_restrict, {{.*}}, l2c::gridFor(n, 256), 256,

void ints(const int *key, long n, unsigned *h) {
#pragma omp parallel for reduction(+ : h[ : 256])
  for (long i = 0; i < n; ++i)
    h[key[i] & 255]++;
}

void weighted(const int *key, long n, int *w) {
#pragma omp parallel for reduction(+ : w[ : 100])
  for (long i = 0; i < n; ++i)
    w[key[i] % 100] += (int)(i % 5);
}

void wide(const int *key, long n, unsigned *h) {
#pragma omp parallel for reduction(+ : h[ : 300])
  for (long i = 0; i < n; ++i)
    h[key[i] % 300]++;
}

void floats(const int *key, long n, float *f) {
#pragma omp parallel for reduction(+ : f[ : 64])
  for (long i = 0; i < n; ++i)
    f[key[i] & 63] += 1;
}
