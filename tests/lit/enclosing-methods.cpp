// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/enclosing-methods.cu | FileCheck %s --check-prefix=CU

// A method of the enclosing object called in a marked loop of a member
// function (implicit this): the kernel takes the object by value, as
// l2c_this, and the launch passes *this (docs/cxx.md).
#include <vector>

struct Scaler {
  float k, b;
  float scale(float x) const { return k * x + b; }
  float twice(float x) { return 2 * x; } // not const, writes nothing
  void bump(float x) { k += x; }
  void run(const float *in, float *out, int n);
  void runBump(float *out, int n);
};

// CU: __device__ float Scaler_scale(const Scaler &l2c_self, float x) {
// CU-NEXT: return l2c_self.k * x + l2c_self.b;
// CU: __device__ float Scaler_twice(float x) {
// CU: __global__ void run_L[[#@LINE+5]](long long l2c_begin, long long l2c_count, float *out, Scaler l2c_this, const float *in) {
// CU: out[i] = Scaler_scale(l2c_this, in[i]) + Scaler_twice(in[i]);
// CU: L2C_LAUNCH_DISTINCT(l2c_device::run_L[[#@LINE+3]], l2c_device::run_L[[#@LINE+3]]_restrict, {{.*}}, l2c::devWrites(out, n, {{.*}}), *this, l2c::dev(in, n,
void Scaler::run(const float *in, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = scale(in[i]) + twice(in[i]);
}

// A method that changes the object would change the kernel's copy only.
void Scaler::runBump(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    bump(out[i]);
// CHECK: enclosing-methods.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'Scaler::bump' on the enclosing object cannot run on the device: 'Scaler::bump' may change the object, and the kernel has a copy of it (declare it const if it does not) [device-call]
}

// The device code goes before the class of a method defined inside it.
struct Inside {
  float k;
  float scale(float x) const { return k * x; }
  void run(float *out, int n) {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      out[i] = scale(out[i]);
// CHECK: enclosing-methods.cpp:[[@LINE-2]]:5: warning: loop not parallelized: call to 'Inside::scale' on the enclosing object cannot run on the device: 'run' is defined inside 'Inside', and its kernel, which comes before 'Inside', cannot take the object; define 'run' after the class (Inside::run) [device-call]
  }
};

// An object that cannot travel as its bytes: a pointer into host memory.
struct Holder {
  float *data;
  float get(int i) const { return data[i]; }
  void run(float *out, int n);
};
void Holder::run(float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = get(i);
// CHECK: enclosing-methods.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'Holder::get' on the enclosing object cannot run on the device: the kernel would take the object by value, and the member 'data' of 'Holder' points into host memory [device-call]
}

void use(Scaler &s, Inside &in, Holder &h, float *a, float *b, int n) {
  s.run(a, b, n);
  s.runBump(b, n);
  in.run(a, n);
  h.run(a, n);
}
