// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %nochecks %t/move-copies-alias.cu | FileCheck %s

// Arrays of one function that may share memory: a caller may pass
// crossLoop(x, x + 1, y, n). Each array has its own device copy, so a copy
// of one never passes a kernel or host statement that touches the other:
// the copies stay next to the loops, and the host keeps the two in step.
// Nor does a release (two names of one pointer share one device copy).

// REMARK: move-copies-alias.cpp:[[@LINE+13]]:3: remark: arrays that may share memory: 'c' and 'a' (line [[@LINE+10]]), 'b' and 'a' (line [[@LINE+10]]); their copies stay next to the loops that use them (declare the pointers __restrict__ if they never overlap) [move-copies]
// CHECK-LABEL: void crossLoop(
// CHECK:        L2C_LAUNCH(l2c_device::crossLoop_L{{[0-9]+}},
// CHECK-NEXT:   l2c::toHost(a, n,
// CHECK-NEXT:   l2c::release(a,
// CHECK-NEXT:   l2c::toDevice(b, n,
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
void crossLoop(float *a, const float *b, float *c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = b[i] + 1.0f;
}

// __restrict__ promises that they never overlap: the copies in go first and
// the copies out last, with both kernels back to back.
// CHECK-LABEL: void restricted(
// CHECK:        l2c::initDevice();
// CHECK-NEXT:   l2c::toDevice(a, n,
// CHECK-NEXT:   l2c::toDevice(b, n,
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
// CHECK-NEXT:   l2c::toHost(a, n,
void restricted(float *__restrict__ a, const float *__restrict__ b,
                float *__restrict__ c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = b[i] + 1.0f;
}

// A host write through another pointer parameter may change a: a comes back
// to the host before it and goes to the device again after it.
// CHECK-LABEL: void hostWrite(
// CHECK:        L2C_LAUNCH{{(_DISTINCT)?}}(
// CHECK-NEXT:   l2c::toHost(a, n,
// CHECK-NEXT:   l2c::release(a,
// CHECK-NEXT:   p[0] = 100.0f;
// CHECK-NEXT:   l2c::toDevice(a, n,
void hostWrite(float *a, float *p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = a[i] + 1.0f;
  p[0] = 100.0f;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
}

// An int array cannot share memory with a float array (C++'s aliasing
// rules): k's copy goes up beside a's. c can, so a comes back before c's
// kernel writes it.
// CHECK-LABEL: void otherTypes(
// CHECK:        l2c::initDevice();
// CHECK-NEXT:   l2c::toDevice(a, n,
// CHECK-NEXT:   l2c::toDevice(k, n,
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
// CHECK-NEXT:   l2c::toHost(a, n,
// CHECK-NEXT:   l2c::release(a,
// CHECK-NEXT:   // loop2cuda: the loop at
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
void otherTypes(float *a, const int *k, float *c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    a[i] = 2.0f * a[i];
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    c[i] = (float)k[i];
}
// REMARK-NOT: 'k' and 'a'
