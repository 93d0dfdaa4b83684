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
// ON: L2C_LAUNCH(l2c_device::k, {{.*}}, l2c_rs.acc<int>(0, l2c::Sum(), {{.*}}), l2c_rs.counter(0, {{.*}}), l2c_rs.out<int>(0, {{.*}}), l2c_rs.partial<float>(1, l2c_blocks, {{.*}}), l2c_rs.counter(1, {{.*}}), l2c_rs.out<float>(1, {{.*}}));
// ON: s = l2c::combine(l2c::Sum(), s, l2c_rs.read<int>(0, {{.*}}));
// ON-NEXT: f = l2c::combine(l2c::Sum(), f, l2c_rs.read<float>(1, {{.*}}));
// ON-NOT: finishCub

// OFF: // loop2cuda kernel k:
// OFF-NOT: finishAtomic
// OFF-NOT: finishLastBlock
// OFF: s = l2c::combine(l2c::Sum(), s, l2c_rs.finishCub<int>(0, l2c_blocks, l2c::Sum(),
// OFF-NEXT: f = l2c::combine(l2c::Sum(), f, l2c_rs.finishCub<float>(1, l2c_blocks, l2c::Sum(),

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
