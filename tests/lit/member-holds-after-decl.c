// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/member_holds_after_decl.c -o %t -- -fopenmp -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/member_holds_after_decl.cu | FileCheck %s

// The holds of a struct's members (m->u, stand-in m_u) stay below the
// statement that gives m its value: that statement writes m's members too.
// DIAG-NOT: warning:
// CHECK-LABEL: int main(int argc, char **argv)
// CHECK-NOT:     l2c::hold(
// CHECK:         mesh_t *m = mesh_new(nx, ny);
// CHECK-NEXT:    l2c::hold(m->u, "member_holds_after_decl.c: hold of 'm->u'");
