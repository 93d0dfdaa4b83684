// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/hold-loops.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule hold-loops %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/hold-loops.cu | FileCheck %s --check-prefix=OFF
// RUN: rm -rf %t && %loop2cuda --disable-rule host-boxes %s -o %t -- -std=c99 2>/dev/null
// RUN: %nochecks %t/hold-loops.cu | FileCheck %s --check-prefix=HOSTBOXES-OFF

// Rule set hold-loops. a and b are pointer parameters that may share
// memory (no loop writes one of them beside the other), so move-copies
// keeps their copies next to the kernels inside the time loop; c leaves it.
// The loop's host code leaves a and b alone, so they are held over it: the
// runtime skips and defers those copies, and breaks the holds of arrays it
// finds overlapping (runtime/loop2cuda_present.cuh).

// CHECK-LABEL: void sweeps(
// CHECK-NEXT:  l2c::hold(a, "hold-loops.c: hold of 'a'");
// CHECK-NEXT:  l2c::hold(b, "hold-loops.c: hold of 'b'");
// CHECK-NEXT:  l2c::initDevice();
// CHECK-NEXT:  l2c::toDevice(c, n,
// CHECK-NEXT:  for (int t = 0; t < steps; t++) {
// CHECK:         l2c::toHost(a, n,
// CHECK:       }
// CHECK:       l2c::unhold(b, "hold-loops.c: unhold of 'b'");
// CHECK-NEXT:  l2c::unhold(a, "hold-loops.c: unhold of 'a'");
// CHECK-NEXT:  }
// OFF-LABEL:   void sweeps(
// OFF-NOT:     l2c::hold
// OFF:         for (int t = 0; t < steps; t++) {
// OFF:           l2c::toHost(a, n,
// OFF-LABEL:   float hostReads(
void sweeps(float *a, float *b, float *c, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + 1.0f;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0f * c[i];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - b[i];
  }
}

// The host reads one element of a between the sweeps: rule set host-boxes
// brackets the read with a copy of that element, so a is held all the
// same, and so is b, which may share a's memory (where it does, the
// runtime breaks both holds and the copies move as placed).
// CHECK-LABEL: float hostReads(
// CHECK:       l2c::hold(a, "hold-loops.c: hold of 'a'");
// CHECK-NEXT:  l2c::hold(b, "hold-loops.c: hold of 'b'");
// CHECK:       l2c::updateHostBox(a, 1, 1, "hold-loops.c: elements of 'a' the host statement below touches");
// CHECK-NEXT:  s += a[1];
// CHECK:       return s;
// HOSTBOXES-OFF-LABEL: float hostReads(
// HOSTBOXES-OFF-NOT:   l2c::hold
// HOSTBOXES-OFF-NOT:   l2c::update
// HOSTBOXES-OFF:       return s;
float hostReads(float *a, float *b, float *c, int n, int steps) {
  float s = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + 1.0f;
    s += a[1];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0f * c[i];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - b[i];
  }
  return s;
}

// The host hands a to a function between the sweeps: the tool cannot
// bound what it touches, so a stays unheld, and so does b.
// CHECK-LABEL: float hostCalls(
// CHECK-NOT:   l2c::hold
// CHECK-NOT:   l2c::update
// CHECK:       return s;
float first(const float *p);
float hostCalls(float *a, float *b, float *c, int n, int steps) {
  float s = 0;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + 1.0f;
    s += first(a);
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0f * c[i];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - b[i];
  }
  return s;
}

// A jump out of the loop would skip the unhold: no hold.
// CHECK-LABEL: void leaves(
// CHECK-NOT:   l2c::hold
// CHECK:       break;
void leaves(float *a, float *b, float *c, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + 1.0f;
    if (t == n)
      break;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0f * c[i];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - b[i];
  }
}

// Host code writes through another pointer parameter, which may point into
// any of them: no hold.
// CHECK-LABEL: void writesOther(
// CHECK-NOT:   l2c::hold
// CHECK:       p[0] = (float)t;
void writesOther(float *a, float *b, float *c, float *p, int n, int steps) {
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = c[i] + 1.0f;
    p[0] = (float)t;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      b[i] = 2.0f * c[i];
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      c[i] = a[i] - b[i];
  }
}
