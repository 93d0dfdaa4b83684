// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/openmp-region-partials.cu | FileCheck %s --check-prefix=CU

// The hand-written reduction of a parallel region: each thread's partial
// result, declared in the region with the operator's identity and updated
// only in worksharing loops, merged into a shared variable under critical
// or atomic. The region runs once; its loop reduces into the partial.

// CU-LABEL: double total(
// CU: double local = 0.0;
// CU: local = l2c::combine(l2c::Sum(), local,
// CU: sum += local;
double total(const double *a, int n) {
  double sum = 1.0;
#pragma omp parallel
  {
    double local = 0.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += a[i];
#pragma omp critical
    sum += local;
  }
  return sum;
}

// CU-LABEL: double product(
// CU: p = l2c::combine(l2c::Prod(), p,
double product(const double *a, int n) {
  double prod = 2.0;
#pragma omp parallel shared(prod)
  {
    double p = 1.0;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      p *= a[i];
#pragma omp atomic
    prod *= p;
  }
  return prod;
}

// The partial starts from something other than the identity: every
// thread would add it once.
double offset(const double *a, int n) {
  double sum = 0.0;
#pragma omp parallel
  {
    double local = 1.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += a[i];
#pragma omp critical
    sum += local;
  }
  return sum;
}

// The partial is set outside the loops: every thread would merge it.
double counted(const double *a, int n) {
  double sum = 0.0;
#pragma omp parallel
  {
    double local = 0.0;
    local += 1.0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += a[i];
#pragma omp critical
    sum += local;
  }
  return sum;
}

// A critical section that counts the threads.
int threads(double *a, int n) {
  int count = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = 0;
#pragma omp critical
    count++;
  }
  return count;
}

// CHECK: openmp-region-partials.c:48:1: warning: parallel region not translated: every thread of the region runs '#pragma omp critical' at line 54
// CHECK: openmp-region-partials.c:63:1: warning: parallel region not translated: every thread of the region runs 'local += 1.0' at line 66
// CHECK: openmp-region-partials.c:79:1: warning: parallel region not translated: every thread of the region runs '#pragma omp critical' at line 84
// CHECK: openmp-region-partials.c:21:7: remark: 'local' is private to each thread of the region at line 16: the region runs once, and the loop computes it as reduction(+: local)
// CHECK: openmp-region-partials.c:35:17: remark: OpenMP clause 'nowait' is ignored: the code after the loop runs once the kernel is done, as if the loop ended in a barrier
// CHECK: openmp-region-partials.c:37:7: remark: 'p' is private to each thread of the region at line 32: the region runs once, and the loop computes it as reduction(*: p)
// CHECK: openmp-region-partials.c:52:5: warning: loop not parallelized: it is in the parallel region at line 48, which stays on the CPU
// CHECK: openmp-region-partials.c:68:5: warning: loop not parallelized: it is in the parallel region at line 63, which stays on the CPU
// CHECK: openmp-region-partials.c:82:5: warning: loop not parallelized: it is in the parallel region at line 79, which stays on the CPU
