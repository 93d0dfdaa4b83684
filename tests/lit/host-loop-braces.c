// RUN: rm -rf %t && %loop2cuda --disable-rule guard-small-work %s -o %t -- -std=c99 -fopenmp 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --allow-empty
// RUN: %nochecks %t/host-loop-braces.cu | FileCheck %s --check-prefix=CU

// A host loop whose body is a marked loop alone, without braces, gets them
// when glue goes in with the launch (here the header reads v[0] on the
// host, so v comes back in every iteration). The launch replaces the whole
// body: the braces, the glue after it and the glue after the host loop keep
// their places around it (clang ends the host loop, and the directive, at
// the pragma's line).
// CU-LABEL: void steps(
// CU: for (t = 0; t < n && v[0] < 1e9; t++)
// CU-NEXT: {
// CU-NEXT: // loop2cuda: the loop at host-loop-braces.c:[[#@LINE+10]] runs on the GPU as steps_L[[#@LINE+10]]
// CU-NEXT: L2C_LAUNCH(l2c_device::steps_L[[#@LINE+9]], "host-loop-braces.c:[[#@LINE+9]]", l2c::gridFor(m, 256), 256, 0, m, l2c::devWrites(v, m, 0, m, "host-loop-braces.c:[[#@LINE+9]]"));
// CU-NEXT: l2c::toHost(v, m,
// CU-NEXT: }
// CU-NEXT: l2c::release(v,
// CU-NEXT: }
void steps(int n, int m, double *v) {
  int t, j;
  for (t = 0; t < n && v[0] < 1e9; t++)
#pragma omp parallel for
    for (j = 0; j < m; j++)
      v[j] = v[j] + 1;
}
