// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/struct-pointer-members.cu | FileCheck %s --check-prefix=CU

// Structure-of-arrays through a pointer, p->x[i] and p->n: the struct
// cannot travel (its members point into host memory), so each member the
// loop names travels alone, a pointer as an array, a number by value, as
// s.x does for a struct variable (the loop was rejected).
typedef struct {
  int n;
  float *x, *vx;
} soa_t;

// CU-LABEL: __global__ void move_L{{[0-9]+}}(
// CU-SAME: float *s_x, float dt, const float *s_vx)
// CU-LABEL: void move(
// CU: l2c::toDevice(s->x, s->n, "{{.*}}");
// CU: l2c::toHost(s->x, s->n, "{{.*}}");
// CHECK: struct-pointer-members.c:[[@LINE+3]]:3: remark: assuming iterations are independent: 's->x' and 's->vx' may point into the same memory [dependence]
void move(soa_t *s, float dt) {
#pragma omp parallel for
  for (int i = 0; i < s->n; i++)
    s->x[i] += dt * s->vx[i];
}

// The pointer used whole (s[0].vx) stays an array of structs, which cannot
// travel; the warning names the typedef of the anonymous struct (it said
// "an unnamed type") and the way out.
// CHECK: struct-pointer-members.c:[[@LINE+3]]:3: warning: loop not parallelized: 's' cannot be copied to the device: the member 'x' of 'soa_t' points into host memory; name its members only (s->x[i], s->n), which travel one by one [extract-kernel]
void whole(soa_t *s) {
#pragma omp parallel for
  for (int i = 0; i < s->n; i++)
    s->x[i] = s[0].vx[i];
}

// The struct variable itself: s.x is an array of its own.
// CHECK: remark: assuming iterations are independent: 's.x' and 's.vx'
void moveValue(soa_t s, float dt) {
#pragma omp parallel for
  for (int i = 0; i < s.n; i++)
    s.x[i] += dt * s.vx[i];
}
