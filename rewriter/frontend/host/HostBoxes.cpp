//===- HostBoxes.cpp - The elements a host statement touches --------------===//
//
// A host statement between kernels that touches a few elements of an array
// (cholesky's `A[i][i] = sqrt(A[i][i])`, a row prefix it sums) made the
// whole array go to the host and back. When every use of the array in the
// statement is an element `a[e]` or `A[e][f]` whose subscripts are affine
// in the statement's own counted loops, the elements lie in a box known at
// run time: per dimension, the least and the greatest subscript over the
// loops' ranges, in terms of variables the statement leaves alone. The
// statement then gets Elements(a, all, written) first in its read set (its
// read and write sets still name a): rule set host-boxes brackets it with
// copies of those boxes, which act only while the array is held, and lets
// a hold pass over it (docs/data-regions.md, "Host statements that touch
// a few elements").
//
// Anything else keeps the statement a plain access of the whole array: a
// use of the array that is not a full element (`&a[i]`, `a + 1`, a call
// with `a`), a subscript with a variable the statement writes that is not
// one of its loop counters, a loop that is not counted (`v = lo; v < hi;
// v++`, or downward), a call of anything but a library math or output
// function (it could reach the array some other way), a 3-D array, a
// variable-length row.
//
//===----------------------------------------------------------------------===//

#include "frontend/AstUtil.h"
#include "frontend/Internal.h"
#include "term/MathNames.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>
#include <map>
#include <optional>
#include <set>

using namespace clang;

namespace l2c {
namespace detail {

namespace {

/// An affine form: the invariant text Inv (empty for none), plus K, plus
/// Var (a loop counter of the statement, coefficient 1) when set.
struct Lin {
  const VarDecl *Var = nullptr;
  std::string Inv;
  long long K = 0;
};

/// "a + b" of two texts either of which may be empty.
std::string plus(const std::string &A, const std::string &B) {
  if (A.empty())
    return B;
  if (B.empty())
    return A;
  return A + " + " + B;
}

/// A bound: the invariant text Inv (empty for none) plus K.
struct Bound {
  std::string Inv;
  long long K = 0;
  std::string text() const {
    if (Inv.empty())
      return std::to_string(K);
    if (K == 0)
      return Inv;
    return Inv + (K > 0 ? " + " : " - ") + std::to_string(K > 0 ? K : -K);
  }
};

/// One dimension's least and greatest subscript.
struct Span {
  Bound Lo, Hi;
};

/// The least (Max false) or greatest of Bs: bounds with one invariant part
/// compare by their constants; different ones go to `std::min` or
/// `std::max` at run time.
Bound fold(const std::vector<Bound> &Bs, bool Max) {
  std::vector<Bound> U;
  for (const Bound &B : Bs) {
    auto Same =
        llvm::find_if(U, [&](const Bound &X) { return X.Inv == B.Inv; });
    if (Same == U.end())
      U.push_back(B);
    else if (Max ? B.K > Same->K : B.K < Same->K)
      Same->K = B.K;
  }
  if (U.size() == 1)
    return U[0];
  std::string Out =
      std::string("std::") + (Max ? "max" : "min") + "<long long>({";
  for (size_t I = 0; I < U.size(); ++I)
    Out += (I ? ", " : "") + U[I].text();
  return Bound{Out + "})", 0};
}

class BoxFinder {
public:
  BoxFinder(FrontendContext &FC, const FunctionDecl *FD, const Stmt *S)
      : FC(FC), FD(FD), S(S) {}

  /// Elements(a, all, written) for each array of Arrays that S touches
  /// only through elements in a box.
  std::vector<Term> markers(const std::set<std::string> &Arrays) {
    if (!declarationsAndCalls(S) || !counters(S) || leaves(S, false))
      return {};
    visit(S);
    // A name that also means a variable S names otherwise, or one that S
    // declares itself, gets no box: the glue around S names the outer one.
    std::map<std::string, int> Named;
    std::set<std::string> Unsafe;
    for (auto &[V, A] : Access) {
      ++Named[V->getNameAsString()];
      if (A.Failed || Declared.count(V))
        Unsafe.insert(V->getNameAsString());
    }
    std::vector<Term> Out;
    for (auto &[V, A] : Access) {
      std::string N = V->getNameAsString();
      if (Unsafe.count(N) || Named[N] > 1 || !Arrays.count(N) || A.All.empty())
        continue;
      Out.push_back(Term::app(
          "Elements",
          {Term::ident(V->getNameAsString()), box(A.All),
           A.Written.empty() ? Term::ident("NoWrite") : box(A.Written)}));
    }
    return Out;
  }

private:
  FrontendContext &FC;
  const FunctionDecl *FD;
  const Stmt *S;
  /// The locals and parameters of FD that only plain reads and assignments
  /// name (no `&v`, no reference to them): nothing else can change them.
  std::optional<std::set<const VarDecl *>> Plain;
  /// Variables S declares.
  std::set<const VarDecl *> Declared;
  /// S's counted loops: their counters' least and greatest values.
  std::map<const VarDecl *, Span> Counters;
  std::map<const VarDecl *, std::vector<const ForStmt *>> LoopsOf;
  struct Uses {
    bool Failed = false;
    unsigned Dims = 0;
    /// Per access, per dimension: the subscript's span.
    std::vector<std::vector<Span>> All, Written;
  };
  std::map<const VarDecl *, Uses> Access;

  /// Box("lo0", "hi0"[, "lo1", "hi1"]): the hull of Spans per dimension.
  static Term box(const std::vector<std::vector<Span>> &Spans) {
    std::vector<Term> Args;
    for (size_t D = 0; D < Spans.front().size(); ++D) {
      std::vector<Bound> Lo, Hi;
      for (const auto &A : Spans) {
        Lo.push_back(A[D].Lo);
        Hi.push_back(A[D].Hi);
      }
      Args.push_back(Term::string(fold(Lo, false).text()));
      Args.push_back(Term::string(fold(Hi, true).text()));
    }
    return Term::app("Box", std::move(Args));
  }

  /// The number of subscripts of an element of V (1 or 2), or 0 when V is
  /// not an array whose boxes the runtime copies.
  static unsigned dims(const VarDecl *V) {
    QualType T = V->getType().getNonReferenceType();
    QualType Elem;
    if (const auto *P = T->getAs<PointerType>())
      Elem = P->getPointeeType();
    else if (const auto *A = dyn_cast<ConstantArrayType>(T.getTypePtr()))
      Elem = A->getElementType();
    else
      return 0;
    if (Elem->isScalarType())
      return 1;
    if (const auto *Row =
            dyn_cast<ConstantArrayType>(Elem.getCanonicalType().getTypePtr()))
      return Row->getElementType()->isScalarType() ? 2 : 0;
    return 0;
  }

  /// Whether X may jump out of S (return, goto, throw, or a break or
  /// continue of a loop around S): the copies after S would be skipped.
  /// InLoop: X is inside a loop or switch of S.
  static bool leaves(const Stmt *X, bool InLoop) {
    if (!X)
      return false;
    if (isa<ReturnStmt, GotoStmt, IndirectGotoStmt, CXXThrowExpr>(X))
      return true;
    if (isa<BreakStmt, ContinueStmt>(X))
      return !InLoop;
    bool Inner =
        InLoop ||
        isa<ForStmt, WhileStmt, DoStmt, SwitchStmt, CXXForRangeStmt>(X);
    for (const Stmt *C : X->children())
      if (leaves(C, Inner))
        return true;
    return false;
  }

  /// Records the variables X declares; false for a call of anything but a
  /// library math or output function (it could reach an array or a
  /// variable some other way) and for C++ that could.
  bool declarationsAndCalls(const Stmt *X) {
    if (!X)
      return true;
    if (const auto *DS = dyn_cast<DeclStmt>(X))
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          Declared.insert(V);
    if (const auto *CE = dyn_cast<CallExpr>(X)) {
      const FunctionDecl *F = CE->getDirectCallee();
      if (!F || !F->getIdentifier() || !FC.inSystemHeader(F->getLocation()) ||
          !(isMathFunction(F->getName()) || isOutputFunction(F->getName())))
        return false;
    }
    if (isa<CXXMemberCallExpr, CXXOperatorCallExpr, CXXNewExpr, CXXDeleteExpr,
            LambdaExpr, GCCAsmStmt, GotoStmt>(X))
      return false;
    for (const Stmt *C : X->children())
      if (!declarationsAndCalls(C))
        return false;
    return true;
  }

  /// Progress output: the library reaches the program's memory only
  /// through its arguments, where an array may appear only as an element.
  static bool isOutputFunction(StringRef N) {
    return N == "printf" || N == "fprintf" || N == "puts" || N == "putchar" ||
           N == "fputs" || N == "fflush";
  }

  /// A math function of the C library, with its long double form too.
  static bool isMathFunction(StringRef N) {
    return N == "abs" || isMathName(N) ||
           (N.consume_back("l") && isMathName(N));
  }

  /// Whether V is a local or parameter of FD whose every use is a read or
  /// the target of an assignment, `++` or `--`: no pointer or reference
  /// reaches it, so only statements that name it change it.
  bool plain(const VarDecl *V) {
    if (!Plain) {
      Plain.emplace();
      std::set<const VarDecl *> Escaped;
      std::function<void(const Stmt *, const Stmt *)> Walk =
          [&](const Stmt *X, const Stmt *Parent) {
            if (!X)
              return;
            if (const auto *DR = dyn_cast<DeclRefExpr>(X))
              if (const auto *D = dyn_cast<VarDecl>(DR->getDecl())) {
                bool Ok = false;
                if (const auto *IC = dyn_cast_or_null<ImplicitCastExpr>(Parent))
                  Ok = IC->getCastKind() == CK_LValueToRValue;
                if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Parent))
                  Ok = BO->isAssignmentOp() && BO->getLHS() == DR;
                if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent))
                  Ok = UO->isIncrementDecrementOp();
                if (!Ok)
                  Escaped.insert(D);
              }
            // An OpenMP directive's clauses and a captured statement's
            // captures name variables without letting anything else
            // change them: only the body counts.
            if (const auto *D = dyn_cast<OMPExecutableDirective>(X)) {
              if (D->hasAssociatedStmt())
                Walk(D->getAssociatedStmt(), X);
              return;
            }
            if (const auto *CS = dyn_cast<CapturedStmt>(X))
              return Walk(CS->getCapturedStmt(), X);
            for (const Stmt *C : X->children())
              Walk(C, isa<ParenExpr>(X) ? Parent : X);
          };
      Walk(FD->getBody(), nullptr);
      auto Add = [&](const VarDecl *D) {
        if (!Escaped.count(D) && !D->getType()->isReferenceType())
          Plain->insert(D);
      };
      for (const ParmVarDecl *P : FD->parameters())
        Add(P);
      std::function<void(const Stmt *)> Locals = [&](const Stmt *X) {
        if (!X)
          return;
        if (const auto *D = dyn_cast<OMPExecutableDirective>(X))
          return Locals(D->hasAssociatedStmt() ? D->getAssociatedStmt()
                                               : nullptr);
        if (const auto *CS = dyn_cast<CapturedStmt>(X))
          return Locals(CS->getCapturedStmt());
        if (const auto *DS = dyn_cast<DeclStmt>(X))
          for (const Decl *D : DS->decls())
            if (const auto *L = dyn_cast<VarDecl>(D);
                L && L->isLocalVarDecl() && !L->isStaticLocal())
              Add(L);
        for (const Stmt *C : X->children())
          Locals(C);
      };
      Locals(FD->getBody());
    }
    return Plain->count(V) > 0;
  }

  /// The affine form of E, or nothing.
  std::optional<Lin> lin(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *IL = dyn_cast<IntegerLiteral>(E)) {
      Lin L;
      L.K = static_cast<long long>(IL->getValue().getLimitedValue(1LL << 40));
      return L;
    }
    if (const auto *DR = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        if (Counters.count(V)) {
          // Only inside the body of one of its loops does the counter lie
          // in its span (after the loop it is one past it).
          if (!inBodyOfLoopOf(DR, V))
            return std::nullopt;
          Lin L;
          L.Var = V;
          return L;
        }
    if (const auto *BO = dyn_cast<BinaryOperator>(E);
        BO && (BO->getOpcode() == BO_Add || BO->getOpcode() == BO_Sub)) {
      auto A = lin(BO->getLHS()), B = lin(BO->getRHS());
      if (!A || !B)
        return std::nullopt;
      if (BO->getOpcode() == BO_Sub) {
        if (B->Var)
          return std::nullopt;
        A->K -= B->K;
        if (!B->Inv.empty())
          A->Inv = (A->Inv.empty() ? "0" : A->Inv) + " - (" + B->Inv + ")";
        return A;
      }
      if (A->Var && B->Var)
        return std::nullopt;
      A->Var = A->Var ? A->Var : B->Var;
      A->K += B->K;
      A->Inv = plus(A->Inv, B->Inv);
      return A;
    }
    if (!invariant(E))
      return std::nullopt;
    std::string T = FC.text(E->getSourceRange());
    if (T.empty())
      return std::nullopt;
    Lin L;
    L.Inv = simple(T) ? T : "(" + T + ")";
    return L;
  }

  /// A name, a number or one parenthesized group: no parentheses needed
  /// around it.
  static bool simple(const std::string &T) {
    if (T.size() > 1 && T.front() == '(' && T.back() == ')') {
      int Depth = 0;
      for (size_t I = 0; I < T.size(); ++I) {
        Depth += T[I] == '(' ? 1 : T[I] == ')' ? -1 : 0;
        if (Depth == 0 && I + 1 < T.size())
          return false; // `(a) + (b)`
      }
      return true;
    }
    return !T.empty() &&
           llvm::all_of(T, [](char C) { return llvm::isAlnum(C) || C == '_'; });
  }

  bool inBodyOfLoopOf(const DeclRefExpr *DR, const VarDecl *V) {
    SourceLocation L = FC.SM.getExpansionLoc(DR->getBeginLoc());
    for (const ForStmt *F : LoopsOf[V]) {
      SourceRange B = F->getBody()->getSourceRange();
      if (FC.SM.isPointWithin(L, FC.SM.getExpansionLoc(B.getBegin()),
                              FC.SM.getExpansionLoc(B.getEnd())))
        return true;
    }
    return false;
  }

  /// E reads only integer variables S leaves alone, constants and
  /// arithmetic.
  bool invariant(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (isa<IntegerLiteral, UnaryExprOrTypeTraitExpr>(E))
      return true;
    if (const auto *DR = dyn_cast<DeclRefExpr>(E)) {
      if (isa<EnumConstantDecl>(DR->getDecl()))
        return true;
      const auto *V = dyn_cast<VarDecl>(DR->getDecl());
      return V && !Declared.count(V) && !writesVar(S, V) &&
             V->getType()->isIntegerType() &&
             (V->getType().isConstQualified() || plain(V));
    }
    if (const auto *BO = dyn_cast<BinaryOperator>(E))
      return (BO->isAdditiveOp() || BO->isMultiplicativeOp()) &&
             invariant(BO->getLHS()) && invariant(BO->getRHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      return UO->getOpcode() == UO_Minus && invariant(UO->getSubExpr());
    if (const auto *CE = dyn_cast<CastExpr>(E))
      return invariant(CE->getSubExpr());
    return false;
  }

  /// The least (Max false) or greatest value of L over the counters'
  /// ranges.
  Bound extreme(const Lin &L, bool Max) {
    Bound B{L.Inv, L.K};
    if (L.Var) {
      const Bound &C = Max ? Counters.at(L.Var).Hi : Counters.at(L.Var).Lo;
      B.K += C.K;
      if (!C.Inv.empty())
        B.Inv = plus(simple(C.Inv) ? C.Inv : "(" + C.Inv + ")", B.Inv);
    }
    return B;
  }

  /// Records the counted loops of X, outer ones first; false for a loop
  /// of S that is not counted or whose counter its body writes.
  bool counters(const Stmt *X) {
    if (!X)
      return true;
    if (const auto *F = dyn_cast<ForStmt>(X)) {
      const VarDecl *V = nullptr;
      const Expr *Init = nullptr;
      if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
        if (DS->isSingleDecl())
          if ((V = dyn_cast<VarDecl>(DS->getSingleDecl())))
            Init = V->getInit();
      } else if (const auto *BO =
                     dyn_cast_or_null<BinaryOperator>(F->getInit())) {
        if (BO->getOpcode() == BO_Assign) {
          V = refVar(BO->getLHS()->IgnoreParenImpCasts());
          Init = BO->getRHS();
        }
      }
      const auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond());
      int Step = F->getInc() ? stepOf(F->getInc(), V) : 0;
      if (!V || !Init || !Cond || !Step || !V->getType()->isIntegerType() ||
          !plain(V) || refVar(Cond->getLHS()->IgnoreParenImpCasts()) != V ||
          writesVar(F->getBody(), V))
        return false;
      BinaryOperatorKind Op = Cond->getOpcode();
      auto Start = lin(Init), Bound = lin(Cond->getRHS());
      if (!Start || !Bound)
        return false;
      Span R;
      if (Step > 0 && (Op == BO_LT || Op == BO_LE)) {
        R.Lo = extreme(*Start, false);
        Lin B = *Bound;
        B.K -= Op == BO_LT ? 1 : 0;
        R.Hi = extreme(B, true);
      } else if (Step < 0 && (Op == BO_GT || Op == BO_GE)) {
        R.Hi = extreme(*Start, true);
        Lin B = *Bound;
        B.K += Op == BO_GT ? 1 : 0;
        R.Lo = extreme(B, false);
      } else {
        return false;
      }
      // A counter of several loops: the hull of their spans.
      if (auto It = Counters.find(V); It != Counters.end()) {
        R.Lo = fold({It->second.Lo, R.Lo}, false);
        R.Hi = fold({It->second.Hi, R.Hi}, true);
      }
      Counters[V] = R;
      LoopsOf[V].push_back(F);
      return counters(F->getBody());
    }
    for (const Stmt *C : X->children())
      if (!counters(C))
        return false;
    return true;
  }

  /// +1 or -1 for `v++`, `++v`, `v += 1`, `v--`, ...; 0 otherwise.
  static int stepOf(const Expr *Inc, const VarDecl *V) {
    Inc = Inc->IgnoreParenImpCasts();
    if (const auto *UO = dyn_cast<UnaryOperator>(Inc))
      if (refVar(UO->getSubExpr()->IgnoreParenImpCasts()) == V)
        return UO->isIncrementOp() ? 1 : UO->isDecrementOp() ? -1 : 0;
    if (const auto *CA = dyn_cast<CompoundAssignOperator>(Inc))
      if (refVar(CA->getLHS()->IgnoreParenImpCasts()) == V)
        if (const auto *IL =
                dyn_cast<IntegerLiteral>(CA->getRHS()->IgnoreParenImpCasts());
            IL && IL->getValue() == 1)
          return CA->getOpcode() == BO_AddAssign   ? 1
                 : CA->getOpcode() == BO_SubAssign ? -1
                                                   : 0;
    return 0;
  }

  /// The array and the subscripts, outer first, of the element E; null
  /// when E is not an element of a variable.
  static const VarDecl *element(const Expr *E,
                                std::vector<const Expr *> &Subs) {
    E = E->IgnoreParens();
    while (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      Subs.insert(Subs.begin(), AS->getIdx());
      E = AS->getBase()->IgnoreParenImpCasts();
    }
    return Subs.empty() ? nullptr : refVar(E);
  }

  /// Records the element E (read, written, or both).
  void record(const Expr *E, bool Write) {
    std::vector<const Expr *> Subs;
    const VarDecl *V = element(E, Subs);
    if (!V)
      return visit(E);
    Uses &U = Access[V];
    unsigned D = dims(V);
    std::vector<Span> Spans;
    for (const Expr *Sub : Subs) {
      auto L = lin(Sub);
      if (!L) {
        U.Failed = true;
        break;
      }
      Spans.push_back({extreme(*L, false), extreme(*L, true)});
    }
    if (D == 0 || Subs.size() != D)
      U.Failed = true;
    if (!U.Failed) {
      U.All.push_back(Spans);
      if (Write)
        U.Written.push_back(Spans);
    }
    for (const Expr *Sub : Subs)
      visit(Sub);
  }

  /// Records the elements under X; an array named in any other way fails.
  void visit(const Stmt *X) {
    if (!X)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(X)) {
      if (BO->isAssignmentOp()) {
        record(BO->getLHS(), true);
        return visit(BO->getRHS());
      }
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(X))
      if (UO->isIncrementDecrementOp())
        return record(UO->getSubExpr(), true);
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(X))
      if (IC->getCastKind() == CK_LValueToRValue &&
          isa<ArraySubscriptExpr>(IC->getSubExpr()->IgnoreParens()))
        return record(IC->getSubExpr(), false);
    if (const auto *DR = dyn_cast<DeclRefExpr>(X)) {
      if (const auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        if (V->getType()->isPointerType() || V->getType()->isArrayType())
          Access[V].Failed = true; // not as an element
      return;
    }
    for (const Stmt *C : X->children())
      visit(C);
  }
};

} // namespace

std::vector<Term> hostBoxMarkers(FrontendContext &FC, const FunctionDecl *FD,
                                 const Stmt *S,
                                 const std::set<std::string> &Arrays) {
  return BoxFinder(FC, FD, S).markers(Arrays);
}

} // namespace detail
} // namespace l2c
