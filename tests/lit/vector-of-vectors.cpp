// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=GEN < %t/vector-of-vectors.cu

// A vector of vectors of values runs on the GPU (tests/lit/vector-rows.cpp);
// a vector of strings or of std::vector<bool> stays on the CPU, and the
// warning names the element type and the way out, not the library's
// members (it said "the member '_M_impl' of '_Vector_base' owns host
// memory").
#include <string>
#include <vector>

// GEN: __global__ void scaleRows_L{{[0-9]+}}(long long l2c_begin, long long l2c_count, int n, double *const *rows)
// GEN: l2c::toDevice(l2c::rowsOf(rows), rows.size(),
void scaleRows(std::vector<std::vector<double>> &rows, int n) {
#pragma omp parallel for
  for (int r = 0; r < (int)rows.size(); ++r)
    for (int c = 0; c < n; ++c)
      rows[r][c] *= r;
}

// std::vector<bool> packs bits: its references are host classes.
// CHECK: vector-of-vectors.cpp:[[@LINE+3]]:3: warning: loop not parallelized: call to 'std::_Bit_reference::operator=' cannot run on the device
void clearFlags(std::vector<std::vector<bool>> &flags, int n) {
#pragma omp parallel for
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c)
      flags[r][c] = false;
}

// CHECK: vector-of-vectors.cpp:[[@LINE+3]]:3: warning: loop not parallelized: call to 'std::basic_string<char>::operator[]' cannot run on the device
void firstLetters(std::vector<std::string> &names, std::vector<char> &out, int n) {
#pragma omp parallel for
  for (int r = 0; r < n; ++r)
    out[r] = names[r][0];
}
