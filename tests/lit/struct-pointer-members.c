// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:

// Structure-of-arrays through a pointer, p->x[i]: the struct cannot travel
// (its members point into host memory). The warning names the typedef of
// an anonymous struct (it said "an unnamed type") and says what to do.
typedef struct {
  int n;
  float *x, *vx;
} soa_t;

// CHECK: struct-pointer-members.c:[[@LINE+4]]:3: warning: loop not parallelized: 's' cannot be copied to the device: the member 'x' of 'soa_t' points into host memory; copy the pointer members the loop uses into local variables before the loop and index those [extract-kernel]
// CHECK-NEXT: for (int i = 0; i < s->n; i++)
void move(soa_t *s, float dt) {
#pragma omp parallel for
  for (int i = 0; i < s->n; i++)
    s->x[i] += dt * s->vx[i];
}

// The struct variable itself: s.x is an array of its own.
void moveValue(soa_t s, float dt) {
#pragma omp parallel for
  for (int i = 0; i < s.n; i++)
    s.x[i] += dt * s.vx[i];
}
