/* GPU comparison test: Rodinia-style kernels of the third sweep.
 * nw: Needleman-Wunsch scoring over anti-diagonals (the parallel loop runs
 *   along one diagonal; a max3 helper; integer scores).
 * lavaMD: particles in boxes, each box reads its neighbour boxes through an
 *   index list; a struct of four doubles per particle; exp().
 * nn: nearest neighbours: a distance per record (struct of two floats),
 *   then the minimum with reduction(min:).
 * cfd: struct-of-arrays flux over neighbour indices (-1 = boundary), step
 *   factors, and a time step.
 * particlefilter: likelihoods, weights normalised with a + reduction, a CDF
 *   on the host, and resampling with a binary search in each iteration.
 * streamcluster: the cost of each point to its centre, a gain reduction. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NW 96
#define PENALTY 10
#define NBOX 27
#define PPB 16
#define NREC 2048
#define NEL 512
#define NVAR 5
#define NNB 4
#define NPART 1024
#define NPTS 1500
#define DIM 4
#define NCTR 8

static int max3(int a, int b, int c) {
  int k = a > b ? a : b;
  return k > c ? k : c;
}

static void nw(int *score, const int *ref, int n) {
  /* upper-left triangle, diagonal by diagonal */
  for (int d = 1; d < n; d++) {
#pragma omp parallel for
    for (int k = 1; k <= d; k++) {
      int i = k, j = d - k + 1;
      if (j >= 1 && j < n && i < n)
        score[i * n + j] = max3(score[(i - 1) * n + j - 1] + ref[i * n + j],
                                score[(i - 1) * n + j] - PENALTY,
                                score[i * n + j - 1] - PENALTY);
    }
  }
  /* lower-right triangle */
  for (int d = n - 2; d >= 1; d--) {
#pragma omp parallel for
    for (int k = 0; k < d; k++) {
      int i = n - d + k, j = n - 1 - k;
      score[i * n + j] = max3(score[(i - 1) * n + j - 1] + ref[i * n + j],
                              score[(i - 1) * n + j] - PENALTY,
                              score[i * n + j - 1] - PENALTY);
    }
  }
}

typedef struct {
  double v, x, y, z;
} FOUR_VECTOR;

typedef struct {
  int number;
  int nn;
  int nei[26];
} box_str;

static void lavamd(const box_str *box, const FOUR_VECTOR *rv, const double *qv,
                   FOUR_VECTOR *fv, double alpha) {
  double a2 = 2.0 * alpha * alpha;
#pragma omp parallel for
  for (int l = 0; l < NBOX; l++) {
    int first_i = box[l].number * PPB;
    for (int k = 0; k < 1 + box[l].nn; k++) {
      int pointer = k == 0 ? l : box[l].nei[k - 1];
      int first_j = box[pointer].number * PPB;
      for (int i = 0; i < PPB; i++) {
        for (int j = 0; j < PPB; j++) {
          const FOUR_VECTOR *ri = &rv[first_i + i], *rj = &rv[first_j + j];
          double r2 =
              ri->v + rj->v - (ri->x * rj->x + ri->y * rj->y + ri->z * rj->z);
          double u2 = a2 * r2;
          double vij = exp(-u2);
          double fs = 2.0 * vij;
          double dx = ri->x - rj->x, dy = ri->y - rj->y, dz = ri->z - rj->z;
          fv[first_i + i].v += qv[first_j + j] * vij;
          fv[first_i + i].x += qv[first_j + j] * fs * dx;
          fv[first_i + i].y += qv[first_j + j] * fs * dy;
          fv[first_i + i].z += qv[first_j + j] * fs * dz;
        }
      }
    }
  }
}

typedef struct {
  float lat, lng;
} LatLong;

static float nn(const LatLong *locations, float *distances, int nrec, float lat,
                float lng) {
#pragma omp parallel for
  for (int i = 0; i < nrec; i++)
    distances[i] = sqrtf((lat - locations[i].lat) * (lat - locations[i].lat) +
                         (lng - locations[i].lng) * (lng - locations[i].lng));
  float best = 1.0e30f;
#pragma omp parallel for reduction(min : best)
  for (int i = 0; i < nrec; i++)
    if (distances[i] < best)
      best = distances[i];
  return best;
}

static void cfd_step_factor(int nel, const double *variables,
                            const double *areas, double *step_factors) {
#pragma omp parallel for
  for (int i = 0; i < nel; i++) {
    double density = variables[NVAR * i + 0];
    double mx = variables[NVAR * i + 1], my = variables[NVAR * i + 2];
    double energy = variables[NVAR * i + 4];
    double speed2 = (mx * mx + my * my) / (density * density);
    double pressure = 0.4 * (energy - 0.5 * density * speed2);
    double c = sqrt(1.4 * pressure / density);
    step_factors[i] = 0.5 / (sqrt(areas[i]) * (sqrt(speed2) + c));
  }
}

static void cfd_flux(int nel, const int *neighbors, const double *normals,
                     const double *variables, double *fluxes) {
#pragma omp parallel for
  for (int i = 0; i < nel; i++) {
    double flux_density = 0.0, flux_energy = 0.0;
    for (int j = 0; j < NNB; j++) {
      int nb = neighbors[i * NNB + j];
      double nx = normals[(i * NNB + j) * 2 + 0];
      double ny = normals[(i * NNB + j) * 2 + 1];
      if (nb >= 0) {
        flux_density +=
            0.5 * (variables[NVAR * nb] - variables[NVAR * i]) * (nx + ny);
        flux_energy +=
            0.25 * (variables[NVAR * nb + 4] + variables[NVAR * i + 4]) * nx;
      } else if (nb == -1) {
        flux_energy += variables[NVAR * i + 4] * ny;
      }
    }
    fluxes[NVAR * i + 0] = flux_density;
    fluxes[NVAR * i + 4] = flux_energy;
  }
}

static void cfd_time_step(int nel, double *variables, const double *fluxes,
                          const double *step_factors) {
#pragma omp parallel for
  for (int i = 0; i < nel; i++) {
    double f = step_factors[i] / 4.0;
    variables[NVAR * i + 0] += f * fluxes[NVAR * i + 0];
    variables[NVAR * i + 4] += f * fluxes[NVAR * i + 4];
  }
}

static int find_index(const double *cdf, int n, double u) {
  int lo = 0, hi = n - 1;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (cdf[mid] >= u)
      hi = mid;
    else
      lo = mid + 1;
  }
  return lo;
}

static void particle_filter(int np, double *weights, const double *likelihood,
                            double *cdf, const double *xe, double *xnew) {
#pragma omp parallel for
  for (int x = 0; x < np; x++)
    weights[x] = weights[x] * exp(likelihood[x]);
  double sum = 0.0;
#pragma omp parallel for reduction(+ : sum)
  for (int x = 0; x < np; x++)
    sum += weights[x];
#pragma omp parallel for
  for (int x = 0; x < np; x++)
    weights[x] = weights[x] / sum;
  cdf[0] = weights[0];
  for (int x = 1; x < np; x++)
    cdf[x] = cdf[x - 1] + weights[x];
  double u1 = 0.5 / np;
#pragma omp parallel for
  for (int j = 0; j < np; j++) {
    double u = u1 + j / (double)np;
    int i = find_index(cdf, np, u);
    xnew[j] = xe[i];
  }
}

static double dist(const float *p, const float *q, int dim) {
  double r = 0.0;
  for (int k = 0; k < dim; k++)
    r += (p[k] - q[k]) * (p[k] - q[k]);
  return r;
}

static double streamcluster(int npts, const float *coord, const int *assign,
                            const float *centres, double *cost, int cand) {
#pragma omp parallel for
  for (int i = 0; i < npts; i++)
    cost[i] = dist(&coord[i * DIM], &centres[assign[i] * DIM], DIM);
  double gain = 0.0;
#pragma omp parallel for reduction(+ : gain)
  for (int i = 0; i < npts; i++) {
    double x = dist(&coord[i * DIM], &centres[cand * DIM], DIM);
    if (x < cost[i])
      gain += cost[i] - x;
  }
  return gain;
}

int main(void) {
  /* nw */
  int *score = malloc(NW * NW * sizeof(int));
  int *ref = malloc(NW * NW * sizeof(int));
  for (int i = 0; i < NW * NW; i++) {
    ref[i] = (i * 7 + i / NW) % 11 - 5;
    score[i] = 0;
  }
  for (int i = 0; i < NW; i++) {
    score[i * NW] = -i * PENALTY;
    score[i] = -i * PENALTY;
  }
  nw(score, ref, NW);
  long check = 0;
  for (int i = 0; i < NW * NW; i++)
    check += (long)score[i] * (i % 13 + 1);
  printf("nw: corner %d check %ld\n", score[NW * NW - 1], check);

  /* lavaMD */
  box_str *box = malloc(NBOX * sizeof(box_str));
  FOUR_VECTOR *rv = malloc(NBOX * PPB * sizeof(FOUR_VECTOR));
  FOUR_VECTOR *fv = malloc(NBOX * PPB * sizeof(FOUR_VECTOR));
  double *qv = malloc(NBOX * PPB * sizeof(double));
  for (int l = 0; l < NBOX; l++) {
    box[l].number = l;
    box[l].nn = 0;
    for (int m = 0; m < NBOX && box[l].nn < 26; m++)
      if (m != l && (m + l) % 3 == 0)
        box[l].nei[box[l].nn++] = m;
  }
  for (int i = 0; i < NBOX * PPB; i++) {
    rv[i].v = 0.1 + (i % 7) * 0.01;
    rv[i].x = (i % 5) * 0.05;
    rv[i].y = (i % 3) * 0.07;
    rv[i].z = (i % 11) * 0.02;
    qv[i] = ((i % 4) + 1) * 0.25;
    fv[i].v = fv[i].x = fv[i].y = fv[i].z = 0.0;
  }
  lavamd(box, rv, qv, fv, 0.5);
  double fsum = 0.0;
  for (int i = 0; i < NBOX * PPB; i++)
    fsum += fv[i].v + fv[i].x + fv[i].y + fv[i].z;
  printf("lavaMD: sum %.6e fv[5].v %.6e\n", fsum, fv[5].v);

  /* nn */
  LatLong *loc = malloc(NREC * sizeof(LatLong));
  float *distances = malloc(NREC * sizeof(float));
  for (int i = 0; i < NREC; i++) {
    loc[i].lat = (float)((i * 37) % 180) - 90.0f;
    loc[i].lng = (float)((i * 91) % 360) - 180.0f;
  }
  float best = nn(loc, distances, NREC, 30.0f, 90.0f);
  printf("nn: best %.3f d[100] %.3f\n", best, distances[100]);

  /* cfd */
  double *variables = malloc(NEL * NVAR * sizeof(double));
  double *fluxes = malloc(NEL * NVAR * sizeof(double));
  double *areas = malloc(NEL * sizeof(double));
  double *step_factors = malloc(NEL * sizeof(double));
  int *neighbors = malloc(NEL * NNB * sizeof(int));
  double *normals = malloc(NEL * NNB * 2 * sizeof(double));
  for (int i = 0; i < NEL; i++) {
    variables[NVAR * i + 0] = 1.0 + (i % 5) * 0.125;
    variables[NVAR * i + 1] = 0.5 + (i % 3) * 0.25;
    variables[NVAR * i + 2] = 0.25;
    variables[NVAR * i + 3] = 0.0;
    variables[NVAR * i + 4] = 2.5 + (i % 7) * 0.5;
    areas[i] = 1.0 + (i % 4) * 0.25;
    for (int j = 0; j < NNB; j++) {
      int nb = (i + j * 17 + 1) % (NEL + 3);
      neighbors[i * NNB + j] = nb < NEL ? nb : (nb == NEL ? -1 : -2);
      normals[(i * NNB + j) * 2] = (j % 2) ? 0.5 : -0.5;
      normals[(i * NNB + j) * 2 + 1] = (j / 2) ? 0.25 : -0.25;
    }
    fluxes[NVAR * i + 1] = fluxes[NVAR * i + 2] = fluxes[NVAR * i + 3] = 0.0;
  }
  for (int it = 0; it < 3; it++) {
    cfd_step_factor(NEL, variables, areas, step_factors);
    cfd_flux(NEL, neighbors, normals, variables, fluxes);
    cfd_time_step(NEL, variables, fluxes, step_factors);
  }
  double vs = 0.0;
  for (int i = 0; i < NEL * NVAR; i++)
    vs += variables[i];
  printf("cfd: sum %.6f v[0] %.6f\n", vs, variables[0]);

  /* particlefilter */
  double *weights = malloc(NPART * sizeof(double));
  double *likelihood = malloc(NPART * sizeof(double));
  double *cdf = malloc(NPART * sizeof(double));
  double *xe = malloc(NPART * sizeof(double));
  double *xnew = malloc(NPART * sizeof(double));
  for (int x = 0; x < NPART; x++) {
    weights[x] = 1.0 / NPART;
    likelihood[x] = ((x * 13) % 17) * 0.0625 - 0.5;
    xe[x] = x * 0.5;
  }
  particle_filter(NPART, weights, likelihood, cdf, xe, xnew);
  double xs = 0.0;
  for (int x = 0; x < NPART; x++)
    xs += xnew[x];
  printf("particlefilter: sum %.4f xnew[7] %.4f\n", xs, xnew[7]);

  /* streamcluster */
  float *coord = malloc(NPTS * DIM * sizeof(float));
  float *centres = malloc(NCTR * DIM * sizeof(float));
  int *assign = malloc(NPTS * sizeof(int));
  double *cost = malloc(NPTS * sizeof(double));
  for (int i = 0; i < NPTS * DIM; i++)
    coord[i] = (float)((i * 29) % 64) * 0.125f;
  for (int i = 0; i < NCTR * DIM; i++)
    centres[i] = (float)((i * 11) % 64) * 0.125f;
  for (int i = 0; i < NPTS; i++)
    assign[i] = i % NCTR;
  double gain = streamcluster(NPTS, coord, assign, centres, cost, 3);
  printf("streamcluster: gain %.4f cost[9] %.4f\n", gain, cost[9]);

  free(score);
  free(ref);
  free(box);
  free(rv);
  free(fv);
  free(qv);
  free(loc);
  free(distances);
  free(variables);
  free(fluxes);
  free(areas);
  free(step_factors);
  free(neighbors);
  free(normals);
  free(weights);
  free(likelihood);
  free(cdf);
  free(xe);
  free(xnew);
  free(coord);
  free(centres);
  free(assign);
  free(cost);
  return 0;
}
