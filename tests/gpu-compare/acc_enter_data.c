/* GPU comparison test: OpenACC's unstructured data lifetime. An init
 * function enters two global arrays, a step function runs two kernels on
 * them with `present`, a probe reads one element after `update self`, a
 * poke writes one and sends it with `update device`, and a finish function
 * exits them (rule set entered-data). A correct OpenACC program, so the
 * GPU build must print what the CPU build prints. The gpu-profile lines
 * check that the kernels' array moves once to the device, then only the
 * poked element, and comes back only where asked (tests/gpu/README.md).
 */
// gpu-profile: ^  a \(acc_enter_data.c\) +to device +2 
// gpu-profile: ^  a \(acc_enter_data.c\) +to host +11 
#include <stdlib.h>
#include <stdio.h>
static double *u, *v;
static int n;
static void setup(int m) {
  n = m;
  u = malloc(sizeof(double) * n);
  v = malloc(sizeof(double) * n);
  for (int i = 0; i < n; i++)
    u[i] = v[i] = i % 7;
#pragma acc enter data copyin(u[0:n], v[0:n])
}
static void step(void) {
  double *a = u, *b = v;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i + 1]) * 0.5;
#pragma acc parallel loop present(a[0:n], b[0:n])
  for (int i = 1; i < n - 1; i++)
    a[i] = b[i];
}
static double probe(int i) {
  double *a = u;
#pragma acc update self(a[i:1])
  return a[i];
}
static void poke(int i, double x) {
  double *a = u;
  a[i] = x;
#pragma acc update device(a[i:1])
}
static void finish(void) {
  double *a = u, *b = v;
#pragma acc exit data copyout(a[0:n]) delete(b[0:n])
}
int main(void) {
  setup(1 << 12);
  for (int t = 0; t < 10; t++) {
    step();
    if (t == 5)
      poke(100, 1000.0);
    printf("%d %.6f\n", t, probe(100));
  }
  finish();
  double s = 0;
  for (int i = 0; i < n; i++)
    s += u[i];
  printf("%.6e\n", s);
  return 0;
}
