//===- AllocsTest.cpp - The record of the program's heap blocks -----------===//
//
// This binary runs with the record's malloc and free in place of glibc's
// (runtime/loop2cuda_allocs.h), as a generated program that asks it does.
//
//===----------------------------------------------------------------------===//
#include "loop2cuda_allocs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <random>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace {

using l2c::recordedCount;

TEST(Allocs, BlocksFromEachAllocatorAreRecordedAtTheirStart) {
  double *M = static_cast<double *>(std::malloc(1000 * sizeof(double)));
  EXPECT_EQ(recordedCount(M), 1000);
  EXPECT_EQ(recordedCount(reinterpret_cast<const char *>(M)), 8000);
  int *C = static_cast<int *>(std::calloc(300, sizeof(int)));
  EXPECT_EQ(recordedCount(C), 300);
  void *P = nullptr;
  ASSERT_EQ(posix_memalign(&P, 64, 4096), 0);
  EXPECT_EQ(recordedCount(static_cast<float *>(P)), 1024);
  float *A = static_cast<float *>(aligned_alloc(256, 2048));
  EXPECT_EQ(recordedCount(A), 512);
  // new[] and std::vector reach malloc through the C++ library.
  double *N = new double[700];
  EXPECT_EQ(recordedCount(N), 700);
  std::vector<double> V(900);
  EXPECT_EQ(recordedCount(V.data()), 900);
  std::unique_ptr<int[]> U(new int[400]);
  EXPECT_EQ(recordedCount(U.get()), 400);
  std::free(M);
  std::free(C);
  std::free(P);
  std::free(A);
  delete[] N;
}

TEST(Allocs, WhatNoRecordedBlockStartsCountsZero) {
  static double Static[1000];
  double Stack[100];
  EXPECT_EQ(recordedCount(Static), 0);
  EXPECT_EQ(recordedCount(Stack), 0);
  double *M = static_cast<double *>(std::malloc(1000 * sizeof(double)));
  EXPECT_EQ(recordedCount(M + 1), 0); // interior: may be indexed below
  double *Small = static_cast<double *>(std::malloc(16));
  EXPECT_EQ(recordedCount(Small), 0); // under MinBytes
  EXPECT_EQ(recordedCount(static_cast<double *>(nullptr)), 0);
  std::free(M);
  EXPECT_EQ(recordedCount(M), 0); // freed
  std::free(Small);
}

TEST(Allocs, ReallocMovesTheRecord) {
  char *P = static_cast<char *>(std::malloc(300));
  EXPECT_EQ(recordedCount(P), 300);
  P = static_cast<char *>(std::realloc(P, 100000));
  EXPECT_EQ(recordedCount(P), 100000);
  P = static_cast<char *>(std::realloc(P, 100)); // now under MinBytes
  EXPECT_EQ(recordedCount(P), 0);
  P = static_cast<char *>(std::realloc(P, 5000));
  EXPECT_EQ(recordedCount(P), 5000);
  std::free(P);
  char *Q = static_cast<char *>(std::realloc(nullptr, 600));
  EXPECT_EQ(recordedCount(Q), 600);
  std::free(Q);
}

TEST(Allocs, ChurnKeepsEveryLiveBlockAndNoFreedOne) {
  std::vector<std::pair<char *, size_t>> Live;
  Live.reserve(20000);
  // gtest's own blocks stay live throughout.
  size_t Before = l2c::allocs::Record.Live;
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 20000; ++Round) {
    if (Live.empty() || Rng() % 3) {
      size_t Bytes = 256 + Rng() % 5000;
      Live.push_back({static_cast<char *>(std::malloc(Bytes)), Bytes});
    } else {
      size_t K = Rng() % Live.size();
      std::free(Live[K].first);
      Live[K] = Live.back();
      Live.pop_back();
    }
  }
  for (auto &[P, Bytes] : Live)
    EXPECT_EQ(recordedCount(P), static_cast<long long>(Bytes));
  for (auto &[P, Bytes] : Live)
    std::free(P);
  EXPECT_EQ(l2c::allocs::Record.Live, Before);
}

TEST(Allocs, AFullTableLeavesBlocksUnrecordedAndRecovers) {
  std::vector<void *> Blocks;
  Blocks.reserve(l2c::allocs::Slots);
  size_t Before = l2c::allocs::Record.Live;
  for (size_t K = 0; K < l2c::allocs::Slots / 2 + 100; ++K)
    Blocks.push_back(std::malloc(256));
  EXPECT_EQ(recordedCount(static_cast<char *>(Blocks.front())), 256);
  EXPECT_EQ(recordedCount(static_cast<char *>(Blocks.back())), 0);
  for (void *P : Blocks)
    std::free(P);
  EXPECT_EQ(l2c::allocs::Record.Live, Before);
  char *P = static_cast<char *>(std::malloc(256));
  EXPECT_EQ(recordedCount(P), 256);
  std::free(P);
}

TEST(Allocs, AChildForkedWhileThreadsAllocateCanAllocate) {
  EXPECT_TRUE(l2c::allocs::ForkSafe);
  std::atomic<bool> Stop{false};
  std::thread T([&] {
    while (!Stop)
      std::free(std::malloc(4096));
  });
  for (int K = 0; K < 50; ++K) {
    pid_t Pid = fork();
    if (Pid == 0) {
      void *P = std::malloc(4096); // would hang on a copied lock
      _exit(recordedCount(static_cast<char *>(P)) == 4096 ? 0 : 1);
    }
    int Status = 0;
    ASSERT_EQ(waitpid(Pid, &Status, 0), Pid);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
  }
  Stop = true;
  T.join();
}

TEST(Allocs, ThreadsAllocatingAtOnce) {
  std::vector<std::thread> Ts;
  std::vector<int> Bad(8, 0);
  for (int T = 0; T < 8; ++T)
    Ts.emplace_back([T, &Bad] {
      std::vector<std::pair<char *, size_t>> Mine;
      for (int K = 0; K < 5000; ++K) {
        size_t Bytes = 256 + (K * 37 + T) % 3000;
        Mine.push_back({static_cast<char *>(std::malloc(Bytes)), Bytes});
        if (K % 2) {
          std::free(Mine[K / 2].first);
          Mine[K / 2].first = nullptr;
        }
      }
      for (auto &[P, Bytes] : Mine)
        if (P) {
          Bad[T] += recordedCount(P) != static_cast<long long>(Bytes);
          std::free(P);
        }
    });
  for (std::thread &T : Ts)
    T.join();
  EXPECT_EQ(std::count(Bad.begin(), Bad.end(), 0), 8);
}

} // namespace
