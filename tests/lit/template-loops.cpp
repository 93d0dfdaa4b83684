// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/template-loops.cu | FileCheck %s --check-prefix=CU

// A marked loop in a template is translated for each instantiation the file
// uses: the kernels are overloads of one name, so the one launch in the
// template's source picks the right one. A non-type template parameter
// becomes a kernel parameter, so its instantiations share one kernel.
// CU: __global__ void scale_L[[#@LINE+10]](long long l2c_begin, long long l2c_count, float *a) {
// CU: __global__ void scale_L[[#@LINE+9]](long long l2c_begin, long long l2c_count, int *a) {
// CU-NOT: __global__
// CU-LABEL: template <class T> void scale(int n, T *__restrict__ a) {
// CU-NEXT: l2c::initDevice();
// CU-NEXT: l2c::toDevice(a, n,
// CU-NEXT: // loop2cuda: the loop at template-loops.cpp:[[#@LINE+4]] runs on the GPU as scale_L[[#@LINE+4]]
// CU-NEXT: L2C_LAUNCH(l2c_device::scale_L[[#@LINE+3]],
template <class T> void scale(int n, T *__restrict__ a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] *= 2;
}

// CU: __global__ void fill_L[[#@LINE+7]](long long l2c_begin, long long l2c_count, float *a, int N) {
// CU-NEXT: for (long long l2c_k
// CU-NEXT: int i = l2c_begin + l2c_k;
// CU-NEXT: a[i] = N * i;
// CU-NOT: __global__
template <int N> void fill(float *a) {
#pragma omp parallel for
  for (int i = 0; i < N; ++i)
    a[i] = N * i;
}
// CU-LABEL: template <int N> void fill(float *a) {
// CU: L2C_LAUNCH(l2c_device::fill_L{{[0-9]+}}, "template-loops.cpp:{{[0-9]+}}", l2c::gridFor(N, 256), 256, 0, N, l2c::devWrites(a, N, 0, N, "template-loops.cpp:{{[0-9]+}}"), N);

// Inside a parallel region of a class template's method.
// CU: __global__ void shift_L[[#@LINE+6]](
template <class T> struct Shifter {
  void shift(int n, T *__restrict__ a, const T *__restrict__ b) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < n; i++)
        a[i] = b[i] + 1;
    }
  }
};

// A template that the file never instantiates has nothing to translate.
// CHECK: template-loops.cpp:[[@LINE+2]]:1: warning: the loop of '#pragma omp parallel for' is in a template that this file never instantiates; there is nothing to translate [mark-loop]
template <class T> void unused(int n, T *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = 0;
}

// One instantiation that cannot be translated keeps every instantiation on
// the CPU: they share the loop's source.
template <class T> void copyTo(int n, T *__restrict__ a, const T *__restrict__ b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = b[i];
}
// CHECK-DAG: template-loops.cpp:[[@LINE-3]]:3: warning: loop not parallelized: call to 'Virt::operator=' cannot run on the device (in the instantiation 'copyTo<Virt>') [extract-kernel]
// CHECK-DAG: template-loops.cpp:[[@LINE-4]]:3: warning: loop not parallelized: the instantiation 'copyTo<Virt>' stays on the CPU, and the instantiations share the loop's source (in the instantiation 'copyTo<float>') [mark-loop]
struct Virt {
  virtual ~Virt() = default;
  float v;
};

void use(int n, float *a, int *b, const float *c, Virt *v, const Virt *w) {
  scale(n, a);
  scale(n, b);
  fill<4>(a);
  fill<8>(a);
  Shifter<float>().shift(n, a, c);
  copyTo(n, a, c);
  copyTo(n, v, w);
}
