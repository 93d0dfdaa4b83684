// GPU comparison test: one array passed for two pointer parameters at two
// offsets, in loops the exact test proves independent. Each name has a
// device copy of its own, which the runtime cannot keep one array where
// their host ranges overlap: interleaved elements (x = a + 1, y = a) run
// on the host, in order; two halves run on the GPU; one pointer passed
// twice shares one copy (Dependences.cpp, sameArray; found by the legality
// fuzzer's GPU half under the emulated device: seeds 173, 277, 294, whose
// programs stopped with 'two arrays of the loop overlap in memory').
// gpu-profile: one_array_offsets.c:17: arrays of the loop overlap in memory; it ran on the host
#include <stdio.h>

#define N 4000

// Writes the odd elements from the even ones: x = a + 1, y = a.
static void odd_from_even(long *x, long *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[2 * i] = y[2 * i] * 3 + 1;
}

// The second half from the first: x = a + n, y = a.
static void half_from_half(long *x, long *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[i] + 2 * i;
}

// One pointer for both: each element from itself.
static void in_place(long *x, long *y, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    x[i] = y[i] * 2 - 1;
}

int main(void) {
  static long a[2 * N + 1];
  for (int i = 0; i < 2 * N + 1; i++)
    a[i] = i % 17 - 8;
  odd_from_even(a + 1, a, N);
  half_from_half(a + N, a, N);
  in_place(a, a, N);
  unsigned long s = 0;
  for (int i = 0; i < 2 * N + 1; i++)
    s = s * 1000003UL + (unsigned long)a[i];
  printf("%lu\n", s);
  return 0;
}
