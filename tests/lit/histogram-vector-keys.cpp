// RUN: rm -rf %t && %loop2cuda %s -o %t/on -- -std=c++17 -fopenmp
// RUN: %nochecks %t/on/histogram-vector-keys.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule histogram-vector-keys %s -o %t/off -- -std=c++17 -fopenmp
// RUN: %nochecks %t/off/histogram-vector-keys.cu | FileCheck %s --check-prefix=OFF

// histogram-vector-keys (stage 4 of the histogram ladder,
// docs/rules/histogram-vector-keys.md): a histogram of byte keys loads 16
// keys at a time (l2c::histogramBytes, 32 copies of the bins a block), in
// blocks of 512 threads of which the first eighth of the grid counts; other
// keys take stage 3 (histogram-sub-histograms), as do byte keys when this
// set is off.

// ON-LABEL: __global__ void bytes_L{{[0-9]+}}(
// ON-NEXT: // histogram-vector-keys: an eighth of the grid (blocks of 512) counts the keys, 16 a load, 32 copies a block
// ON-NEXT: if (blockIdx.x >= l2c::histogramBlocks()) {
// ON-NEXT: return;
// ON-NEXT: }
// ON: __shared__ unsigned int l2c_sh_h[256];
// ON: __syncthreads();
// ON-NEXT: l2c::histogramBytes(key + l2c_begin, l2c_count, l2c_sh_h, (unsigned int)1);
// ON-NEXT: __syncthreads();
// ON: atomicAdd(&h[l2c_bin], (unsigned int)l2c_v);
// ON: L2C_LAUNCH_DISTINCT(l2c_device::bytes_L{{[0-9]+}}, l2c_device::bytes_L{{[0-9]+}}_restrict, {{.*}}, l2c::gridFor(n, 512), 512,
// ON-LABEL: __global__ void ints_L{{[0-9]+}}(
// ON-NOT: histogramBytes
// ON: // histogram-sub-histograms:
// ON: atomicAdd(&l2c_sh_h[l2c_key0 * 16 + l2c_copy], (unsigned int)1);
// OFF-LABEL: __global__ void bytes_L{{[0-9]+}}(
// OFF-NOT: histogramBytes
// OFF: // histogram-sub-histograms:
// OFF: atomicAdd(&l2c_sh_h[l2c_key0 * 16 + l2c_copy], (unsigned int)1);

void bytes(const unsigned char *key, long n, unsigned *h) {
#pragma omp parallel for reduction(+ : h[ : 256])
  for (long i = 0; i < n; ++i)
    h[key[i]]++;
}

void ints(const int *key, long n, unsigned *h) {
#pragma omp parallel for reduction(+ : h[ : 256])
  for (long i = 0; i < n; ++i)
    h[key[i] & 255]++;
}
