// particles.cpp - particles in a harmonic well, as C++ programmers write
// them: a struct per particle, a class that owns them and steps them in a
// member function, a method of a member struct called in the loop body, a
// range-for reduction. loop2cuda turns step() into a kernel that takes the
// particles as bytes and the spring by value (its method becomes a
// __device__ copy), and the energy sum into a reduction kernel.
//
// Usage: particles [N] [steps]   (default 2^20 particles, 100 steps)
#include <cstdio>
#include <cstdlib>
#include <vector>

struct Particle {
  float x, v;
};

/// A spring towards 0.
struct Spring {
  float k;
  float accel(float x) const { return -k * x; }
};

class Well {
public:
  Well(int n, float k) : ps(n), spring{k} {
    for (int i = 0; i < n; i++)
      ps[i] = Particle{(float)(i % 200) - 100.0f, 0.0f};
  }

  /// One semi-implicit Euler step of every particle.
  void step(float dt) {
    int n = (int)ps.size();
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      Particle p = ps[i];
      p.v += dt * spring.accel(p.x);
      p.x += dt * p.v;
      ps[i] = p;
    }
  }

  /// Twice the total energy, in double.
  double energy() const {
    double e = 0;
    float k = spring.k;
#pragma omp parallel for reduction(+ : e)
    for (const Particle &p : ps)
      e += (double)p.v * p.v + (double)k * p.x * p.x;
    return e;
  }

private:
  std::vector<Particle> ps;
  Spring spring;
};

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 20;
  int steps = argc > 2 ? std::atoi(argv[2]) : 100;
  Well w(n, 0.25f);
  double e0 = w.energy();
  for (int t = 0; t < steps; t++)
    w.step(0.01f);
  double e1 = w.energy();
  // The GPU fuses multiply-adds and sums in another order: the last bits
  // differ from the CPU's, five digits agree.
  std::printf("particles %d steps %d energy %.4e -> %.4e\n", n, steps, e0, e1);
  return 0;
}
