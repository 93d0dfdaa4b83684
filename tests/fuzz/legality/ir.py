"""The small program representation that gen.py builds once and renders
twice: as the program loop2cuda translates, and as the oracle variant whose
marked loops record every access (oracle_rt.h).

A statement is a list of parts: strings, and Acc, an lvalue the oracle
records (a read, or a write when write is true). Rendering the same parts in
both modes keeps the two programs the same statement for statement, so the
oracle judges exactly the loops the tool saw.
"""


class Acc:
    """An array element or shared scalar touched in a marked loop."""

    __slots__ = ("parts", "write")

    def __init__(self, parts, write=False):
        self.parts = parts if isinstance(parts, list) else [parts]
        self.write = write


def render(parts, oracle):
    """The text of parts; in oracle mode each Acc is wrapped as L2C_REC."""
    out = []
    for p in parts:
        if isinstance(p, Acc):
            inner = render(p.parts, oracle)
            out.append("L2C_REC(%s, %d)" % (inner, int(p.write))
                       if oracle else inner)
        else:
            out.append(p)
    return "".join(out)


class Line:
    """One statement or declaration line."""

    def __init__(self, *parts):
        self.parts = list(parts)


class OracleOnly:
    """A line that only the oracle variant has (its bookkeeping calls)."""

    def __init__(self, text):
        self.text = text


class Block:
    """head { body } (a for loop, an if)."""

    def __init__(self, head, body):
        self.head = head
        self.body = body


class Break:
    """if (cond) break; the oracle also reports the early exit."""

    def __init__(self, cond, loop_id):
        self.cond = cond
        self.loop_id = loop_id


class Marked:
    """A marked loop: its pragma, then its for Block; iter_expr names the
    parallel iteration, set first in the body of the innermost loop that the
    pragma distributes (depth 2 under collapse(2))."""

    def __init__(self, loop_id, pragma, loop, iter_expr, par_depth, meta):
        self.loop_id = loop_id
        self.pragma = pragma
        self.loop = loop
        self.iter_expr = iter_expr
        self.par_depth = par_depth
        self.meta = meta


class Writer:
    """Collects lines with their numbers, so that each marked loop's source
    line range is known (the tool reports a rejection at the loop's line)."""

    def __init__(self, oracle):
        self.oracle = oracle
        self.lines = []
        self.loops = []

    def put(self, text, indent):
        self.lines.append("  " * indent + text)

    def emit(self, node, indent, active=False):
        if isinstance(node, str):
            self.put(node, indent)
        elif isinstance(node, Line):
            self.put(render(node.parts, self.oracle and active), indent)
        elif isinstance(node, OracleOnly):
            if self.oracle:
                self.put(node.text, indent)
        elif isinstance(node, Break):
            if self.oracle:
                self.put("if (%s) {" % node.cond, indent)
                self.put("l2c_break(%d);" % node.loop_id, indent + 1)
                self.put("break;", indent + 1)
                self.put("}", indent)
            else:
                self.put("if (%s)" % node.cond, indent)
                self.put("break;", indent + 1)
        elif isinstance(node, Block):
            self.put(render(node.head, self.oracle and active) + " {", indent)
            for b in node.body:
                self.emit(b, indent + 1, active)
            self.put("}", indent)
        elif isinstance(node, Marked):
            self.emit_marked(node, indent)
        else:
            raise TypeError(node)

    def emit_marked(self, m, indent):
        if self.oracle:
            self.put("l2c_begin();", indent)
        first = len(self.lines) + 1
        self.put(m.pragma, 0)
        # The iteration is named inside the distributed loops, before any
        # statement of their body.
        loop, depth = m.loop, 1
        heads = []
        while depth < m.par_depth:
            heads.append(loop.head)
            loop = loop.body[0]
            depth += 1
        heads.append(loop.head)
        for d, h in enumerate(heads):
            self.put(render(h, False) + " {", indent + d)
        inner = indent + len(heads)
        if self.oracle:
            self.put("l2c_iter(%s);" % m.iter_expr, inner)
        for b in loop.body:
            self.emit(b, inner, True)
        for d in reversed(range(len(heads))):
            self.put("}", indent + d)
        self.loops.append(dict(m.meta, id=m.loop_id, line=first + 1,
                               pragma_line=first, end_line=len(self.lines)))
        if self.oracle:
            self.put("l2c_end(%d);" % m.loop_id, indent)
