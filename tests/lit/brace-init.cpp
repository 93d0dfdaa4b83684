// RUN: rm -rf %t && %loop2cuda --disable-rule vectorize-map %s -o %t -- -std=c++17 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning:
// RUN: %nochecks %t/brace-init.cu | FileCheck %s --check-prefix=CU
// (vectorize-map off: this test checks the scalar kernels; vectorize-map.cpp
// checks that rule set.)

// Brace initialisation in kernels and in the functions they call: a list of
// initialisers prints as written, with its type in front, so the device
// initialises the same members from the same values (docs/cxx.md).
#include <vector>

struct Vec2 {
  float x, y;
};
struct P {
  int a;
  float b;
};
struct Seg {
  Vec2 from, to;
};

// CU: __device__ Vec2 make(float x, float y) {
// CU-NEXT: return Vec2{x, y};
Vec2 make(float x, float y) { return Vec2{x, y}; }
// CU: __device__ Vec2 halve(float x, float y) {
// CU-NEXT: return Vec2{x / 2, y / 2};
Vec2 halve(float x, float y) { return {x / 2, y / 2}; }

// CU-LABEL: __global__ void locals_L{{[0-9]+}}(
// CU: Vec2 p = Vec2{1, 2};
// CU-NEXT: Vec2 q = Vec2{a[i], b[i]};
// CU-NEXT: Vec2 z = Vec2{};
// CU-NEXT: Seg s = Seg{{[{][{]}}0, 0}, q};
// CU-NEXT: Vec2 m = halve(make(a[i], 0).x, Vec2{p.x, q.y}.y);
// CU-NEXT: o[i] = p.x + q.y + z.x + s.to.x + m.y;
void locals(const float *a, const float *b, float *o, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    Vec2 p{1, 2};
    Vec2 q = {a[i], b[i]};
    Vec2 z{};
    Seg s{{0, 0}, q};
    Vec2 m = halve(make(a[i], 0).x, Vec2{p.x, q.y}.y);
    o[i] = p.x + q.y + z.x + s.to.x + m.y;
  }
}

// Scalars: int x{3} is x = 3; int{4} and int() are values.
// CU-LABEL: __global__ void scalars_L{{[0-9]+}}(
// CU: int x = 3;
// CU-NEXT: int y = int{4};
// CU-NEXT: int z = int{};
void scalars(int *o, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int x{3};
    int y = int{4};
    int z = int();
    o[i] = x + y + z;
  }
}

// Stores of a braced value into an array of structs, a vector of them.
// CU-LABEL: __global__ void stores_L{{[0-9]+}}(
// CU: ps[i] = P{i, b[i]};
// CU-NEXT: vs[i] = Vec2{(float)i, 2.0f * i};
// CU-NEXT: ws[i] = Vec2{1, 2};
void stores(P *ps, std::vector<Vec2> &vs, std::vector<Vec2> &ws,
            const float *b, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    ps[i] = P{i, b[i]};
    vs[i] = Vec2{float(i), 2.0f * i};
    ws[i] = {1, 2};
  }
}

// A constructor of the user's with statements in its body is a host
// function (one that only sets members from its parameters runs on the
// device too: device-constructors.cpp).
struct Pt {
  float x, y;
  Pt(float x, float y) : x(x), y(y) { this->y *= 2; }
};
void ctor(Pt *ps, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    ps[i] = Pt(i, 0);
// CHECK: brace-init.cpp:[[@LINE-2]]:3: warning: loop not parallelized: construction of 'Pt' calls its constructor 'Pt::Pt', which has no device version (an aggregate without constructors, initialised with braces, has one) [extract-kernel]
}

// A list of a type that cannot be on the device.
struct Owns {
  std::vector<float> v;
};
void owns(float *o, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    Owns w{};
    o[i] = w.v.empty();
  }
// CHECK: brace-init.cpp:[[@LINE-4]]:3: warning: loop not parallelized: brace initialisation of 'Owns' cannot run on the device: the member 'v' of 'Owns' owns host memory or is not trivially copyable [extract-kernel]
}
