//===- Term.cpp - Immutable shared terms ----------------------------------===//

#include "term/Term.h"

#include <atomic>
#include <cassert>
#include <functional>

namespace l2c {

struct Term::NodeData {
  Kind K;
  std::string Name;   // head, identifier, string text, variable, spelling
  std::string Suffix; // integer suffix
  int64_t Value = 0;
  std::vector<Term> Args; // application arguments or list elements
  Term Tail;              // list tail, null for a proper list
  // Computed on first use: building a term (a rewritten list, say) need not
  // walk its elements. Terms of the rule library are shared by the threads
  // of `loop2cuda -j N`, which may compute them at the same time: each
  // computes the same value, and relaxed atomics make that race defined
  // (they cost a plain load and store).
  mutable std::atomic<size_t> Hash{0};
  mutable std::atomic<size_t> Size{0};
};

static const std::string EmptyString;
static const std::vector<Term> EmptyArgs;
static const Term NullTerm;

static size_t combine(size_t Seed, size_t V) {
  return Seed ^ (V + 0x9e3779b97f4a7c15ULL + (Seed << 6) + (Seed >> 2));
}

static Term make(std::shared_ptr<Term::NodeData> N);

Term Term::app(std::string Head, std::vector<Term> Args) {
  auto N = std::make_shared<NodeData>();
  N->K = App;
  N->Name = std::move(Head);
  N->Args = std::move(Args);
  return make(std::move(N));
}

Term Term::ident(std::string Name) {
  auto N = std::make_shared<NodeData>();
  N->K = Ident;
  N->Name = std::move(Name);
  return make(std::move(N));
}

Term Term::integer(int64_t Value, std::string Suffix) {
  auto N = std::make_shared<NodeData>();
  N->K = Int;
  N->Value = Value;
  N->Suffix = std::move(Suffix);
  N->Name = std::to_string(Value);
  return make(std::move(N));
}

Term Term::floating(std::string Spelling) {
  auto N = std::make_shared<NodeData>();
  N->K = Float;
  N->Name = std::move(Spelling);
  return make(std::move(N));
}

Term Term::string(std::string Text) {
  auto N = std::make_shared<NodeData>();
  N->K = String;
  N->Name = std::move(Text);
  return make(std::move(N));
}

Term Term::var(std::string Name) {
  auto N = std::make_shared<NodeData>();
  N->K = Var;
  N->Name = std::move(Name);
  return make(std::move(N));
}

Term Term::list(std::vector<Term> Elements, Term Tail) {
  // Flatten a list tail: [a : [b : T]] is [a, b : T].
  while (Tail && Tail.kind() == List) {
    const auto &More = Tail.args();
    Elements.insert(Elements.end(), More.begin(), More.end());
    Tail = Term(Tail.tail());
  }
  // [ : T] is T itself (cons semantics: nothing in front of T).
  if (Elements.empty() && Tail)
    return Tail;
  auto N = std::make_shared<NodeData>();
  N->K = List;
  N->Args = std::move(Elements);
  N->Tail = std::move(Tail);
  return make(std::move(N));
}

static Term make(std::shared_ptr<Term::NodeData> N) {
  return Term::fromNode(std::move(N));
}

Term Term::fromNode(std::shared_ptr<const NodeData> N) {
  return Term(std::move(N));
}

Term::Kind Term::kind() const {
  assert(Node && "kind() of a null term");
  return Node->K;
}

bool Term::isApp(const char *Head, int Arity) const {
  return Node && Node->K == App && Node->Name == Head &&
         (Arity < 0 || Node->Args.size() == static_cast<size_t>(Arity));
}

bool Term::isIdent(const char *Name) const {
  return Node && Node->K == Ident && Node->Name == Name;
}

const std::string &Term::name() const {
  return Node ? Node->Name : EmptyString;
}
int64_t Term::intValue() const { return Node ? Node->Value : 0; }
const std::string &Term::intSuffix() const {
  return Node ? Node->Suffix : EmptyString;
}
const std::vector<Term> &Term::args() const {
  return Node ? Node->Args : EmptyArgs;
}
const Term &Term::tail() const { return Node ? Node->Tail : NullTerm; }
size_t Term::hash() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Hash.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t H = std::hash<std::string>()(Node->Name);
    H = combine(H, static_cast<size_t>(Node->K));
    H = combine(H, std::hash<std::string>()(Node->Suffix));
    H = combine(H, static_cast<size_t>(Node->Value));
    for (const Term &A : Node->Args)
      H = combine(H, A.hash());
    if (Node->Tail)
      H = combine(H, Node->Tail.hash() * 31);
    Cached = H ? H : 1; // 0 means "not computed yet"
    Node->Hash.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

size_t Term::size() const {
  if (!Node)
    return 0;
  size_t Cached = Node->Size.load(std::memory_order_relaxed);
  if (Cached == 0) {
    size_t S = 1;
    for (const Term &A : Node->Args)
      S += A.size();
    if (Node->Tail)
      S += Node->Tail.size();
    Cached = S;
    Node->Size.store(Cached, std::memory_order_relaxed);
  }
  return Cached;
}

bool Term::operator==(const Term &O) const {
  if (Node == O.Node)
    return true;
  if (!Node || !O.Node)
    return false;
  if (hash() != O.hash() || Node->K != O.Node->K ||
      Node->Value != O.Node->Value || Node->Name != O.Node->Name ||
      Node->Suffix != O.Node->Suffix ||
      Node->Args.size() != O.Node->Args.size())
    return false;
  for (size_t I = 0; I < Node->Args.size(); ++I)
    if (Node->Args[I] != O.Node->Args[I])
      return false;
  return Node->Tail == O.Node->Tail;
}

Term Term::withArgs(std::vector<Term> Args) const {
  assert(Node && (Node->K == App || Node->K == List));
  if (Node->K == App)
    return app(Node->Name, std::move(Args));
  return list(std::move(Args), Node->Tail);
}

std::string cStringLiteral(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    switch (C) {
    case '"':
      Out += "\\\"";
      break;
    case '\\':
      Out += "\\\\";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      Out += C;
    }
  }
  return Out + "\"";
}

void Term::print(std::string &Out) const {
  if (!Node) {
    Out += "<null>";
    return;
  }
  switch (Node->K) {
  case Ident:
  case Float:
    Out += Node->Name;
    return;
  case Int:
    Out += Node->Name;
    Out += Node->Suffix;
    return;
  case String:
    Out += cStringLiteral(Node->Name);
    return;
  case Var:
    Out += '$';
    Out += Node->Name;
    return;
  case App:
  case List: {
    bool IsApp = Node->K == App;
    if (IsApp)
      Out += Node->Name;
    Out += IsApp ? '(' : '[';
    for (size_t I = 0; I < Node->Args.size(); ++I) {
      if (I)
        Out += ", ";
      Node->Args[I].print(Out);
    }
    if (!IsApp && Node->Tail) {
      Out += Node->Args.empty() ? ": " : " : ";
      Node->Tail.print(Out);
    }
    Out += IsApp ? ')' : ']';
    return;
  }
  }
}

std::string Term::str() const {
  std::string S;
  print(S);
  return S;
}

} // namespace l2c
