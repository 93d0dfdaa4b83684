// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s

// A loop that calls a non-const member function on an object (LULESH's
// accessors, `domain.p(i) = ...`) may change the object in every
// iteration: the warning names the call instead of calling the object a
// scalar.
#include <vector>

class Domain {
public:
  explicit Domain(int n) : m_e(n), m_p(n), m_n(n) {}
  int numElem() const { return m_n; }
  double &e(int i) { return m_e[i]; }
  double &p(int i) { return m_p[i]; }

private:
  std::vector<double> m_e, m_p;
  int m_n;
};

// CHECK: method-writes.cpp:[[#@LINE+5]]:3: warning: loop not parallelized: 'domain.p(i)' calls 'p', a member function of 'domain' that is not const, so every iteration may change 'domain' (loop2cuda does not look into methods that return a reference to a member, as LULESH's accessors do: index the member itself) [dependence]
// CHECK: method-writes.cpp:[[#@LINE+5]]:12: note: found here
void pressure(Domain &domain, double c) {
  int n = domain.numElem();
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    domain.p(i) = c * domain.e(i);
}

// The bound reads the object: the warning says why it may change.
// CHECK: method-writes.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: the loop bound may change in the loop: 'domain.e(i)' calls 'e', a member function of 'domain' that is not const
void energy(Domain &domain, std::vector<double> &work) {
#pragma omp parallel for
  for (int i = 0; i < domain.numElem(); ++i)
    work[i] = domain.e(i) * 2.0;
}
