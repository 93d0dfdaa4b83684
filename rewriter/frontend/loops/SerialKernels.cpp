//===- SerialKernels.cpp - Host statements of an in-order loop on the GPU -===//
//
// A rejected marked loop that runs in order on the host while the loops of
// its body run on the GPU (InnerLoops.cpp) often has other statements in
// its body too: gramschmidt's column norm (`nrm = 0; for i: nrm += ...;
// R[k][k] = sqrt(nrm);`), cholesky's diagonal. Left on the host, they
// would read and write arrays that the kernels keep on the device, and the
// arrays would cross the bus in every iteration. Instead each run of such
// statements between the parallel loops becomes a kernel of one thread that
// runs them in order: the same operations in the same order as on the CPU
// (no reassociation), with the arrays left where they are. This is how
// PPCG maps the sequential statements of a scop (Verdoolaege et al.,
// "Polyhedral parallel code generation for CUDA", 2013).
//
// A run becomes the body of a loop of one iteration built from the same
// statements (onceLoop), analysed as any loop tried in place of a marked
// one, except that one iteration carries no dependence. Its scalars must
// be private to the run (assigned before they are read, and not read after
// it): the launch does not bring values back.
//
// One GPU thread is tens of times slower than a CPU core at sequential
// work, so the runs go to the GPU only when the parallel loops beside them
// hold more work: their loop nests must be deeper than every loop nest of
// the runs (gramschmidt: the runs hold one loop over i, the parallel j loop
// holds j and i). durbin, whose runs and parallel loops are both one loop
// deep, stays on the CPU.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/pragmas/MarkLoops.h"

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// The depth of the deepest loop nest in S (0: no loop).
unsigned loopDepth(const Stmt *S) {
  if (!S)
    return 0;
  unsigned Inner = 0;
  for (const Stmt *C : S->children())
    Inner = std::max(Inner, loopDepth(C));
  return isa<ForStmt, WhileStmt, DoStmt, CXXForRangeStmt>(S) ? Inner + 1
                                                             : Inner;
}

/// A variable that S declares at its top level and that a statement of
/// Others names: moved into a kernel, the declaration would leave the host
/// code that uses it.
bool declaresUsedElsewhere(const Stmt *S, llvm::ArrayRef<const Stmt *> Others) {
  const auto *DS = dyn_cast<DeclStmt>(S);
  if (!DS)
    return false;
  for (const Decl *D : DS->decls())
    if (const auto *V = dyn_cast<VarDecl>(D))
      for (const Stmt *O : Others)
        if (mentions(O, V))
          return true;
  return false;
}

} // namespace

const ForStmt *onceLoop(FrontendContext &FC, const FunctionDecl *FD,
                        llvm::ArrayRef<const Stmt *> Stmts) {
  ASTContext &C = FC.Ctx;
  SourceLocation L = stmtRange(FC, Stmts.front()).getBegin();
  // The body ends where the last statement ends, with its ';': the launch
  // replaces the statements from the first to the last.
  SourceLocation End = stmtRange(FC, Stmts.back()).getEnd();
  QualType Int = C.IntTy;
  auto *V = VarDecl::Create(C, const_cast<FunctionDecl *>(FD), L, L,
                            &C.Idents.get("l2c_once"), Int,
                            C.getTrivialTypeSourceInfo(Int, L), SC_None);
  // The literals have no place in the text, which LoopShape.cpp prints
  // them from.
  V->setInit(
      IntegerLiteral::Create(C, llvm::APInt(32, 0), Int, SourceLocation()));
  auto *Init = new (C) DeclStmt(DeclGroupRef(V), L, L);
  auto Ref = [&] {
    return DeclRefExpr::Create(C, NestedNameSpecifierLoc(), SourceLocation(), V,
                               false, L, Int, VK_LValue);
  };
  Expr *Load =
      ImplicitCastExpr::Create(C, Int, CK_LValueToRValue, Ref(), nullptr,
                               VK_PRValue, FPOptionsOverride());
  Expr *Cond = BinaryOperator::Create(
      C, Load,
      IntegerLiteral::Create(C, llvm::APInt(32, 1), Int, SourceLocation()),
      BO_LT, C.getLogicalOperationType(), VK_PRValue, OK_Ordinary, L,
      FPOptionsOverride());
  Expr *Inc =
      UnaryOperator::Create(C, Ref(), UO_PreInc, Int,
                            C.getLangOpts().CPlusPlus ? VK_LValue : VK_PRValue,
                            OK_Ordinary, L, false, FPOptionsOverride());
  std::vector<Stmt *> Body;
  for (const Stmt *S : Stmts)
    Body.push_back(const_cast<Stmt *>(S));
  auto *CS = CompoundStmt::Create(C, Body, FPOptionsOverride(), L, End);
  return new (C) ForStmt(C, Init, Cond, nullptr, Inc, CS, L, L, L);
}

bool trySerialRuns(FrontendContext &FC, const MarkedLoop &ML,
                   llvm::ArrayRef<const Stmt *> Stmts,
                   const std::vector<bool> &Parallel,
                   const std::vector<bool> &HostScalar,
                   std::vector<std::unique_ptr<MarkedLoop>> &Tried,
                   std::vector<std::vector<std::function<void()>>> &Diags) {
  // Runs: maximal sequences of statements that are not parallel loops,
  // holding at least one statement that is not on scalars only (those
  // alone stay on the host, as before).
  std::vector<std::pair<size_t, size_t>> Runs;
  for (size_t I = 0; I < Stmts.size();) {
    if (Parallel[I]) {
      ++I;
      continue;
    }
    size_t J = I;
    bool Touches = false;
    for (; J < Stmts.size() && !Parallel[J]; ++J)
      Touches |= !HostScalar[J];
    if (Touches)
      Runs.push_back({I, J});
    I = J;
  }
  unsigned RunDepth = 0, ParallelDepth = 0;
  for (size_t I = 0; I < Stmts.size(); ++I) {
    unsigned &D = Parallel[I] ? ParallelDepth : RunDepth;
    D = std::max(D, loopDepth(Stmts[I]));
  }
  if (Runs.empty() || ParallelDepth <= RunDepth)
    return false;
  for (auto [B, E] : Runs) {
    llvm::ArrayRef<const Stmt *> Run = Stmts.slice(B, E - B);
    std::vector<const Stmt *> Others(Stmts.begin(), Stmts.begin() + B);
    Others.insert(Others.end(), Stmts.begin() + E, Stmts.end());
    for (const Stmt *S : Run)
      if (declaresUsedElsewhere(S, Others))
        return false;
    const ForStmt *Once = onceLoop(FC, ML.Function, Run);
    auto L = standIn(ML, Once);
    L->Outer = Run.front();
    L->Region = nullptr;
    L->InOrderParent = ML.For;
    L->Serial = true;
    L->Spans = static_cast<unsigned>(Run.size());
    Diags.emplace_back();
    bool Ok = analyzeDeferred(FC, *L, Diags.back());
    Tried.push_back(std::move(L));
    if (!Ok)
      return false;
  }
  return true;
}

} // namespace detail
} // namespace l2c
