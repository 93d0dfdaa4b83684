// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/stream-copies.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --disable-rule stream-copies %s -o %t -- -std=c++17 2>/dev/null
// RUN: %nochecks %t/stream-copies.cu | FileCheck %s --check-prefix=OFF
// DIAG-NOT: warning:
// OFF-NOT: l2c::stream

// A single-pass scan between the copy in of its input and the copy out of
// its output moves both in chunks, overlapped with the scan (rule set
// stream-copies, docs/rules/stream-copies.md).

// The kernel waits for its input's chunk before loading and reports each
// stored tile; the host copies go into the launch's block.
// CHECK-LABEL: __global__ void {{.*}}scanOnce_L{{[0-9]+}}_scan(
// CHECK-SAME:    l2c::StreamChunks l2c_stream)
// CHECK:         l2c::streamAwait(l2c_stream, l2c_wbase, l2c_wn);
// CHECK-NEXT:    l2c::warpTileLoad<32>(l2c_sh, &a[l2c_begin + l2c_wbase], l2c_wn, (int)0);
// CHECK:         l2c::warpTileStore<32>(&out[l2c_begin + l2c_wbase], l2c_sh, l2c_wn);
// CHECK-NEXT:    l2c::streamDepart(l2c_stream, l2c_base, l2c_count);
// CHECK-NEXT:  }
// CHECK-LABEL: void scanOnce(
// CHECK-NOT:     l2c::toDevice
// CHECK:         int acc = 0;
// CHECK:         const l2c::StreamChunks l2c_stream = l2c::streamIn(a, n, out, n, 128 * 32, "stream-copies.cpp:[[#@LINE+14]]");
// CHECK-NEXT:    L2C_LAUNCH({{.*}}, l2c_generation, l2c_stream);
// CHECK-NEXT:    l2c::streamOut(l2c_stream, out, n, "stream-copies.cpp:[[#@LINE+12]]");
// CHECK-NOT:     l2c::toHost
// CHECK:         l2c::release(a,
// OFF-LABEL: void scanOnce(
// OFF:         l2c::toDevice(a, n,
// OFF:         L2C_LAUNCH(
// OFF-NEXT:    }
// OFF-NEXT:  }
// OFF-NEXT:  l2c::toHost(out, n,
void scanOnce(const int *a, int *out, long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
}

// An exclusive max scan of floats streams the same way.
// CHECK-LABEL: void maxOnce(
// CHECK:         l2c::streamIn(x, m, y, m, 128 * 32,
// CHECK:         l2c::streamOut(l2c_stream, y, m,
void maxOnce(const float *x, float *y, int m) {
  float best = -1e30f;
#pragma omp parallel for reduction(inscan, max : best)
  for (int i = 0; i < m; ++i) {
    y[i] = best;
#pragma omp scan exclusive(best)
    best = best > x[i] ? best : x[i];
  }
}

// Repeated scans: move-copies takes the copies out of the loop, away from
// the launch, and nothing streams.
// CHECK-LABEL: void scanRepeated(
// CHECK-NOT:     l2c::stream
// CHECK:         l2c::toDevice(a, n,
// CHECK:         for (int r = 0; r < reps; ++r)
// CHECK-NOT:     l2c::stream
// CHECK:         l2c::toHost(out, n,
void scanRepeated(const int *a, int *out, long n, int reps) {
  for (int r = 0; r < reps; ++r) {
    int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
    for (long i = 0; i < n; ++i) {
      acc += a[i];
#pragma omp scan inclusive(acc)
      out[i] = acc;
    }
  }
}

// In place: the array is read and written, and its copies must not overlap
// its own chunks in flight.
// CHECK-LABEL: void scanInPlace(
// CHECK-NOT:     l2c::stream
// CHECK:         l2c::toHost(v, n,
void scanInPlace(int *v, long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += v[i];
#pragma omp scan inclusive(acc)
    v[i] = acc;
  }
}

// Doubles take the block-wide tiles, not the warp tiles: no stream.
// CHECK-LABEL: void scanDouble(
// CHECK-NOT:     l2c::stream
// CHECK:         l2c::toHost(out, n,
void scanDouble(const double *a, double *out, long n) {
  double acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 0; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
}

// A loop from 1 copies elements the kernel does not scan: no stream.
// CHECK-LABEL: void scanFromOne(
// CHECK-NOT:     l2c::stream
// CHECK:         l2c::toHost(out, n,
void scanFromOne(const int *a, int *out, long n) {
  int acc = 0;
#pragma omp parallel for reduction(inscan, + : acc)
  for (long i = 1; i < n; ++i) {
    acc += a[i];
#pragma omp scan inclusive(acc)
    out[i] = acc;
  }
}
