// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/entered-data.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule entered-data %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF-DIAG
// RUN: %nochecks %t/entered-data.cu | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -DWITH_IF 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IF-DIAG
// RUN: %nochecks %t/entered-data.cu | FileCheck %s --check-prefix=OFF

// Standalone `target enter data` / `exit data` / `update` in different
// functions, as BabelStream's OMPStream writes them: the constructor enters
// the arrays, the methods run kernels on them, the destructor exits them
// and frees them (rule set entered-data, docs/data-regions.md).
#include <cstdlib>

template <class T> struct Stream {
  T *a, *b;
  long n;
  Stream(long n_) : n(n_) {
    a = (T *)std::malloc(sizeof(T) * n);
    b = (T *)std::malloc(sizeof(T) * n);
    T *a = this->a, *b = this->b;
#pragma omp target enter data map(alloc: a[0:n], b[0:n])
    {}
  }
  ~Stream() {
    T *a = this->a, *b = this->b;
#pragma omp target exit data map(release: a[0:n], b[0:n])
    {}
    std::free(a);
    std::free(b);
  }
  void init(T x) {
    T *a = this->a, *b = this->b;
#pragma omp target teams distribute parallel for simd
    for (long i = 0; i < n; i++) {
      a[i] = x;
      b[i] = 2 * x;
    }
  }
  void add() {
    T *a = this->a, *b = this->b;
#pragma omp target teams distribute parallel for simd
    for (long i = 0; i < n; i++)
      a[i] += b[i];
  }
  T first() {
    T *a = this->a;
#pragma omp target update from(a[0:n])
    return a[0];
  }
  void setSome(T x) {
    T *b = this->b;
    for (int i = 2; i < 7; i++)
      b[i] = x;
#ifdef WITH_IF
#pragma omp target update to(b[2:5]) if(n > 0)
#else
#pragma omp target update to(b[2:5])
#endif
  }
};

double g[100];
double readG() {
#pragma omp target update from(g)
  return g[3];
}

int main() {
  Stream<float> f(1 << 20);
  Stream<double> d(1 << 20);
  f.init(1);
  d.init(1);
  f.add();
  d.add();
  f.setSome(3);
  return f.first() == 3 && d.first() == 3 && readG() == 0 ? 0 : 1;
}

// One remark at each `enter data`, once for both instantiations.
// DIAG: entered-data.cpp:24:1: remark: 'a', 'b' stay on the device until their 'target exit data': as OpenMP specifies, host code in between sees the kernels' results after 'target update from', and kernels see the host's writes after 'target update to' (docs/data-regions.md) [entered-data]
// DIAG-NOT: remark: {{.*}}[entered-data]

// The template's source is printed once.
// CHECK-LABEL: Stream(long n_) : n(n_) {
// CHECK:         l2c::hold(a, "entered-data.cpp: hold of 'a'");
// CHECK-NEXT:    l2c::hold(b, "entered-data.cpp: hold of 'b'");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target enter data map(alloc: a[0:n], b[0:n])
// CHECK-NEXT:    {}
// The destructor frees the arrays right after: no copy back.
// CHECK-LABEL: ~Stream() {
// CHECK:         // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target exit data map(release: a[0:n], b[0:n])
// CHECK-NEXT:    l2c::unholdUnread(b, "entered-data.cpp: unhold of 'b', whose host copy is not read again");
// CHECK-NEXT:    l2c::unholdUnread(a, "entered-data.cpp: unhold of 'a', whose host copy is not read again");
// CHECK-NEXT:    {}
// CHECK-NEXT:    std::free(a);
// The kernels' own copies stay; the holds make them skip or wait.
// CHECK-LABEL: void add() {
// CHECK:         l2c::toDevice(a, n,
// CHECK:         l2c::toHost(a, n,
// CHECK-LABEL: T first() {
// CHECK:         l2c::updateHost(a, 0, n, "entered-data.cpp: update of 'a' on the host");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target update from(a[0:n])
// CHECK-NEXT:    return a[0];
// CHECK-LABEL: void setSome(T x) {
// CHECK:         // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target update to(b[2:5])
// CHECK-NEXT:    l2c::updateDevice(b, 2, 5, "entered-data.cpp: update of 'b' on the device");
// A whole array: its extent from sizeof.
// CHECK-LABEL: double readG() {
// CHECK:         l2c::updateHost(g, 0, sizeof(g) / sizeof((g)[0]), "entered-data.cpp: update of 'g' on the host");

// With the rule set off, the directives stay as written, each with a remark.
// OFF-DIAG: entered-data.cpp:24:1: remark: the data directive has no effect here: rule set entered-data did not run; loop2cuda moves the data its kernels use itself and keeps the host's copy current [entered-data]
// OFF-DIAG: entered-data.cpp:29:1: remark: the data directive has no effect here
// OFF-NOT: l2c::hold
// OFF-NOT: l2c::update
// OFF: #pragma omp target enter data map(alloc: a[0:n], b[0:n])
// OFF: #pragma omp target exit data map(release: a[0:n], b[0:n])
// OFF: #pragma omp target update from(a[0:n])

// An `if` clause on one directive: the runtime finds arrays by address, so
// no directive of the file is followed.
// IF-DIAG: entered-data.cpp:24:1: remark: '#pragma omp target enter data' has no effect here: loop2cuda moves the data its kernels use itself and keeps the host's copy current, since it cannot follow the directive at line 58 (its 'if' clause) (docs/data-regions.md) [mark-loop]
// IF-DIAG-NOT: [entered-data]
