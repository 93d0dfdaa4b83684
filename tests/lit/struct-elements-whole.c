// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -fopenmp -std=c99 2>&1 | FileCheck %s
// RUN: %nochecks %t/struct-elements-whole.cu | FileCheck %s --check-prefix=CODE

// An array of structs with a pointer member, reached through a struct
// pointer (pts->p, a stand-in of its own): an element handed whole to a
// function carries the member's host address to the device, so the loop
// stays on the CPU (found by a helper's hunt: streamcluster's pgain shape).
// A loop that names the numbers only still runs on the GPU.
typedef struct { float w; float *coord; } Point;
typedef struct { long num; int dim; Point *p; } Points;
static float norm2(Point p, int dim) {
  float s = 0;
  for (int d = 0; d < dim; d++)
    s += p.coord[d] * p.coord[d];
  return s;
}
// CHECK: struct-elements-whole.c:[[@LINE+4]]:3: warning: loop not parallelized: 'pts->p' cannot be copied to the device: the member 'coord' of 'Point' points into host memory; the loop uses its elements whole (pts->p[i])
void eval(Points *pts, float *out) {
  long i;
#pragma omp parallel for
  for (i = 0; i < pts->num; i++)
    out[i] = pts->p[i].w * norm2(pts->p[i], pts->dim);
}
// CODE: __global__ void weights_L28(
void weights(Points *pts, float *out) {
  long i;
#pragma omp parallel for
  for (i = 0; i < pts->num; i++)
    out[i] = pts->p[i].w * 2.0f;
}
