// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/callee-kernel-globals.cu | FileCheck %s

// A call reads and writes the globals its callee names, also those named
// only inside the callee's marked loops (the OpenMP directive's captured
// body): the caller's copy back and release of gbuf stay before the call,
// whose own copies and release would otherwise drop the caller's mirror.
double gbuf[100];
double hbuf[100];

void scale(int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    gbuf[i] = gbuf[i] * 3 + 1;
}

struct Pool {
  void twice(int n) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < n; ++i)
        hbuf[i] = hbuf[i] * 2;
    }
  }
};

// CHECK-LABEL: void callsKernelFunction(
// CHECK:       L2C_LAUNCH(
// CHECK-NEXT:  l2c::toHost(gbuf, 100,
// CHECK-NEXT:  l2c::release(gbuf,
// CHECK-NEXT:  scale(100);
void callsKernelFunction() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    gbuf[i] = i + 0.25;
  scale(100);
}

// CHECK-LABEL: void callsKernelMethod(
// CHECK:       L2C_LAUNCH(
// CHECK:       l2c::toHost(hbuf, 100,
// CHECK-NEXT:  l2c::release(hbuf,
// CHECK:       p.twice(100);
void callsKernelMethod() {
#pragma omp parallel for
  for (int i = 0; i < 100; ++i)
    hbuf[i] = i;
  Pool p;
  p.twice(100);
}
