//===- loop2cuda_profile.cuh - Where the GPU time goes -----------*- CUDA -*-===//
//
// Included by loop2cuda_runtime.cuh. With LOOP2CUDA_PROFILE=1 (any value
// but empty and "0") in the environment, the generated program prints, on
// exit, to stderr:
//   - per kernel: launches, total and mean GPU time;
//   - per array: transfers to the device and to the host, bytes, GPU time;
//   - the wall time since the program started, and the GPU time of all
//     kernels and transfers.
// The times come from CUDA events recorded around each launch and copy on
// the default stream, so a copy's time does not include the kernels it
// waits for. Events are read in batches (every 512 pending pairs) and at
// exit. Without the variable a launch or a copy costs one test of a flag.
// docs/data-regions.md shows the output.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_PROFILE_CUH
#define LOOP2CUDA_PROFILE_CUH

#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

namespace l2c {
namespace profile {

/// What one kernel or one array has cost so far.
struct Totals {
  long long Count[2] = {0, 0}; // launches; or transfers in [0], out [1]
  long long Bytes[2] = {0, 0};
  double Ms[2] = {0, 0};
  double LockMs = 0; // host time page-locking the array before its copies
};

namespace detail {

inline bool readFlag() {
  const char *V = std::getenv("LOOP2CUDA_PROFILE");
  return V && *V && std::strcmp(V, "0") != 0;
}

/// Read once, before main: the one test a launch pays without the profile.
inline const bool Enabled = readFlag();

struct Pending {
  cudaEvent_t Begin, End;
  Totals *Into;
  int Dir;
};

struct State {
  std::chrono::steady_clock::time_point Start =
      std::chrono::steady_clock::now();
  std::map<std::string, Totals> Kernels, Arrays;
  std::vector<std::string> KernelOrder, ArrayOrder;
  std::vector<Pending> Queue;
  std::vector<cudaEvent_t> Free;
  bool Registered = false;
};

inline State &state() {
  static State S;
  return S;
}

/// The wall clock starts with the program when the profile is on.
inline const bool Started = Enabled && (state(), true);

inline cudaEvent_t event() {
  State &S = state();
  if (!S.Free.empty()) {
    cudaEvent_t E = S.Free.back();
    S.Free.pop_back();
    return E;
  }
  cudaEvent_t E = nullptr;
  cudaEventCreate(&E);
  return E;
}

/// Reads every pending pair of events into its totals.
inline void drain() {
  State &S = state();
  if (S.Queue.empty())
    return;
  cudaEventSynchronize(S.Queue.back().End);
  for (Pending &P : S.Queue) {
    float Ms = 0;
    if (cudaEventElapsedTime(&Ms, P.Begin, P.End) == cudaSuccess)
      P.Into->Ms[P.Dir] += Ms;
    S.Free.push_back(P.Begin);
    S.Free.push_back(P.End);
  }
  S.Queue.clear();
}

inline void report();

inline Totals &entry(std::map<std::string, Totals> &M,
                     std::vector<std::string> &Order, const std::string &Key) {
  auto It = M.find(Key);
  if (It == M.end()) {
    Order.push_back(Key);
    It = M.emplace(Key, Totals()).first;
  }
  return It->second;
}

/// "file.cpp: copy of 'u' to the device" -> "u (file.cpp)".
inline std::string arrayKey(const char *Where) {
  std::string W = Where ? Where : "?";
  size_t Q = W.find('\'');
  size_t Q2 = Q == std::string::npos ? Q : W.find('\'', Q + 1);
  if (Q2 == std::string::npos)
    return W;
  std::string File = W.substr(0, W.find(':'));
  return W.substr(Q + 1, Q2 - Q - 1) + " (" + File + ")";
}

} // namespace detail

/// Whether LOOP2CUDA_PROFILE is set.
inline bool on() { return detail::Enabled; }

/// A timed region in flight: begin() records its first event.
struct Mark {
  cudaEvent_t Begin = nullptr;
  Totals *Into = nullptr;
  int Dir = 0;
};

inline Mark begin(Totals &T, int Dir) {
  detail::State &S = detail::state();
  if (!S.Registered) {
    S.Registered = true;
    std::atexit(detail::report);
  }
  Mark M{detail::event(), &T, Dir};
  cudaEventRecord(M.Begin);
  return M;
}

inline void end(const Mark &M) {
  cudaEvent_t E = detail::event();
  cudaEventRecord(E);
  detail::State &S = detail::state();
  S.Queue.push_back({M.Begin, E, M.Into, M.Dir});
  if (S.Queue.size() >= 512)
    detail::drain();
}

/// Around a launch of kernel `Name` for the loop at `Where`.
inline Mark beginKernel(const char *Name, const char *Where) {
  detail::State &S = detail::state();
  std::string Key = std::string(Name) + " (" + Where + ")";
  if (Key.rfind("l2c_device::", 0) == 0)
    Key = Key.substr(12);
  Totals &T = detail::entry(S.Kernels, S.KernelOrder, Key);
  ++T.Count[0];
  return begin(T, 0);
}

/// Around a copy of `Bytes` bytes; ToHost: device to host.
inline Mark beginTransfer(const char *Where, size_t Bytes, bool ToHost,
                          double LockMs = 0) {
  detail::State &S = detail::state();
  Totals &T =
      detail::entry(S.Arrays, S.ArrayOrder, detail::arrayKey(Where));
  int D = ToHost ? 1 : 0;
  ++T.Count[D];
  T.Bytes[D] += static_cast<long long>(Bytes);
  T.LockMs += LockMs;
  return begin(T, D);
}

namespace detail {

inline void report() {
  drain();
  State &S = state();
  double Wall = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - S.Start)
                    .count();
  double KernelMs = 0, CopyMs = 0;
  std::FILE *F = stderr;
  std::fprintf(F, "\nloop2cuda profile (LOOP2CUDA_PROFILE): %.3f ms wall "
                  "since the program started\n",
               Wall);
  std::fprintf(F, "  %-48s %9s %12s %12s\n", "kernel (loop)", "launches",
               "GPU ms", "mean us");
  for (const std::string &K : S.KernelOrder) {
    const Totals &T = S.Kernels[K];
    KernelMs += T.Ms[0];
    std::fprintf(F, "  %-48s %9lld %12.3f %12.2f\n", K.c_str(), T.Count[0],
                 T.Ms[0], T.Count[0] ? 1000.0 * T.Ms[0] / T.Count[0] : 0.0);
  }
  std::fprintf(F, "  %-28s %-9s %9s %14s %12s %9s\n", "array", "direction",
               "transfers", "bytes", "GPU ms", "GB/s");
  double LockMs = 0;
  for (const std::string &A : S.ArrayOrder) {
    const Totals &T = S.Arrays[A];
    LockMs += T.LockMs;
    for (int D = 0; D < 2; ++D) {
      if (!T.Count[D])
        continue;
      CopyMs += T.Ms[D];
      std::fprintf(F, "  %-28s %-9s %9lld %14lld %12.3f %9.2f\n", A.c_str(),
                   D ? "to host" : "to device", T.Count[D], T.Bytes[D],
                   T.Ms[D], T.Ms[D] > 0 ? T.Bytes[D] / (T.Ms[D] * 1e6) : 0.0);
    }
  }
  std::fprintf(F,
               "  GPU total: kernels %.3f ms + transfers %.3f ms = %.3f ms "
               "(%.2fx the kernel time)\n",
               KernelMs, CopyMs, KernelMs + CopyMs,
               KernelMs > 0 ? (KernelMs + CopyMs) / KernelMs : 0.0);
  if (LockMs > 0)
    std::fprintf(F,
                 "  host page-locking before transfers: %.3f ms (CPU time "
                 "outside the GPU total; docs/transfers.md)\n",
                 LockMs);
}

} // namespace detail
} // namespace profile
} // namespace l2c

#endif // LOOP2CUDA_PROFILE_CUH
