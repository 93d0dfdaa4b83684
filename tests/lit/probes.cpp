// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/probes.cu | FileCheck %s
// RUN: rm -rf %t && not %loop2cuda %s -o %t --disable-rule probe-accesses -- -std=c++17 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda %s -o %t --disable-rule host-fallback -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/probes.cu | FileCheck %s --check-prefix=TRUST

// Subscripts the dependence test cannot decide are checked at run time: a
// probe (rule sets host-fallback and probe-accesses) records the elements
// each iteration writes, then checks what each reads; the kernel runs when
// no two iterations meet, else the loop as written runs on the host.
#include <vector>

// A scatter: the writes kernel claims out[perm[i]]; it reads no probed
// element, so there is no reads kernel.
// DIAG: probes.cpp:[[#@LINE+4]]:5: remark: iterations are checked at run time: subscript 'out[perm[i]]' reads 'perm[i]' from memory; a probe records the elements each iteration touches, and the loop runs on the host, in order, when two iterations meet at one that either writes [dependence]
void scatter(std::vector<double> &out, const std::vector<int> &perm, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[perm[i]] = i * 2.0;
}
// CHECK: __global__ void scatter_L[[#L:]]_writes(long long l2c_begin, long long l2c_count, l2c::Probe l2c_probe_[[#P:]], double *out, const int *perm) {
// CHECK:         int i = l2c_begin + l2c_k;
// CHECK-NEXT:    l2c::probeWrite(l2c_probe_[[#P]], 0, perm[i], l2c_k);
// CHECK-NEXT:  }
// CHECK-NOT:   scatter_L[[#L]]_reads
// CHECK: __global__ void scatter_L[[#L]](
// CHECK-LABEL: void scatter(
// CHECK:         l2c::Probe l2c_probe_[[#P]] = l2c::probeStart("probes.cpp:[[#L]]", {(long long)(out.size())});
// CHECK-NEXT:    // loop2cuda: probe scatter_L[[#L]]_writes: which elements each iteration touches
// CHECK-NEXT:    L2C_LAUNCH(l2c_device::scatter_L[[#L]]_writes, "probes.cpp:[[#L]]", {{.*}}, l2c_probe_[[#P]], l2c::devReads(out.data(), out.size(), "probes.cpp:[[#L]]"), l2c::devReads(perm.data(), perm.size(), "probes.cpp:[[#L]]"));
// CHECK-NEXT:    if (l2c::probeOrHost(l2c_probe_[[#P]], "probes.cpp:[[#L]]", {l2c::range(out.data(), (long long)(out.size()), true), l2c::range(perm.data(), (long long)(perm.size()), false)})) {
// CHECK-NEXT:      // loop2cuda: the loop at probes.cpp:[[#L]] runs on the GPU as scatter_L[[#L]]
// CHECK:         } else {
// CHECK-NEXT:    // loop2cuda: on the host, in order, when the run-time check fails: #pragma omp parallel for
// CHECK-NEXT:    for (int i = 0; i < n; i++)
// CHECK-NEXT:      out[perm[i]] = i * 2.0;
// CHECK-NEXT:    }

// A temporary, and a read of another iteration's element: the writes
// kernel keeps k and drops the value stored; the reads kernel checks a[i]
// (and needs no k).
// DIAG: probes.cpp:[[#@LINE+6]]:5: remark: iterations are checked at run time: subscript 'a[k]' reads 'p[i]' from memory (the value of 'k'){{.*}} [dependence]
void gather_update(std::vector<double> &a, const std::vector<int> &p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = p[i];
    double v = a[i] + 1.0;
    a[k] = v;
  }
}
// CHECK-LABEL: __global__ void gather_update_L{{[0-9]+}}_writes(
// CHECK:         int k = p[i];
// CHECK-NEXT:    l2c::probeWrite(l2c_probe_{{[0-9]+}}, 0, k, l2c_k);
// CHECK-NEXT:  }
// CHECK-LABEL: __global__ void gather_update_L{{[0-9]+}}_reads(
// CHECK:         int i = l2c_begin + l2c_k;
// CHECK-NEXT:    l2c::probeRead(l2c_probe_{{[0-9]+}}, 0, i, l2c_k);
// CHECK-NEXT:  }

// What a probe cannot see stays on the CPU, with the reason.
// DIAG: probes.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: iterations may not be independent (subscript 'b[a[i]]' reads 'a[i]' from memory), and loop2cuda cannot check them at run time: the subscript of 'b[a[i]]' depends on 'a[i]', which the loop writes [dependence]
void tainted_subscript(std::vector<int> &a, std::vector<double> &b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[i] = i % 3;
    b[a[i]] = 1.0;
  }
}

// DIAG: probes.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: {{.*}}cannot check them at run time: the condition 'a[i] > 0' depends on 'a[i]', which the loop writes [dependence]
void tainted_condition(std::vector<int> &a, const std::vector<long> &p, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      a[p[i]] = 0;
}

// A reduction: the probe comes from the loop's body, the guard goes around
// the reduction's passes.
// DIAG: probes.cpp:[[#@LINE+6]]:5: remark: iterations are checked at run time: subscript 'a[p[i]]'{{.*}} [dependence]
void with_sum(std::vector<double> &a, const std::vector<int> &p, int n,
              double &s) {
  double t = 0;
#pragma omp parallel for reduction(+ : t)
  for (int i = 0; i < n; i++) {
    a[p[i]] = 1.0;
    t += i;
  }
  s = t;
}
// CHECK-LABEL: void with_sum(
// CHECK:         double t = 0;
// CHECK-NEXT:    l2c::Probe l2c_probe_[[#Q:]] = l2c::probeStart(
// CHECK-NEXT:    // loop2cuda: probe with_sum_L{{[0-9]+}}_writes: which elements each iteration touches
// CHECK-NEXT:    L2C_LAUNCH(l2c_device::with_sum_L{{[0-9]+}}_writes,
// CHECK-NEXT:    if (l2c::probeOrHost(l2c_probe_[[#Q]],
// CHECK-NEXT:      // loop2cuda: the loop at probes.cpp:{{[0-9]+}} runs on the GPU in 1 pass: with_sum_L{{[0-9]+}}
// CHECK:           t = l2c::combine(l2c::Sum(), t,
// CHECK:         } else {
// CHECK-NEXT:    // loop2cuda: on the host, in order, when the run-time check fails: #pragma omp parallel for reduction(+ : t)
// CHECK-NEXT:    for (int i = 0; i < n; i++) {

void touch(double *x) { *x += 1.0; }

// DIAG: probes.cpp:[[#@LINE+3]]:3: warning: loop not parallelized: {{.*}}cannot check them at run time: the call 'touch(&b[i])' may write memory [dependence]
void writer_call(double *a, double *b, const int *p, int n) {
#pragma acc parallel loop copy(a[0:n], b[0:n]) copyin(p[0:n])
  for (int i = 0; i < n; i++) {
    a[p[i]] = 1.0;
    touch(&b[i]);
  }
}

// With probe-accesses off, the launch keeps its probe marker, which nothing
// prints: an error, and no file. With host-fallback off, the kernels launch
// unchecked (the marking is trusted).
// OFF: error: {{.*}}_ProbeGuard
// TRUST-NOT: probeWrite
// TRUST: L2C_LAUNCH_DISTINCT(l2c_device::scatter_L{{[0-9]+}},
// TRUST-NOT: probeWrite
