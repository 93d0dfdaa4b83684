//===- LoopAnalyzer.h - The analysis of one marked loop ---------*- C++ -*-===//
//
// The state of the analysis of one marked loop. Its parts live in
// Analysis.cpp (the driver), LoopShape.cpp, Accesses.cpp, Reductions.cpp,
// Scalars.cpp, Arrays.cpp and Dependences.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef LOOP2CUDA_FRONTEND_LOOPANALYZER_H
#define LOOP2CUDA_FRONTEND_LOOPANALYZER_H

#include "frontend/Affine.h"
#include "frontend/DeviceCode.h"
#include "frontend/Internal.h"

#include "llvm/ADT/SetVector.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace l2c {
namespace detail {

/// How an expression uses a variable or an element.
enum Mode { Read = 1, Write = 2, ReadWrite = 3 };

/// The uses of a variable in the loop body.
struct VarInfo {
  bool Read = false;
  unsigned Writes = 0;
  clang::SourceLocation FirstWrite;
  bool OtherUse = false;      // arrays: used other than through a subscript
  bool OtherWrite = false;    // arrays: possibly written that way
  bool ReductionRead = false; // read inside a recognised update
};

/// A subscript of a free array in the loop body.
struct Access {
  const clang::VarDecl *Array;
  const clang::Expr *Subscript;
  const clang::Expr *Whole;
  unsigned M;
  bool Conditional;
};

/// A statement recognised as the update of a reduction variable.
struct ReductionUpdate {
  const clang::VarDecl *Var;
  std::string Atom;           // add, mul, ...
  const clang::Expr *Operand; // e, or null for ++/--
  Term Value;
};

/// Analyses one marked loop and builds its ParallelLoop term (run).
class LoopAnalyzer {
public:
  LoopAnalyzer(FrontendContext &FC, MarkedLoop &ML)
      : FC(FC), ML(ML), Conv(FC, true) {}

  bool run();

private:
  FrontendContext &FC;
  MarkedLoop &ML;
  Converter Conv;
  std::optional<Rejection> Err;

  const clang::VarDecl *Index = nullptr;
  std::string LbText, UbText, EndText;
  int64_t EndAdjust = 0; // end = ub + EndAdjust
  const clang::Expr *UbExpr = nullptr;
  int64_t Step = 1;
  bool LbIsZero = false;

  llvm::DenseSet<const clang::VarDecl *> Locals;
  llvm::SetVector<const clang::VarDecl *> Free;
  llvm::DenseMap<const clang::VarDecl *, VarInfo> Info;
  std::vector<Access> Accesses;
  llvm::DenseMap<const clang::Stmt *, ReductionUpdate> Updates;
  std::map<std::string, std::string> ClauseReductions; // var -> op spelling
  std::vector<const clang::VarDecl *> Privates;
  int CondDepth = 0;

  bool reject(clang::SourceLocation Loc, std::string Reason, const char *Rule) {
    if (!Err)
      Err = Rejection{std::move(Reason), Rule, Loc};
    return false;
  }

  bool shape();
  void collectLocals(const clang::Stmt *S);
  void findUpdates(const clang::Stmt *S);
  std::optional<ReductionUpdate> matchUpdate(const clang::Stmt *S);
  std::optional<ReductionUpdate> matchAssign(const clang::VarDecl *V,
                                             const clang::Expr *RHS);
  void scanStmt(const clang::Stmt *S);
  void scan(const clang::Expr *E, unsigned M);
  void use(const clang::VarDecl *V, unsigned M, clang::SourceLocation Loc);
  bool isArrayLike(const clang::VarDecl *V) const;
  std::optional<Poly> affine(const clang::Expr *E, int Depth = 0);
  bool assignedFirst(const clang::Stmt *Body, const clang::VarDecl *V);
  /// Whether S (the function body) reads V outside the marked loop, other
  /// than in loops that assign V in their header first: after the kernel,
  /// V does not hold what the loop would have left in it.
  bool usedOutsideLoop(const clang::Stmt *S, const clang::VarDecl *V);
  bool checkScalars(std::vector<Term> &Params, std::vector<Term> &Reds);
  bool checkArray(const clang::VarDecl *A, std::vector<Term> &Params,
                  std::vector<Term> &Arrays);
  bool dependences(const clang::VarDecl *A);
  bool checkOverlap();
  std::string countFromBounds(int64_t C, int64_t DMax);
};

/// The clause spelling of a reduction atom (add -> +); the atom itself
/// when it has none.
std::string reductionSpelling(llvm::StringRef Atom);

} // namespace detail
} // namespace l2c

#endif
