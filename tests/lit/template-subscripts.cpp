// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/template-subscripts.cu | FileCheck %s --check-prefix=CU

// A non-type template parameter in a subscript: the instantiations share one
// kernel (Stride is a kernel parameter) but copy different element counts.
// The launch, in the template's source, picks the count of its
// instantiation on the host, where Stride is known (Instantiations.cpp).
template <int Stride>
void gather(const float *in, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i * Stride];
}
// CU: __global__ void gather_L[[#@LINE-3]](long long l2c_begin, long long l2c_count, float *out, const float *in, int Stride) {
// CU: out[i] = in[i * Stride];
// CU: L2C_LAUNCH_DISTINCT(l2c_device::gather_L[[#@LINE-5]], l2c_device::gather_L[[#@LINE-5]]_restrict, {{.*}}, l2c::devWrites(out, n, {{.*}}), l2c::devReads(in, (Stride == 2 ? 2 * n - 1 : 4 * n - 3), {{.*}}), Stride);

// Two parameters: each test names both.
template <int A, int B>
void pick(const float *in, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[A * i + B];
}
// CU: L2C_LAUNCH_DISTINCT(l2c_device::pick_L[[#@LINE-3]], l2c_device::pick_L[[#@LINE-3]]_restrict, {{.*}}, l2c::devReads(in, (A == 1 && B == 0 ? n : (A == 2 && B == 1 ? 2 * n : 3 * n - 1)), {{.*}}), A, B);

// Instantiations that only a type argument tells apart cannot pick a count
// (before, the launch copied the first one's count for both).
template <class T, int S>
void typed(const T *in, float *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i * sizeof(T)];
}
// CHECK: template-subscripts.cpp:[[@LINE-3]]:3: warning: loop not parallelized: the instantiations 'typed<float, 1>' and 'typed<double, 1>' copy different numbers of elements of 'in', and no non-type template argument tells them apart in the one launch (in the instantiation 'typed<float, 1>') [mark-loop]
// CHECK: template-subscripts.cpp:[[@LINE-4]]:3: warning: loop not parallelized: {{.*}} (in the instantiation 'typed<double, 1>') [mark-loop]

struct Pair { float a, b; };

void use(const float *in, float *out, const Pair *pin, int n) {
  gather<2>(in, out, n);
  gather<4>(in, out, n);
  pick<1, 0>(in, out, n);
  pick<2, 1>(in, out, n);
  pick<3, 1>(in, out, n);
  typed<float, 1>(in, out, n);
  typed<double, 1>((const double *)in, out, n);
}
