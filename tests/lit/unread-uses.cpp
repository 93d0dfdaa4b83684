// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:

// An array the loop writes and also reaches in ways the dependence test
// cannot read: which elements each iteration touches is not known, so the
// loop stays on the CPU (Dependences.cpp). Before, each went to the GPU
// with the remark 'assuming iterations are independent' although the file
// shows the dependence (found by a helper's hunt).

// A pointer derived from a derived pointer.
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'a' is used other than through a subscript, so the elements each iteration touches are not known, and the loop {{.*}} [dependence]
void derived(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
    double *p = a + i * m;
    double *q = p - m;
    for (int j = 0; j < m; j++)
      p[j] = q[j] * 0.5 + 1.0;
  }
}

// A pointer that walks.
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'a' is used other than through a subscript{{.*}} [dependence]
void walking(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
    double *p = a + i * m;
    for (int j = 0; j < m; j++) {
      *p = *(p - m) * 0.5 + 1.0;
      p++;
    }
  }
}

// A helper that hands the array to another, one that loops over it.
static double h2(const double *a, int i) { return a[i - 1] * 0.5; }
static double h1(const double *a, int i) { return h2(a, i) + 1.0; }
static double window(const double *a, int i) {
  double s = 0;
  for (int k = 1; k <= 3; k++)
    if (i - k >= 0)
      s += a[i - k];
  return s;
}
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'a' is used other than through a subscript{{.*}} [dependence]
void nested(double *a, int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = h1(a, i);
}
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'a' is used other than through a subscript{{.*}} [dependence]
void windows(double *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = window(a, i) * 0.25 + 1.0;
}

// The same helper reading another array is fine: its elements are only
// read (a `T *` parameter that the helper never writes through counts as
// `const T *`).
static double peek(double *a, int i) { return a[i] + a[i + 1]; }
static double sum3(double *a, int i) {
  double s = 0;
  for (int k = 0; k < 3; k++)
    s += a[i + k];
  return s;
}
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: remark: the subscripts give no count of 'in'{{.*}} [extract-kernel]
void reads(double *__restrict__ out, double *__restrict__ in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = peek(in, i) + sum3(in, i);
}

// An array member reached through a struct pointer.
struct G {
  double a[256];
  int n = 256;
};
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'g' is used other than through a subscript{{.*}} [dependence]
void member_array(G *g) {
#pragma omp parallel for
  for (int i = 1; i < g->n; i++)
    g->a[i] = g->a[i - 1] * 0.5 + 1.0;
}

// A method that hands out a reference into the object, called on the
// object of a member function whose kernel would take a copy of it.
struct H {
  double a[256];
  int n = 256;
  double &at(int i) { return a[i]; }
  void scale();
};
// CHECK: unread-uses.cpp:[[@LINE+3]]:3: warning: loop not parallelized: call to 'H::at' on the enclosing object cannot run on the device: 'H::at' may change the object, and the kernel has a copy of it (declare it const if it does not) [device-call]
void H::scale() {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    at(i) = at(i) * 0.5 + 1.0;
}

// A lambda that uses a static local of the function around it (no
// capture): its device function could not name it.
// CHECK: unread-uses.cpp:[[@LINE+5]]:3: warning: loop not parallelized: lambda 'f' uses 'a', a static local of the function around it, which its device function cannot name [extract-kernel]
double static_local(int n) {
  static double a[1000];
  auto f = [&](int i) { a[i] = a[i - 1] * 0.5 + 1.0; };
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    f(i);
  return a[n - 1];
}
