// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/device-switch.cu | FileCheck %s --check-prefix=CU

// A switch in a marked loop runs in the kernel as written: case labels
// (constants, enumerators by name, macros expanded), default, fall-through
// and break, which leaves the switch. An element written in some cases
// only is copied in first.
enum { ADD = 0, SCALE = 1, KEEP = 2 };
#define CLAMP 3

// CU-LABEL: __global__ void apply_L{{[0-9]+}}(
// CU: switch (op[i]) {
// CU-NEXT: case ADD:
// CU-NEXT: a[i] += 1.0f;
// CU-NEXT: break;
// CU-NEXT: case SCALE:
// CU-NEXT: case 3:
// CU-NEXT: a[i] *= 0.5f;
// CU-NEXT: if (a[i] > 4.0f) {
// CU: default:
// CU-NEXT: break;
// CU-NEXT: }
// CU-LABEL: void apply(
// CU: l2c::toDevice(a, n,
void apply(float *restrict a, const int *restrict op, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    switch (op[i]) {
    case ADD:
      a[i] += 1.0f;
      break;
    case SCALE:
    case CLAMP:
      a[i] *= 0.5f;
      if (a[i] > 4.0f)
        a[i] = 4.0f;
      break;
    default:
      break;
    }
  }
}

// A range of case labels (GNU) stays on the CPU with the reason.
// CHECK: device-switch.c:[[#@LINE+3]]:3: warning: loop not parallelized: this 'case' label is not supported on the device
void ranges(float *restrict a, const int *restrict op, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    switch (op[i]) {
    case 1 ... 3:
      a[i] = 0;
      break;
    }
  }
}

// A reduction updated in the cases (fall-through included) is one.
// CU-LABEL: __global__ void count_L{{[0-9]+}}(
// CU: case 1:
// CU-NEXT: s = s + 2;
// CU-NEXT: case 2:
long count(const int *restrict op, int n) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    switch (op[i] % 4) {
    case 1:
      s += 2;
    case 2:
      s += op[i];
      break;
    default:
      s -= 1;
    }
  }
  return s;
}
