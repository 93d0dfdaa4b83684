// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/device-lambdas.cu | FileCheck %s --check-prefix=FN
// RUN: %nochecks %t/device-lambdas.cu | FileCheck %s --check-prefix=KERN
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// A lambda called in a marked loop becomes a __device__ function named
// after its variable; each capture (a scalar, by value or by reference
// when the lambda only reads it) is a parameter that the call passes.

// FN: namespace l2c_device {
// KERN: namespace l2c_device {

void captureless(float *v, int n) {
  auto sq = [](float a) { return a * a; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = sq(v[i]);
}
// FN:      __device__ float l2c_lambda_sq(float a) {
// FN-NEXT:   return a * a;
// FN-NEXT: }
// KERN:      __global__ void captureless_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, float *v) {
// KERN:        v[i] = l2c_lambda_sq(v[i]);

// Captures by value and by reference (only read): the kernel gets k and
// passes it on.
void captures(float *v, int n, float k, int m) {
  auto scale = [k](float a) { return a * k; };
  auto shift = [&](float a) { return a + m; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = shift(scale(v[i]));
}
// FN:      __device__ float l2c_lambda_scale(float a, float k) {
// FN:      __device__ float l2c_lambda_shift(float a, int m) {
// FN-NEXT:   return a + m;
// KERN:      __global__ void captures_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, float *v, float k, int m) {
// KERN:        v[i] = l2c_lambda_shift(l2c_lambda_scale(v[i], k), m);

// A lambda declared in the body captures the iteration's values; its
// declaration leaves nothing in the kernel. A second 'scale' gets a number.
void inBody(float *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    float t = v[i];
    auto scale = [t](float a) { return a * t; };
    v[i] = scale(2.0f);
  }
}
// FN:      __device__ float l2c_lambda_scale_2(float a, float t) {
// KERN:      __global__ void inBody_L{{[0-9]+}}(
// KERN-NEXT:   for (
// KERN-NEXT:     int i = l2c_begin + l2c_k;
// KERN-NEXT:     float t = v[i];
// KERN-NEXT:     v[i] = l2c_lambda_scale_2(2.0f, t);

// A generic lambda: one overload per type it is called with. A constant
// that the lambda names without capturing it becomes its value. A
// reference parameter writes the caller's element.
void generic(float *x, int *y, int n) {
  const int K = 7;
  auto twice = [](auto a) { return a + a; };
  auto rem = [](int a) { return a % K; };
  auto inc = [](float &a) { a += 1.0f; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    x[i] = twice(x[i]);
    y[i] = rem(twice(y[i]));
    inc(x[i]);
  }
}
// FN-DAG:  __device__ float l2c_lambda_twice(float a) {
// FN-DAG:  __device__ int l2c_lambda_twice(int a) {
// FN-DAG:  __device__ int l2c_lambda_rem(int a) {
// FN-DAG:    return a % 7;
// FN-DAG:  __device__ void l2c_lambda_inc(float &a) {
// KERN:      __global__ void generic_L{{[0-9]+}}(
// KERN:        x[i] = l2c_lambda_twice(x[i]);
// KERN-NEXT:   y[i] = l2c_lambda_rem(l2c_lambda_twice(y[i]));
// KERN-NEXT:   l2c_lambda_inc(x[i]);

// A lambda calling a captureless lambda that it captures.
void nested(float *v, int n, float k) {
  auto sq = [](float a) { return a * a; };
  auto f = [&](float a) { return sq(a) + k; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = f(v[i]);
}
// FN:      __device__ float l2c_lambda_f(float a, float k) {
// FN-NEXT:   return l2c_lambda_sq_2(a) + k;
// KERN:      __global__ void nested_L{{[0-9]+}}(
// KERN:        v[i] = l2c_lambda_f(v[i], k);
// KERN:      } // namespace l2c_device

// What stays on the CPU.
void rejected(float *v, const float *w, int n) {
  float s = 0;
  auto acc = [&](float a) { s = a; return a; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = acc(v[i]);
// DIAG: device-lambdas.cpp:[[@LINE-2]]:3: warning: loop not parallelized: lambda 'acc' writes 's', which it captures by reference; its device copy gets the value only [extract-kernel]

  float k = 2;
  auto f = [k](float a) { return a * k; };
  k = 3;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = f(v[i]);
// DIAG: device-lambdas.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'k' may change after lambda 'f' captures it by value (line [[@LINE-4]]); the device function would get the newer value [extract-kernel]

  auto get = [w](int j) { return w[j]; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = get(i);
// DIAG: device-lambdas.cpp:[[@LINE-2]]:3: warning: loop not parallelized: lambda 'get' captures 'w', which is not a number; lambdas on the device capture scalars only (pass arrays' elements as arguments) [extract-kernel]

  int c = 0;
  auto count = [c](float a) mutable { return a + ++c; };
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    v[i] = count(v[i]);
// DIAG: device-lambdas.cpp:[[@LINE-2]]:3: warning: loop not parallelized: mutable lambda 'count' changes its copy of 'c' [extract-kernel]
}
