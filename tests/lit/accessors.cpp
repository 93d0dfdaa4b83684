// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/accessors.cu | FileCheck %s

// LULESH keeps its fields in private members behind accessors that return
// a reference to one element. A call obj.e(k) of such an accessor is the
// element k of an array whose first element the host reaches as
// &obj.e(0): the kernel takes it as a pointer, the host never names the
// private member.
#include <vector>

typedef double Real_t;
typedef int Index_t;

class Domain {
public:
  explicit Domain(Index_t n) : m_e(n), m_p(n), m_n(n) {}
  Index_t numElem() const { return m_n; }
  Real_t &e(Index_t idx) { return m_e[idx]; }
  Real_t &p(Index_t idx) { return m_p[idx]; }
  const Real_t &q(Index_t idx) const { return m_q[idx]; }
  Real_t r(Index_t idx) const { return m_q[idx]; }
  void touch(Index_t idx) { m_p[idx] = m_e[idx] + 1.0; }

private:
  std::vector<Real_t> m_e, m_p;
  Real_t *m_q = new Real_t[64];
  Index_t m_n;
};

// CHECK-LABEL: __global__ void pressure_L{{[0-9]+}}(
// CHECK-SAME:    double *domain_p, double c, const double *domain_e, const double *domain_q)
// CHECK:         domain_p[i] = c * domain_e[i] + domain_q[i];
// CHECK-LABEL: void pressure(
// CHECK:         l2c::toDevice((&domain.e(0)), numElem,
// CHECK:         l2c::toHost((&domain.p(0)), numElem,
void pressure(Domain &domain, Real_t c) {
  Index_t numElem = domain.numElem();
#pragma omp parallel for
  for (Index_t i = 0; i < numElem; ++i)
    domain.p(i) = c * domain.e(i) + domain.q(i);
}

// The bound reads the object through a const method: it does not change.
// CHECK-LABEL: __global__ void energy_L{{[0-9]+}}(
// CHECK:         work[i] = domain_e[i] * 2.0;
void energy(Domain &domain, std::vector<Real_t> &work) {
#pragma omp parallel for
  for (Index_t i = 0; i < domain.numElem(); ++i)
    work[i] = domain.e(i) * 2.0;
}

// The dependence test sees the elements.
// DIAG: accessors.cpp:[[#@LINE+4]]:3: warning: loop not parallelized: iterations are not independent
void recurrence(Domain &domain) {
  Index_t n = domain.numElem();
#pragma omp parallel for
  for (Index_t i = 1; i < n; ++i)
    domain.p(i) = domain.p(i - 1) + domain.e(i);
}

// An accessor that returns the value, not a reference, gives the host no
// pointer: the call is a method of the object, which cannot go to the
// device.
// DIAG: accessors.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: 'domain' cannot be passed to the device: the member 'm_e' of 'Domain' owns host memory or is not trivially copyable [extract-kernel]
void values(Domain &domain, std::vector<Real_t> &out) {
#pragma omp parallel for
  for (Index_t i = 0; i < 64; ++i)
    out[i] = domain.r(i);
}

// A method that is not an accessor may change any member: the warning
// names the call.
// DIAG: accessors.cpp:[[#@LINE+5]]:3: warning: loop not parallelized: 'domain.touch(i)' calls 'touch', a member function of 'domain' that is not const, so every iteration may change 'domain' (of methods, loop2cuda reads only element accessors, `T &e(int i) { return m[i]; }`, as arrays) [dependence]
// DIAG: accessors.cpp:[[#@LINE+5]]:12: note: found here
void touchAll(Domain &domain) {
  Index_t n = domain.numElem();
#pragma omp parallel for
  for (Index_t i = 0; i < n; ++i)
    domain.touch(i);
}
