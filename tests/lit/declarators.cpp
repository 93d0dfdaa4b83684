// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --allow-empty --implicit-check-not=warning:
// RUN: %nochecks %t/declarators.cu | FileCheck %s --check-prefix=CU

// Declarations and names the kernel prints as C++ spells them (each was
// once a .cu that nvcc rejected; found by a helper's hunt).

// A reference to a row of a 2-D array: the name goes inside the declarator.
// CU-LABEL: __global__ void rows_L{{[0-9]+}}(
// CU: const double (&row)[64] = c[i % 3];
void rows(double *out, double (*c)[64], int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    const auto &row = c[i % 3];
    out[i] = row[i % 64];
  }
}

// Members of anonymous unions and structs are named directly.
struct Cx {
  union {
    float re;
    float r;
  };
  struct {
    float im;
  };
};
// CU-LABEL: __global__ void mags_L{{[0-9]+}}(
// CU: m[i] = c[i].re * c[i].re + c[i].im * c[i].im;
// CU: m[i] += p->re;
void mags(const Cx *c, const Cx *p, float *m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    m[i] = c[i].re * c[i].re + c[i].im * c[i].im;
    m[i] += p->re;
  }
}
