// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/reduction-flags.cu | FileCheck %s --check-prefix=CU

// Reduction variables that the loop assigns: a flag set to 1 under
// reduction(||: f) (BFS's stop flag) or to 0 under reduction(&&: f) is an
// update of the reduction; a variable that every iteration assigns before
// reading it (Rodinia backprop's `sum = 0` under reduction(+: sum)) is
// private to each iteration, unless the function reads it after the loop,
// where OpenMP leaves a value that depends on the threads.

// CU-LABEL: int frontier(
// CU: stop = l2c::combine(l2c::LOrOp(), stop,
// CU: ok = l2c::combine(l2c::LAndOp(), ok,
int frontier(int *updating, int *mask, int n) {
  int stop = 0, ok = 1;
#pragma omp parallel for reduction(|| : stop)
  for (int i = 0; i < n; i++)
    if (updating[i]) {
      mask[i] = 1;
      stop = 1;
      updating[i] = 0;
    }
#pragma omp parallel for reduction(&& : ok)
  for (int i = 0; i < n; i++)
    if (mask[i] < 0)
      ok = 0;
  return stop + ok;
}

// The same flag without the clause (issue 34): a one-element copy of the
// variable that the iterations setting it store 1 into, so that it holds
// what the sequential loop leaves (1 if any iteration set it, else its
// value before the loop, whatever that was). Any constant works, in any
// branch; a store inside an expression keeps the loop on the CPU.
// CHECK: reduction-flags.c:[[@LINE+9]]:7: remark: 'stop' is only ever set to 1 in the loop, and not read: a flag, which holds 1 after the loop if any iteration set it [reduction]
// CU-LABEL: __global__ void noclause_L
// CU-SAME: int *l2c_flag_stop)
// CU: l2c_flag_stop[0] = 1;
int noclause(int *u, int n) {
  int stop = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (u[i])
      stop = 1;
  return stop;
}
// CHECK: reduction-flags.c:[[@LINE+10]]:9: remark: 'status' is only ever set to 3 in the loop, and not read: a flag, which holds 3 after the loop if any iteration set it [reduction]
// CU-LABEL: __global__ void status_L
// CU: l2c_flag_status[0] = 3;
// CU: l2c_flag_status[0] = 3;
int status(int *u, int n, int status) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (u[i] > 10) {
      u[i] = 10;
      if (u[i] > 100)
        status = 3;
    } else if (u[i] < 0)
      status = 3;
  }
  return status;
}
// CHECK: reduction-flags.c:[[@LINE+4]]:3: warning: loop not parallelized: scalar 'stop' is set to 1 in some iterations; as a flag it needs reduction(||:stop) on the pragma [reduction]
int nested(int *u, int n) {
  int stop = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (u[i])
      u[i] = stop = 1;
  return stop;
}

// A value other than 1 is no || update.
// CHECK: reduction-flags.c:[[@LINE+4]]:3: warning: loop not parallelized: scalar 'stop' is updated in a form that is not a '||' reduction [reduction]
int two(int *u, int n) {
  int stop = 0;
#pragma omp parallel for reduction(|| : stop)
  for (int i = 0; i < n; i++)
    if (u[i])
      stop = 2;
  return stop;
}

// CHECK: reduction-flags.c:[[@LINE+10]]:5: remark: reduction variable 'sum' is assigned before it is read in every iteration: each iteration gets its own copy, as with private(sum), and the loop leaves 'sum' unchanged [reduction]
// CU-LABEL: __global__ void layer_L
// CU: float sum;
// CU-NEXT: sum = 0.0f;
// CU-NOT: l2c_partial_sum
void layer(const float *w, const float *in, float *out, int n1, int n2) {
  float sum;
  int j, k;
#pragma omp parallel for private(k) reduction(+ : sum)
  for (j = 0; j < n2; j++) {
    sum = 0.0f;
    for (k = 0; k < n1; k++)
      sum += w[k * n2 + j] * in[k];
    out[j] = sum;
  }
}

// Read after the loop: the value OpenMP leaves depends on the threads.
// CHECK: reduction-flags.c:[[@LINE+4]]:3: warning: loop not parallelized: reduction variable 'last' is assigned before it is read in every iteration, so the value OpenMP leaves in it depends on how the iterations are split between threads, and it is read after the loop; list it in private(...) or drop the assignment [reduction]
float layer_last(const float *w, float *out, int n) {
  float last = 0.0f;
#pragma omp parallel for reduction(+ : last)
  for (int j = 0; j < n; j++) {
    last = 0.0f;
    last += w[j];
    out[j] = last;
  }
  return last;
}
