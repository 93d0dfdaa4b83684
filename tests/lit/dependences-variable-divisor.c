// RUN: rm -rf %t && %loop2cuda --min-launch-work=0 %s -o %t -- -std=c99 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=warning: --implicit-check-not=remark:
// RUN: %nochecks %t/dependences-variable-divisor.cu | FileCheck %s --check-prefix=CU

// The marked loop's index through / and % by a loop-invariant value (a
// block and its offset in a row of blocks, Rodinia's lud): the exact test
// ranges over the pair (t / D, t % D), which t determines, in place of t
// (NestBuilder::splitRoot). isl cannot divide by a parameter; it need not.
float grid[128][128];

// CU: __global__ void blockAndOffset_L[[#@LINE+3]](
void blockAndOffset(int chunks, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    grid[t / chunks][t % chunks] += 1.0f;
}

// Through temporaries, tiles of 4 x 4.
// CU: __global__ void tiles_L[[#@LINE+3]](
void tiles(int per_row, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++) {
    int r0 = 4 * (t / per_row), c0 = (t % per_row) * 4;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        grid[r0 + i][c0 + j] = grid[r0 + i][c0 + j] * 0.5f + 1.0f;
  }
}

// Only the quotient: rows shared by D iterations, a dependence; found
// through the pair, which over-approximates, so the probe decides.
// CHECK: [[#@LINE+5]]:5: remark: iterations are checked at run time: subscript 'grid[t / chunks][0]'
// CU: __global__ void rowsShared_L[[#@LINE+3]]_writes(
void rowsShared(int chunks, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    grid[t / chunks][0] = t;
}

// A flat array whose row length the file does not relate to the blocks:
// an update there is no histogram (its subscript reads no memory), and the
// probe decides.
// CHECK: [[#@LINE+8]]:7: remark: iterations are checked at run time: subscript 'a[(r0 + i) * size + c0]'
// CHECK: [[#@LINE+4]]:3: remark: the subscripts give no count of 'a'
// CU: __global__ void flatUpdate_L[[#@LINE+3]]_writes(
void flatUpdate(float *a, int per_row, int n, int size) {
#pragma omp parallel for
  for (int t = 0; t < n; t++) {
    int r0 = 16 * (t / per_row), c0 = 16 * (t % per_row);
    for (int i = 0; i < 16; i++)
      a[(r0 + i) * size + c0] -= 1.0f;
  }
}

// A plain use of t beside the quotient: t's element is an unknown, and the
// probe decides.
// CHECK: [[#@LINE+5]]:5: remark: iterations are checked at run time: subscript 'grid[t / chunks][t]'
// CU: __global__ void plainToo_L[[#@LINE+3]]_writes(
void plainToo(int chunks, int n) {
#pragma omp parallel for
  for (int t = 0; t < n; t++)
    grid[t / chunks][t] = 2.0f;
}

// The pair through the bounds of the inner loops (Rodinia's hotspot:
// r from r0 = 16 * (t / chunks)): a 2-D array's blocks are apart.
// CU: __global__ void blockBounds_L[[#@LINE+4]](
void blockBounds(int chunks, int n) {
  int r, c;
#pragma omp parallel for private(r, c)
  for (int t = 0; t < n; t++) {
    int r0 = 16 * (t / chunks), c0 = 16 * (t % chunks);
    for (r = r0; r < r0 + 16; r++)
      for (c = c0; c < c0 + 16; c++)
        grid[r][c] = grid[r][c] * 0.5f;
  }
}

// The same over a flat array of rows of `col`, chunks = col / 16: a block
// stays inside its row only if col >= 0, which nothing says, so the probe
// decides.
// CHECK: [[#@LINE+11]]:9: remark: iterations are checked at run time: subscript 'out[r * col + c]'
// CHECK: [[#@LINE+6]]:3: remark: the subscripts give no count of 'out'
// CU: __global__ void flatBlocks_L[[#@LINE+5]]_writes(
void flatBlocks(float *out, int row, int col) {
  int chunks = col / 16, total = chunks * (row / 16);
  int r, c;
#pragma omp parallel for private(r, c)
  for (int t = 0; t < total; t++) {
    int r0 = 16 * (t / chunks), c0 = 16 * (t % chunks);
    for (r = r0; r < r0 + 16; r++)
      for (c = c0; c < c0 + 16; c++)
        out[r * col + c] = 1.0f;
  }
}
