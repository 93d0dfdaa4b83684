//===- emulation.cpp - Runs a kernel's threads on the host ----------------===//
//
// The scheduler behind l2c_emulate.h. A launch runs its blocks one after
// another; the threads of a block are fibers (fibers.h) of one host thread,
// each run until it ends or waits: at __syncthreads (until every thread of
// the block that has not ended arrives), at a warp collective (until every
// lane of its mask arrives), or at a spin loop's __nanosleep (a turn for
// the others). A pass over the block in which no thread could move is a
// deadlock (a barrier that some threads skip): the program stops with a
// message, where a GPU would hang or compute garbage.
//
// L2C_EMU_ORDER=reverse runs the blocks of a grid, and the threads of a
// block between two barriers, last first: a kernel whose threads or blocks
// depend on each other's order without a barrier then computes something
// else than in the default order (first first), and the tier runs both.
//
//===----------------------------------------------------------------------===//
#include "l2c_emulate.h"

#include "fibers.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

namespace l2c_emu {

Coordinates *Here = nullptr;

namespace {

enum class Wait { None, Block, Warp, Turn };

struct Fiber {
  FiberContext Context;
  Coordinates Where;
  unsigned Linear = 0; // the thread's index in its block
  bool Started = false, Done = false;
  Wait Waiting = Wait::None;
  unsigned Generation = 0; // of the barrier or collective it waits at
  const uint64_t *Received = nullptr; // what its last warp collective gathered
  uint64_t Copy[32];                  // ... when of fewer lanes than the warp
  bool Gathered = false;              // ... and that collective is complete
  std::vector<char> Stack;
};

struct Warp {
  uint64_t Given[3][32];
  unsigned Round = 0;   // whole-warp collectives completed
  unsigned Arrived = 0; // lanes at the current collective
};

struct BlockState {
  std::vector<Fiber> Fibers; // at least Threads
  unsigned Threads = 0;
  std::vector<Warp> Warps;
  unsigned Live = 0;    // threads not ended
  unsigned Arrived = 0; // at the current __syncthreads
  unsigned Generation = 0;
  int Count = 0; // __syncthreads_count's running count
  int Counted = 0;
  unsigned Cursor = 0; // threads started, in the run order
  bool Reverse = false;
  void (*Body)(void *) = nullptr;
  void *Data = nullptr;

  Fiber &inOrder(unsigned N) { return Fibers[Reverse ? Threads - 1 - N : N]; }
  /// The next thread of the run order that has not started, if any.
  Fiber *nextToStart() {
    while (Cursor < Threads && inOrder(Cursor).Started)
      ++Cursor;
    return Cursor < Threads ? &inOrder(Cursor) : nullptr;
  }
};

BlockState State;
FiberContext Scheduler;
FiberContext Finished; // where an ended fiber's context goes
Fiber *Running = nullptr;
std::mutex OneLaunch;

size_t stackBytes() {
  static size_t Bytes = [] {
    const char *E = std::getenv("L2C_EMU_STACK_KB");
    size_t KB = E ? std::strtoul(E, nullptr, 10) : 256;
    return (KB ? KB : 256) * 1024;
  }();
  return Bytes;
}

/// Read at each launch, so that a program (the self-test) may change it.
bool reverseOrder() {
  const char *E = std::getenv("L2C_EMU_ORDER");
  return E && std::strcmp(E, "reverse") == 0;
}

[[noreturn]] void fail(const char *Why) {
  std::fprintf(stderr, "l2c-emulate: %s\n", Why);
  std::abort();
}

void park(Wait W, unsigned Generation) {
  Running->Waiting = W;
  Running->Generation = Generation;
  switchFiber(Running->Context, Scheduler);
}

/// A barrier that every live thread has reached lets them all go.
void releaseBlockIfAllArrived() {
  if (State.Arrived && State.Arrived == State.Live) {
    State.Arrived = 0;
    State.Counted = State.Count;
    State.Count = 0;
    ++State.Generation;
  }
}

/// A fiber's body: the thread it was made for, then, while threads of the
/// block have not started, the next of them on the same stack. A kernel
/// without barriers so runs every thread of a block on one fiber, with no
/// switch between threads.
void start() {
  for (;;) {
    Running->Started = true;
    State.Body(State.Data);
    Running->Done = true;
    --State.Live;
    releaseBlockIfAllArrived();
    Fiber *Next = State.nextToStart();
    if (!Next)
      switchFiber(Finished, Scheduler); // never resumed
    Running = Next;
    Here = &Next->Where;
  }
}

bool canRun(const Fiber &F) {
  switch (F.Waiting) {
  case Wait::None:
  case Wait::Turn:
    return true;
  case Wait::Block:
    return State.Generation != F.Generation;
  case Wait::Warp:
    return F.Gathered;
  }
  return true;
}

void runBlock(unsigned Threads) {
  unsigned long Idle = 0;
  for (;;) {
    bool Moved = false, Left = false;
    for (unsigned N = 0; N < Threads; ++N) {
      Fiber &F = State.inOrder(N);
      if (F.Done)
        continue;
      Left = true;
      if (!F.Started) {
        // Its own stack is free: a thread runs on another's stack only
        // once that one has ended.
        if (F.Stack.size() < stackBytes())
          F.Stack.resize(stackBytes());
        prepareFiber(F.Context, F.Stack.data(), F.Stack.size(), start);
      } else if (!canRun(F)) {
        continue;
      }
      bool Spinning = F.Waiting == Wait::Turn;
      F.Waiting = Wait::None;
      Running = &F;
      Here = &F.Where;
      switchFiber(Scheduler, F.Context);
      // A thread that only spun again has not moved.
      if (!(Spinning && F.Waiting == Wait::Turn))
        Moved = true;
    }
    if (!Left)
      return;
    if (Moved) {
      Idle = 0;
      continue;
    }
    bool Spin = false;
    for (unsigned N = 0; N < Threads; ++N)
      Spin |= !State.Fibers[N].Done && State.Fibers[N].Waiting == Wait::Turn;
    if (!Spin)
      fail("deadlock: some threads of a block wait at a barrier or warp "
           "collective that others never reach");
    // Spinning threads wait for something of another block, which runs
    // only after this one: a GPU might finish, this cannot.
    if (++Idle == 10000000)
      fail("the threads of a block spin for something no thread of it "
           "gives (another block's flag?)");
  }
}

} // namespace

void run(dim3 Grid, dim3 Block, void (*Body)(void *), void *Data) {
  std::lock_guard<std::mutex> Lock(OneLaunch);
  unsigned Threads = Block.x * Block.y * Block.z;
  unsigned long long Blocks = (unsigned long long)Grid.x * Grid.y * Grid.z;
  if (Threads == 0 || Threads > 1024 || Blocks == 0)
    fail("launch with no threads, no blocks or more than 1024 threads a "
         "block");
  Coordinates *Outer = Here;
  if (State.Fibers.size() < Threads)
    State.Fibers.resize(Threads);
  State.Threads = Threads;
  State.Warps.assign((Threads + 31) / 32, Warp());
  State.Body = Body;
  State.Data = Data;
  bool Reverse = reverseOrder();
  State.Reverse = Reverse;
  for (unsigned long long N = 0; N < Blocks; ++N) {
    unsigned long long B = Reverse ? Blocks - 1 - N : N;
    uint3 BlockIdx = {unsigned(B % Grid.x), unsigned(B / Grid.x % Grid.y),
                      unsigned(B / Grid.x / Grid.y)};
    State.Live = Threads;
    State.Arrived = 0;
    State.Count = 0;
    for (unsigned T = 0; T < Threads; ++T) {
      Fiber &F = State.Fibers[T];
      F.Where.Thread = {T % Block.x, T / Block.x % Block.y,
                        T / Block.x / Block.y};
      F.Where.Block = BlockIdx;
      F.Where.BlockDim = Block;
      F.Where.GridDim = Grid;
      F.Linear = T;
      F.Started = F.Done = false;
      F.Waiting = Wait::None;
    }
    State.Cursor = 0;
    runBlock(Threads);
  }
  Here = Outer;
  Running = nullptr;
}

namespace {
/// The blocks a kernel may address: cudaMalloc'd and registered ones, by
/// start (fake_cudart.cpp reports them).
std::map<const char *, size_t> &deviceBlocks() {
  // Never destroyed: static objects of the program free their device
  // memory in their destructors, after this one's would have run.
  static auto *Blocks = new std::map<const char *, size_t>();
  return *Blocks;
}
} // namespace

bool deviceAddress(const void *P) {
  const char *C = static_cast<const char *>(P);
  auto It = deviceBlocks().upper_bound(C);
  if (It == deviceBlocks().begin())
    return false;
  --It;
  return C <= It->first + It->second; // one past the end too
}

void hostArgument(unsigned Index) {
  std::fprintf(stderr,
               "l2c-emulate: argument %u of a launch is a host address: "
               "no cudaMalloc'd or registered block holds it, and a GPU "
               "would fault\n",
               Index);
  std::abort();
}

void syncThreads() { (void)syncThreadsCount(0); }

int syncThreadsCount(int Pred) {
  if (!Running)
    fail("__syncthreads outside a kernel");
  State.Count += Pred != 0;
  ++State.Arrived;
  unsigned Generation = State.Generation;
  releaseBlockIfAllArrived();
  if (State.Generation == Generation)
    park(Wait::Block, Generation);
  return State.Counted;
}

void yield() {
  if (Running)
    park(Wait::Turn, 0);
}

unsigned laneId() { return Running ? Running->Linear % 32 : 0; }

const uint64_t *warpExchange(unsigned Mask, uint64_t V) {
  if (!Running)
    fail("warp collective outside a kernel");
  Fiber &Me = *Running;
  unsigned WarpIndex = Me.Linear / 32, Lane = Me.Linear % 32;
  Warp &W = State.Warps[WarpIndex];
  // The lanes that exist: a last, partial warp has fewer than 32.
  unsigned Lanes = std::min(32u, State.Threads - WarpIndex * 32);
  unsigned Exists = Lanes >= 32 ? 0xffffffffu : (1u << Lanes) - 1;
  unsigned Need = Mask & Exists;
  if (!(Need >> Lane & 1u))
    fail("a warp collective whose mask leaves out the calling lane");
  // A collective of the whole warp gathers into one of two buffers, by
  // the parity of the warp's round: no lane can reach the round after the
  // next before every lane has read this one. One of fewer lanes gives
  // each of them a copy (others of the warp may meet meanwhile).
  bool Whole = Need == Exists;
  uint64_t *Given = W.Given[Whole ? W.Round & 1 : 2];
  Given[Lane] = V;
  W.Arrived |= 1u << Lane;
  Me.Gathered = false;
  if ((W.Arrived & Need) == Need) {
    for (unsigned L = 0; L < Lanes; ++L) {
      if (!(Need >> L & 1u))
        continue;
      Fiber &F = State.Fibers[WarpIndex * 32 + L];
      F.Gathered = true;
      if (Whole) {
        F.Received = Given;
      } else {
        std::memcpy(F.Copy, Given, sizeof F.Copy);
        F.Received = F.Copy;
      }
    }
    W.Arrived &= ~Need;
    W.Round += Whole;
  } else {
    park(Wait::Warp, 0);
  }
  return Me.Received;
}

} // namespace l2c_emu

extern "C" void l2c_emu_device_block(const void *P, size_t Bytes, int Add) {
  const char *C = static_cast<const char *>(P);
  if (Add)
    l2c_emu::deviceBlocks()[C] = Bytes;
  else
    l2c_emu::deviceBlocks().erase(C);
}
