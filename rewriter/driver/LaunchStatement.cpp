//===- LaunchStatement.cpp - The host statement that launches a kernel ----===//
//
// `L2C_LAUNCH(kernel, where, blocks, threads, args...)` for a Launch term
// (split from HostEmitter.cpp; Passes has its own, PassesLaunch.cpp).
//
//===----------------------------------------------------------------------===//

#include "driver/BoxArguments.h"
#include "driver/HostEmitter.h"
#include "driver/PassesLaunch.h"

#include "print/CudaPrinter.h"

#include "llvm/ADT/StringRef.h"

#include <map>

namespace l2c {

namespace {

/// Wraps the operands of host expressions that are not simple in parentheses.
std::string paren(const std::string &S) {
  for (char C : S)
    if (!(std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '.' ||
          C == ':' || C == '(' || C == ')' || C == '[' || C == ']'))
      return "(" + S + ")";
  return S;
}

/// The host expression for the number of iterations of Range(lb, end, step).
/// Past `end - 0` it computes in long long, where the bounds' own type could
/// overflow (`INT_MAX - lb`, `n + 6` near the limit) or wrap (an unsigned
/// `end - lb` when end < lb): OpenMP counts a canonical loop's iterations
/// without overflow.
std::string iterationCount(const Term &Range) {
  std::string Lb = Range[0].name(), End = Range[1].name();
  int64_t Step = Range[2].intValue();
  if (Lb == "0" && Step == 1)
    return End;
  std::string Span = "(long long)" + paren(End);
  if (Lb != "0")
    Span += " - (long long)" + paren(Lb);
  if (Step == 1)
    return Span;
  return "(" + Span + " + " + std::to_string(Step - 1) + ") / " +
         std::to_string(Step);
}

} // namespace

std::string launchStatement(const Term &L, const HostArgs *MemberArgs) {
  if (L.isApp("Passes"))
    return passesLaunchStatement(L, MemberArgs);
  const Term &K = L[0];
  const std::string &Name = K[0].name();
  const std::string &Where = L[1].name();
  const Term &Range = L[3];
  std::map<std::string, Term> Arrays;
  for (const Term &A : L[5].args())
    Arrays[A[0].name()] = A;
  // Grid([Dim...]) or Grid([Dim...], PerPoint): a nest; the kernel computes
  // its bounds itself. PerPoint (rule set grid-per-point) asks for a thread
  // per point instead of a capped grid whose threads loop over rows.
  bool Nest = Range.isApp("Grid", 1) || Range.isApp("Grid", 2);
  bool PerPoint = Range.isApp("Grid", 2) && Range[1].isIdent("PerPoint");
  std::string Args, Blocks, Threads;
  if (Nest) {
    std::vector<std::string> Dims;
    for (const Term &T : L[4].args())
      Dims.push_back(std::to_string(T.intValue()));
    Threads = "dim3(";
    for (size_t I = 0; I < Dims.size(); ++I)
      Threads += (I ? ", " : "") + Dims[I];
    Threads += ")";
    // The counts of x, y, z: the Dims from the last.
    Blocks = (PerPoint ? "l2c::gridPerPoint(" : "l2c::gridFor(") + Threads;
    const auto &D = Range[0].args();
    for (size_t I = D.size(); I-- > 0;)
      Blocks += ", " + iterationCount(D[I][2]);
    Blocks += ")";
  } else {
    std::string Count = iterationCount(Range);
    // Threads(Spread(n)) (rule set spread-blocks): at most n threads a
    // block, fewer when that puts the iterations on more SMs.
    // Threads(Warps(n)) (rule set warp-rows): n threads a block, a warp
    // an iteration.
    const Term &T = L[4][0];
    bool Warps = T.isApp("Warps", 1);
    Threads = T.isApp("Spread", 1) ? "l2c::spreadThreads(" + Count + ", " +
                                         std::to_string(T[0].intValue()) + ")"
              : Warps ? std::to_string(T[0].intValue())
                      : std::to_string(T.intValue());
    Blocks = "l2c::gridFor(" + (Warps ? "32LL * (" + Count + ")" : Count) +
             ", " + Threads + ")";
    Args = Range[0].name() + ", " + Count;
  }
  for (size_t I = Nest ? 0 : 2; I < K[1].arity(); ++I) {
    const std::string &P = K[1][I][0].name();
    auto It = Arrays.find(P);
    // l2c_this: the enclosing object, by value (docs/cxx.md); l2c_size_v:
    // v.size(); l2c_rowsizes_m: the device array of m's row sizes.
    std::string Arg = P == "l2c_this" ? "*this" : P;
    if (llvm::StringRef V = P; V.consume_front("l2c_size_"))
      Arg = V.str() + ".size()";
    else if (V.consume_front("l2c_rowsizes_"))
      Arg = "l2c::devRowSizes(l2c::rowsOf(" + V.str() + "), " +
            cStringLiteral(Where) + ")";
    // p_n stands for p->n, l2c_size_m_x for m.x.size().
    if (const std::string *Host = memberArg(MemberArgs, P))
      Arg = *Host;
    if (It != Arrays.end()) {
      const Term &A = It->second;
      // An array the kernel overwrites on a box (Rest in its dependencies):
      // the runtime brings nothing of the box from the host for it, unless
      // the same host array is also passed under another name.
      bool Rows = false;
      std::string Box = A.arity() > 5 ? boxArguments(A[5], &Rows) : "";
      WroteBox W = A.arity() > 5 ? wroteArguments(A[5]) : WroteBox();
      if (Box.empty()) {
        // What the kernel writes of it (rule launch-writes), when said.
        std::string Fn = !W.Said   ? "l2c::dev("
                         : W.Reads ? "l2c::devReads("
                                   : "l2c::devWrites(";
        Arg = Fn + A[2].name() + ", " + A[3].name() + W.Bounds + ", " +
              cStringLiteral(Where) + ")";
      } else {
        Arg = (Rows ? "l2c::devFreshRows(" : "l2c::devFresh(") + A[2].name() +
              ", " + A[3].name() + Box + ", " + cStringLiteral(Where);
        for (const auto &[Other, OA] : Arrays)
          if (Other != P)
            Arg += ", " + OA[2].name();
        Arg += ")";
      }
    }
    Args += (Args.empty() ? "" : ", ") + Arg;
  }
  bool Serial = isSerialKernelName(Name);
  // Arrays declared __restrict__ (rule set restrict-arrays): the runtime
  // launches that version when no two arrays are the same memory, else the
  // plain one (DevicePlacement.cpp prints both).
  std::string Launch = "L2C_LAUNCH(l2c_device::" + Name;
  if (hasRestrictedParams(K))
    Launch = "L2C_LAUNCH_DISTINCT(l2c_device::" + Name +
             ", l2c_device::" + Name + "_restrict";
  return std::string(Serial ? "// loop2cuda: the statements at "
                            : "// loop2cuda: the loop at ") +
         Where +
         (Serial ? " run on the GPU in one thread as "
                 : " runs on the GPU as ") +
         Name +
         (Nest ? " (" + std::to_string(Range[0].arity()) + "-D grid)" : "") +
         "\n" + Launch + ", " + cStringLiteral(Where) + ", " + Blocks + ", " +
         Threads + (Args.empty() ? "" : ", " + Args) + ");";
}

} // namespace l2c
