// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/struct-pointer-members.cu | FileCheck %s --check-prefix=CU

// An array of structs whose member points to a row of numbers (Rodinia's
// streamcluster: Point's coord) travels as the struct's bytes, and p[i].f
// as rows of their own: the kernel gets a table of device row pointers,
// p_f, and reads p[i].f[j] as p_f[i][j] (StandIns.cpp, memberRowsVar;
// runtime/loop2cuda_rows.cuh, MemberRows).
typedef struct {
  float weight;
  float *coord;
  long assign;
} Point;

typedef struct {
  long num;
  Point *p;
} Points;

// CHECK: [[#@LINE+8]]:3: remark: assuming iterations are independent: 'pts' and 'pts[i].coord' may point into the same memory
// CU: __global__ void nearest_L[[#@LINE+7]](long long l2c_begin, long long l2c_count, int dim, const float *const *pts_coord, Point *pts)
// CU: float t = pts_coord[i][j];
// CU: pts[i].assign = best;
// CU: l2c::toDevice(l2c::rowsOf(l2c::memberRows<float>(pts, offsetof(Point, coord)), n, dim), n,
// CU: l2c::release(l2c::rowsOf(l2c::memberRows<float>(pts, offsetof(Point, coord)), n, dim),
void nearest(Point *pts, int n, int dim) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    long best = 0;
    for (int j = 0; j < dim; j++) {
      float t = pts[i].coord[j];
      if (t > 0)
        best += j;
    }
    pts[i].assign = best;
  }
}

// Written through the member, the array inside a struct reached through a
// pointer: the rows come back; they are assumed not to overlap.
// CHECK: [[#@LINE+6]]:3: remark: assuming iterations are independent: the rows of 'points->p[i].coord' do not overlap
// CU: __global__ void shift_L[[#@LINE+5]](int dim, float *const *points_p_coord, long n)
// CU: l2c::toHost(l2c::rowsOf(l2c::memberRows<float>(points->p, offsetof(Point, coord)), n, dim), n,
void shift(Points *points, int dim) {
  long n = points->num;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    for (int j = 0; j < dim; j++)
      points->p[i].coord[j] = points->p[i].coord[j] * 0.5f;
}

// A reduction over a static array of points: its body is converted before
// the analysis meets the member, and reads the rows all the same.
// CU: __global__ void weighted_L[[#@LINE+6]](long long l2c_begin, long long l2c_count, const float *const *few_coord, const Point *few,
// CU: s = s + (few_coord[i][0] * few[i].weight + few_coord[i][2]);
static Point few[64];
float weighted(int n) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += few[i].coord[0] * few[i].weight + few[i].coord[2];
  return s;
}

// The member itself taken as a pointer: its host address would reach the
// device.
// CHECK: [[#@LINE+3]]:3: warning: loop not parallelized: 'pts' cannot be copied to the device: the member 'coord' of 'Point' points into host memory; the device reads such a member only as pts[i].coord[j]
void viaLocal(Point *pts, int n, int dim) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    float *c = pts[i].coord;
    float s = 0;
    for (int j = 0; j < dim; j++)
      s += c[j];
    pts[i].weight = s;
  }
}
