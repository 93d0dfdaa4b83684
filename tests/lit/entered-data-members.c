// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/entered_member_data.c -o %t -- -fopenmp -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/entered_member_data.cu | FileCheck %s

// Standalone data directives on members of structs, in functions with no
// kernel of their own: the runtime's holds and updates name the member as
// host code does (w->a, g.b), not by the kernels' stand-in (w_a), which no
// host code declares. The program is the GPU comparison test
// tests/gpu-compare/entered_member_data.c.
// DIAG-DAG: entered_member_data.c:19:1: remark: 'w->a' stays on the device until its 'target exit data'
// DIAG-DAG: entered_member_data.c:40:1: remark: 'g.b' stays on the device until its 'target exit data'
// CHECK-LABEL: void vec_enter(vec_t *w) {
// CHECK-NEXT:    l2c::hold(w->a, "entered_member_data.c: hold of 'w->a'");
// CHECK-LABEL: void vec_exit(vec_t *w) {
// CHECK:         l2c::unhold(w->a, "entered_member_data.c: unhold of 'w->a'");
// CHECK-LABEL: double vec_peek(vec_t *w, int i) {
// CHECK-NEXT:    l2c::updateHost(w->a, i, 1, "entered_member_data.c: update of 'w->a' on the host");
// CHECK-LABEL: void grid_smooth(grid_t g) {
// CHECK:         l2c::hold(g.b, "entered_member_data.c: hold of 'g.b'");
// CHECK-LABEL: void grid_done(grid_t g) {
// CHECK:         l2c::unhold(g.b, "entered_member_data.c: unhold of 'g.b'");
// CHECK-NOT:   w_a,
