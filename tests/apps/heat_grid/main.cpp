#include <cstdio>
#include <cstdlib>
#include <memory>
#include <utility>
#include <vector>

#include "heat.h"

// A grid whose size comes from the command line: one in a std::vector,
// the other behind a std::unique_ptr<double[]>, swapped each step.
int main(int argc, char **argv) {
  int nx = argc > 1 ? std::atoi(argv[1]) : 1200;
  int ny = argc > 2 ? std::atoi(argv[2]) : 900;
  int steps = argc > 3 ? std::atoi(argv[3]) : 40;
  std::vector<double> a(static_cast<size_t>(nx) * ny);
  std::unique_ptr<double[]> b(new double[static_cast<size_t>(nx) * ny]);
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      a[static_cast<size_t>(y) * nx + x] = (x * 3 + y * 5) % 17;
  double *u = a.data(), *v = b.get(), change = 0.0;
  for (int s = 0; s < steps; ++s) {
    heat_step(u, v, nx, ny);
    change = max_change(u, v, nx * ny);
    std::swap(u, v);
  }
  std::printf("grid %dx%d steps %d last change %.10e u[centre] %.10e "
              "u[1,1] %.10e\n",
              nx, ny, steps, change, u[(ny / 2) * nx + nx / 2], u[nx + 1]);
  return 0;
}
