// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/acc_enter_data.c -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG
// RUN: %nochecks %t/acc_enter_data.cu | FileCheck %s
// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 --disable-rule entered-data %S/../gpu-compare/acc_enter_data.c -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OFF-DIAG

// OpenACC's unstructured data lifetime (rule set entered-data, as for
// OpenMP's target enter/exit data): each pragma line becomes the runtime's
// calls, and its line a comment. The program is the GPU comparison test
// tests/gpu-compare/acc_enter_data.c.
// DIAG: acc_enter_data.c:22:1: remark: 'u', 'v' stay on the device until their 'exit data': as OpenACC specifies, host code in between sees the kernels' results after 'update self', and kernels see the host's writes after 'update device' (docs/data-regions.md) [entered-data]
// CHECK-LABEL: static void setup(int m) {
// CHECK:         l2c::hold(u, "acc_enter_data.c: hold of 'u'");
// CHECK-NEXT:    l2c::hold(v, "acc_enter_data.c: hold of 'v'");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc enter data copyin(u[0:n], v[0:n])
// CHECK-NEXT:  }
// CHECK-LABEL: static double probe(int i) {
// CHECK:         l2c::updateHost(a, i, 1, "acc_enter_data.c: update of 'a' on the host");
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc update self(a[i:1])
// CHECK-NEXT:    return a[i];
// CHECK-LABEL: static void poke(int i, double x) {
// CHECK:         a[i] = x;
// CHECK-NEXT:    // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc update device(a[i:1])
// CHECK-NEXT:    l2c::updateDevice(a, i, 1, "acc_enter_data.c: update of 'a' on the device");
// CHECK-LABEL: static void finish(void) {
// CHECK:         // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma acc exit data copyout(a[0:n]) delete(b[0:n])
// CHECK-NEXT:    l2c::unhold(b, "acc_enter_data.c: unhold of 'b'");
// CHECK-NEXT:    l2c::unhold(a, "acc_enter_data.c: unhold of 'a'");

// OFF-DIAG: acc_enter_data.c:22:1: remark: the data directive has no effect here: rule set entered-data did not run
