// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/cxx-pairs.cu | FileCheck %s --check-prefix=CU

// A std::pair of two numbers travels as its bytes (std::pair is not
// trivially copyable: its operator= is the user's kind); the kernel reads
// and writes p.first and p.second. Assigning a whole pair calls that
// operator=, a host function: rejected by name.
#include <utility>
#include <vector>

// CU-LABEL: __global__ void weights_L{{[0-9]+}}(
// CU: w[i] = e[i].first * 10 + e[i].second;
void weights(const std::vector<std::pair<int, int>> &e, std::vector<int> &w) {
#pragma omp parallel for
  for (int i = 0; i < (int)e.size(); i++)
    w[i] = e[i].first * 10 + e[i].second;
}

// CU-LABEL: __global__ void members_L{{[0-9]+}}(
// CU: p[i].first = i;
void members(std::vector<std::pair<int, float>> &p) {
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); i++) {
    p[i].first = i;
    p[i].second *= 2;
  }
}

// CHECK: cxx-pairs.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: call to 'std::pair<int, int>::operator=' cannot run on the device
void whole(std::vector<std::pair<int, int>> &e) {
#pragma omp parallel for
  for (int i = 0; i < (int)e.size(); i++)
    e[i] = std::make_pair(i, i + 1);
}
