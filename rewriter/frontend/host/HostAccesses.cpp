//===- HostAccesses.cpp - Read and write sets of host statements ---------===//
//
// The sets are conservative: rules move copies past a statement only when
// it neither writes nor reads the array, so every doubt adds names.
//
//  - every variable mentioned is read;
//  - declarations, assignments, ++/--, compound assignments write the base
//    variable of their target;
//  - passing by non-const reference or pointer, taking the address, binding
//    a non-const reference or copying a pointer value writes and reads the
//    variables involved; variables joined that way form alias classes, and
//    a write or read of one member counts for all;
//  - a call of a function of the user's files (or an unknown one) reads and
//    writes every global variable of the user's files;
//  - a statement that can leave its place (return, escaping break/continue,
//    goto, throw, exit/abort) has `*` in both sets.
//
//===----------------------------------------------------------------------===//

#include "frontend/host/HostAccesses.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace l2c {
namespace detail {

struct HostAccesses::Impl {
  explicit Impl(FrontendContext &FC) : FC(FC) {}
  FrontendContext &FC;
  llvm::DenseMap<const VarDecl *, const VarDecl *> AliasParent;

  //===--- alias classes
  //---------------------------------------------------===//

  const VarDecl *find(const VarDecl *V) {
    auto It = AliasParent.find(V);
    if (It == AliasParent.end() || It->second == V)
      return V;
    const VarDecl *Root = find(It->second);
    AliasParent[V] = Root;
    return Root;
  }

  void join(const VarDecl *A, const VarDecl *B) {
    const VarDecl *RA = find(A), *RB = find(B);
    if (RA != RB) {
      AliasParent[RA] = RB;
      AliasParent.try_emplace(RB, RB);
    }
  }

  /// Variables whose storage an expression's value may point into: those
  /// of non-arithmetic type and those whose address is taken.
  void dataVars(const Stmt *S, std::vector<const VarDecl *> &Out,
                bool AddrOf = false) {
    if (!S)
      return;
    if (isa<DeclRefExpr>(S) || (isa<MemberExpr>(S) && varOf(S))) {
      if (const VarDecl *V = varOf(S))
        if (AddrOf || V->getType()->isReferenceType() ||
            !V->getType()->isArithmeticType())
          Out.push_back(V);
      return;
    }
    if (const auto *UO = dyn_cast<UnaryOperator>(S))
      if (UO->getOpcode() == UO_AddrOf) {
        dataVars(UO->getSubExpr(), Out, true);
        return;
      }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
      // &a[i] points into a, not into i.
      dataVars(AS->getBase(), Out, AddrOf);
      return;
    }
    for (const Stmt *C : S->children())
      dataVars(C, Out, AddrOf);
  }

  static bool isPointerLike(QualType T) {
    return T->isPointerType() || T->isReferenceType() ||
           T->isMemberPointerType();
  }
  /// A struct (not a container) or an array of them that may hold pointers
  /// its initialiser gives it: `S s = {b + 1, n};` makes s.p an alias of b.
  static bool holdsPointers(QualType T) {
    while (const auto *AT = T->getAsArrayTypeUnsafe())
      T = AT->getElementType();
    // `double *ptrs[2] = {a, b};`, `std::vector<double *> v{a};`: the
    // elements point into a and b.
    if (QualType E; isPointerLike(T) ||
                    ((isStdVector(T, &E) || isStdArray(T, &E)) &&
                     (isPointerLike(E) || holdsPointers(E))))
      return true;
    const auto *RD = T->getAsRecordDecl();
    if (!RD || isStdVector(T) || isStdArray(T))
      return false;
    for (const FieldDecl *F : RD->fields())
      if (isPointerLike(F->getType()) || holdsPointers(F->getType()))
        return true;
    return false;
  }

  void findAliases(const Stmt *S) {
    if (!S)
      return;
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return findAliases(CS->getCapturedStmt());
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && (isPointerLike(V->getType()) ||
                               holdsPointers(V->getType()))) {
            std::vector<const VarDecl *> Src;
            dataVars(V->getInit(), Src);
            for (const VarDecl *X : Src)
              join(V, X);
          }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign &&
          BO->getLHS()->getType()->isPointerType()) {
        std::vector<const VarDecl *> Dst, Src;
        lvalueBases(BO->getLHS(), Dst);
        dataVars(BO->getRHS(), Src);
        for (const VarDecl *D : Dst)
          for (const VarDecl *X : Src) {
            join(D, X);
            // g.p = a: code that reaches g (a callee naming the global
            // g) reaches a through g.p.
            if (const VarDecl *B = standInBase(D); B && B != D)
              join(B, X);
          }
      }
    }
    // stash_it(raw) with `static void stash_it(double *p) { stash = p; }`:
    // the global stash now points into raw.
    if (const auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *F = CE->getDirectCallee())
        if (const FunctionDecl *Def = F->getDefinition(); Def && Def->getBody())
          for (unsigned I = 0; I < CE->getNumArgs() && I < Def->getNumParams();
               ++I) {
            std::vector<const VarDecl *> Src;
            dataVars(CE->getArg(I), Src);
            if (Src.empty())
              continue;
            std::vector<const VarDecl *> Kept;
            globalsStoring(Def->getBody(), Def->getParamDecl(I), Kept);
            for (const VarDecl *G : Kept)
              for (const VarDecl *X : Src)
                join(G, X);
          }
    for (const Stmt *C : S->children())
      findAliases(C);
  }

  /// The globals to which Body assigns a value that carries parameter P
  /// (`stash = p;`, `g.p = p + 1;`).
  void globalsStoring(const Stmt *Body, const ParmVarDecl *P,
                      std::vector<const VarDecl *> &Out) {
    if (!Body)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(Body);
        BO && BO->getOpcode() == BO_Assign) {
      std::vector<const VarDecl *> Src, Dst;
      dataVars(BO->getRHS(), Src);
      if (llvm::is_contained(Src, P)) {
        lvalueBases(BO->getLHS(), Dst);
        for (const VarDecl *D : Dst) {
          const VarDecl *B = standInBase(D);
          const VarDecl *G = B ? B : D;
          if (G->hasGlobalStorage() && !G->isStaticLocal())
            Out.push_back(G);
        }
      }
    }
    for (const Stmt *C : Body->children())
      globalsStoring(C, P, Out);
  }

  /// The variables whose storage an lvalue denotes.
  void lvalueBases(const Expr *E, std::vector<const VarDecl *> &Out) {
    E = E->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(E) || (isa<MemberExpr>(E) && varOf(E))) {
      if (const VarDecl *V = varOf(E))
        Out.push_back(V);
      return;
    }
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      return lvalueBases(AS->getBase(), Out);
    if (const auto *ME = dyn_cast<MemberExpr>(E))
      return lvalueBases(ME->getBase(), Out);
    if (const auto *UO = dyn_cast<UnaryOperator>(E))
      if (UO->getOpcode() == UO_Deref)
        return dataVars(UO->getSubExpr(), Out);
    if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
      if (OC->getOperator() == OO_Subscript && OC->getNumArgs() > 0)
        return lvalueBases(OC->getArg(0), Out);
    if (const auto *CO = dyn_cast<ConditionalOperator>(E)) {
      lvalueBases(CO->getTrueExpr(), Out);
      lvalueBases(CO->getFalseExpr(), Out);
      return;
    }
    dataVars(E, Out);
  }

  //===--- read / write sets
  //-----------------------------------------------===//

  void read(const VarDecl *V, RWSet &S) { addClass(V, S.R); }
  void write(const VarDecl *V, RWSet &S) {
    addClass(V, S.W);
    addClass(V, S.R);
  }
  void addClass(const VarDecl *V, std::set<std::string> &Set) {
    if (!V->getIdentifier())
      return;
    // s.p (its stand-in s_p) may point where s's initialiser pointed.
    if (const VarDecl *B = standInBase(V); B && B != V)
      addClass(B, Set);
    Set.insert(V->getNameAsString());
    // The rows e[i].f of an array of structs e point where e's members
    // were set to point (`e[i].p = base + 2 * i`): the class of e reaches
    // them (found by a helper's hunt: their copy back moved past a host
    // loop that read base).
    auto AddRows = [&](const VarDecl *M) {
      for (const VarDecl *R : memberRowsOf(M))
        if (R->getIdentifier())
          Set.insert(R->getNameAsString());
    };
    AddRows(V);
    const VarDecl *Root = find(V);
    if (Root == V && !AliasParent.count(V))
      return;
    for (auto &[M, P] : AliasParent)
      if (find(M) == Root && M->getIdentifier()) {
        Set.insert(M->getNameAsString());
        AddRows(M);
      }
  }
  /// V itself (and its alias class) may get another value: a pointer
  /// assigned or swapped, a container resized.
  /// A reference to a number changes the number, not a pointer.
  void rebind(const VarDecl *V, RWSet &S) {
    QualType T = V->getType();
    if (T->isReferenceType() && T.getNonReferenceType()->isArithmeticType())
      return;
    addClass(V, S.Rebound);
  }
  /// The variable an lvalue names directly (`p`, not `p[i]` or `*p`).
  const VarDecl *namedVar(const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (isa<DeclRefExpr>(E) || (isa<MemberExpr>(E) && varOf(E)))
      return varOf(E);
    return nullptr;
  }
  void writeAll(const std::vector<const VarDecl *> &Vs, RWSet &S) {
    for (const VarDecl *V : Vs)
      write(V, S);
  }
  void globals(RWSet &S) {
    for (const std::string &G : FC.userGlobals()) {
      S.R.insert(G);
      S.W.insert(G);
    }
    // And what the function stored in a global (`gp = raw;`): code that
    // reaches the global reaches that memory.
    std::vector<const VarDecl *> Globals;
    for (auto &[M, P] : AliasParent)
      if (M->hasGlobalStorage() && !M->isStaticLocal())
        Globals.push_back(M);
    for (const VarDecl *G : Globals) {
      addClass(G, S.R);
      addClass(G, S.W);
    }
  }

  /// Whether a call's argument may be written through: a non-const
  /// reference or pointer parameter (or an unknown one of pointer type).
  static bool writesThrough(QualType Param, const Expr *Arg) {
    if (Param.isNull())
      return Arg->getType()->isPointerType() || Arg->isLValue();
    if (Param->isReferenceType())
      return !Param.getNonReferenceType().isConstQualified();
    if (Param->isPointerType())
      return !Param->getPointeeType().isConstQualified();
    return false;
  }

  void callArgs(const FunctionDecl *Callee, ArrayRef<const Expr *> Args,
                unsigned ParamOffset, RWSet &S) {
    for (unsigned I = ParamOffset; I < Args.size(); ++I) {
      unsigned P = I - ParamOffset;
      QualType PT;
      if (Callee && P < Callee->getNumParams())
        PT = Callee->getParamDecl(P)->getType();
      if (!writesThrough(PT, Args[I]))
        continue;
      std::vector<const VarDecl *> Vs;
      if (PT.isNull() || PT->isReferenceType())
        if (const VarDecl *V = namedVar(Args[I]))
          rebind(V, S);
      if (!PT.isNull() && PT->isReferenceType())
        lvalueBases(Args[I], Vs);
      else
        dataVars(Args[I], Vs);
      writeAll(Vs, S);
    }
  }

  void callee(const FunctionDecl *Callee, RWSet &S) {
    if (!Callee) {
      globals(S);
      return;
    }
    if (Callee->isNoReturn() ||
        (Callee->getIdentifier() && isNoReturnName(Callee->getName())))
      S.Star = true;
    const FunctionDecl *Def = nullptr;
    if (Callee->hasBody(Def) ? !FC.inSystemHeader(Def->getLocation())
                             : !FC.inSystemHeader(Callee->getLocation())) {
      std::set<const VarDecl *> Used;
      if (Def && Def->getBody() && calleeGlobals(Def, Used, 0)) {
        // Only the globals the body (and its callees) name, with what
        // they may point into (`g.p = a;` before the call: a too).
        for (const VarDecl *G : Used) {
          addClass(G, S.R);
          addClass(G, S.W);
        }
      } else {
        globals(S);
      }
    }
  }

  /// The globals that F's body names, through the functions it calls; false
  /// when that cannot be told (a call without a body outside the system
  /// headers, a global pointer or reference that may alias another global,
  /// recursion deeper than a few calls).
  bool calleeGlobals(const FunctionDecl *F, std::set<const VarDecl *> &Out,
                     int Depth) {
    if (Depth > 4 || !F->getBody())
      return false;
    bool Ok = true;
    std::function<void(const Stmt *)> Walk = [&](const Stmt *St) {
      if (!St || !Ok)
        return;
      // An OpenMP directive's body (a marked loop, a kernel) is the
      // captured statement, which children() does not list: a global
      // named only there is not captured, so it would go unseen.
      if (const auto *CS = dyn_cast<CapturedStmt>(St))
        Walk(CS->getCapturedStmt());
      if (const auto *DRE = dyn_cast<DeclRefExpr>(St))
        if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
          if (V->hasGlobalStorage() && !V->isStaticLocal()) {
            QualType T = V->getType();
            if (T->isPointerType() || T->isReferenceType())
              Ok = false;
            Out.insert(V);
          }
      if (const auto *CE = dyn_cast<CallExpr>(St)) {
        const FunctionDecl *C = CE->getDirectCallee();
        const FunctionDecl *CD = nullptr;
        if (!C)
          Ok = false;
        else if (C->hasBody(CD) ? !FC.inSystemHeader(CD->getLocation())
                                : !FC.inSystemHeader(C->getLocation()))
          Ok = Ok && CD && calleeGlobals(CD, Out, Depth + 1);
      }
      for (const Stmt *Ch : St->children())
        Walk(Ch);
    };
    Walk(F->getBody());
    return Ok;
  }

  static bool isNoReturnName(StringRef N) {
    return N == "exit" || N == "abort" || N == "_Exit" || N == "quick_exit" ||
           N == "longjmp" || N == "terminate";
  }

  void rw(const Stmt *S, RWSet &Out, int BreakDepth = 0,
          int ContinueDepth = 0) {
    if (!S)
      return;
    // The body of an OpenMP directive (a loop left on the CPU) is the
    // captured statement, which children() does not list.
    if (const auto *CS = dyn_cast<CapturedStmt>(S))
      return rw(CS->getCapturedStmt(), Out, BreakDepth, ContinueDepth);
    if (isa<DeclRefExpr>(S) || (isa<MemberExpr>(S) && varOf(S))) {
      if (const VarDecl *V = varOf(S))
        read(V, Out);
      return;
    }
    // `this` other than in a member read (a method called on it, `*this`
    // passed on): any member may change.
    if (isa<CXXThisExpr>(S))
      Out.Star = true;
    if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
        isa<CXXThrowExpr>(S) || isa<CoreturnStmt>(S) ||
        (isa<BreakStmt>(S) && BreakDepth == 0) ||
        (isa<ContinueStmt>(S) && ContinueDepth == 0))
      Out.Star = true;
    if (isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
        isa<CXXForRangeStmt>(S)) {
      ++BreakDepth;
      ++ContinueDepth;
    } else if (isa<SwitchStmt>(S)) {
      ++BreakDepth;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D)) {
          write(V, Out);
          // A new variable: the others of its alias class keep their value.
          if (V->getIdentifier())
            Out.Rebound.insert(V->getNameAsString());
          Out.R.erase(V->getNameAsString());
          if (V->getInit() && isPointerLike(V->getType())) {
            std::vector<const VarDecl *> Src;
            dataVars(V->getInit(), Src);
            writeAll(Src, Out);
          }
        }
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->isAssignmentOp()) {
        if (const VarDecl *V = namedVar(BO->getLHS()))
          rebind(V, Out);
        std::vector<const VarDecl *> Vs;
        lvalueBases(BO->getLHS(), Vs);
        if (BO->getLHS()->getType()->isPointerType())
          dataVars(BO->getRHS(), Vs);
        writeAll(Vs, Out);
      }
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
      if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) {
        if (const VarDecl *V = namedVar(UO->getSubExpr()))
          rebind(V, Out);
        std::vector<const VarDecl *> Vs;
        lvalueBases(UO->getSubExpr(), Vs);
        writeAll(Vs, Out);
      }
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
      const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee());
      std::vector<const Expr *> Args(OC->arg_begin(), OC->arg_end());
      OverloadedOperatorKind K = OC->getOperator();
      bool Modifies =
          K == OO_Equal || K == OO_PlusEqual || K == OO_MinusEqual ||
          K == OO_StarEqual || K == OO_SlashEqual || K == OO_PercentEqual ||
          K == OO_AmpEqual || K == OO_PipeEqual || K == OO_CaretEqual ||
          K == OO_LessLessEqual || K == OO_GreaterGreaterEqual ||
          K == OO_PlusPlus || K == OO_MinusMinus ||
          // a[i] is written only where its context modifies it
          // (assignment, ++, &, non-const reference), and those
          // contexts add the write themselves.
          (MD && !MD->isConst() && K != OO_Subscript);
      if (Modifies && !Args.empty()) {
        if (const VarDecl *V = namedVar(Args[0]))
          rebind(V, Out);
        std::vector<const VarDecl *> Vs;
        lvalueBases(Args[0], Vs);
        writeAll(Vs, Out);
      }
      callArgs(OC->getDirectCallee(), Args, MD ? 1 : 0, Out);
      callee(OC->getDirectCallee(), Out);
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
      const CXXMethodDecl *MD = MC->getMethodDecl();
      if (const Expr *Obj = MC->getImplicitObjectArgument())
        if (!MD || !MD->isConst()) {
          // A container's elements stay where they are under these; any
          // other non-const method may move them (resize, push_back, =).
          static const std::set<std::string> Keep = {
              "data", "at", "begin", "end", "front", "back", "size"};
          if (const VarDecl *V = namedVar(Obj))
            if (!MD || !MD->getIdentifier() ||
                !Keep.count(MD->getNameAsString()))
              rebind(V, Out);
          std::vector<const VarDecl *> Vs;
          if (Obj->getType()->isPointerType())
            dataVars(Obj, Vs);
          else
            lvalueBases(Obj, Vs);
          writeAll(Vs, Out);
        }
      std::vector<const Expr *> Args(MC->arg_begin(), MC->arg_end());
      callArgs(MD, Args, 0, Out);
      callee(MD, Out);
    } else if (const auto *CE = dyn_cast<CallExpr>(S)) {
      std::vector<const Expr *> Args(CE->arg_begin(), CE->arg_end());
      callArgs(CE->getDirectCallee(), Args, 0, Out);
      callee(CE->getDirectCallee(), Out);
    } else if (const auto *CC = dyn_cast<CXXConstructExpr>(S)) {
      std::vector<const Expr *> Args(CC->arg_begin(), CC->arg_end());
      callArgs(CC->getConstructor(), Args, 0, Out);
      callee(CC->getConstructor(), Out);
    } else if (const auto *LE = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : LE->captures())
        if (C.capturesVariable() && C.getCaptureKind() == LCK_ByRef)
          if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar())) {
            write(V, Out);
            rebind(V, Out);
          }
      // A lambda body runs later: its jumps do not leave this statement.
      RWSet Body;
      rw(LE->getBody(), Body, 1, 1);
      Out.R.insert(Body.R.begin(), Body.R.end());
      Out.W.insert(Body.W.begin(), Body.W.end());
      Out.Rebound.insert(Body.Rebound.begin(), Body.Rebound.end());
      return;
    } else if (isa<CXXDefaultArgExpr>(S)) {
      rw(cast<CXXDefaultArgExpr>(S)->getExpr(), Out, BreakDepth, ContinueDepth);
    }
    for (const Stmt *C : S->children())
      rw(C, Out, BreakDepth, ContinueDepth);
  }

  static Term setTerm(const RWSet &S, const std::set<std::string> &Names) {
    std::vector<Term> Ts;
    if (S.Star) {
      Ts.push_back(Term::ident("*"));
    } else {
      for (const std::string &N : Names)
        Ts.push_back(Term::ident(N));
      // The write set also says which variables get another value.
      if (&Names == &S.W)
        for (const std::string &N : S.Rebound)
          Ts.push_back(Term::app("Rebind", {Term::ident(N)}));
    }
    return Term::list(std::move(Ts));
  }
};

HostAccesses::HostAccesses(FrontendContext &FC)
    : P(std::make_unique<Impl>(FC)) {}
HostAccesses::~HostAccesses() = default;
void HostAccesses::findAliases(const Stmt *Body) { P->findAliases(Body); }
void HostAccesses::rw(const Stmt *S, RWSet &Out) { P->rw(S, Out); }
Term HostAccesses::setTerm(const RWSet &S, const std::set<std::string> &Names) {
  return Impl::setTerm(S, Names);
}

} // namespace detail
} // namespace l2c
