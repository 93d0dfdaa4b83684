/* GPU comparison test: NPB-style kernels of the third sweep.
 * IS: integer sort by bucket counting: keys from a linear congruential
 *   generator, a histogram of bucket sizes with omp atomic (long counts),
 *   a prefix sum on the host, the ranks of the keys with a histogram of
 *   key counts (reduction over an array section), and a verification
 *   with a + reduction over long.
 * FT: complex numbers as a struct and as two arrays: the evolve step
 *   multiplies each element by an exponential factor from a table, a
 *   checksum adds the elements with reductions over both parts, a
 *   butterfly pass over pairs of elements, and NPB's dcmplx_mul macro (a
 *   compound literal) with a table of four rotations.
 * BT: exact_rhs, whose helper exact_solution reads the global coefficient
 *   table ce (a parameter of its device copy). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NKEYS 65536
#define MAXKEY 2048
#define NBUCKETS 64
#define FTN 4096
#define FTSTEPS 4

typedef struct {
  double real, imag;
} dcomplex;
#define dcmplx_mul(a, b)                                                       \
  (dcomplex) {                                                                 \
    (a).real *(b).real - (a).imag *(b).imag,                                   \
        (a).real *(b).imag + (a).imag *(b).real                                \
  }

static long long bucket_sizes[NBUCKETS];
static long key_count[MAXKEY];

/* BT: exact_solution reads the global coefficient table ce, set at run
 * time; the kernel passes it to the function's device copy. */
static double ce[5][13];
#define BTN 10
static double bt_rhs[BTN][BTN][BTN][5];

static void exact_solution(double xi, double eta, double zeta,
                           double dtemp[5]) {
  for (int m = 0; m < 5; m++)
    dtemp[m] = ce[m][0] + xi * (ce[m][1] + xi * (ce[m][4] + xi * ce[m][7])) +
               eta * (ce[m][2] + eta * ce[m][5]) +
               zeta * (ce[m][3] + zeta * ce[m][6]);
}

static void exact_rhs(void) {
  double dtemp[5];
  int i, j, k, m;
#pragma omp parallel for private(i, j, m, dtemp)
  for (k = 0; k < BTN; k++)
    for (j = 0; j < BTN; j++)
      for (i = 0; i < BTN; i++) {
        exact_solution(i * 0.125, j * 0.25, k * 0.0625, dtemp);
        for (m = 0; m < 5; m++)
          bt_rhs[k][j][i][m] = dtemp[m];
      }
}

static void rank_keys(int n, const int *key, int *rank, const long *start) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    rank[i] = (int)start[key[i]];
}

int main(void) {
  int *key = malloc(NKEYS * sizeof(int));
  int *rank = malloc(NKEYS * sizeof(int));
  long *start = malloc(MAXKEY * sizeof(long));
  unsigned long seed = 314159265UL;
  for (int i = 0; i < NKEYS; i++) {
    seed = seed * 1103515245UL + 12345UL;
    key[i] = (int)((seed >> 8) % MAXKEY);
  }
  int shift = 5; /* MAXKEY / NBUCKETS = 32 */
#pragma omp parallel for
  for (int i = 0; i < NKEYS; i++) {
#pragma omp atomic
    bucket_sizes[key[i] >> shift]++;
  }
  long long total = 0;
  for (int b = 0; b < NBUCKETS; b++)
    total += bucket_sizes[b];
  printf("is: buckets %lld first %lld last %lld\n", total, bucket_sizes[0],
         bucket_sizes[NBUCKETS - 1]);

#pragma omp parallel for reduction(+ : key_count[ : MAXKEY])
  for (int i = 0; i < NKEYS; i++)
    key_count[key[i]] += 1;
  long acc = 0;
  for (int k = 0; k < MAXKEY; k++) {
    start[k] = acc;
    acc += key_count[k];
  }
  rank_keys(NKEYS, key, rank, start);
  long rsum = 0;
#pragma omp parallel for reduction(+ : rsum)
  for (int i = 0; i < NKEYS; i++)
    rsum += rank[i] % 1000;
  long sorted = 0;
#pragma omp parallel for reduction(+ : sorted)
  for (int k = 1; k < MAXKEY; k++)
    sorted += start[k] >= start[k - 1] ? 1 : 0;
  printf("is: rsum %ld sorted %ld rank[77] %d\n", rsum, sorted, rank[77]);

  /* FT */
  dcomplex *u = malloc(FTN * sizeof(dcomplex));
  double *ur = malloc(FTN * sizeof(double));
  double *ui = malloc(FTN * sizeof(double));
  double *twiddle = malloc(FTN * sizeof(double));
  dcomplex rot[4] = {{0.5, 0.5}, {1.0, -0.5}, {0.75, 0.25}, {-0.5, 1.0}};
  for (int i = 0; i < FTN; i++) {
    u[i].real = (i % 17) * 0.0625;
    u[i].imag = (i % 5) * 0.125 - 0.25;
    ur[i] = u[i].real;
    ui[i] = u[i].imag;
    int k = i < FTN / 2 ? i : i - FTN;
    twiddle[i] = 1.0 - ((k * k) % 8) / 64.0; /* exact: dyadic */
  }
  for (int step = 0; step < FTSTEPS; step++) {
#pragma omp parallel for
    for (int i = 0; i < FTN; i++) {
      u[i].real *= twiddle[i];
      u[i].imag *= twiddle[i];
      ur[i] = ur[i] * twiddle[i];
      ui[i] = ui[i] * twiddle[i];
    }
    /* NPB's complex product macro: a compound literal */
#pragma omp parallel for
    for (int i = 0; i < FTN; i++)
      u[i] = dcmplx_mul(u[i], rot[i % 4]);
    /* one butterfly pass over pairs (i, i + half) */
    int half = FTN / 2;
#pragma omp parallel for
    for (int i = 0; i < half; i++) {
      double ar = ur[i], ai = ui[i], br = ur[i + half], bi = ui[i + half];
      ur[i] = ar + br;
      ui[i] = ai + bi;
      ur[i + half] = ar - br;
      ui[i + half] = ai - bi;
    }
  }
  double cr = 0.0, ci = 0.0;
#pragma omp parallel for reduction(+ : cr, ci)
  for (int j = 1; j <= 1024; j++) {
    int q = j % FTN, r = (3 * j) % FTN;
    cr += u[q].real + ur[r];
    ci += u[q].imag + ui[r];
  }
  printf("ft: checksum %.6e %.6e u[9] %.6e %.6e\n", cr, ci, u[9].real,
         u[9].imag);
  for (int m = 0; m < 5; m++)
    for (int n = 0; n < 13; n++)
      ce[m][n] = ((m * 3 + n) % 7) * 0.125;
  exact_rhs();
  double bs = 0.0;
  for (int k = 0; k < BTN; k++)
    for (int j = 0; j < BTN; j++)
      for (int i = 0; i < BTN; i++)
        for (int m = 0; m < 5; m++)
          bs += bt_rhs[k][j][i][m];
  printf("bt: exact_rhs sum %.6f rhs[3][4][5][2] %.6f\n", bs,
         bt_rhs[3][4][5][2]);
  free(key);
  free(rank);
  free(start);
  free(u);
  free(ur);
  free(ui);
  free(twiddle);
  return 0;
}
