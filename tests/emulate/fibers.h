//===- fibers.h - Switching between the emulated threads' stacks ----------===//
//
// The emulation's threads are fibers: stacks of their own, switched to and
// from one host thread. On x86-64 a switch saves the callee-saved registers
// and the floating-point control words and swaps the stack pointer (a few
// nanoseconds); elsewhere it falls back to ucontext, whose swapcontext also
// saves the signal mask (a system call each switch).
//
//===----------------------------------------------------------------------===//
#ifndef L2C_EMULATE_FIBERS_H
#define L2C_EMULATE_FIBERS_H

#include <cstddef>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace l2c_emu {

struct FiberContext {
#if defined(__x86_64__)
  void *Sp = nullptr;
#else
  ucontext_t Context;
#endif
};

/// Makes To start Entry on the stack [Stack, Stack + Bytes) when first
/// switched to. Entry must never return: it ends by switching away.
void prepareFiber(FiberContext &To, char *Stack, size_t Bytes, void (*Entry)());

/// Saves the running context in From and runs To.
void switchFiber(FiberContext &From, FiberContext &To);

} // namespace l2c_emu

#endif
