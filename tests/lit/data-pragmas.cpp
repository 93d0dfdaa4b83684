// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: %nochecks %t/data-pragmas.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule host-fallback --disable-rule data-regions %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/data-pragmas.cu | FileCheck %s --check-prefix=OFF

// Data regions the user writes (docs/data-regions.md): `omp target data`,
// `acc data` and `loop2cuda data` over a block. Their clauses size the
// copies of the loops inside; each mapped array that the block's host code
// leaves alone is held on the device over the block (rule set
// data-regions); the pragma line becomes a comment. OpenMP's device loops
// (`target teams distribute parallel for`, `target parallel for`, `target`
// around `teams distribute parallel for`) are marked loops.
// OFF-NOT: l2c::hold
#include <cstdio>
#include <cstdlib>

// Two target loops in a time loop inside a target data region.
// CHECK-LABEL: void targetData(
// CHECK:        // loop2cuda: data region (docs/data-regions.md): #pragma omp target data map(tofrom: u[0:n]) map(alloc: v[0:n])
// CHECK-NEXT:   {
// CHECK-NEXT:     l2c::hold(v, "data-pragmas.cpp: hold of 'v'");
// CHECK-NEXT:     l2c::hold(u, "data-pragmas.cpp: hold of 'u'");
// Under the region's hold the runtime copies v whole.
// CHECK-NEXT:     l2c::toDeviceOutside(v, n, 1, n - 1, "data-pragmas.cpp: copy of 'v' to the device");
// CHECK-NEXT:     l2c::toDevice(u, n, "data-pragmas.cpp: copy of 'u' to the device");
// CHECK-NEXT:     for (int t = 0; t < steps; t++) {
// CHECK:          }
// CHECK-NEXT:     l2c::toHost(v, n, "data-pragmas.cpp: copy of 'v' to the host");
// CHECK-NEXT:     l2c::toHost(u, n, "data-pragmas.cpp: copy of 'u' to the host");
// CHECK:          l2c::unhold(u, "data-pragmas.cpp: unhold of 'u'");
// CHECK-NEXT:     l2c::unhold(v, "data-pragmas.cpp: unhold of 'v'");
// CHECK-NEXT:   }
// OFF-LABEL:  void targetData(
// OFF:          // loop2cuda: data region (docs/data-regions.md): #pragma omp target data
void targetData(int n, int steps) {
  float *u = (float *)std::malloc(sizeof(float) * n);
  float *v = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i;
#pragma omp target data map(tofrom: u[0:n]) map(alloc: v[0:n])
  {
    for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        v[i] = (u[i - 1] + u[i] + u[i + 1]) / 3.0f;
#pragma omp target teams distribute parallel for
      for (int i = 1; i < n - 1; i++)
        u[i] = (v[i - 1] + v[i] + v[i + 1]) / 3.0f;
    }
  }
  std::printf("%f\n", u[1]);
  std::free(u);
  std::free(v);
}

// The arrays come from the map clauses' sections: a gather whose extent
// the loop cannot tell.
// DIAG-DAG: data-pragmas.cpp:[[#@LINE+9]]:5: remark: assuming iterations are independent: 'b' and 'a' may point into the same memory [dependence]
// DIAG-DAG: data-pragmas.cpp:[[#@LINE+8]]:5: remark: assuming iterations are independent: 'b' and 'idx' may point into the same memory [dependence]
// CHECK-LABEL: void gather(
// CHECK:          l2c::toDevice(a, m, "data-pragmas.cpp: copy of 'a' to the device");
// CHECK-NEXT:     l2c::toDevice(idx, n, "data-pragmas.cpp: copy of 'idx' to the device");
void gather(const float *a, const int *idx, float *b, int n, int m) {
#pragma omp target data map(to: a[0:m], idx[0:n]) map(from: b[0:n])
  {
#pragma omp target parallel for
    for (int i = 0; i < n; i++)
      b[i] = a[idx[i]];
  }
}

// A map clause on the loop's own target directive, and `target` around
// `teams distribute parallel for`.
// DIAG-DAG: data-pragmas.cpp:[[#@LINE+8]]:3: remark: assuming iterations are independent: 'b' and 'a' may point into the same memory [dependence]
// CHECK-LABEL: void split(
// CHECK:        l2c::toDevice(a, n + 1, "data-pragmas.cpp: copy of 'a' to the device");
// CHECK-NEXT:   // loop2cuda: the loop at data-pragmas.cpp:[[#@LINE+5]] runs on the GPU as split_L[[#@LINE+5]]
// CHECK-NEXT:   L2C_LAUNCH{{(_DISTINCT)?}}(
void split(const float *a, float *b, int n) {
#pragma omp target map(to: a[0:n + 1]) map(from: b[0:n])
#pragma omp teams distribute parallel for
  for (int i = 0; i < n; i++)
    b[i] = a[i] + a[i + 1];
}

// OpenACC and loop2cuda data regions; the host reads w in the block, so w
// is not held there.
// CHECK-LABEL: void accData(
// CHECK:        // loop2cuda: data region (docs/data-regions.md): #pragma acc data copy(a[0:n], w[0:n])
// CHECK-NEXT:   {
// CHECK-NEXT:     l2c::hold(a, "data-pragmas.cpp: hold of 'a'");
// CHECK-NOT:      l2c::hold(w
// CHECK:          std::printf("%f\n", w[0]);
// CHECK:          l2c::unhold(a, "data-pragmas.cpp: unhold of 'a'");
// CHECK-NEXT:   }
// CHECK-NEXT: // loop2cuda: data region (docs/data-regions.md): #pragma loop2cuda data copy(a[0:n])
// CHECK-NEXT:   {
// CHECK-NEXT:     l2c::hold(a, "data-pragmas.cpp: hold of 'a'");
void accData(int n) {
  float *a = (float *)std::malloc(sizeof(float) * n);
  float *w = (float *)std::malloc(sizeof(float) * n);
  for (int i = 0; i < n; i++)
    a[i] = w[i] = i;
#pragma acc data copy(a[0:n], w[0:n])
  {
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      a[i] = a[i] * 2.0f;
    std::printf("%f\n", w[0]);
#pragma acc parallel loop
    for (int i = 0; i < n; i++)
      w[i] = a[i] + 1.0f;
  }
#pragma loop2cuda data copy(a[0:n])
  {
#pragma loop2cuda parallel
    for (int i = 0; i < n; i++)
      a[i] = a[i] + 1.0f;
  }
  std::free(a);
  std::free(w);
}

// `target enter data` ... `target exit data` in one block: a data region
// over the statements between (EnterExitData.cpp); both lines become
// comments, and the arrays stay on the device over the time loop.
// CHECK-LABEL: float enterExit(
// CHECK:        // loop2cuda: data region (docs/data-regions.md): #pragma omp target enter data map(to: a[0:n], b[0:n])
// CHECK-NEXT:   l2c::hold(b, "data-pragmas.cpp: hold of 'b'");
// CHECK-NEXT:   l2c::hold(a, "data-pragmas.cpp: hold of 'a'");
// CHECK:        for (int t = 0; t < steps; t++) {
// CHECK-NOT:    l2c::to
// CHECK:        }
// CHECK:        l2c::unhold(a,
// CHECK-NEXT:   l2c::unhold(b,
// CHECK-NEXT:   // loop2cuda: end of the data region: #pragma omp target exit data map(from: a[0:n]) map(release: b[0:n])
// OFF-LABEL:  float enterExit(
// OFF-NOT:      l2c::hold
// OFF:          // loop2cuda: end of the data region:
float enterExit(int n, int steps) {
  float *a = (float *)std::calloc(n, sizeof(float));
  float *b = (float *)std::calloc(n, sizeof(float));
  #pragma omp target enter data map(to: a[0:n], b[0:n])
  for (int t = 0; t < steps; t++) {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++)
      b[i] = a[i - 1] + a[i + 1];
#pragma omp target teams distribute parallel for
    for (int i = 1; i < n - 1; i++)
      a[i] = b[i - 1] + b[i + 1];
  }
  #pragma omp target exit data map(from: a[0:n]) map(release: b[0:n])
  float r = a[n / 2];
  std::free(a);
  std::free(b);
  return r;
}

// An `enter data` with no `exit data` in its block, and the `exit data`
// elsewhere: rule set entered-data holds the array from one to the other
// (tests/lit/entered-data.cpp has the rest).
// DIAG-DAG: data-pragmas.cpp:[[#@LINE+9]]:1: remark: 'a' stays on the device until its 'target exit data': as OpenMP specifies, host code in between sees the kernels' results after 'target update from', and kernels see the host's writes after 'target update to' (docs/data-regions.md) [entered-data]
// CHECK-LABEL: void enterOnly(
// CHECK:        l2c::hold(a, "data-pragmas.cpp: hold of 'a'");
// CHECK-NEXT:   // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target enter data map(to: a[0:n])
// CHECK:        if (done) {
// CHECK-NEXT:   // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target exit data map(from: a[0:n])
// CHECK-NEXT:   l2c::unhold(a, "data-pragmas.cpp: unhold of 'a'");
// CHECK-NEXT:   }
void enterOnly(float *a, int n, bool done) {
#pragma omp target enter data map(to: a[0:n])
#pragma omp target teams distribute parallel for map(tofrom: a[0:n])
  for (int i = 0; i < n; i++)
    a[i] += 1.0f;
  if (done) {
#pragma omp target exit data map(from: a[0:n])
  }
}

// A data region whose block has no loop on the GPU.
void idle(float *a, int n) {
#pragma acc data copy(a[0:n])
  {
    a[0] = 1.0f;
  }
}
// DIAG-DAG: data-pragmas.cpp:[[#@LINE-5]]:1: remark: '#pragma acc data' has no effect here: no loop in its block runs on the GPU [mark-loop]
// The diagnostics above are DAG lines; count them all.
// RUN: %loop2cuda --disable-rule host-fallback %s -o %t -- -std=c++17 2>&1 \
// RUN:   | grep -c -E "(warning|remark):" | FileCheck %s --check-prefix=COUNT
// COUNT: 5
