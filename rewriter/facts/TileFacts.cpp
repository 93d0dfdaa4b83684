//===- TileFacts.cpp - Facts for moving a kernel's accesses into a tile ---===//
//
// What a rule needs to know before it runs several launches of one kernel
// inside one block, on a copy of the array in shared memory (rule set
// bitonic-shared, docs/rules/bitonic-shared.md): which subscripts of the
// array the body uses, that each of them stays next to the iteration's own
// element (i or i ^ j), that the body writes no counter, and a substitution
// that moves the accesses. docs/rule-language.md lists them.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

#include <algorithm>

namespace l2c {

bool isWriteHead(const std::string &H) {
  static const char *Heads[] = {
      "Assign",    "AddAssign", "SubAssign", "MulAssign",
      "DivAssign", "RemAssign", "ShlAssign", "ShrAssign",
      "AndAssign", "OrAssign",  "XorAssign", "PreInc",
      "PreDec",    "PostInc",   "PostDec",   "AddrOf"};
  for (const char *W : Heads)
    if (H == W)
      return true;
  return false;
}

namespace {

/// Adds the subscripts of Index(A, e) in T to Out (once each); false when A
/// occurs in T other than as the array of an Index.
bool collectIndexes(const Term &T, const Term &A, std::vector<Term> &Out) {
  if (T == A)
    return false;
  if (T.isApp("Index", 2) && T[0] == A) {
    if (std::find(Out.begin(), Out.end(), T[1]) == Out.end())
      Out.push_back(T[1]);
    return collectIndexes(T[1], A, Out);
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return true;
  for (const Term &E : T.args())
    if (!collectIndexes(E, A, Out))
      return false;
  return !T.is(Term::List) || !T.tail() || collectIndexes(T.tail(), A, Out);
}

/// May T write the variable X: an assignment, increment or address of X, X
/// passed to a call (perhaps by reference), or a second declaration of X?
bool mayWrite(const Term &T, const Term &X) {
  if (T.is(Term::App)) {
    if (isWriteHead(T.name()) && T.arity() >= 1 && T[0] == X)
      return true;
    if (T.isApp("Call", 2) && T[1].is(Term::List))
      for (const Term &Arg : T[1].args())
        if (Arg == X)
          return true;
    if (T.isApp("Decl") && T.arity() >= 1 && T[0] == X)
      return true;
  }
  if (!T.is(Term::App) && !T.is(Term::List))
    return false;
  for (const Term &E : T.args())
    if (mayWrite(E, X))
      return true;
  return T.is(Term::List) && T.tail() && mayWrite(T.tail(), X);
}

/// Is E the subscript I or I ^ J (either order)?
bool isPartner(const Term &E, const Term &I, const Term &J) {
  if (E == I)
    return true;
  return E.isApp("BitXor", 2) &&
         ((E[0] == I && E[1] == J) || (E[0] == J && E[1] == I));
}

/// The Decl(X, "T", init) statements of Body (at any depth).
void declsOf(const Term &T, const Term &X, std::vector<Term> &Out) {
  if (T.isApp("Decl") && T.arity() >= 1 && T[0] == X)
    Out.push_back(T);
  if (!T.is(Term::App) && !T.is(Term::List))
    return;
  for (const Term &E : T.args())
    declsOf(E, X, Out);
  if (T.is(Term::List) && T.tail())
    declsOf(T.tail(), X, Out);
}

Term substitute(const Term &T, const Term &From, const Term &To) {
  if (T == From)
    return To;
  if (!T.is(Term::App) && !T.is(Term::List))
    return T;
  std::vector<Term> Args;
  bool Changed = false;
  for (const Term &E : T.args()) {
    Args.push_back(substitute(E, From, To));
    Changed |= !Args.back().sameNode(E);
  }
  if (T.is(Term::List) && T.tail()) {
    Term Tail = substitute(T.tail(), From, To);
    if (!Tail.sameNode(T.tail()))
      return Term::list(std::move(Args), Tail);
  }
  return Changed ? T.withArgs(std::move(Args)) : T;
}

} // namespace

bool termMayWrite(const Term &T, const Term &X) { return mayWrite(T, X); }

void registerTileFacts(FactRegistry &R) {
  R.add("indexesOf", 2,
        "indexesOf($body, $a): the distinct subscripts e of $a[e] in $body; "
        "no answer when $a appears other than as the array of a subscript",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          std::vector<Term> Out;
          if (!collectIndexes(A[0], A[1], Out))
            return std::nullopt;
          return Term::list(std::move(Out));
        });
  R.add("mayWrite", 2,
        "mayWrite($body, $x): $body may assign, increment, take the address "
        "of, pass to a call or declare again the variable $x",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(mayWrite(A[0], A[1]));
        });
  R.add("xorPartners", 4,
        "xorPartners($body, $subs, $i, $j): every subscript of the list $subs "
        "is $i or $i ^ $j, directly or through a local of $body declared "
        "once as one of them and never written",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &Body = A[0], &I = A[2], &J = A[3];
          if (!A[1].is(Term::List) || A[1].tail())
            return std::nullopt;
          for (const Term &E : A[1].args()) {
            if (isPartner(E, I, J))
              continue;
            if (!E.is(Term::Ident))
              return Term::boolean(false);
            std::vector<Term> Decls;
            declsOf(Body, E, Decls);
            if (Decls.size() != 1 || Decls[0].arity() != 3 ||
                !isPartner(Decls[0][2], I, J))
              return Term::boolean(false);
            // The declaration itself is one write: look past it.
            Term Rest = substitute(Body, Decls[0], Term::ident("l2c_decl"));
            if (mayWrite(Rest, E))
              return Term::boolean(false);
          }
          return Term::boolean(true);
        });
  R.add("substitute", 3,
        "substitute($t, $from, $to): $t with every subterm equal to $from "
        "replaced by $to",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return substitute(A[0], A[1], A[2]);
        });
  // The front end's headers are per file: translateFile registers the real
  // fact over them; elsewhere (--apply-rules, --check-rules) no loop has one.
  R.add(
      "hostLoopHeader", 1,
      "hostLoopHeader($id): For(Decl(k, \"T\", init), cond, inc) of the "
      "host for loop with id $id, when its header has that simple form",
      [](llvm::ArrayRef<Term>) -> std::optional<Term> { return std::nullopt; });
}

} // namespace l2c
