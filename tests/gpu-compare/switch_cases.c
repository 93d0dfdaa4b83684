/* GPU comparison test: switch statements in marked loops (constants,
 * enumerators, a macro, fall-through, default, break), a sum reduced
 * inside one case, and a loop whose cases write only some elements. Built
 * with gcc and through loop2cuda; the outputs must be identical (small
 * integers and halves). */
#include <stdio.h>
#include <stdlib.h>

enum { ADD = 0, SCALE = 1, KEEP = 2 };
#define CLAMP 3

static void apply(float *restrict a, const int *restrict op, int n) {
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

static long count(const int *restrict op, int n) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    switch (op[i] % 4) {
    case 1:
      s += 2;
      /* fall through */
    case 2:
      s += op[i];
      break;
    default:
      s -= 1;
    }
  }
  return s;
}

int main(void) {
  const int n = 200000;
  float *a = malloc(n * sizeof(float));
  int *op = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    a[i] = (float)(i % 13);
    op[i] = (i * 7) % 5;
  }
  apply(a, op, n);
  long c = count(op, n);
  double s = 0;
  for (int i = 0; i < n; i++)
    s += a[i] * (i % 3 + 1);
  printf("%.2f %ld\n", s, c);
  free(a);
  free(op);
  return 0;
}
