// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/struct_views.c -o %t -- -fopenmp -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/struct_views.cu | FileCheck %s
// RUN: rm -rf %t2 && %loop2cuda --min-launch-work=0 %s -o %t2 -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REJECT

// Structs of pointers handed whole to functions of the file
// (StructViews.cpp): the kernel takes the struct (or the struct a pointer
// points to) by value and points the members the functions subscript at
// their device copies. The program is the GPU comparison test
// tests/gpu-compare/struct_views.c.
// DIAG-NOT: warning:
// DIAG: struct_views.c:61:3: remark: assuming iterations are independent: 'm->flux' and 'm->u' may point into the same memory [dependence]
// DIAG-NOT: warning:

// By address of a struct parameter: its own bytes, patched.
// CHECK-LABEL: __global__ void spmv_value_L44(long long l2c_begin, long long l2c_count, double *y, const int *A_rowptr, const int *A_col, const double *A_val, csr_t A, const double *x) {
// CHECK:         A.rowptr = (int *)A_rowptr;
// CHECK-NEXT:    A.col = (int *)A_col;
// CHECK-NEXT:    A.val = (double *)A_val;
// CHECK-NEXT:    y[i] = l2c_device::dot_row(&A, x, i);
// Through a pointer: the struct it points to, and a pointer of its name.
// CHECK-LABEL: __global__ void spmv_pointer_L50(long long l2c_begin, long long l2c_count, double *y, const int *A_rowptr, const int *A_col, const double *A_val, csr_t l2c_view_A, const double *x) {
// CHECK:         l2c_view_A.rowptr = (int *)A_rowptr;
// CHECK:         const csr_t *A = &l2c_view_A;
// CHECK-NEXT:    y[i] = l2c_device::scaled_row(A, x, i) + l2c_device::row_norm1(*A, i) * 0.0;
// A member the function writes is written: copied back.
// CHECK-LABEL: __global__ void mesh_step_L61(long long l2c_begin, long long l2c_count, const double *m_u, double *m_flux, mesh_t l2c_view_m) {
// CHECK:         mesh_t *m = &l2c_view_m;
// CHECK-LABEL: static void mesh_step(mesh_t *m) {
// CHECK:         L2C_LAUNCH_DISTINCT({{.*}} l2c::dev(m->u, l2c::recordedCount(m->u), "struct_views.c:61"), l2c::dev(m->flux, {{.*}}, *m);
// CHECK:         l2c::toHost(m->flux, m->cells,

typedef struct { int n; double *val; } vec_t;
typedef struct { float w; float *coord; } point_t;

static double first(const vec_t *v) {
  const double *p = v->val;
  return p[0];
}
static void grow(vec_t *v, int i) {
  v->val[i] = 1.0;
  v->n = i;
}
static float wsum(point_t p, int d) {
  float s = 0;
  for (int k = 0; k < d; k++)
    s += p.w * p.coord[k];
  return s;
}

void f(vec_t v, double *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = first(&v) + i;
}
void g(vec_t *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    grow(v, i);
}
void h(point_t *pts, float *out, int n, int d) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = wsum(pts[i], d);
}
// REJECT: struct-views.c:[[@LINE-13]]:3: warning: loop not parallelized: 'v' cannot be passed to the device: 'first' uses the pointer 'v->val' itself [extract-kernel]
// REJECT: struct-views.c:[[@LINE-9]]:3: warning: loop not parallelized: 'v' cannot be passed to the device: 'grow' writes 'v->n' of the caller's struct [extract-kernel]
// REJECT: struct-views.c:[[@LINE-5]]:3: warning: loop not parallelized: 'pts' cannot be copied to the device: the member 'coord' of 'point_t' points into host memory; the loop uses its elements whole (pts[i]), which carries that member's host address to the device
