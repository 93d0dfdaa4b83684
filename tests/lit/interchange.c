// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/interchange.cu | FileCheck %s --check-prefix=CU
// RUN: rm -rf %t && %loop2cuda --disable-rule interchange-loops %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF
// OFF-NOT: interchanged
// OFF: remark: runs on the GPU, launched once per iteration of the loop at line

// A marked loop that carries a dependence, whose body is one loop that
// carries none across the whole nest and whose header does not use the
// marked loop's counter (adi's column sweeps): the two are interchanged,
// one launch with a thread per i2 running the i1 loop in order
// (rewriter/frontend/loops/InnerLoops.cpp).

// CU:       __global__ void columns_L[[#@LINE+18]](
// CU:         int i2 = l2c_begin + l2c_k;
// CU-NEXT:    int i1;
// CU-NEXT:    for (i1 = 1; i1 < n; i1++) {
// CU-NEXT:      X[i1][i2] = X[i1][i2] - 0.5 * X[i1 - 1][i2];
// CU-LABEL: void columns(
// CU-NOT:     for (i1
// CU:         L2C_LAUNCH(l2c_device::columns_L[[#@LINE+11]], "interchange.c:[[#@LINE+11]]", l2c::gridFor(n, l2c::spreadThreads(n, 256)), l2c::spreadThreads(n, 256), 0, n,
// CU-NOT:     for (i1
// CU:         l2c::toHost(X,
void columns(int n, double X[64][64]) {
  int i1, i2;
#pragma omp parallel for private(i2)
  for (i1 = 1; i1 < n; i1++)
    // CHECK-DAG: interchange.c:[[#@LINE-1]]:3: warning: loop not parallelized: iterations are not independent: X[i1][i2] written at i1=1, i2=0 is read by X[i1 - 1][i2] at i1=2, i2=0 (n=3) [dependence]
    // CHECK-DAG: note: found here
    // CHECK-DAG: interchange.c:[[#@LINE+2]]:5: remark: runs on the GPU interchanged with the loop at line [[#@LINE-3]], which is not parallelized: one thread for each iteration of this loop runs that loop in order [mark-loop]
    // CHECK-DAG: interchange.c:[[#@LINE-4]]:8: remark: 'i1' is assigned before it is read in every iteration: each iteration gets its own copy [dependence]
    for (i2 = 0; i2 < n; i2++)
      X[i1][i2] = X[i1][i2] - 0.5 * X[i1 - 1][i2];
}

// The body's loop has bounds that use i: a triangle, left alone (its loop
// runs per iteration of i on the GPU).
// CU-LABEL: void triangle(
// CU:         for (i = 1; i < n; i++)
void triangle(int n, double X[64][64]) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 1; i < n; i++)
    // CHECK-DAG: interchange.c:[[#@LINE-1]]:3: warning: loop not parallelized: iterations are not independent
    // CHECK-DAG: interchange.c:[[#@LINE+1]]:5: remark: runs on the GPU, launched once per iteration of the loop at line [[#@LINE-2]]
    for (j = i; j < n; j++)
      X[i][j] = X[i - 1][j] + 1.0;
}
