//===- AccDirectives.cpp - OpenACC directives that mark no loop -----------===//
//
// What becomes of an OpenACC directive that is neither a compute construct,
// a loop, nor a data region over a block (MarkLoops.cpp handles those).
//
//===----------------------------------------------------------------------===//

#include "frontend/Internal.h"
#include "frontend/pragmas/MarkLoops.h"

using namespace clang;

namespace l2c {
namespace detail {

/// An OpenACC directive other than a compute construct or a loop: inside a
/// marked loop it keeps the loop on the CPU (an `atomic` dropped would be a
/// race); elsewhere it gets a remark that it has no effect, since each
/// kernel's data moves on its own.
void otherAccDirective(FrontendContext &FC, MarkedLoops &Marked,
                       const LoopPragma &P) {
  const std::string &D = P.Directive;
  auto [PF, PO] = FC.SM.getDecomposedLoc(P.Loc);
  bool InLoop = false;
  if (D != "cache")
    for (auto &ML : Marked.Loops) {
      SourceRange R = ML->Outer->getSourceRange();
      auto [BF, BO] =
          FC.SM.getDecomposedLoc(FC.SM.getExpansionLoc(R.getBegin()));
      auto [EF, EO] = FC.SM.getDecomposedLoc(FC.SM.getExpansionLoc(R.getEnd()));
      if (BF == PF && EF == PF && BO <= PO && PO <= EO) {
        ML->BodyPragmas.push_back(&P);
        InLoop = true;
      }
    }
  if (InLoop)
    return;
  // Translated when the file's data directives can all be followed
  // (EnteredData.cpp); that decides their remarks.
  if (D == "enter data" || D == "exit data" || D == "update") {
    noteAccDataDirective(FC, P);
    return;
  }
  std::string Why;
  if (D == "data")
    Why = "loop2cuda translates data regions over a '{ }' block only, and "
          "moves the data of each loop it translates itself";
  else if (D == "enter data" || D == "exit data" || D == "update" ||
           D == "host_data" || D == "declare")
    Why = "loop2cuda moves the data its kernels use itself and keeps the "
          "host's copy current (docs/data-regions.md)";
  else if (D == "routine")
    Why = "loop2cuda makes device copies of the functions that kernels call";
  else if (D == "wait" || D == "init" || D == "shutdown" || D == "set")
    Why = "the generated host code waits for each kernel itself";
  else if (D == "cache")
    Why = "the kernel reads global memory through the cache";
  else if (D == "atomic")
    Why = "it is not in a loop that runs on the GPU";
  if (Why.empty()) {
    DiagnosticsEngine &Diags = FC.Ctx.getDiagnostics();
    unsigned ID =
        Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0 [mark-loop]");
    Diags.Report(P.Loc, ID)
        << ("unknown OpenACC directive '#pragma acc " + D + "'; ignored");
    return;
  }
  FC.remark(P.Loc, "'#pragma acc " + D + "' has no effect here: " + Why,
            "mark-loop");
}

} // namespace detail
} // namespace l2c
