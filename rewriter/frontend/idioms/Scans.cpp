//===- Scans.cpp - Prefix sums (scans) ------------------------------------===//
//
// A loop whose iterations pass a running value on, combined with an
// associative operator, is a scan (a prefix sum):
//
//   s[i] = s[i-1] op e;             the recurrence, i from lb >= 1
//   acc op= e; out[i] = acc;        inclusive (the store first: exclusive)
//   reduction(inscan, op: x) with `#pragma omp scan inclusive(x)` or
//   `exclusive(x)` between the update and the store (OpenMP 5.0, 2.9.6)
//
// The update becomes ScanInput(e), the store of the running value goes, and
// the loop term is ParallelScan(..., Scan(...)) for the rule sets
// extract-scan and scan-* (docs/scans.md). A scan-like loop that is not one
// of these (an operator that does not associate, a type, other statements
// that are not independent array writes) is rejected with the reason; a
// recurrence that is no scan at all (s[i] = s[i-1] * a[i] + b[i]) goes on
// to the dependence test, which rejects it.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/LoopAnalyzer.h"

#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtOpenMP.h"

using namespace clang;

namespace l2c {
namespace detail {

/// The value `out[i] = v` stores, seen through the conversion to out's
/// element type that the assignment makes anyway, written or not
/// (`out[i] = (int)run;`, `static_cast<float>(acc)`): a cast to any other
/// type changes the value, and is kept.
static const Expr *storedValue(const BinaryOperator *BO) {
  const Expr *V = strip(BO->getRHS());
  QualType To = BO->getLHS()->getType().getCanonicalType().getUnqualifiedType();
  while (const auto *C = dyn_cast_or_null<ExplicitCastExpr>(V)) {
    if (C->getType().getCanonicalType().getUnqualifiedType() != To ||
        !To->isArithmeticType())
      break;
    V = strip(C->getSubExpr());
  }
  return V;
}

namespace {

/// E is `i + Offset` for the variable I (Offset 0 or -1).
bool atOffset(const Expr *E, const VarDecl *I, int Offset) {
  E = strip(E);
  if (Offset == 0)
    return refVar(E) == I;
  const auto *BO = dyn_cast<BinaryOperator>(E);
  if (!BO || BO->getOpcode() != BO_Sub || refVar(BO->getLHS()) != I)
    return false;
  const auto *L = dyn_cast<IntegerLiteral>(strip(BO->getRHS()));
  return L && L->getValue() == -Offset;
}

/// The base and subscript of `a[k]`, for a C array, a pointer, a
/// std::vector or a std::array; false for anything else.
bool subscript(const Stmt *S, const Expr *&Base, const Expr *&Idx) {
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return false;
  E = strip(E);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Base = AS->getBase();
    Idx = AS->getIdx();
    return true;
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    QualType T = OC->getNumArgs() ? OC->getArg(0)->getType() : QualType();
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2 &&
        (isStdVector(T) || isStdArray(T))) {
      Base = OC->getArg(0);
      Idx = OC->getArg(1);
      return true;
    }
  }
  return false;
}

/// E is `a[i + Offset]` of a variable a; sets A.
bool elementAt(const Expr *E, const VarDecl *I, int Offset, const VarDecl *&A) {
  const Expr *Base = nullptr, *Idx = nullptr;
  if (!E || !subscript(E, Base, Idx) || !atOffset(Idx, I, Offset))
    return false;
  A = refVar(strip(Base));
  return A != nullptr;
}

/// Every use of A in S is `A[i]`.
bool onlyAtIndex(const Stmt *S, const VarDecl *A, const VarDecl *I) {
  if (!S)
    return true;
  const Expr *Base = nullptr, *Idx = nullptr;
  if (subscript(S, Base, Idx)) {
    const VarDecl *B = nullptr;
    if (elementAt(cast<Expr>(S), I, 0, B) && B == A)
      return onlyAtIndex(Idx, A, I);
  }
  if (const auto *DR = dyn_cast<DeclRefExpr>(S); DR && DR->getDecl() == A)
    return false;
  for (const Stmt *C : S->children())
    if (!onlyAtIndex(C, A, I))
      return false;
  return true;
}

/// The scan operator of `x op e` as an atom; "" for an operator that is not
/// a scan's, "-" for one that does not associate.
std::string binaryAtom(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
  case BO_Sub: // x - e = x + (-e)
  case BO_SubAssign:
    return "add";
  case BO_Mul:
  case BO_MulAssign:
    return "mul";
  case BO_And:
  case BO_AndAssign:
    return "and";
  case BO_Or:
  case BO_OrAssign:
    return "or";
  case BO_Xor:
  case BO_XorAssign:
    return "xor";
  default:
    return "-";
  }
}

/// The element types a scan runs over.
bool scanType(QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  const auto *B = dyn_cast<BuiltinType>(T);
  if (!B)
    return false;
  switch (B->getKind()) {
  case BuiltinType::Int:
  case BuiltinType::UInt:
  case BuiltinType::Long:
  case BuiltinType::ULong:
  case BuiltinType::LongLong:
  case BuiltinType::ULongLong:
  case BuiltinType::Float:
  case BuiltinType::Double:
    return true;
  default:
    return false;
  }
}

} // namespace

bool LoopAnalyzer::deadAfterLoop(const VarDecl *V) {
  // V declared in the block that holds the loop, before it, and not named
  // by any statement of that block after it: nothing reads what the loop
  // leaves in V.
  auto Parents = FC.Ctx.getParents(*ML.Outer);
  const auto *C = Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  if (!C)
    return false;
  bool Declared = false, After = false;
  for (const Stmt *S : C->body()) {
    if (S == ML.Outer) {
      After = true;
      continue;
    }
    if (!After) {
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          Declared |= D == V;
    } else if (mentions(S, V)) {
      return false;
    }
  }
  return Declared && After;
}

std::optional<bool> LoopAnalyzer::matchRecurrence(const Stmt *S) {
  const auto *BO = dyn_cast_or_null<BinaryOperator>(
      isa<Expr>(S) ? strip(cast<Expr>(S)) : nullptr);
  const VarDecl *A = nullptr, *B = nullptr;
  if (!BO || !BO->isAssignmentOp() || !elementAt(BO->getLHS(), Index, 0, A) ||
      !isArrayLike(A) || Locals.count(A))
    return std::nullopt;
  const Expr *Carried = nullptr, *E = nullptr;
  std::string Atom;
  bool Negate = false;
  const Expr *R = strip(BO->getRHS());
  if (BO->getOpcode() != BO_Assign) {
    // s[i] op= s[i-1]: the element is the input.
    if (!elementAt(R, Index, -1, B) || B != A)
      return std::nullopt;
    Carried = R;
    E = BO->getLHS();
    Atom = binaryAtom(BO->getOpcode());
    if (BO->getOpcode() == BO_SubAssign)
      Atom = "-";
  } else if (const auto *Op = dyn_cast<BinaryOperator>(R)) {
    Atom = binaryAtom(Op->getOpcode());
    if (elementAt(Op->getLHS(), Index, -1, B) && B == A) {
      Carried = Op->getLHS();
      E = Op->getRHS();
      Negate = Op->getOpcode() == BO_Sub;
    } else if (elementAt(Op->getRHS(), Index, -1, B) && B == A) {
      Carried = Op->getRHS();
      E = Op->getLHS();
      if (Op->getOpcode() == BO_Sub)
        Atom = "-";
    }
  } else if (const auto *CE = dyn_cast<CallExpr>(R)) {
    const FunctionDecl *FD = CE->getDirectCallee();
    if (FD && FD->getIdentifier() && CE->getNumArgs() == 2) {
      StringRef N = FD->getName();
      Atom = (N == "max" || N == "fmax" || N == "fmaxf")   ? "max"
             : (N == "min" || N == "fmin" || N == "fminf") ? "min"
                                                           : "-";
      for (unsigned K = 0; K < 2; ++K)
        if (elementAt(CE->getArg(K), Index, -1, B) && B == A) {
          Carried = CE->getArg(K);
          E = CE->getArg(1 - K);
        }
    }
  }
  // s[i] = s[i-1] * a[i] + b[i] and the like: no scan; the dependence test
  // rejects the loop.
  if (!Carried || !onlyAtIndex(E, A, Index))
    return std::nullopt;
  std::string Name = A->getNameAsString();
  if (Atom == "-")
    return reject(ML.For->getForLoc(),
                  "'" + FC.pretty(BO) + "' carries '" + FC.pretty(Carried) +
                      "' from the previous iteration with an operator that "
                      "does not associate: only + - * min max & | ^ scans "
                      "run on the GPU",
                  "scan");
  if (Marked.Down || Marked.Step != 1)
    return reject(ML.For->getForLoc(),
                  "the scan of '" + Name +
                      "' runs over a loop that does not count up by 1, so "
                      "'" +
                      FC.pretty(Carried) +
                      "' is not the previous iteration's value",
                  "scan");
  if (Marked.LbIsZero)
    return reject(ML.For->getForLoc(),
                  "the scan of '" + Name + "' reads '" + Name +
                      "[-1]' in its first iteration; start the loop at 1",
                  "scan");
  Scan.emplace();
  Scan->Atom = Atom;
  Scan->Var = A;
  Scan->Recurrence = true;
  Scan->Type = BO->getLHS()->getType().getNonReferenceType();
  Scan->Update = S;
  Scan->Operand = E;
  Scan->Target = BO->getLHS();
  Term V = Conv.expr(E);
  Scan->Value = Negate ? Term::app("Neg", {V}) : V;
  return true;
}

bool LoopAnalyzer::findScan(const Stmt *Body) {
  // A loop tried in place of a rejected marked loop (InnerLoops.cpp) was
  // not marked: running its recurrence as a scan would reassociate it.
  if (ML.RangeFor || !Body || ML.InOrderParent || ML.Interchanged ||
      ML.Replaces)
    return true;
  std::vector<const Stmt *> Stmts;
  if (const auto *CS = dyn_cast<CompoundStmt>(Body))
    Stmts.assign(CS->body_begin(), CS->body_end());
  else
    Stmts.push_back(Body);
  const OMPScanDirective *Dir = nullptr;
  size_t DirAt = 0;
  for (size_t K = 0; K < Stmts.size(); ++K)
    if (const auto *D = dyn_cast<OMPScanDirective>(Stmts[K])) {
      Dir = D;
      DirAt = K;
    }

  // The recurrence.
  for (const Stmt *S : Stmts) {
    auto R = matchRecurrence(S);
    if (R && !*R)
      return false;
    if (R)
      break;
  }
  // acc op= e; out[i] = acc; (or reduction(inscan ...)).
  if (!Scan) {
    const VarDecl *Acc = nullptr;
    for (const Stmt *S : Stmts) {
      // acc op= e, acc = max(acc, e), if (e > acc) acc = e, ...
      auto U = isa<Expr>(S) || isa<IfStmt>(S) ? matchUpdate(S) : std::nullopt;
      if (!U)
        continue;
      std::string N = U->Var->getNameAsString();
      bool InScan = InScanClause.count(N) != 0;
      if (!InScan && ClauseReductions.count(N))
        continue;
      // The store out[i] = acc makes it a scan.
      const Stmt *Store = nullptr;
      const VarDecl *Out = nullptr;
      for (const Stmt *O : Stmts) {
        const auto *BO = dyn_cast_or_null<BinaryOperator>(
            isa<Expr>(O) ? strip(cast<Expr>(O)) : nullptr);
        if (BO && BO->getOpcode() == BO_Assign &&
            refVar(storedValue(BO)) == U->Var &&
            elementAt(BO->getLHS(), Index, 0, Out) && isArrayLike(Out) &&
            !Locals.count(Out)) {
          if (Store)
            return reject(ML.For->getForLoc(),
                          "the running value '" + N +
                              "' is stored more than once in the loop; a "
                              "scan stores it once, as out[i] = " +
                              N,
                          "scan");
          Store = O;
        }
      }
      if (!Store && !InScan)
        continue;
      if (Acc == U->Var)
        return reject(ML.For->getForLoc(),
                      "the running value '" + N +
                          "' is updated more than once in the loop; a scan "
                          "updates it once",
                      "scan");
      if (!Store)
        return reject(ML.For->getForLoc(),
                      "the scan phase of the inscan reduction of '" + N +
                          "' must store it as out[i] = " + N,
                      "scan");
      if (Acc)
        return reject(ML.For->getForLoc(),
                      "the loop holds more than one scan; one scan a loop "
                      "runs on the GPU",
                      "scan");
      Acc = U->Var;
      Scan.emplace();
      Scan->Atom = U->Atom;
      Scan->Var = Acc;
      Scan->Type = Acc->getType().getNonReferenceType();
      Scan->Update = S;
      Scan->Operand = U->Operand;
      Scan->Value = U->Value;
      Scan->Store = Store;
      Scan->Target = cast<BinaryOperator>(strip(cast<Expr>(Store)))->getLHS();
      size_t UAt = std::find(Stmts.begin(), Stmts.end(), S) - Stmts.begin();
      size_t SAt = std::find(Stmts.begin(), Stmts.end(), Store) - Stmts.begin();
      Scan->Exclusive = SAt < UAt;
      if (InScan) {
        bool Incl = Dir && !Dir->getClausesOfKind<OMPInclusiveClause>().empty();
        if (!Dir || (Incl ? !(UAt < DirAt && DirAt < SAt)
                          : !(SAt < DirAt && DirAt < UAt)))
          return reject(ML.For->getForLoc(),
                        "the inscan reduction of '" + N +
                            "' needs its update in the input phase and the "
                            "store out[i] = " +
                            N + " in the scan phase of '#pragma omp scan'",
                        "scan");
        if (reductionAtom(InScanClause[N]) != U->Atom)
          return reject(ML.For->getForLoc(),
                        "'" + N + "' is updated in a form that is not a '" +
                            InScanClause[N] + "' scan",
                        "scan");
      }
    }
  }
  if (!Scan) {
    if (!InScanClause.empty())
      return reject(ML.For->getForLoc(),
                    "the input phase of the inscan reduction of '" +
                        InScanClause.begin()->first + "' must update it as " +
                        InScanClause.begin()->first + " " +
                        InScanClause.begin()->second + "= e",
                    "scan");
    return true;
  }
  return checkScan(Stmts, Dir);
}

bool LoopAnalyzer::checkScan(const std::vector<const Stmt *> &Stmts,
                             const Stmt *Dir) {
  const VarDecl *V = Scan->Var;
  std::string Name = V->getNameAsString();
  std::string TypeStr = FC.typeStr(Scan->Type.getUnqualifiedType());
  if (Scan->Atom == "land" || Scan->Atom == "lor")
    return reject(ML.For->getForLoc(),
                  "a '" + reductionSpelling(Scan->Atom) + "' scan of '" + Name +
                      "' is not implemented (+ * min max & | ^ are)",
                  "scan");
  if (!scanType(Scan->Type))
    return reject(ML.For->getForLoc(),
                  "the scan of '" + Name + "' runs over '" + TypeStr +
                      "': scans take int, unsigned, long, long long (signed "
                      "or unsigned), float and double",
                  "scan");
  if (Marked.Down)
    return reject(ML.For->getForLoc(),
                  "the scan of '" + Name +
                      "' runs over a loop that counts down; only upward "
                      "scans run on the GPU",
                  "scan");
  if (!LastPrivates.empty())
    return reject(ML.For->getForLoc(),
                  "lastprivate beside a scan is not implemented", "scan");
  const VarDecl *Out = nullptr;
  if (Scan->Store) {
    elementAt(Scan->Target, Index, 0, Out);
    if (isMemberVar(V) || !V->hasLocalStorage())
      return reject(ML.For->getForLoc(),
                    "the scan variable '" + Name +
                        "' must be a local variable or a parameter",
                    "scan");
    QualType OT = Scan->Target->getType();
    if (OT.getCanonicalType().getUnqualifiedType() !=
        Scan->Type.getCanonicalType().getUnqualifiedType())
      return reject(ML.For->getForLoc(),
                    "the scan stores '" + Name + "' (" + TypeStr + ") into '" +
                        Out->getNameAsString() + "' of " +
                        FC.typeStr(OT.getUnqualifiedType()) +
                        "; the two types must be the same",
                    "scan");
  }
  // Beside the scan: declarations and independent writes b[i] = e.
  for (const Stmt *S : Stmts) {
    if (S == Scan->Update || S == Scan->Store || S == Dir)
      continue;
    auto Touches = [&](const Stmt *X) {
      return mentions(X, V) || (Out && mentions(X, Out));
    };
    bool Plain = false;
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      Plain = !Touches(DS);
    } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(
                   isa<Expr>(S) ? strip(cast<Expr>(S)) : nullptr)) {
      const VarDecl *B = nullptr;
      Plain = BO->getOpcode() == BO_Assign &&
              elementAt(BO->getLHS(), Index, 0, B) && isArrayLike(B) &&
              !Locals.count(B) && !Touches(BO);
    }
    if (!Plain) {
      const Expr *E = dyn_cast<Expr>(S);
      return reject(
          ML.For->getForLoc(),
          (E ? "'" + FC.pretty(E) + "'" : std::string("a statement")) +
              " stands beside the scan of '" + Name +
              "': only declarations and independent array writes "
              "b[i] = e (not using '" +
              Name + "') may",
          "scan");
    }
  }
  // The update's operand must not read the running value.
  if (!Scan->Recurrence && Scan->Operand && mentions(Scan->Operand, V))
    return reject(ML.For->getForLoc(),
                  "the update of '" + Name + "' reads it twice", "scan");
  ScanParts[Scan->Update] = {Scan->Operand,
                             Scan->Recurrence ? Scan->Target : nullptr};
  Conv.Overrides[Scan->Update] = Term::app("ScanInput", {Scan->Value});
  if (Scan->Store) {
    ScanParts[Scan->Store] = {nullptr, Scan->Target};
    Conv.Overrides[Scan->Store] = Term::list({});
  }
  if (Dir) {
    ScanParts[Dir] = {nullptr, nullptr};
    Conv.Overrides[Dir] = Term::list({});
  }
  // Under plain `omp parallel for` (no reduction(inscan)) the OpenMP
  // program races on the carried value; the scan gives the sequential
  // result. Not silent: say that the loop is not what its pragma claims.
  if (ML.Omp && !InScanClause.count(Name))
    FC.remark(Scan->Update->getBeginLoc(),
              "'" + Name +
                  "' carries a value from one iteration to the next, so "
                  "OpenMP threads would race on it; the loop runs as a scan, "
                  "which gives the sequential result",
              "scan");
  return true;
}

Term LoopAnalyzer::scanTerm() {
  const VarDecl *V = Scan->Var;
  std::string Name = V->getNameAsString();
  std::string T = FC.typeStr(Scan->Type.getUnqualifiedType());
  Term Carry, Result = Term::ident("NoResult");
  if (Scan->Recurrence) {
    // s[lb - 1], read on the device.
    Carry = Term::app(
        "Carry",
        {Term::app("Index", {Term::ident(Name),
                             Term::app("Sub", {Term::ident("l2c_begin"),
                                               Term::integer(1)})}),
         Term::list({})});
  } else {
    Carry = Term::app("Carry",
                      {Term::ident(Name),
                       Term::list({Term::app(
                           "Param", {Term::ident(Name), Term::string(T)})})});
    if (!deadAfterLoop(V))
      Result = Term::app("Result", {Term::ident(Name)});
  }
  return Term::app(
      "Scan", {Term::ident(Scan->Atom), Term::string(T),
               Term::ident(Scan->Exclusive ? "exclusive" : "inclusive"),
               Term::app("Out", {Conv.expr(Scan->Target)}), Carry, Result});
}

} // namespace detail
} // namespace l2c
