// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: echo '[{"directory": "%t.dir", "command": "c++ -std=c++17 -DSCALE=3 -c %s", "file": "%s"}]' > %t.dir/compile_commands.json
// RUN: %loop2cuda -p %t.dir %s -o %t.dir/out
// RUN: %nochecks %t.dir/out/compile-commands.cu | FileCheck %s

// With -p, the compiler arguments come from compile_commands.json: here the
// macro SCALE, which the kernel sees expanded and the host code keeps.
#ifndef SCALE
#error SCALE comes from compile_commands.json
#endif
// CHECK: a[i] = a[i] * 3;
// CHECK: int scaled(int *a, int n) {
// CHECK: return a[0] * SCALE;
int scaled(int *a, int n) {
#pragma loop2cuda parallel
  for (int i = 0; i < n; ++i)
    a[i] = a[i] * SCALE;
  return a[0] * SCALE;
}
