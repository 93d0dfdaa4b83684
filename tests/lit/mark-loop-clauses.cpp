// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: \
// RUN:                  --implicit-check-not=remark:
// RUN: %nochecks %t/mark-loop-clauses.cu | FileCheck %s --check-prefix=CU

// Every clause form the tool accepts, and every form it rejects. A clause
// is implemented, accepted with a remark that it is ignored, or it rejects
// the loop: a dropped clause could change what the loop computes (an
// array-section reduction dropped is a race on the array).

// CU-COUNT-9: __global__ void accepted_L
// CU-NOT: __global__
void accepted(const int *__restrict__ key, int n, int *__restrict__ out,
              int &s, int &m, int &d) {
  int t;
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
#pragma omp parallel for private(t) shared(out, key) default(shared)
  for (int i = 0; i < n; ++i) {
    t = key[i] * 2;
    out[i] = t;
  }
#pragma omp parallel for reduction(+ : s) reduction(max : m)
  for (int i = 0; i < n; ++i) {
    s += key[i];
    m = key[i] > m ? key[i] : m;
  }
// OpenMP's '-' reduction combines partial results with '+'.
// CU: l2c::reduceGridPerThread
// CU: l2c::reduceGridPerThread
#pragma omp parallel for reduction(- : d)
  for (int i = 0; i < n; ++i)
    d -= key[i];
#pragma omp parallel for schedule(dynamic, 4) num_threads(8) proc_bind(close)
// CHECK: mark-loop-clauses.cpp:[[@LINE-1]]:26: remark: OpenMP clause 'schedule(dynamic, 4)' is ignored: the GPU launch sets the schedule and the number of threads [mark-loop]
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:47: remark: OpenMP clause 'num_threads(8)' is ignored
// CHECK: mark-loop-clauses.cpp:[[@LINE-3]]:62: remark: OpenMP clause 'proc_bind(close)' is ignored
  for (int i = 0; i < n; ++i)
    out[i] += 1;
// if(false) runs the loop on one thread, which computes what the kernel
// computes: the clause is ignored.
#pragma omp parallel for if (n > 100)
// CHECK: mark-loop-clauses.cpp:[[@LINE-1]]:26: remark: OpenMP clause 'if (n > 100)' is ignored: the loop always runs on the GPU [mark-loop]
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
}

void rejected(const unsigned char *__restrict__ key, int n,
              int *__restrict__ h, int *__restrict__ out, int &s) {
  short arr[4] = {0, 0, 0, 0};
#pragma omp parallel for reduction(* : h[:256])
  for (int i = 0; i < n; ++i)
    h[key[i]] *= 2;
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: a '*' reduction into the array 'h' of int is not implemented: the GPU has no atomic for it (+ on int, unsigned, float, double and 64-bit integers; min max & | ^ on int and unsigned) [reduction]
#pragma omp parallel for reduction(+ : h[1:255])
  for (int i = 0; i < n; ++i)
    h[key[i]] += 2;
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: reduction over the array section 'h[1:255]' is not supported: the section must start at 0 [reduction]
#pragma omp parallel for reduction(+ : arr)
  for (int i = 0; i < n; ++i)
    arr[key[i] & 3]++;
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: histogram 'arr' has elements of type 'short': GPU atomics update int, unsigned int, float, double and 64-bit integers [reduction]
#pragma omp parallel for reduction(inscan, + : s)
  for (int i = 0; i < n; ++i) {
    s += key[i];
#pragma omp scan inclusive(s)
    out[i] = s;
  }
// reduction(inscan, ...) is a scan (docs/scans.md, tests/lit/scan-forms.cpp).
#pragma omp parallel for reduction(task, + : s)
  for (int i = 0; i < n; ++i)
    s += key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: OpenMP clause 'reduction(task, + : s)' is not supported: reduction modifiers are not implemented [mark-loop]
#pragma omp parallel for ordered
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: OpenMP clause 'ordered' is not supported [mark-loop]
  // A clause without arguments is named alone, not with the next one.
#pragma omp parallel for ordered if(n > 100) schedule(static)
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: OpenMP clause 'ordered' is not supported [mark-loop]
#pragma omp parallel for linear(s)
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: OpenMP clause 'linear(s)' is not supported [mark-loop]
#pragma omp parallel for default(firstprivate)
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: OpenMP clause 'default(firstprivate)' is not supported [mark-loop]

  // The tool's own pragma: a section not at 0, an array type without atomics, an unknown clause
  // and a malformed one reject the loop too.
#pragma loop2cuda parallel reduction(+ : h[2:254]) copy(h[0:256])
  for (int i = 0; i < n; ++i)
    h[key[i]]++;
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: reduction over the array section 'h[2:254]' is not supported: the section must start at 0 (h[:254]) [mark-loop]
// CHECK: mark-loop-clauses.cpp:[[@LINE-4]]:28: note: found here
#pragma loop2cuda parallel reduction(+ : arr)
  for (int i = 0; i < n; ++i)
    arr[key[i] & 3]++;
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: histogram 'arr' has elements of type 'short': GPU atomics update int, unsigned int, float, double and 64-bit integers [reduction]
#pragma loop2cuda parallel private(s)
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: unknown clause 'private' in '#pragma loop2cuda parallel' [mark-loop]
#pragma loop2cuda parallel copy(out[0:n)
  for (int i = 0; i < n; ++i)
    out[i] = key[i];
// CHECK: mark-loop-clauses.cpp:[[@LINE-2]]:3: warning: loop not parallelized: malformed 'copy' clause: {{.*}} [mark-loop]
  out[0] += arr[0];
}
