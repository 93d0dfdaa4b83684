// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %S/../gpu-compare/target_update_in_data.c -o %t -- -fopenmp 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DIAG --allow-empty
// RUN: %nochecks %t/target_update_in_data.cu | FileCheck %s

// `target update` inside a `target data` region's block (a captured
// statement in clang's tree) is followed like any other standalone data
// directive. The program is tests/gpu-compare/target_update_in_data.c.
// DIAG-NOT: has no effect
// CHECK:      L2C_LAUNCH_DISTINCT(l2c_device::main_L15,
// CHECK:      l2c::updateHost(b, 0, n, "target_update_in_data.c: update of 'b' on the host");
// CHECK-NEXT: // loop2cuda: done by the l2c:: calls around it (docs/data-regions.md): #pragma omp target update from(b[0:n])
// CHECK:      l2c::updateDevice(b, 0, 1, "target_update_in_data.c: update of 'b' on the device");
// CHECK:      L2C_LAUNCH_DISTINCT(l2c_device::main_L22,
