// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17
// RUN: %nochecks %t/reduce-logical-shuffle.cu | FileCheck %s

// && and || reductions: the user's update keeps its short circuit, but a
// warp shuffle must run in every lane, so combining a shuffled value is a
// call (all arguments evaluated), never `v && __shfl_down_sync(...)`.
// CHECK-LABEL: __global__ void all_positive(
// CHECK: ok = ok && a[i] > 0;
// CHECK: l2c_v = l2c::combine(l2c::LAndOp(), l2c_v, l2c::shflDown(l2c_v, 16));
// CHECK-NOT: && l2c::shflDown
// CHECK-LABEL: __global__ void any_negative(
// CHECK: l2c_v = l2c::combine(l2c::LOrOp(), l2c_v, l2c::shflDown(l2c_v, 16));
// CHECK-NOT: || l2c::shflDown
int all_positive(const int *a, int n) {
  int ok = 1;
#pragma loop2cuda parallel name(all_positive) reduction(&&:ok)
  for (int i = 0; i < n; ++i)
    ok = ok && a[i] > 0;
  return ok;
}
int any_negative(const int *a, int n) {
  int found = 0;
#pragma loop2cuda parallel name(any_negative) reduction(||:found)
  for (int i = 0; i < n; ++i)
    found = found || a[i] < 0;
  return found;
}
