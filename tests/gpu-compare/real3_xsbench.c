/* GPU comparison test: XSBench-style cross-section lookups: each lookup
 * draws its energy and material from its own seed (a static LCG helper),
 * finds the energy's interval in a sorted grid by binary search, reads
 * the nuclides of its material through an index list, accumulates five
 * macroscopic cross sections in a local array, and picks the largest; the
 * verification hash is a + reduction over unsigned long long, and a
 * second loop counts lookups per material with an atomic histogram. */
#include <stdio.h>
#include <stdlib.h>

#define NGRID 4000
#define NNUC 34
#define NMAT 12
#define NLOOKUPS 20000

typedef struct {
  double energy;
  double total, elastic, absorbtion, fission, nu_fission;
} NuclideGridPoint;

static double lcg(unsigned long long *seed) {
  *seed = 2806196910506780709ULL * *seed + 1ULL;
  return (double)(*seed >> 11) * (1.0 / 9007199254740992.0);
}

static int grid_search(int n, double quarry, const double *A) {
  int lower = 0, upper = n - 1;
  while (upper - lower > 1) {
    int mid = lower + (upper - lower) / 2;
    if (A[mid] > quarry)
      upper = mid;
    else
      lower = mid;
  }
  return lower;
}

static int pick_mat(double r) {
  static const double dist[NMAT] = {0.14,  0.052, 0.275, 0.134, 0.154, 0.064,
                                    0.066, 0.055, 0.008, 0.015, 0.025, 0.013};
  double running = 0.0;
  for (int i = 0; i < NMAT; i++) {
    running += dist[i];
    if (r < running)
      return i;
  }
  return NMAT - 1;
}

int main(void) {
  double *egrid = malloc(NGRID * sizeof(double));
  NuclideGridPoint *grid = malloc(NNUC * NGRID * sizeof(NuclideGridPoint));
  int *num_nucs = malloc(NMAT * sizeof(int));
  int *mats = malloc(NMAT * NNUC * sizeof(int));
  double *concs = malloc(NMAT * NNUC * sizeof(double));
  unsigned long long *hashes = malloc(NLOOKUPS * sizeof(unsigned long long));
  int *mat_of = malloc(NLOOKUPS * sizeof(int));
  unsigned mat_count[NMAT] = {0};
  for (int i = 0; i < NGRID; i++)
    egrid[i] = (double)i / NGRID;
  for (int n = 0; n < NNUC; n++)
    for (int i = 0; i < NGRID; i++) {
      NuclideGridPoint *p = &grid[n * NGRID + i];
      p->energy = egrid[i];
      p->total = ((n * 7 + i) % 23) * 0.125;
      p->elastic = ((n * 3 + i) % 19) * 0.0625;
      p->absorbtion = ((n + i * 5) % 13) * 0.25;
      p->fission = ((n * 11 + i) % 7) * 0.5;
      p->nu_fission = ((n + i) % 5) * 0.75;
    }
  for (int m = 0; m < NMAT; m++) {
    num_nucs[m] = 4 + (m * 5) % (NNUC - 4);
    for (int k = 0; k < num_nucs[m]; k++) {
      mats[m * NNUC + k] = (m * 13 + k * 7) % NNUC;
      concs[m * NNUC + k] = 0.25 * ((k % 4) + 1);
    }
  }

#pragma omp parallel for
  for (int i = 0; i < NLOOKUPS; i++) {
    unsigned long long seed = 1070ULL + 2ULL * i;
    double p_energy = lcg(&seed);
    int mat = pick_mat(lcg(&seed));
    double macro_xs[5] = {0.0, 0.0, 0.0, 0.0, 0.0};
    int idx = grid_search(NGRID, p_energy, egrid);
    for (int j = 0; j < num_nucs[mat]; j++) {
      int nuc = mats[mat * NNUC + j];
      double conc = concs[mat * NNUC + j];
      const NuclideGridPoint *low = &grid[nuc * NGRID + idx];
      macro_xs[0] += conc * low->total;
      macro_xs[1] += conc * low->elastic;
      macro_xs[2] += conc * low->absorbtion;
      macro_xs[3] += conc * low->fission;
      macro_xs[4] += conc * low->nu_fission;
    }
    double max = -1.0;
    int max_idx = 0;
    for (int j = 0; j < 5; j++)
      if (macro_xs[j] > max) {
        max = macro_xs[j];
        max_idx = j;
      }
    hashes[i] =
        (unsigned long long)(max_idx + 1) * (unsigned long long)(mat + 1) +
        (unsigned long long)idx;
    mat_of[i] = mat;
  }
  unsigned long long verification = 0;
#pragma omp parallel for reduction(+ : verification)
  for (int i = 0; i < NLOOKUPS; i++)
    verification += hashes[i] % 999983ULL;
#pragma omp parallel for reduction(+ : mat_count)
  for (int i = 0; i < NLOOKUPS; i++)
    mat_count[mat_of[i]]++;
  printf("xsbench: verification %llu\n", verification);
  for (int m = 0; m < NMAT; m++)
    printf("mat %d: %u\n", m, mat_count[m]);
  free(egrid);
  free(grid);
  free(num_nucs);
  free(mats);
  free(concs);
  free(hashes);
  free(mat_of);
  return 0;
}
