// RUN: rm -rf %t && %loop2cuda %s -o %t -- -std=gnu89 -Wno-deprecated-non-prototype -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: ls %t | FileCheck %s --check-prefix=FILES
// RUN: %nochecks %t/c-split.c | FileCheck %s --check-prefix=HOST
// RUN: %nochecks %t/c-split_gpu.cu | FileCheck %s --check-prefix=DEV
// The host part is C for the program's own compiler:
// RUN: %nochecks %t/c-split.c > %t/host.c && cc -std=gnu89 -fopenmp -Wno-deprecated-non-prototype -fsyntax-only -I %S/Inputs %t/host.c
// With several files, the summary says which part goes to which compiler:
// RUN: rm -rf %t.s && %loop2cuda %s %S/Inputs/knr-other.c -o %t.s -- -std=gnu89 -Wno-deprecated-non-prototype -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=SUMMARY
// SUMMARY: loop2cuda summary: 2 files: 2 translated
// SUMMARY-NEXT: split: {{.*}}c-split.c.tmp.s/c-split.c (the program's C compiler) + {{.*}}c-split.c.tmp.s/c-split_gpu.cu (nvcc)
// SUMMARY-NEXT: marked loops:
// --c-output=cu forces one .cu; --c-output=split splits any C file.
// RUN: rm -rf %t && %loop2cuda --c-output=cu %s -o %t -- -std=gnu89 -Wno-deprecated-non-prototype -I %S/Inputs 2>&1 | FileCheck %s --check-prefix=WHOLE --allow-empty
// RUN: ls %t | FileCheck %s --check-prefix=WHOLE-FILES

// Old C that C++ rejects (K&R definitions, a name that C++ reserves,
// implicit int, a call without a declaration) is split: the host part
// stays C, the functions with GPU code go to a .cu with C linkage.
// DIAG: c-split.c:1:1: remark: C++ cannot compile this file as written (the name 'class' is a C++ keyword): the host part goes to c-split.c, for the program's C compiler, the functions with GPU code to c-split_gpu.cu, for nvcc [c-split]
// FILES: c-split.c
// FILES-NEXT: c-split_gpu.cu
// WHOLE-NOT: [c-split]
// WHOLE-FILES-NOT: _gpu.cu
// WHOLE-FILES: c-split.cu

#include <stdlib.h>
#include "knr-net.h"
// A call without a declaration (below) gets one, as C would read it; a
// header's functions (malloc) need none:
// DEV-NOT: int malloc(...)
// DEV: extern "C" int helper_defined_elsewhere(...); // implicit in C
// DEV-NOT: int malloc(...)
// DEV: #define forward l2c_hdr_forward // loop2cuda: declared without parameters in a header
// DEV: #define squash l2c_hdr_squash // loop2cuda: declared without parameters in a header
// Keywords renamed before the user's header, which may use them too (no
// system header follows it):
// DEV: #define class l2c_kw_class
// DEV-NEXT: #define new l2c_kw_new
// DEV-NEXT: extern "C" {
// DEV-NEXT: #include "knr-net.h"
// DEV-NEXT: }
// DEV-NEXT: // loop2cuda: for C++, after the headers
// DEV-NEXT: #undef squash
// DEV-NEXT: extern "C" float squash(double);
// DEV-NEXT: #undef forward

static int calls;
static double gain = 2.0, unused_bias;
// Static variables that the GPU part uses stay in the host part, which
// publishes their addresses; the .cu reaches them through references.
// HOST: {{^}}static int calls;
// HOST-NEXT: {{^}}int *const l2c_c_split_calls_ref = &calls; /* for c-split_gpu.cu */
// HOST-NEXT: {{^}}static double gain = 2.0, unused_bias;
// HOST-NEXT: {{^}}double *const l2c_c_split_gain_ref = &gain; /* for c-split_gpu.cu */
// DEV: extern "C" int *const l2c_c_split_calls_ref;
// DEV-NEXT: static int &calls = *l2c_c_split_calls_ref;
// DEV: extern "C" double *const l2c_c_split_gain_ref;
// DEV-NEXT: static double &gain = *l2c_c_split_gain_ref;
// DEV-NOT: unused_bias

struct stats { double sum; int n; } last = {0, 0};
// DEV: struct stats { double sum; int n; };
// DEV-NEXT: extern "C" struct stats last;

float squash(x)
float x;
{
  return x / (1.0f + (x < 0 ? -x : x));
}
// HOST: float squash(x)
// DEV: extern "C" float squash(double); // defined in the host part

static double clamp(v) double v; { return v > 1 ? 1 : v; }
// Called by a function with GPU code: a copy in the .cu.
// DEV: static double clamp(double v) {

static scaled(k) { return 3 * k; }
// Implicit int, called from the GPU part: copied with its type.
// DEV: static int scaled(int k) {

int count_calls() { return calls; }
// DEV-NOT: count_calls

void forward(in, out, n, lr)
float *in, *out;
int n;
float lr;
{
  int i;
  calls++;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    out[i] = squash(in[i] * lr) * gain;
  last.sum = clamp(out[0]) + scaled(n);
  last.n = helper_defined_elsewhere(n);
}
// A float parameter of a K&R definition arrives as a double.
// DEV: __global__ void forward_L
// DEV: extern "C" void forward(float *in, float *out, int n, double l2c_knr_lr) { float lr = l2c_knr_lr; // loop2cuda: K&R parameters
// HOST: void forward();
// HOST-NEXT: /* loop2cuda: 'forward' runs its loops on the GPU: it is defined in c-split_gpu.cu */

#define STATIC static
STATIC void scale(float *v, int n)
{
  int i, new = n;
  float *spare = malloc(sizeof(float)); /* declared by <stdlib.h> */
  free(spare);
#pragma omp parallel for
  for (i = 0; i < new; i++)
    v[i] = v[i] * 0.5f;
}
// A static function with GPU code stays static in both parts (even where
// a macro says `static`): the host part's body calls the .cu's entry.
// HOST: void l2c_c_split_scale(float *, int); /* in c-split_gpu.cu */
// HOST-NEXT: STATIC void scale(float *v, int n)
// HOST-NEXT: {
// HOST-NEXT: /* loop2cuda: 'scale' runs its loops on the GPU: it is defined in c-split_gpu.cu */
// HOST-NEXT: l2c_c_split_scale(v, n);
// HOST-NEXT: }
// DEV: STATIC void scale(float *v, int n)
// DEV: // loop2cuda: the host part's 'scale' calls this
// DEV-NEXT: extern "C" void l2c_c_split_scale(float *l2c_a0, int l2c_a1) { scale(l2c_a0, l2c_a1); }

void run(float *a, float *b, int n) { forward(a, b, n, 0.5f); scale(b, n); }
// HOST: void run(float *a, float *b, int n) { forward(a, b, n, 0.5f); scale(b, n); }
