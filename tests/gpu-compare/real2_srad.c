/* GPU comparison test: Rodinia-style SRAD speckle-reducing diffusion over
 * an image: neighbour index arrays iN/iS/jW/jE, a region-of-interest
 * statistic with two + reductions, a loop that writes four derivative
 * arrays and a diffusion coefficient clamped to [0,1], and the divergence
 * update, repeated for a few iterations. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NR 96
#define NC 80

int main(void) {
  int rows = NR, cols = NC, size_I = NR * NC;
  int r1 = 0, r2 = 31, c1 = 0, c2 = 31, niter = 4;
  float lambda = 0.5f;
  float *I = malloc(size_I * sizeof(float));
  float *J = malloc(size_I * sizeof(float));
  float *c = malloc(size_I * sizeof(float));
  int *iN = malloc(rows * sizeof(int));
  int *iS = malloc(rows * sizeof(int));
  int *jW = malloc(cols * sizeof(int));
  int *jE = malloc(cols * sizeof(int));
  float *dN = malloc(size_I * sizeof(float));
  float *dS = malloc(size_I * sizeof(float));
  float *dW = malloc(size_I * sizeof(float));
  float *dE = malloc(size_I * sizeof(float));
  for (int i = 0; i < rows; i++) {
    iN[i] = i - 1;
    iS[i] = i + 1;
  }
  for (int j = 0; j < cols; j++) {
    jW[j] = j - 1;
    jE[j] = j + 1;
  }
  iN[0] = 0;
  iS[rows - 1] = rows - 1;
  jW[0] = 0;
  jE[cols - 1] = cols - 1;
  for (int k = 0; k < size_I; k++)
    I[k] = (float)((k * 7) % 23) / 23.0f + 0.1f;
  for (int k = 0; k < size_I; k++)
    J[k] = expf(I[k]);

  for (int iter = 0; iter < niter; iter++) {
    float sum = 0, sum2 = 0;
#pragma omp parallel for reduction(+ : sum, sum2) collapse(2)
    for (int i = r1; i <= r2; i++)
      for (int j = c1; j <= c2; j++) {
        float tmp = J[i * cols + j];
        sum += tmp;
        sum2 += tmp * tmp;
      }
    int size_R = (r2 - r1 + 1) * (c2 - c1 + 1);
    float meanROI = sum / size_R;
    float varROI = (sum2 / size_R) - meanROI * meanROI;
    float q0sqr = varROI / (meanROI * meanROI);

#pragma omp parallel for shared(J, dN, dS, dW, dE, c, rows, cols, iN, iS, jW, jE)
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j;
        float Jc = J[k];
        dN[k] = J[iN[i] * cols + j] - Jc;
        dS[k] = J[iS[i] * cols + j] - Jc;
        dW[k] = J[i * cols + jW[j]] - Jc;
        dE[k] = J[i * cols + jE[j]] - Jc;
        float G2 = (dN[k] * dN[k] + dS[k] * dS[k] + dW[k] * dW[k] +
                    dE[k] * dE[k]) / (Jc * Jc);
        float L = (dN[k] + dS[k] + dW[k] + dE[k]) / Jc;
        float num = (0.5f * G2) - ((1.0f / 16.0f) * (L * L));
        float den = 1 + (.25f * L);
        float qsqr = num / (den * den);
        den = (qsqr - q0sqr) / (q0sqr * (1 + q0sqr));
        c[k] = 1.0f / (1.0f + den);
        if (c[k] < 0)
          c[k] = 0;
        else if (c[k] > 1)
          c[k] = 1;
      }
    }

#pragma omp parallel for shared(J, c, rows, cols, lambda)
    for (int i = 0; i < rows; i++) {
      for (int j = 0; j < cols; j++) {
        int k = i * cols + j;
        float cN = c[k];
        float cS = c[iS[i] * cols + j];
        float cW = c[k];
        float cE = c[i * cols + jE[j]];
        float D = cN * dN[k] + cS * dS[k] + cW * dW[k] + cE * dE[k];
        J[k] = J[k] + 0.25f * lambda * D;
      }
    }
  }
  double total = 0;
  for (int k = 0; k < size_I; k++)
    total += J[k];
  printf("srad: total %.1f\n", total);
  for (int k = 0; k < size_I; k += 977)
    printf("J[%d] = %.3f\n", k, J[k]);
  return 0;
}
