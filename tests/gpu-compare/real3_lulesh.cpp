// GPU comparison test: LULESH-style C++: a Domain class that holds its
// fields in std::vector<Real_t> members behind accessor methods, element
// loops over numElem() in methods with `#pragma omp parallel for`, node
// lists (indirection through an Index_t array), a template helper, a
// lambda, a reduction of the minimum time-step constraint, and LULESH's own
// form: free functions over a Domain & through its element accessors.
#include <cmath>
#include <cstdio>
#include <vector>

typedef double Real_t;
typedef int Index_t;

class Domain {
public:
  Domain(Index_t edgeElems)
      : m_numElem(edgeElems * edgeElems),
        m_numNode((edgeElems + 1) * (edgeElems + 1)) {
    Index_t edgeNodes = edgeElems + 1;
    m_x.resize(m_numNode);
    m_y.resize(m_numNode);
    m_xd.resize(m_numNode);
    m_yd.resize(m_numNode);
    m_nodelist.resize(4 * m_numElem);
    m_e.resize(m_numElem);
    m_p.resize(m_numElem);
    m_q.resize(m_numElem);
    m_vol.resize(m_numElem);
    m_arealg.resize(m_numElem);
    m_ss.resize(m_numElem);
    for (Index_t n = 0; n < m_numNode; ++n) {
      m_x[n] = Real_t(n % edgeNodes) * 0.125;
      m_y[n] = Real_t(n / edgeNodes) * 0.125;
      m_xd[n] = Real_t(n % 7) * 0.0625;
      m_yd[n] = Real_t(n % 3) * 0.03125;
    }
    for (Index_t e = 0; e < m_numElem; ++e) {
      Index_t r = e / edgeElems, c = e % edgeElems;
      m_nodelist[4 * e + 0] = r * edgeNodes + c;
      m_nodelist[4 * e + 1] = r * edgeNodes + c + 1;
      m_nodelist[4 * e + 2] = (r + 1) * edgeNodes + c + 1;
      m_nodelist[4 * e + 3] = (r + 1) * edgeNodes + c;
      m_e[e] = 1.0 + (e % 5) * 0.25;
      m_p[e] = 0.5 + (e % 3) * 0.125;
      m_q[e] = 0.0;
      m_ss[e] = 1.0 + (e % 4) * 0.5;
    }
  }

  Index_t numElem() const { return m_numElem; }
  Index_t numNode() const { return m_numNode; }
  Real_t &x(Index_t i) { return m_x[i]; }
  Real_t &y(Index_t i) { return m_y[i]; }
  Real_t &xd(Index_t i) { return m_xd[i]; }
  Real_t &yd(Index_t i) { return m_yd[i]; }
  Real_t &e(Index_t i) { return m_e[i]; }
  Real_t &p(Index_t i) { return m_p[i]; }
  Real_t &q(Index_t i) { return m_q[i]; }
  Real_t &vol(Index_t i) { return m_vol[i]; }
  Real_t &arealg(Index_t i) { return m_arealg[i]; }
  Real_t &ss(Index_t i) { return m_ss[i]; }
  Index_t *nodelist(Index_t e) { return &m_nodelist[4 * e]; }

  void advanceNodes(Real_t dt);
  void computeVolumes();
  void updateEnergy(Real_t dt);
  Real_t courantConstraint();

  std::vector<Real_t> m_x, m_y, m_xd, m_yd;
  std::vector<Index_t> m_nodelist;
  std::vector<Real_t> m_e, m_p, m_q, m_vol, m_arealg, m_ss;

private:
  Index_t m_numElem, m_numNode;
};

template <typename T> static inline T quadArea(const T x[4], const T y[4]) {
  return T(0.5) *
         ((x[0] - x[2]) * (y[1] - y[3]) - (x[1] - x[3]) * (y[0] - y[2]));
}

void Domain::advanceNodes(Real_t dt) {
  Index_t numNode = this->numNode();
#pragma omp parallel for
  for (Index_t i = 0; i < numNode; ++i) {
    m_x[i] += m_xd[i] * dt;
    m_y[i] += m_yd[i] * dt;
  }
}

void Domain::computeVolumes() {
  Index_t numElem = this->numElem();
#pragma omp parallel for
  for (Index_t k = 0; k < numElem; ++k) {
    Real_t xl[4], yl[4];
    const Index_t *elemToNode = &m_nodelist[4 * k];
    for (Index_t l = 0; l < 4; ++l) {
      Index_t gnode = elemToNode[l];
      xl[l] = m_x[gnode];
      yl[l] = m_y[gnode];
    }
    Real_t a = quadArea<Real_t>(xl, yl);
    m_vol[k] = a;
    m_arealg[k] = std::sqrt(a);
  }
}

void Domain::updateEnergy(Real_t dt) {
  auto pressure = [](Real_t e, Real_t v) { return Real_t(0.4) * e / v; };
#pragma omp parallel for
  for (Index_t i = 0; i < m_numElem; ++i) {
    Real_t work = m_p[i] * m_vol[i] * dt;
    m_e[i] = m_e[i] - work;
    if (m_e[i] < Real_t(0.25))
      m_e[i] = Real_t(0.25);
    m_p[i] = pressure(m_e[i], m_vol[i]);
    m_q[i] = m_p[i] > Real_t(1.0) ? m_p[i] - Real_t(1.0) : Real_t(0.0);
  }
}

Real_t Domain::courantConstraint() {
  Real_t dtcourant = 1.0e20;
#pragma omp parallel for reduction(min : dtcourant)
  for (Index_t i = 0; i < m_numElem; ++i) {
    Real_t dtf = m_ss[i] * m_ss[i] + m_q[i];
    dtf = m_arealg[i] / std::sqrt(dtf);
    if (dtf < dtcourant)
      dtcourant = dtf;
  }
  return dtcourant;
}

// LULESH's own form: free functions over a Domain &, through the element
// accessors (domain.e(i) returns a reference into a std::vector member).
static void CalcSoundSpeedForElems(Domain &domain, Real_t rho0) {
  Index_t numElem = domain.numElem();
#pragma omp parallel for firstprivate(rho0)
  for (Index_t i = 0; i < numElem; ++i) {
    Real_t ssTmp = (domain.p(i) + domain.q(i) + domain.e(i)) / rho0;
    if (ssTmp <= Real_t(0.0625))
      ssTmp = Real_t(0.0625);
    domain.ss(i) = std::sqrt(ssTmp);
  }
}

static Real_t MinSoundSpeed(Domain &domain) {
  Real_t m = 1.0e20;
#pragma omp parallel for reduction(min : m)
  for (Index_t i = 0; i < domain.numElem(); ++i)
    if (domain.ss(i) < m)
      m = domain.ss(i);
  return m;
}

int main() {
  Domain dom(48);
  Real_t dt = 0.0078125;
  for (int cycle = 0; cycle < 5; ++cycle) {
    dom.advanceNodes(dt);
    dom.computeVolumes();
    dom.updateEnergy(dt);
    Real_t c = dom.courantConstraint();
    CalcSoundSpeedForElems(dom, 2.0);
    std::printf("cycle %d courant %.6f min ss %.6f\n", cycle, c,
                MinSoundSpeed(dom));
  }
  Real_t es = 0.0, vs = 0.0;
  for (Index_t i = 0; i < dom.numElem(); ++i) {
    es += dom.e(i);
    vs += dom.vol(i);
  }
  std::printf("energy %.6f volume %.6f x[100] %.6f\n", es, vs, dom.x(100));
  return 0;
}
