// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/openacc.cu | FileCheck %s --check-prefix=CU

// OpenACC marks loops as OpenMP does, and maps onto the same terms:
// `parallel loop` and `kernels loop`, `acc loop` in `parallel` and `kernels`
// regions, with collapse, private, firstprivate, reduction and the copy
// clauses. Every other directive or clause is translated, remarked as
// without effect, or keeps its loop on the CPU with a warning.

// CU: __global__ void saxpy_L[[#@LINE+6]](long long l2c_begin, long long l2c_count, float *y, float a, const float *x) {
// CU-LABEL: void saxpy(
// CU: l2c::toDevice(y, n,
// CU: l2c::toDevice(x, n,
void saxpy(int n, float a, const float *restrict x, float *restrict y) {
#pragma acc parallel loop copyin(x[0:n]) copy(y[:n]) async(1) vector_length(64)
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}
// CHECK-DAG: openacc.c:[[#@LINE-4]]:{{[0-9]+}}: remark: OpenACC clause 'async(1)' is ignored: the GPU launch sets the schedule and waits for the kernel [mark-loop]
// CHECK-DAG: remark: OpenACC clause 'vector_length(64)' is ignored

// collapse(2) puts both loops on the grid; private(j) as in OpenMP.
// CU: __global__ void grid_L[[#@LINE+6]](int m, double (*B)[50], const double (*A)[50], int n) {
// CU-LABEL: void grid(
// CU: l2c::gridFor(dim3({{[0-9]+}}, {{[0-9]+}}), m, n)
void grid(int n, int m, double A[100][50], double B[100][50]) {
  int i, j;
#pragma acc parallel loop collapse(2) private(j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      B[i][j] = A[i][j] * 2;
}
// CHECK-DAG: openacc.c:[[#@LINE-4]]:3: remark: assuming iterations are independent: 'B' and 'A' may point into the same memory [dependence]

// An inner `acc loop vector` is part of the outer loop's kernel (its
// clauses tune a schedule that the kernel does not have: no remark).
void rows(int n, float *restrict out) {
#pragma acc parallel loop gang copyout(out[0:n * 8])
  for (int i = 0; i < n; i++) {
#pragma acc loop vector
    for (int j = 0; j < 8; j++)
      out[i * 8 + j] = i - j;
  }
}
// CHECK-DAG: remark: OpenACC clause 'gang' is ignored

// A `parallel` region of `acc loop` loops: each loop is a kernel. In a
// `kernels` region, the tool must prove each loop independent.
// CU-LABEL: void regions(
// CU: #pragma acc parallel
// CU: L2C_LAUNCH(l2c_device::regions_L[[#@LINE+8]],
// CU: L2C_LAUNCH(l2c_device::regions_L[[#@LINE+10]],
// CU: #pragma acc kernels
// CU: L2C_LAUNCH_DISTINCT(l2c_device::regions_L[[#@LINE+13]], l2c_device::regions_L[[#@LINE+13]]_restrict,
void regions(int n, float *restrict a, float *restrict b, float *c, float *d) {
#pragma acc parallel
  {
#pragma acc loop
    for (int i = 0; i < n; i++)
      a[i] = 1;
#pragma acc loop
    for (int i = 0; i < n; i++)
      b[i] = 2;
  }
#pragma acc kernels
  {
    for (int i = 0; i < n; i++)
      a[i] = b[i];
    for (int i = 0; i < n; i++)
      c[i] = d[i];
  }
}
// CHECK-DAG: openacc.c:[[#@LINE-4]]:5: warning: loop not parallelized: 'c' and 'd' may point into the same memory (declare the pointers __restrict__ to promise they do not); in an OpenACC 'kernels' construct the tool must prove it, and 'independent' promises it [dependence]

// kernels loop: an affine dependence is rejected with its witness; with
// `independent`, a non-affine subscript is trusted, as in `parallel loop`.
void kernelsLoop(int n, float *restrict a, const int *restrict k) {
#pragma acc kernels loop
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1];
#pragma acc kernels loop independent copy(a[0:n])
  for (int i = 0; i < n; i++)
    a[k[i]] = i;
}
// CHECK-DAG: openacc.c:[[#@LINE-6]]:3: warning: loop not parallelized: iterations are not independent: {{.*}} [dependence]
// CHECK-DAG: openacc.c:[[#@LINE-3]]:5: remark: iterations are checked at run time: {{.*}} [dependence]

// What stays on the CPU, and why.
void cpu(int n, int *restrict h, const int *restrict k) {
#pragma acc parallel loop
  for (int i = 0; i < n; i++) {
#pragma acc atomic update
    h[k[i]] += 1;
  }
// CHECK-DAG: openacc.c:[[#@LINE-4]]:3: warning: loop not parallelized: '#pragma acc atomic' at line [[#@LINE-3]] is not translated in loops that go to the GPU (the update it guards would race there) [mark-loop]
#pragma acc parallel
  {
    int x = 3;
#pragma acc loop
    for (int i = 0; i < n; i++)
      h[i] = x;
  }
// CHECK-DAG: openacc.c:[[#@LINE-7]]:1: warning: '#pragma acc parallel' is not translated: outside its 'acc loop' loops, a 'parallel' region runs in every gang, and line [[#@LINE-5]] is not an 'acc loop' loop; the region runs on the CPU [mark-loop]
#pragma acc parallel loop seq
  for (int i = 1; i < n; i++)
    h[i] = h[i - 1];
// CHECK-DAG: openacc.c:[[#@LINE-3]]:1: warning: '#pragma acc parallel loop' is not translated: 'seq' asks for the iterations in order; the loop runs on the CPU [mark-loop]
#pragma acc serial loop
  for (int i = 0; i < n; i++)
    h[i] = 0;
// CHECK-DAG: openacc.c:[[#@LINE-3]]:1: warning: '#pragma acc serial loop' is not translated: it runs the loop on one GPU thread; the loop runs on the CPU [mark-loop]
#pragma acc loop
  for (int i = 0; i < n; i++)
    h[i] = 0;
// CHECK-DAG: openacc.c:[[#@LINE-3]]:1: warning: '#pragma acc loop' is not translated: 'acc loop' is not inside an 'acc parallel' or 'acc kernels' construct of this function; the loop runs on the CPU [mark-loop]
#pragma acc parallel loop deviceptr(h)
  for (int i = 0; i < n; i++)
    h[i] = 0;
// CHECK-DAG: openacc.c:[[#@LINE-2]]:3: warning: loop not parallelized: OpenACC clause 'deviceptr' is not supported: loop2cuda moves host arrays to the device itself and cannot take device pointers [mark-loop]
#pragma acc parallel loop bogus(3)
  for (int i = 0; i < n; i++)
    h[i] = 0;
// CHECK-DAG: openacc.c:[[#@LINE-2]]:3: warning: loop not parallelized: unknown clause 'bogus' in '#pragma acc parallel loop' [mark-loop]
#pragma acc parallel loop reduction(+ : h[1:n])
  for (int i = 0; i < n; i++)
    h[k[i]]++;
// CHECK-DAG: openacc.c:[[#@LINE-2]]:3: warning: loop not parallelized: reduction over the array section 'h[1:n]' is not supported: the section must start at 0 (h[:n]) [mark-loop]
#pragma acc data copy(h[0:n])
  {
#pragma acc update host(h[0:n])
  }
// CHECK-DAG: openacc.c:[[#@LINE-4]]:1: remark: '#pragma acc data' has no effect here: no loop in its block runs on the GPU [mark-loop]
// The update becomes the runtime's (rule set entered-data), which does
// nothing for an array that is not held.
// CU: l2c::updateHost(h, 0, n, "openacc.c: update of 'h' on the host");
// CU-NEXT: // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc update host(h[0:n])
#pragma acc frobnicate
  h[0] = 1;
// CHECK-DAG: openacc.c:[[#@LINE-2]]:1: warning: unknown OpenACC directive '#pragma acc frobnicate'; ignored [mark-loop]
}

// The diagnostics above are CHECK-DAG lines, which implicit-check-not does
// not fence in: count them too.
// RUN: rm -rf %t.n && %loop2cuda %s -o %t.n -- -std=c99 2>&1 \
// RUN:   | grep -c -E "(warning|remark):" | FileCheck %s --check-prefix=COUNT
// COUNT: 17
