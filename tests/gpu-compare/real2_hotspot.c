/* GPU comparison test: a Rodinia-style 2-D thermal simulation (hotspot):
 * a time loop over a five-point stencil with power input, clamped borders
 * computed by a static helper, and a pointer swap between the steps; then
 * the maximum temperature with reduction(max:). */
#include <stdio.h>
#include <stdlib.h>

#define ROWS 128
#define COLS 96
#define STEPS 20
#define MAX_PD 3.0e6
#define PRECISION 0.001
#define SPEC_HEAT_SI 1.75e6
#define K_SI 100
#define FACTOR_CHIP 0.5

static int clampi(int v, int lo, int hi) {
  return v < lo ? lo : (v > hi ? hi : v);
}

static void single_step(int rows, int cols, double *restrict result,
                        const double *restrict temp,
                        const double *restrict power, double Cap, double Rx,
                        double Ry, double Rz, double amb) {
  int r, c;
#pragma omp parallel for shared(result, temp, power) private(r, c)            \
    firstprivate(rows, cols) schedule(static)
  for (r = 0; r < rows; r++) {
    for (c = 0; c < cols; c++) {
      int n = clampi(r - 1, 0, rows - 1), s = clampi(r + 1, 0, rows - 1);
      int w = clampi(c - 1, 0, cols - 1), e = clampi(c + 1, 0, cols - 1);
      double t = temp[r * cols + c];
      double delta =
          (Cap) * (power[r * cols + c] +
                   (temp[s * cols + c] + temp[n * cols + c] - 2.0 * t) / Ry +
                   (temp[r * cols + e] + temp[r * cols + w] - 2.0 * t) / Rx +
                   (amb - t) / Rz);
      result[r * cols + c] = t + delta;
    }
  }
}

int main(void) {
  double *temp = malloc(ROWS * COLS * sizeof(double));
  double *power = malloc(ROWS * COLS * sizeof(double));
  double *result = malloc(ROWS * COLS * sizeof(double));
  double chip_height = 0.016, chip_width = 0.016, t_chip = 0.0005;
  double grid_height = chip_height / ROWS, grid_width = chip_width / COLS;
  double Cap = FACTOR_CHIP * SPEC_HEAT_SI * t_chip * grid_width * grid_height;
  double Rx = grid_width / (2.0 * K_SI * t_chip * grid_height);
  double Ry = grid_height / (2.0 * K_SI * t_chip * grid_width);
  double Rz = t_chip / (K_SI * grid_height * grid_width);
  double max_slope = MAX_PD / (FACTOR_CHIP * t_chip * SPEC_HEAT_SI);
  double step = PRECISION / max_slope;
  for (int i = 0; i < ROWS * COLS; i++) {
    temp[i] = 320.0 + (i % 17) * 0.5;
    power[i] = (i % 13 == 0) ? 0.002 : 0.0005;
  }
  double *src = temp, *dst = result;
  for (int t = 0; t < STEPS; t++) {
    single_step(ROWS, COLS, dst, src, power, step / Cap, Rx, Ry, Rz, 80.0);
    double *tmp = src;
    src = dst;
    dst = tmp;
  }
  double tmax = -1.0e30, tsum = 0.0;
#pragma omp parallel for reduction(max : tmax) reduction(+ : tsum)
  for (int i = 0; i < ROWS * COLS; i++) {
    if (src[i] > tmax)
      tmax = src[i];
    tsum += src[i];
  }
  printf("hotspot: max %.6f mean %.6f\n", tmax, tsum / (ROWS * COLS));
  for (int i = 0; i < ROWS * COLS; i += 1531)
    printf("t[%d] = %.6f\n", i, src[i]);
  free(temp);
  free(power);
  free(result);
  return 0;
}
