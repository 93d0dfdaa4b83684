// RUN: rm -rf %t && %loop2cuda --verify %s -o %t -- -std=c++17
// RUN: %nochecks %t/scale_add_verify.cu | FileCheck %s

// --verify writes a harness per kernel that runs the original loop on the
// CPU and the kernel on the GPU over the same inputs and compares them.
// CHECK: // loop2cuda verification harness for kernel scale_add (the loop at verify.cpp:[[@LINE+20]])
// CHECK: __global__ void scale_add(
// CHECK: static void l2c_cpu_loop(long long l2c_begin, long long l2c_count, float *y, float a, const float *x, int n) {
// CHECK-NEXT:   for (long long l2c_k = 0; l2c_k < l2c_count; ++l2c_k) {
// CHECK-NEXT:     int i = l2c_begin + l2c_k;
// CHECK-NEXT:     y[i] = a * x[i] + x[n - 1 - i];
// CHECK: int main() {
// The iterations run from l2c_B, so that i - 1 or n - 1 - i stay inside the
// arrays; the bound n gets l2c_B plus the trip count, other scalars random
// values. Arrays go whole: plain l2c::dev, not the program's devWrites.
// CHECK: const long long l2c_B = 2048;
// CHECK: l2c::fillRandom(x_cpu.data(), l2c_M, l2c_seed++);
// CHECK: int n = (int)(l2c_B + l2c_N);
// CHECK: l2c_cpu_loop(l2c_B, l2c_N, y_cpu.data(), a, x_cpu.data(), n);
// CHECK: L2C_LAUNCH_DISTINCT(l2c_device::scale_add, l2c_device::scale_add_restrict, "verify.cpp:{{[0-9]+}}", l2c::gridFor((long long)(l2c_B + l2c_N) - (long long)l2c_B, 256), 256, l2c_B, (long long)(l2c_B + l2c_N) - (long long)l2c_B,
// CHECK-SAME: l2c::dev(y, l2c_M, {{.*}}), a, l2c::dev(x, l2c_M, {{.*}}), n);
// CHECK: Ok &= l2c::compareClose(y_gpu.data(), y_cpu.data(), l2c_M, 1e-5, "y");
// CHECK: Ok ? "PASS" : "FAIL"
void f(int n, float a, const float *x, float *y) {
#pragma loop2cuda parallel name(scale_add) copyin(x[0:n]) copy(y[0:n])
  for (int i = 0; i < n; ++i)
    y[i] = a * x[i] + x[n - 1 - i];
}
