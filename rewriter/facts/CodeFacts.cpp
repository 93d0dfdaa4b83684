//===- CodeFacts.cpp - Facts over the code vocabulary ---------------------===//
//
// The read and write sets that the front end attaches to host terms, seen
// through the glue terms that rules insert. docs/term-vocabulary.md names the
// terms; docs/rule-language.md lists these facts.
//
//===----------------------------------------------------------------------===//

#include "facts/DomainFacts.h"

namespace l2c {

namespace {

enum class Access { Read, Write };

bool setMentions(const Term &Set, const Term &Var) {
  if (!Set.is(Term::List))
    return true; // unknown: assume the worst
  for (const Term &E : Set.args())
    if (E == Var || E.isIdent("*"))
      return true;
  return false;
}

/// Does user host code in T read (or write) the variable V? Device code is
/// not host access, and neither are the glue terms that rules insert
/// (rules ask about those with copiesIn / copiesOut).
bool hostAccesses(const Term &T, const Term &V, Access A) {
  if (T.is(Term::List)) {
    for (const Term &E : T.args())
      if (hostAccesses(E, V, A))
        return true;
    return T.tail() && hostAccesses(T.tail(), V, A);
  }
  if (!T.is(Term::App))
    return false;
  // Inline name tests (Term::isApp) rather than std::string comparisons:
  // the move-copies rules ask this of every statement a copy passes.
  unsigned SetIdx = A == Access::Read ? 1 : 2;
  if (T.isApp("Host", 3))
    return setMentions(T[SetIdx], V);
  if (T.isApp("HostLoop", 4))
    return setMentions(T[SetIdx], V) || hostAccesses(T[3], V, A);
  if (T.isApp("HostIf", 5))
    return setMentions(T[SetIdx], V) || hostAccesses(T[3], V, A) ||
           hostAccesses(T[4], V, A);
  if (T.isApp("HostBlock", 2) || T.isApp("HostRegion", 2))
    return hostAccesses(T[1], V, A);
  if (T.isApp("HostData", 3))
    return hostAccesses(T[2], V, A);
  if (T.isApp("ParallelLoop"))
    return true; // a loop still to be extracted: anything may happen
  return false;
}

/// Does T hold the glue term Head(V, ...) anywhere?
bool holdsGlue(const Term &T, const char *Head, const Term &V) {
  if (T.isApp(Head) && T.arity() > 0 && T[0] == V)
    return true;
  if (T.is(Term::App) || T.is(Term::List)) {
    if (T.isApp("Host") || T.isApp("Kernel"))
      return false;
    for (const Term &E : T.args())
      if (holdsGlue(E, Head, V))
        return true;
    return T.tail() && holdsGlue(T.tail(), Head, V);
  }
  return false;
}

std::optional<Term> accessFact(llvm::ArrayRef<Term> A, Access Kind, bool Any) {
  if (!Any)
    return Term::boolean(hostAccesses(A[0], A[1], Kind));
  if (!A[1].is(Term::List))
    return std::nullopt;
  for (const Term &V : A[1].args())
    if (hostAccesses(A[0], V.isApp("Alias", 1) ? V[0] : V, Kind))
      return Term::boolean(true);
  return Term::boolean(false);
}

/// Does T (a glue term, a launch or a host term) use array V on the device
/// side or name it at all? With AliasUse, only what matters to a transfer
/// of another array in V's memory: launches that write V, and copies of V
/// (a free changes no data).
bool usesArray(const Term &T, const Term &V, bool AliasUse = false) {
  if (T.isApp("Launch") || T.isApp("ReduceLaunch", 9) || T.isApp("Passes", 7)) {
    const Term &Arrays = T.isApp("ReduceLaunch") ? T[6]
                         : T.isApp("Passes")     ? T[5]
                                                 : T.args().back();
    for (const Term &A : Arrays.args()) {
      if (A == V)
        return true;
      if (A.isApp("Array") && A.arity() > 4 && A[0] == V)
        return !AliasUse || !A[4].isIdent("read");
    }
    return false;
  }
  if (T.isApp("CopyIn") || T.isApp("CopyOut"))
    return T[0] == V;
  if (T.isApp("Free"))
    return !AliasUse && T[0] == V;
  if (T.is(Term::App) || T.is(Term::List)) {
    if (T.isApp("Host"))
      return false;
    for (const Term &E : T.args())
      if (usesArray(E, V, AliasUse))
        return true;
    return T.tail() && usesArray(T.tail(), V, AliasUse);
  }
  return false;
}

/// The arrays b of the Alias(b) entries of a dependency list.
std::vector<Term> aliasesIn(const Term &Deps) {
  std::vector<Term> Out;
  if (Deps.is(Term::List))
    for (const Term &E : Deps.args())
      if (E.isApp("Alias", 1))
        Out.push_back(E[0]);
  return Out;
}

/// Is T the statement that releases V's memory: Host(id, [Release(V) : _],
/// _) (the front end's CallRegions.cpp)?
bool releases(const Term &T, const Term &V) {
  return T.isApp("Host", 3) && T[1].is(Term::List) && T[1].arity() > 0 &&
         T[1][0].isApp("Release", 1) && T[1][0][0] == V;
}

/// Do the items of the list L, run in order, release array V before
/// anything may read its host copy (host code reading V or an alias of it,
/// a copy of V or an alias to the device), or give one of the variables of
/// Deps another value? Then a copy of V to the host just before L is dead.
bool releasedUnread(const Term &L, const Term &V, const Term &Deps) {
  if (!L.is(Term::List) || !Deps.is(Term::List))
    return false;
  std::vector<Term> Aliases = aliasesIn(Deps);
  for (const Term &S : L.args()) {
    if (releases(S, V))
      return true;
    if (hostAccesses(S, V, Access::Read) || hostAccesses(S, V, Access::Write) ||
        holdsGlue(S, "CopyIn", V))
      return false;
    for (const Term &D : Deps.args())
      if (hostAccesses(S, D.isApp("Alias", 1) ? D[0] : D, Access::Write))
        return false;
    for (const Term &B : Aliases)
      if (hostAccesses(S, B, Access::Read) || holdsGlue(S, "CopyIn", B))
        return false;
  }
  return false; // the list ends (or goes on in its tail) without a release
}

/// Whether launch L may write array V on the device: V is one of its
/// arrays with a mode other than read (a term it does not know: yes).
bool launchWrites(const Term &L, const Term &V) {
  if (!L.isApp("Launch", 6) || !L[5].is(Term::List))
    return true;
  for (const Term &A : L[5].args())
    if (!A.isApp("Array", 6) || (A[0] == V && !A[4].isIdent("read")))
      return true;
  return false;
}

/// List L without its first element equal to Copy (a CopyIn of array a,
/// deps D; a copy that leaves out a box, Rest in its deps, counts as equal),
/// when everything before it leaves both a's host memory and a's device copy as
/// Copy left them: copies in of other arrays, copies out and releases of arrays
/// that cannot share a's memory, launches that do not write a. Nothing when
/// there is no such element.
std::optional<Term> withoutRepeatedCopyIn(const Term &L, const Term &Copy) {
  if (!L.is(Term::List) || L.tail())
    return std::nullopt;
  const Term &A = Copy[0], &D = Copy[3];
  llvm::ArrayRef<Term> Items = L.args();
  for (size_t I = 0; I < Items.size(); ++I) {
    const Term &T = Items[I];
    if (T.isApp("CopyIn", 4) && sameCopyModuloRest(T, Copy)) {
      std::vector<Term> Rest(Items.begin(), Items.begin() + I);
      Rest.insert(Rest.end(), Items.begin() + I + 1, Items.end());
      return Term::list(std::move(Rest));
    }
    auto IsAlias = [&](const Term &B) {
      return D.is(Term::List) &&
             llvm::is_contained(D.args(), Term::app("Alias", {B}));
    };
    // A free of an alias b frees a's device copy too when the two are one
    // address (`double *p2 = &a[0]`): the runtime keeps one copy an address.
    bool Leaves = (T.isApp("CopyIn", 4) && T[0] != A) ||
                  (T.isApp("CopyOut", 4) && T[0] != A && !IsAlias(T[0])) ||
                  (T.isApp("Free", 3) && T[0] != A && !IsAlias(T[0])) ||
                  (T.isApp("Launch", 6) && !launchWrites(T, A));
    if (!Leaves)
      return std::nullopt;
  }
  return std::nullopt;
}

} // namespace

void registerHostAccessFacts(FactRegistry &R) {
  R.add("hostReads", 2,
        "hostReads($t, $v): user host code in $t may read variable $v (glue "
        "terms do not count)",
        [](llvm::ArrayRef<Term> A) {
          return accessFact(A, Access::Read, false);
        });
  R.add("hostWrites", 2,
        "hostWrites($t, $v): user host code in $t may write variable $v or "
        "its elements (glue terms do not count)",
        [](llvm::ArrayRef<Term> A) {
          return accessFact(A, Access::Write, false);
        });
  R.add("hostWritesAny", 2,
        "hostWritesAny($t, $vars): host code in $t may write one of $vars "
        "(an entry Alias(b) stands for b)",
        [](llvm::ArrayRef<Term> A) {
          return accessFact(A, Access::Write, true);
        });
  R.add("isGlue", 1,
        "isGlue($t): $t is a term that rules insert between host statements "
        "(InitDevice, CopyIn, CopyOut, Free)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          const Term &T = A[0];
          return Term::boolean(T.isIdent("InitDevice") || T.isApp("CopyIn") ||
                               T.isApp("CopyOut") || T.isApp("Free"));
        });
  R.add("copiesIn", 2, "copiesIn($t, $a): $t holds a CopyIn of array $a",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(holdsGlue(A[0], "CopyIn", A[1]));
        });
  R.add("freesDevice", 2,
        "freesDevice($t, $a): $t holds a Free of array $a (its device copy "
        "is gone after $t)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(holdsGlue(A[0], "Free", A[1]));
        });
  R.add("copiesOut", 2, "copiesOut($t, $a): $t holds a CopyOut of array $a",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(holdsGlue(A[0], "CopyOut", A[1]));
        });
  R.add("withoutRepeatedCopyIn", 2,
        "withoutRepeatedCopyIn($list, $copy): $list without the first "
        "repeat of CopyIn $copy, when only copies in of other arrays, "
        "copies out and frees of arrays that cannot share its memory and "
        "launches that do not write it stand before it; no answer otherwise "
        "(rule set move-copies)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].isApp("CopyIn", 4))
            return std::nullopt;
          return withoutRepeatedCopyIn(A[0], A[1]);
        });
  R.add("usesArray", 2,
        "usesArray($t, $a): $t launches a kernel on, copies or frees array $a",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(usesArray(A[0], A[1]));
        });
  R.add("releases", 2,
        "releases($s, $a): $s is the host statement that gives back the "
        "memory of array $a (`free(a)`, `delete[] a`: Release($a) first in "
        "its read set)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(releases(A[0], A[1]));
        });
  R.add("releasedUnread", 3,
        "releasedUnread($l, $a, $deps): the items of list $l release array "
        "$a (a Host term carrying Release($a)) before anything reads its "
        "host copy, copies it or an alias to the device, or writes one of "
        "$deps",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          return Term::boolean(releasedUnread(A[0], A[1], A[2]));
        });
  R.add("copiesAliasOut", 2,
        "copiesAliasOut($t, $deps): for an entry Alias(b) of the dependency "
        "list $deps, $t holds a CopyOut of b (which changes the host memory "
        "that b may share)",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          for (const Term &B : aliasesIn(A[1]))
            if (holdsGlue(A[0], "CopyOut", B))
              return Term::boolean(true);
          return Term::boolean(false);
        });
  R.add("touchesAlias", 2,
        "touchesAlias($t, $deps): for an entry Alias(b) of the dependency "
        "list $deps, user host code in $t reads or writes b, or $t launches "
        "a kernel that writes b, or copies b",
        [](llvm::ArrayRef<Term> A) -> std::optional<Term> {
          if (!A[1].is(Term::List))
            return std::nullopt;
          for (const Term &B : aliasesIn(A[1]))
            if (hostAccesses(A[0], B, Access::Read) ||
                hostAccesses(A[0], B, Access::Write) ||
                usesArray(A[0], B, /*AliasUse=*/true))
              return Term::boolean(true);
          return Term::boolean(false);
        });
}

} // namespace l2c
