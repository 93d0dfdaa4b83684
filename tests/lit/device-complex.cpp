// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-complex.cu | FileCheck %s --check-prefix=CU

// std::complex<float|double> in kernels runs as l2c::complex<T>
// (runtime/loop2cuda_math.cuh), which has std::complex's layout: a kernel
// parameter that holds std::complex values is seen through l2c::cx(...)
// (docs/device-library.md).
#include <complex>
#include <vector>

using cf = std::complex<float>;

std::complex<double> rot(const std::complex<double> &z, double t) {
  return z * std::polar(1.0, t);
}

// CU-LABEL: __global__ void arith_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, const std::complex<float> *b, std::complex<float> k, std::complex<float> *a, float *r) {
// CU: l2c::complex<float> z = l2c::cx(b)[i] * l2c::cx(k) + l2c::complex<float>(1.0f, 2.0f);
// CU-NEXT: z += 2.0f;
// CU-NEXT: l2c::cx(a)[i] = z / l2c::cx(b)[i] - l2c::conj(z);
// CU-NEXT: r[i] = l2c::abs(z) + l2c::real(z) * l2c::norm(l2c::cx(b)[i]) + l2c::imag(z) + l2c::arg(-z);
// CU-NEXT: l2c::cx(a)[i].im = r[i];
void arith(std::vector<cf> &a, const std::vector<cf> &b, cf k, float *r,
           int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    cf z = b[i] * k + cf(1.0f, 2.0f);
    z += 2.0f;
    a[i] = z / b[i] - std::conj(z);
    r[i] = std::abs(z) + z.real() * std::norm(b[i]) + std::imag(z) +
           std::arg(-z);
    a[i].imag(r[i]);
  }
}

// CU: __device__ l2c::complex<double> rot(const l2c::complex<double> &z, double t) {
// CU-NEXT: return z * l2c::polar<double>(1.0, t);
// CU-LABEL: __global__ void rotate_L{{[0-9]+}}(
// CU: l2c::cx(w)[i] = l2c_device::rot(l2c::complex<double>(l2c::cx(v)[i]), t) + l2c::exp(l2c::complex<double>(0, t));
void rotate(const cf *v, std::complex<double> *w, double t, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    w[i] = rot(std::complex<double>(v[i]), t) + std::exp(std::complex<double>{0, t});
}

// The functions of <complex> that l2c::complex does not repeat are named.
void roots(std::complex<double> *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = std::sqrt(a[i]);
// CHECK: device-complex.cpp:[[@LINE-2]]:3: warning: loop not parallelized: call to 'std::sqrt' on std::complex cannot run on the device: of std::complex, kernels have + - * /, real, imag, abs, arg, norm, conj, polar and exp [device-call]
}
