// GPU comparison test: C++ as people write it. Structs in arrays and by
// value, a function template used with two types, a template with a
// non-type parameter, a class template's method, downward loops with
// lastprivate. Built with g++ and through loop2cuda; the outputs must be
// identical (values stay exact in float and double).
#include <cstdio>
#include <vector>

namespace sim {
struct Particle {
  float x, v;
  int kind;
};
struct Box {
  float lo, hi;
};

void step(std::vector<Particle> &ps, Box box, float dt) {
#pragma omp parallel for
  for (int i = 0; i < (int)ps.size(); ++i) {
    Particle p = ps[i];
    p.x += p.v * dt;
    if (p.x < box.lo)
      p.x = box.lo;
    if (p.x > box.hi)
      p.x = box.hi;
    ps[i] = p;
  }
}
} // namespace sim

template <class T> void axpy(std::vector<T> &y, const std::vector<T> &x, T a) {
#pragma omp parallel for
  for (size_t i = 0; i < y.size(); ++i)
    y[i] += a * x[i];
}

template <int Stride> void gather(float *__restrict__ out,
                                  const float *__restrict__ in, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    out[i] = in[i] * Stride + Stride;
}

template <class T> struct Field {
  std::vector<T> data;
  void scaleInto(T *__restrict__ out, T f) const {
    int n = (int)data.size();
    const T *__restrict__ in = data.data();
#pragma omp parallel for
    for (int i = n - 1; i >= 0; --i)
      out[i] = in[i] * f;
  }
};

// Members named in marked loops are kernel parameters; the host changes
// the members between the calls.
class Signal {
public:
  std::vector<float> v;
  int n;
  float gain;
  void amplify() {
#pragma omp parallel for
    for (int i = 0; i < n; ++i)
      v[i] = v[i] * gain + 1;
  }
  float energy() const {
    float e = 0;
#pragma omp parallel for reduction(+ : e)
    for (int i = 0; i < n; ++i)
      e += v[i];
    return e;
  }
  void grow() {
    v.push_back(3);
    ++n;
    gain += 1;
  }
};

// A struct of arrays: s.x and s.y travel as arrays, s goes by value.
struct Points {
  float *x, *y;
  int n;
  float shift;
};
void shiftPoints(Points s) {
#pragma omp parallel for
  for (int i = 0; i < s.n; ++i)
    s.x[i] = s.y[i] + s.shift;
}

// Range-based for: a reduction over a vector, a write through references.
float total(const std::vector<float> &v) {
  float s = 0;
#pragma omp parallel for reduction(+ : s)
  for (float e : v)
    s += e;
  return s;
}
void square(std::vector<float> &v) {
#pragma omp parallel for
  for (auto &e : v)
    e = e * e;
}

// Random-access iterators.
void addIndexParity(std::vector<sim::Particle> &ps) {
#pragma omp parallel for
  for (auto it = ps.begin(); it != ps.end(); ++it)
    it->x += it->kind;
}

// Methods called in the body become __device__ copies.
struct Vec2 {
  float x, y;
  float dot(const Vec2 &o) const { return x * o.x + y * o.y; }
  void flip() {
    float t = x;
    x = y;
    y = t;
  }
};
void dots(std::vector<Vec2> &vs, std::vector<float> &out) {
#pragma omp parallel for
  for (int i = 0; i < (int)vs.size(); ++i) {
    Vec2 w;
    w.x = 1;
    w.y = 2;
    vs[i].flip();
    out[i] = vs[i].dot(w);
  }
}

int main() {
  std::vector<sim::Particle> ps(1000);
  for (int i = 0; i < 1000; ++i)
    ps[i] = sim::Particle{float(i % 50), float(i % 7) - 3, i % 3};
  for (int t = 0; t < 5; ++t)
    sim::step(ps, sim::Box{2, 40}, 2);
  double sx = 0;
  for (const auto &p : ps)
    sx += p.x * (p.kind + 1);
  std::printf("particles: %.1f\n", sx);
  addIndexParity(ps);
  sx = 0;
  for (const auto &p : ps)
    sx += p.x;
  std::printf("iterators: %.1f\n", sx);

  std::vector<float> yf(500, 1), xf(500);
  std::vector<double> yd(300, 2), xd(300);
  for (int i = 0; i < 500; ++i)
    xf[i] = float(i % 11);
  for (int i = 0; i < 300; ++i)
    xd[i] = i % 13;
  axpy(yf, xf, 2.0f);
  axpy(yd, xd, 3.0);
  double s = 0;
  for (float v : yf)
    s += v;
  for (double v : yd)
    s += v;
  std::printf("axpy: %.1f\n", s);

  std::vector<float> in(4000), out(1000);
  for (int i = 0; i < 4000; ++i)
    in[i] = float(i % 17);
  gather<2>(out.data(), in.data(), 1000);
  double g = 0;
  for (float v : out)
    g += v;
  gather<4>(out.data(), in.data(), 1000);
  for (float v : out)
    g += 2 * v;
  std::printf("gather: %.1f\n", g);

  Field<double> f{std::vector<double>(700)};
  for (int i = 0; i < 700; ++i)
    f.data[i] = i % 9;
  std::vector<double> scaled(700);
  f.scaleInto(scaled.data(), 0.5);
  double fs = 0;
  for (double v : scaled)
    fs += v;
  std::printf("field: %.2f\n", fs);

  Signal sig{std::vector<float>(100, 1), 100, 2};
  sig.amplify();
  sig.grow();
  sig.amplify();
  std::printf("signal: %.1f %d\n", sig.energy(), sig.n);

  std::vector<float> px(64), py(64);
  for (int i = 0; i < 64; ++i)
    py[i] = float(i % 5);
  shiftPoints(Points{px.data(), py.data(), 64, 0.5f});
  double pts = 0;
  for (float v : px)
    pts += v;
  std::printf("points: %.1f\n", pts);

  std::vector<float> r(3000);
  for (int i = 0; i < 3000; ++i)
    r[i] = float(i % 9);
  square(r);
  std::printf("range: %.1f\n", total(r));

  std::vector<Vec2> vs(500);
  std::vector<float> dv(500);
  for (int i = 0; i < 500; ++i)
    vs[i] = Vec2{float(i % 3), float(i % 5)};
  dots(vs, dv);
  double dsum = 0;
  for (int i = 0; i < 500; ++i)
    dsum += dv[i] + vs[i].x;
  std::printf("methods: %.1f\n", dsum);
  return 0;
}
