//===- alloc_cost.cpp - What the record of heap blocks costs malloc/free
//---===//
//
// Built twice by run.sh: plain, and with -DWITH_RECORD, which includes
// runtime/loop2cuda_allocs.h and so replaces malloc and free as a generated
// program that asks the record does. Prints, per block size, the mean time
// of one malloc/free pair (a block freed at once, and blocks held in a
// batch of 1024 and freed in order) on one thread and on several threads at
// once, and the time of one lookup (l2c::recordedCount). CPU only.
//
//===----------------------------------------------------------------------===//
#ifdef WITH_RECORD
#include "loop2cuda_allocs.h"
#endif

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

namespace {

double nowNs() {
  return std::chrono::duration<double, std::nano>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

volatile char Sink;

/// Mean ns per malloc/free pair of Bytes, Rounds times Batch blocks.
double pairs(size_t Bytes, int Rounds, int Batch) {
  std::vector<char *> Held(Batch);
  double T0 = nowNs();
  for (int R = 0; R < Rounds; ++R) {
    for (int K = 0; K < Batch; ++K) {
      Held[K] = static_cast<char *>(std::malloc(Bytes));
      Held[K][0] = static_cast<char>(K);
    }
    for (int K = 0; K < Batch; ++K) {
      Sink = Held[K][0];
      std::free(Held[K]);
    }
  }
  return (nowNs() - T0) / (double(Rounds) * Batch);
}

double threaded(size_t Bytes, int Threads) {
  std::vector<double> Ns(Threads);
  std::vector<std::thread> Ts;
  for (int T = 0; T < Threads; ++T)
    Ts.emplace_back([&, T] { Ns[T] = pairs(Bytes, 200, 1024); });
  for (std::thread &T : Ts)
    T.join();
  double Sum = 0;
  for (double N : Ns)
    Sum += N;
  return Sum / Threads;
}

} // namespace

int main() {
  unsigned Threads = std::max(2u, std::thread::hardware_concurrency());
#ifdef WITH_RECORD
  const char *Build = "record";
#else
  const char *Build = "plain";
#endif
  std::printf("%-7s %8s %12s %12s %14s\n", "build", "bytes", "ns/pair",
              "ns/pair x1024", "ns/pair threads");
  for (size_t Bytes : {64, 255, 256, 4096, 1 << 20}) {
    int Rounds = Bytes >= (1 << 20) ? 20 : 2000;
    pairs(Bytes, 10, 1); // warm
    std::printf("%-7s %8zu %12.1f %12.1f %14.1f\n", Build, Bytes,
                pairs(Bytes, Rounds * 100, 1), pairs(Bytes, Rounds / 10, 1024),
                threaded(Bytes, Threads));
  }
#ifdef WITH_RECORD
  // One lookup, as a guarded launch makes per recorded array.
  std::vector<double *> Blocks;
  for (int K = 0; K < 1000; ++K)
    Blocks.push_back(static_cast<double *>(std::malloc(8192)));
  double T0 = nowNs();
  long long Sum = 0;
  for (int R = 0; R < 1000; ++R)
    for (double *B : Blocks)
      Sum += l2c::recordedCount(B);
  std::printf("lookup: %.1f ns (%d threads; %lld)\n", (nowNs() - T0) / 1e6,
              Threads, Sum / 1000000);
  for (double *B : Blocks)
    std::free(B);
#endif
  return 0;
}
