// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17
// RUN: %nochecks %t/simplify-kernel.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map --disable-rule simplify-kernel %s -o %t -- -std=c++17
// RUN: %nochecks %t/simplify-kernel.cu | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map --disable-rule mul-one-right %s -o %t -- -std=c++17
// RUN: %nochecks %t/simplify-kernel.cu | FileCheck %s --check-prefix=OFF
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// extract-kernel writes the index as l2c_begin + l2c_k * step; with a step
// of 1, simplify-kernel drops the multiplication.
// CHECK: // rules: extract-kernel, simplify-kernel
// CHECK: int i = l2c_begin + l2c_k;
// OFF: // rules: extract-kernel{{$}}
// OFF: int i = l2c_begin + l2c_k * 1;
void inc(int n, int *a) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] += 1;
}
