// RUN: %loop2cuda %s -o %t -- -std=c++17 -fopenmp 2>&1 | FileCheck %s

// A kernel is a free function placed before the function that holds its
// loop (before the class, for a method defined in its class's body): a loop
// that uses a type the kernel could not name stays on the CPU, with a
// warning that names the type, instead of giving a .cu that does not build.
#include <vector>

int localStruct() {
  struct P { double x, y; };
  std::vector<P> v(100);
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    v[i].y = v[i].x + 1;
// CHECK: kernel-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: the type 'P' is declared in a function, and the kernel, outside it, cannot name it [extract-kernel]
  return (int)v[3].y;
}

struct Grid {
  struct Cell { double rho, e; };
  std::vector<Cell> cells;
  std::vector<double> out;
  void eos() {
    int n = (int)cells.size();
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      out[i] = 0.4 * cells[i].rho * cells[i].e;
// CHECK: kernel-types.cpp:[[@LINE-2]]:5: warning: loop not parallelized: the type 'Grid::Cell' belongs to 'Grid', whose body holds the loop, and the kernel, placed before that class, cannot name it [extract-kernel]
  }
};

class Eos {
public:
  void pressure(const std::vector<double> &rho, std::vector<double> &p, bool hot);
private:
  enum Mode { Cold, Hot };
};
void Eos::pressure(const std::vector<double> &rho, std::vector<double> &p, bool hot) {
  Mode m = hot ? Hot : Cold;
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); i++)
    p[i] = (m == Hot ? 1.4 : 1.0) * rho[i];
// CHECK: kernel-types.cpp:[[@LINE-2]]:3: warning: loop not parallelized: the type 'Eos::Mode' is private to 'Eos', and the kernel, a free function, cannot name it [extract-kernel]
}

// A public nested type of a class defined before the function: the kernel,
// placed after that class, names it.
// CHECK-NOT: warning: loop
void outside(std::vector<Grid::Cell> &c, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)out.size(); i++)
    out[i] = c[i].rho - c[i].e;
}
