// RUN: rm -rf %t && %loop2cuda --verify %s -o %t -- -std=c++17 2>&1 | FileCheck %s
// RUN: ls %t | FileCheck %s --check-prefix=FILES

// A --verify harness is a file of its own, without the file's types: a
// kernel that uses them gets a note instead of a harness that cannot build.

struct P {
  float x, v;
};

void step(int n, P *__restrict__ ps, float *__restrict__ out) {
#pragma loop2cuda parallel name(move)
  for (int i = 0; i < n; i++)
    ps[i].x += ps[i].v;
#pragma loop2cuda parallel name(twice)
  for (int i = 0; i < n; i++)
    out[i] = 2 * out[i];
}
// CHECK: loop2cuda: note: --verify: no harness for move: it uses the file's type 'P' (compare the program's output with its CPU build instead)
// FILES-NOT: move_verify.cu
// FILES: twice_verify.cu
// FILES-NOT: move_verify.cu
