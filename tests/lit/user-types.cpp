// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// RUN: %nochecks %t/user-types.cu | FileCheck %s --check-prefix=OUT

// Kernels come before the file's own declarations in the generated code, so
// a loop over a user-defined type stays on the CPU and says why.
struct Particle {
  float x, v;
};
void step(Particle *p, int n, float dt) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    p[i].x += p[i].v * dt;
// CHECK: user-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: 'p' has the user-defined type 'Particle'; kernels come before the file's own declarations in the generated code, so they use built-in types only [extract-kernel]
}
// OUT-NOT: __global__
