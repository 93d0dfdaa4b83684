// GPU comparison test: std::pair of two numbers as the element of vectors
// read and written member by member in marked loops (edges of a graph,
// index/weight pairs). Built with g++ and through loop2cuda; the outputs
// must be identical (small integers and halves).
#include <cstdio>
#include <utility>
#include <vector>

static void degrees(const std::vector<std::pair<int, int>> &e,
                    std::vector<int> &w) {
#pragma omp parallel for
  for (int i = 0; i < (int)e.size(); i++)
    w[i] = e[i].first * 10 + e[i].second;
}

static void scale(std::vector<std::pair<int, float>> &p) {
#pragma omp parallel for
  for (int i = 0; i < (int)p.size(); i++) {
    p[i].first = i % 17;
    p[i].second *= 0.5f;
  }
}

int main() {
  const int n = 60000;
  std::vector<std::pair<int, int>> e(n);
  std::vector<std::pair<int, float>> p(n);
  for (int i = 0; i < n; i++) {
    e[i] = {i % 3, (i * 7) % 11};
    p[i] = {0, float(i % 9)};
  }
  std::vector<int> w(n);
  degrees(e, w);
  scale(p);
  long s = 0;
  double t = 0;
  for (int i = 0; i < n; i++) {
    s += w[i] + p[i].first;
    t += p[i].second;
  }
  std::printf("%ld %.2f\n", s, t);
  return 0;
}
