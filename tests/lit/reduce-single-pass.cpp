// RUN: rm -rf %t && %loop2cuda %s -o %t/on -- -std=c++17
// RUN: %nochecks %t/on/reduce-single-pass.cu | FileCheck %s --check-prefix=ON
// RUN: %loop2cuda --disable-rule reduce-single-pass %s -o %t/off -- -std=c++17
// RUN: %nochecks %t/off/reduce-single-pass.cu | FileCheck %s --check-prefix=OFF

// reduce-single-pass: no second pass. The integer sum is exact in any order,
// so blocks add into a device accumulator with an atomic; the float sum keeps
// its partials and the last block folds them in a fixed order. Both write the
// result to a slot the host reads (l2c_out_<s>), with no copy back.

// ON: // loop2cuda kernel k:
// ON: reduce-warp-shuffle, reduce-single-pass, lower-reduce
// ON-NEXT: __global__ void k(long long l2c_begin, long long l2c_count, const int *a, const float *x, int *l2c_acc_s, unsigned *l2c_counter_s, int *l2c_out_s, float *l2c_partial_f, unsigned *l2c_counter_f, float *l2c_out_f) {
// ON: l2c::finishAtomic(l2c::Sum(), l2c_acc_s, l2c_counter_s, l2c_out_s, l2c_v);
// ON: l2c_partial_f[blockIdx.x] = l2c_v;
// ON: l2c::finishLastBlock(l2c::Sum(), l2c_partial_f, l2c_counter_f, l2c_out_f);
// The accumulator and counters start at the identity and zero, once; the
// kernel puts them back for the next run.
// ON: int *l2c_acc_s = l2c_buffers.init<int>(0, 1, (int)0, {{.*}});
// ON-NEXT: unsigned *l2c_counter_s = l2c_buffers.init<unsigned>(1, 1, 0, {{.*}});
// ON-NEXT: int *l2c_out_s = l2c_buffers.mapped<int>(2, {{.*}});
// ON-NEXT: float *l2c_partial_f = l2c_buffers.get<float>(3, l2c_blocks, {{.*}});
// ON-NEXT: unsigned *l2c_counter_f = l2c_buffers.init<unsigned>(4, 1, 0, {{.*}});
// ON-NEXT: float *l2c_out_f = l2c_buffers.mapped<float>(5, {{.*}});
// ON-NEXT: L2C_LAUNCH(l2c_device::k, {{.*}}, l2c_acc_s, l2c_counter_s, l2c_out_s, l2c_partial_f, l2c_counter_f, l2c_out_f);
// ON-NEXT: // Reduction s (+)
// ON-NEXT: s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s, {{.*}}));
// ON-NEXT: // Reduction f (+)
// ON-NEXT: f = l2c::combine(l2c::Sum(), f, l2c::readMapped(l2c_out_f, {{.*}}));
// ON-NOT: reduceCub

// OFF: // loop2cuda kernel k:
// OFF-NOT: finishAtomic
// OFF-NOT: finishLastBlock
// OFF: l2c::reduceCub(l2c_partial_s, l2c_blocks, l2c::Sum(), l2c_out_s,
// OFF-NEXT: s = l2c::combine(l2c::Sum(), s, l2c::readMapped(l2c_out_s,
// OFF: l2c::reduceCub(l2c_partial_f, l2c_blocks, l2c::Sum(), l2c_out_f,
// OFF-NEXT: f = l2c::combine(l2c::Sum(), f, l2c::readMapped(l2c_out_f,

void sums(const int *a, const float *x, int n, int &s_out, float &f_out) {
  int s = 0;
  float f = 0;
#pragma loop2cuda parallel name(k) reduction(+:s, f)
  for (int i = 0; i < n; ++i) {
    s += a[i];
    f += x[i];
  }
  s_out = s;
  f_out = f;
}
