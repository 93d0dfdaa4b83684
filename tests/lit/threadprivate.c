// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/threadprivate.cu | FileCheck %s --check-prefix=CU

// A threadprivate variable has one copy per OpenMP thread: a loop that
// writes it leaves each thread's iterations in that thread's copy, and the
// code after the loop sees the master's. A kernel would write one shared
// copy, a different program; the loop stays on the CPU with a warning.
static float history[32];
#pragma omp threadprivate(history)
static int calls;
#pragma omp threadprivate(calls)

void record(int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    history[t] = 0.5f * t;
  // CHECK: threadprivate.c:[[@LINE-2]]:3: warning: loop not parallelized: 'history' is threadprivate: each OpenMP thread has its own copy, which the kernel does not model [mark-loop]
}

// Read only, still per thread: rejected as well.
void scale(int n, float *restrict out) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    out[t] = calls * 2.0f;
  // CHECK: threadprivate.c:[[@LINE-2]]:3: warning: loop not parallelized: 'calls' is threadprivate: each OpenMP thread has its own copy, which the kernel does not model [mark-loop]
}

// An ordinary file array: translated.
static float plain[32];
void fill(int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    plain[t] = 1.0f;
}

// CU-NOT: __global__ void record
// CU-NOT: __global__ void scale
// CU: __global__ void fill
