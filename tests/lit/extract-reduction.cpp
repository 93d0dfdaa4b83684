// RUN: rm -rf %t && %loop2cuda --disable-rule reduce-shared-memory --disable-rule reduce-fewer-branches --disable-rule reduce-sequential-addressing --disable-rule reduce-first-add-on-load --disable-rule reduce-unroll-last-warp --disable-rule reduce-warp-shuffle --disable-rule reduce-grid-stride --disable-rule reduce-single-pass %s -o %t/on -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/on/extract-reduction.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule extract-reduction %s -o %t/off -- -std=c++17 > %t.off 2>&1; test $? -eq 2 && FileCheck %s --check-prefix=OFF < %t.off
// DIAG-NOT: warning

// extract-reduction (paper 3.2): a loop with a reduction becomes a kernel
// with a private accumulator per thread, a grid-stride loop, and the naive
// tree in global memory; the host finishes the partials and combines the
// result with the value s had before the loop.

// ON: // loop2cuda kernel k: from the loop at extract-reduction.cpp:[[@LINE+56]]
// ON-NEXT: // rules: extract-reduction, lower-reduce
// ON-NEXT: __global__ void k(long long l2c_begin, long long l2c_count, const int *a, long long *l2c_partial_s, unsigned long long *l2c_scratch) {
// ON-NEXT:   long long s = (long long)0;
// ON-NEXT:   for (long long l2c_k = (long long)blockIdx.x * blockDim.x + threadIdx.x; l2c_k < l2c_count; l2c_k += (long long)gridDim.x * blockDim.x) {
// ON-NEXT:     int i = l2c_begin + l2c_k * 2;
// ON-NEXT:     s = s + a[i];
// ON-NEXT:   }
// ON-NEXT:   {
// ON-NEXT:     unsigned l2c_tid = threadIdx.x;
// ON-NEXT:     long long l2c_g = (long long)blockIdx.x * blockDim.x + l2c_tid;
// ON-NEXT:     long long *l2c_gbuf = (long long *)l2c_scratch;
// ON-NEXT:     l2c_gbuf[l2c_g] = s;
// ON-NEXT:     __syncthreads();
// ON-NEXT:     for (unsigned l2c_s = 1; l2c_s < blockDim.x; l2c_s *= 2) {
// ON-NEXT:       if (l2c_tid % (2 * l2c_s) == 0) {
// ON-NEXT:         l2c_gbuf[l2c_g] = l2c_gbuf[l2c_g] + l2c_gbuf[l2c_g + l2c_s];
// ON-NEXT:       }
// ON-NEXT:       __syncthreads();
// ON-NEXT:     }
// ON-NEXT:     if (l2c_tid == 0) {
// ON-NEXT:       l2c_partial_s[blockIdx.x] = l2c_gbuf[l2c_g - l2c_tid];
// ON-NEXT:     }
// ON-NEXT:   }
// ON-NEXT: }

// ON: long long total(const int *a, int lo, int hi, long long init) {
// ON-NEXT:   l2c::initDevice();
// ON-NEXT:   l2c::toDevice(a, hi, "extract-reduction.cpp: copy of 'a' to the device");
// ON-NEXT:   long long s = init;
// ON-NEXT:   // loop2cuda: the loop at extract-reduction.cpp:[[LOOP:[0-9]+]] runs on the GPU in 1 pass: k
// ON-NEXT:   {
// ON-NEXT:     const long long l2c_span = (long long)(hi) - (long long)(lo);
// ON-NEXT:     const long long l2c_n = l2c_span > 0 ? (l2c_span + 1) / 2 : 0;
// ON-NEXT:     if (l2c_n > 0) {
// ON-NEXT:       // Device buffers of this loop, kept between its runs.
// ON-NEXT:       static l2c::Scratch l2c_buffers;
// ON-NEXT:       const unsigned l2c_blocks = l2c::reduceGridPerThread(l2c_n, 256, 1, (long long)1 << 20);
// ON-NEXT:       long long *l2c_partial_s = l2c_buffers.get<long long>(0, l2c_blocks, "extract-reduction.cpp:[[LOOP]]");
// ON-NEXT:       unsigned long long *l2c_scratch = l2c_buffers.get<unsigned long long>(1, (long long)l2c_blocks * 256, "extract-reduction.cpp:[[LOOP]]");
// ON-NEXT:       long long *l2c_out_s = l2c_buffers.mapped<long long>(2, "extract-reduction.cpp:[[LOOP]]");
// ON-NEXT:       L2C_LAUNCH(l2c_device::k, "extract-reduction.cpp:[[LOOP]]", l2c_blocks, 256, lo, l2c_n, l2c::dev(a, hi, "extract-reduction.cpp:[[LOOP]]"), l2c_partial_s, l2c_scratch);
// ON-NEXT:       // Reduction s (+)
// ON-NEXT:       l2c::reduceCub(l2c_partial_s, l2c_blocks, l2c::Sum(), l2c_out_s, "extract-reduction.cpp:[[LOOP]]");
// ON-NEXT:       s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s, "extract-reduction.cpp:[[LOOP]]"));
// ON-NEXT:     }
// ON-NEXT:   }
// ON-NEXT:   l2c::release(a, "extract-reduction.cpp: release of 'a'");
// ON-NEXT:   return s;

// Without the rule set the loop is not extracted and cannot be printed.
// OFF: error: {{.*}}ParallelLoop

long long total(const int *a, int lo, int hi, long long init) {
  long long s = init;
#pragma loop2cuda parallel name(k) reduction(+:s)
  for (int i = lo; i < hi; i += 2)
    s += a[i];
  return s;
}
