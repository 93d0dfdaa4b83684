//===- loop2cuda_probe.cuh - The run-time probe of undecided subscripts ---===//
//
// A loop with a subscript the translation could not decide (`a[idx[i]]`,
// `a[i % m]`: the remark 'iterations are checked at run time') is launched
// after a probe (rule sets host-fallback and probe-accesses):
//
// \code
//   l2c::Probe l2c_probe_3 = l2c::probeStart("f.c:12", {(long long)(n)});
//   L2C_LAUNCH(l2c_device::f_L12_writes, ...);  // claims what each writes
//   L2C_LAUNCH(l2c_device::f_L12_reads, ...);   // checks what each reads
//   if (l2c::probeOrHost(l2c_probe_3, "f.c:12", {l2c::range(a, n, true)})) {
//     L2C_LAUNCH(l2c_device::f_L12, ...);
//   } else {
//     for (...) ...            // the loop as written, in order
//   }
// \endcode
//
// Each probed array gets an owner per element, ~0 when no iteration writes
// it. The writes kernel claims each element an iteration writes with an
// atomicCAS: an element another iteration claimed first is a conflict. The
// reads kernel then checks each element an iteration reads: one another
// iteration claimed is a conflict. A subscript outside the array
// is a conflict too (the loop as written then does what it does, on the
// host). Without a conflict, no two iterations touch one element that
// either writes, so the kernel computes the sequential result. The idea is
// the inspector of inspector-executor schemes (Saltz, Mirchandaney and
// Crowley, 1991).
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PROBE_CUH
#define LOOP2CUDA_PROBE_CUH

#include <initializer_list>

namespace l2c {

/// The owners of up to four probed arrays and the conflict flag, passed to
/// the probe kernels by value.
struct Probe {
  static constexpr int MaxArrays = 4;
  unsigned long long *Owner[MaxArrays] = {};
  long long Count[MaxArrays] = {};
  unsigned int *Conflict = nullptr;
};

namespace detail {

/// One device buffer for every probe, grown when a probe needs more.
struct ProbeBuffer {
  void *Ptr = nullptr;
  size_t Bytes = 0;
  ~ProbeBuffer() { cudaFree(Ptr); }
};

inline ProbeBuffer &probeBuffer() {
  static ProbeBuffer B;
  return B;
}

} // namespace detail

/// A probe of arrays of Counts elements: every owner unclaimed, no conflict.
inline Probe probeStart(const char *Where,
                        std::initializer_list<long long> Counts) {
  Probe P;
  size_t Elements = 0;
  for (long long C : Counts)
    Elements += static_cast<size_t>(C > 0 ? C : 0);
  size_t Bytes = Elements * sizeof(unsigned long long) + sizeof(unsigned int);
  detail::ProbeBuffer &B = detail::probeBuffer();
  if (B.Bytes < Bytes) {
    L2C_CHECK(cudaFree(B.Ptr), Where);
    B.Ptr = nullptr;
    L2C_CHECK(cudaMalloc(&B.Ptr, Bytes), Where);
    B.Bytes = Bytes;
  }
  auto *Owners = static_cast<unsigned long long *>(B.Ptr);
  L2C_CHECK(cudaMemsetAsync(B.Ptr, 0xff, Bytes - sizeof(unsigned int)), Where);
  int K = 0;
  for (long long C : Counts) {
    P.Owner[K] = Owners;
    P.Count[K] = C > 0 ? C : 0;
    Owners += P.Count[K];
    ++K;
  }
  P.Conflict = reinterpret_cast<unsigned int *>(Owners);
  L2C_CHECK(cudaMemsetAsync(P.Conflict, 0, sizeof(unsigned int)), Where);
  return P;
}

/// Iteration It writes element E of probed array K: claims it.
__device__ inline void probeWrite(const Probe &P, int K, long long E,
                                  long long It) {
  if (E < 0 || E >= P.Count[K]) {
    *P.Conflict = 1;
    return;
  }
  unsigned long long Was = atomicCAS(&P.Owner[K][E], ~0ull,
                                     static_cast<unsigned long long>(It));
  if (Was != ~0ull && Was != static_cast<unsigned long long>(It))
    *P.Conflict = 1;
}

/// Iteration It reads element E of probed array K: no other iteration may
/// have claimed it.
__device__ inline void probeRead(const Probe &P, int K, long long E,
                                 long long It) {
  if (E < 0 || E >= P.Count[K]) {
    *P.Conflict = 1;
    return;
  }
  unsigned long long Owner = P.Owner[K][E];
  if (Owner != ~0ull && Owner != static_cast<unsigned long long>(It))
    *P.Conflict = 1;
}

/// True when the probe saw no conflict. Otherwise prepares the host to run
/// the loop (as apartOrHost does) and returns false.
inline bool probeOrHost(const Probe &P, const char *Where,
                        std::initializer_list<HostRange> Rs) {
  unsigned int Conflict = 0;
  L2C_CHECK(cudaMemcpy(&Conflict, P.Conflict, sizeof Conflict,
                       cudaMemcpyDeviceToHost),
            Where);
  if (!Conflict)
    return true;
  detail::hostRuns(Where, Rs);
  if (profile::on())
    std::fprintf(stderr,
                 "loop2cuda: %s: two iterations of the loop touch one "
                 "element that one of them writes; it ran on the host, in "
                 "order\n",
                 Where);
  return false;
}

/// A launch that no probe covers (rule host-unprobed): the loop runs on
/// the host.
inline bool unprobedOnHost(const char *Where,
                           std::initializer_list<HostRange> Rs) {
  detail::hostRuns(Where, Rs);
  std::fprintf(stderr,
               "loop2cuda: %s: the loop's subscripts were not checked; it "
               "ran on the host, in order\n",
               Where);
  return false;
}

} // namespace l2c

#endif // LOOP2CUDA_PROBE_CUH
