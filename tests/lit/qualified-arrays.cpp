// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// RUN: %nochecks %t/qualified-arrays.cu | FileCheck %s --check-prefix=CU

// Arrays of a named namespace and static member arrays: the host code names
// them as the program does (`st::buf`, `Pool::buf`), since a global `buf`
// may hide them; a function that uses two arrays called `buf` keeps its
// loop on the CPU (the copies tell arrays apart by name).
double buf[100];
namespace st {
double buf[100];
}
struct Pool {
  static double buf[100];
};
double Pool::buf[100];

// CU-LABEL: void in_namespace() {
// CU: l2c::toDeviceOutside(st::buf, 100, 0, 100,
// CU: l2c::devFresh(st::buf, 100, 0, 100,
// CU: l2c::toHost(st::buf, 100,
void in_namespace() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    st::buf[i] = i;
}

// A static member array is an array of the kernel (it was left out).
// CU-LABEL: void static_member() {
// CU: l2c::devFresh(Pool::buf, 100, 0, 100,
void static_member() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    Pool::buf[i] = 2 * i;
}

// CHECK: [[#@LINE+5]]:3: warning: loop not parallelized: the loop uses the array 'st::buf', and its function also uses another array called 'buf' ('buf'); the copies between host and device tell arrays apart by name: rename one of them [extract-kernel]
void both() {
  for (int i = 0; i < 100; ++i)
    buf[i] = 1;
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    st::buf[i] += buf[i];
}
