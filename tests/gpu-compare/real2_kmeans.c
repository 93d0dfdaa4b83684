/* GPU comparison test: Rodinia-style k-means: the assignment step (for
 * each point, the nearest centroid over an inner loop over the features,
 * a static distance helper, a + reduction counting the points that moved)
 * and a nearest-neighbour distance map with sqrtf. Coordinates are small
 * integers, so the distances are exact. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NPOINTS 4000
#define NFEAT 8
#define NCLUST 5

static float euclid_dist_2(const float *pt, const float *ctr, int nfeatures) {
  float ans = 0.0f;
  for (int i = 0; i < nfeatures; i++)
    ans += (pt[i] - ctr[i]) * (pt[i] - ctr[i]);
  return ans;
}

int main(void) {
  int npoints = NPOINTS, nfeatures = NFEAT, nclusters = NCLUST;
  float *feature = malloc(npoints * nfeatures * sizeof(float));
  float *clusters = malloc(nclusters * nfeatures * sizeof(float));
  int *membership = malloc(npoints * sizeof(int));
  float *nn = malloc(npoints * sizeof(float));
  for (int i = 0; i < npoints; i++) {
    membership[i] = -1;
    for (int j = 0; j < nfeatures; j++)
      feature[i * nfeatures + j] = (float)((i * 7 + j * 3) % 11);
  }
  for (int c = 0; c < nclusters; c++)
    for (int j = 0; j < nfeatures; j++)
      clusters[c * nfeatures + j] = (float)((c * 5 + j) % 11);

  for (int loop = 0; loop < 3; loop++) {
    int delta = 0;
    int i, j;
#pragma omp parallel for shared(feature, clusters, membership)               \
    private(i, j) firstprivate(npoints, nclusters, nfeatures)                  \
    schedule(static) reduction(+ : delta)
    for (i = 0; i < npoints; i++) {
      int index = 0;
      float min_dist = 3.0e38f;
      for (j = 0; j < nclusters; j++) {
        float dist = euclid_dist_2(&feature[i * nfeatures],
                                   &clusters[j * nfeatures], nfeatures);
        if (dist < min_dist) {
          min_dist = dist;
          index = j;
        }
      }
      if (membership[i] != index)
        delta += 1;
      membership[i] = index;
    }
    /* the update step: sequential, as in the original */
    int *count = calloc(nclusters, sizeof(int));
    float *sums = calloc(nclusters * nfeatures, sizeof(float));
    for (int p = 0; p < npoints; p++) {
      count[membership[p]]++;
      for (int f = 0; f < nfeatures; f++)
        sums[membership[p] * nfeatures + f] += feature[p * nfeatures + f];
    }
    for (int c = 0; c < nclusters; c++)
      for (int f = 0; f < nfeatures; f++)
        if (count[c] > 0)
          clusters[c * nfeatures + f] = (float)(int)(sums[c * nfeatures + f] / count[c]);
    printf("loop %d: delta %d\n", loop, delta);
    free(count);
    free(sums);
  }

  /* nearest-neighbour style distance map to a query point */
  float lat = 3.0f, lng = 4.0f;
#pragma omp parallel for
  for (int i = 0; i < npoints; i++) {
    float dx = lat - feature[i * nfeatures];
    float dy = lng - feature[i * nfeatures + 1];
    nn[i] = sqrtf(dx * dx + dy * dy);
  }
  float best = 1e30f;
  int besti = -1;
  for (int i = 0; i < npoints; i++)
    if (nn[i] < best) {
      best = nn[i];
      besti = i;
    }
  printf("nearest %d at %.4f\n", besti, best);
  for (int i = 0; i < npoints; i += 499)
    printf("m[%d] = %d nn %.4f\n", i, membership[i], nn[i]);
  return 0;
}
