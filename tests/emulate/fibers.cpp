//===- fibers.cpp - Switching between the emulated threads' stacks --------===//
#include "fibers.h"

#include <cstdint>

#if defined(__x86_64__)

// l2c_emu_switch(void **SaveSp, void *LoadSp): pushes rbp, rbx, r12-r15 and
// the MXCSR and x87 control words, stores rsp in *SaveSp, loads LoadSp and
// pops the same from there (System V AMD64: the rest is caller-saved).
asm(R"(
        .text
        .globl  l2c_emu_switch
        .type   l2c_emu_switch, @function
l2c_emu_switch:
        pushq   %rbp
        pushq   %rbx
        pushq   %r12
        pushq   %r13
        pushq   %r14
        pushq   %r15
        subq    $8, %rsp
        stmxcsr (%rsp)
        fnstcw  4(%rsp)
        movq    %rsp, (%rdi)
        movq    %rsi, %rsp
        ldmxcsr (%rsp)
        fldcw   4(%rsp)
        addq    $8, %rsp
        popq    %r15
        popq    %r14
        popq    %r13
        popq    %r12
        popq    %rbx
        popq    %rbp
        ret
        .size   l2c_emu_switch, .-l2c_emu_switch
)");

extern "C" void l2c_emu_switch(void **SaveSp, void *LoadSp);

namespace l2c_emu {

void prepareFiber(FiberContext &To, char *Stack, size_t Bytes,
                  void (*Entry)()) {
  // From the 16-byte aligned top down: a null return address (Entry then
  // starts as if called, rsp = 8 mod 16), Entry for the switch's `ret`,
  // six zero registers, and the control words the switch loads.
  uintptr_t Top = (reinterpret_cast<uintptr_t>(Stack) + Bytes) & ~uintptr_t(15);
  uint64_t *Sp = reinterpret_cast<uint64_t *>(Top);
  *--Sp = 0;
  *--Sp = reinterpret_cast<uint64_t>(Entry);
  for (int R = 0; R < 6; ++R)
    *--Sp = 0;
  *--Sp = 0x1F80ull | (0x037Full << 32); // MXCSR and x87 defaults
  To.Sp = Sp;
}

void switchFiber(FiberContext &From, FiberContext &To) {
  l2c_emu_switch(&From.Sp, To.Sp);
}

} // namespace l2c_emu

#else

namespace l2c_emu {

void prepareFiber(FiberContext &To, char *Stack, size_t Bytes,
                  void (*Entry)()) {
  getcontext(&To.Context);
  To.Context.uc_stack.ss_sp = Stack;
  To.Context.uc_stack.ss_size = Bytes;
  To.Context.uc_link = nullptr;
  makecontext(&To.Context, Entry, 0);
}

void switchFiber(FiberContext &From, FiberContext &To) {
  swapcontext(&From.Context, &To.Context);
}

} // namespace l2c_emu

#endif
