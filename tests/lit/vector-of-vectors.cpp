// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// A vector of vectors stays on the CPU; the warning names the element type
// and the way out, not the library's members (it said "the member
// '_M_impl' of '_Vector_base' owns host memory").
#include <vector>

// CHECK: vector-of-vectors.cpp:[[@LINE+3]]:3: warning: loop not parallelized: 'rows' has elements of type 'std::vector<double>', which own host memory and cannot be copied to the device; store the data in one flat array (v[r * n + c]) [extract-kernel]
void scaleRows(std::vector<std::vector<double>> &rows, int n) {
#pragma omp parallel for
  for (int r = 0; r < (int)rows.size(); ++r)
    for (int c = 0; c < n; ++c)
      rows[r][c] *= r;
}
