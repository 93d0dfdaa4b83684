// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not="checked at run time"

// A local that a statement of the loop's block sets just before the loop,
// with nothing after it changing the local or what its value reads, has
// that value in the exact test (NestBuilder::definitionContext).

// w = n + 1: the reads start past the writes.
void offsetRead(float *a, int n) {
  int w = n + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// The last assignment counts.
// CHECK: [[#@LINE+5]]:3: warning: loop not parallelized: iterations are not independent: a[i] written at i=0 is read by a[i + w] at i=1 (n=2, w=-1)
void reassigned(float *a, int n) {
  int w = n + 1;
  w = -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// n changes after w takes its value: w is unknown again.
// CHECK: [[#@LINE+5]]:3: warning: loop not parallelized: iterations are not independent
void operandChanged(float *a, int n) {
  int w = n + 1;
  n = 5;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// w = w + 1 says nothing of w's value.
// CHECK: [[#@LINE+4]]:3: warning: loop not parallelized: iterations are not independent
void selfReference(float *a, int n, int w) {
  w = w + 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// Set under a condition: either value may reach the loop.
// CHECK: [[#@LINE+5]]:3: warning: loop not parallelized: iterations are not independent
void conditional(float *a, int n) {
  int w = n + 1;
  if (n > 3) w = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// w's address escapes: the call may change it after the definition.
void bump(int *p);
// CHECK: [[#@LINE+7]]:3: warning: loop not parallelized: iterations are not independent
void addressTaken(float *a, int n) {
  int w;
  int *p = &w;
  w = n + 1;
  bump(p);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + w];
}

// A global in the value: the call between may change it.
int g;
void bar(void);
// CHECK: [[#@LINE+5]]:3: warning: loop not parallelized: iterations are not independent
void globalOperand(float *a, int n) {
  int w = g + 1;
  bar();
#pragma omp parallel for
  for (int i = 0; i < g; i++)
    a[i] = a[i + w];
}

// Set before a host loop that leaves it alone: it holds in every step.
void outsideHostLoop(float *a, int n, int steps) {
  int w = n + 1;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = a[i + w];
  }
}

// Set before a host loop that changes it after the marked loop: the second
// step sees another value.
// CHECK: [[#@LINE+5]]:5: warning: loop not parallelized: iterations are not independent
void changedInHostLoop(float *a, int n, int steps) {
  int w = n + 1;
  for (int t = 0; t < steps; t++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = a[i + w];
    w = -1;
  }
}

// Rodinia's nw: blocks along an anti-diagonal, the number of blocks set
// before the host loop over the diagonals; each block reads its halo from
// the row and column before it and writes its inside: independent.
#define NB 16
void antiDiagonal(int *score, const int *ref, int cols, int penalty) {
  int nblocks = (cols - 1) / NB;
  for (int diag = 1; diag <= nblocks; diag++) {
#pragma omp parallel for
    for (int bx = 0; bx < diag; ++bx) {
      int by = diag - 1 - bx;
      int tile[(NB + 1) * (NB + 1)];
      for (int i = 0; i < NB + 1; ++i)
        for (int j = 0; j < NB + 1; ++j)
          tile[i * (NB + 1) + j] = score[cols * (by * NB + i) + bx * NB + j];
      for (int i = 1; i < NB + 1; ++i)
        for (int j = 1; j < NB + 1; ++j)
          tile[i * (NB + 1) + j] = tile[(i - 1) * (NB + 1) + j - 1] +
                                   ref[cols * (by * NB + i) + bx * NB + j] -
                                   penalty;
      for (int i = 0; i < NB; ++i)
        for (int j = 0; j < NB; ++j)
          score[cols * (by * NB + i + 1) + bx * NB + j + 1] =
              tile[(i + 1) * (NB + 1) + j + 1];
    }
  }
}

// Rodinia's lud: the blocks of the trailing matrix from chunk / chunks and
// chunk % chunks, chunks from the host loop's offset: each block inside its
// row of the flat matrix, so independent without a probe.
#define BS 16
void trailing(float *a, int size) {
  for (int offset = 0; offset < size - BS; offset += BS) {
    int inner = size - offset - BS;
    int chunks = inner / BS;
    int total = chunks * chunks, chunk;
#pragma omp parallel for
    for (chunk = 0; chunk < total; chunk++) {
      int row0 = offset + BS * (1 + chunk / chunks);
      int col0 = offset + BS * (1 + chunk % chunks);
      for (int i = 0; i < BS; i++)
        for (int j = 0; j < BS; j++) {
          float s = 0;
          for (int k = 0; k < BS; k++)
            s += a[(row0 + i) * size + offset + k] *
                 a[(offset + k) * size + col0 + j];
          a[(row0 + i) * size + col0 + j] -= s;
        }
    }
  }
}
