"""Reading a value a user typed (a witness parameter of `symrnn replay`, a value in a claim file's table)
without ever evaluating it as code.

A value is data: it is parsed with Python's `ast` module (mode "eval") and only an allow-listed grammar is
accepted: numbers (integers, decimals, exponent notation, all read exactly), `+ - * / **`, unary `+ -`,
parentheses, tuples and lists (`1,-1` or `(1, -1)`), allow-listed constants (`pi`, `E`, `oo`) and calls of
allow-listed functions (`exp`, `log`, `sqrt`, `sin`, `cos`, `tanh`, `Abs`, ...), and names, which become SymPy
symbols (a word such as `logistic` is the symbol `logistic`). The SymPy object is then built from the tree by
this module: neither `eval` nor `sympify` ever sees the text. Anything else (attributes, subscripts, strings,
keyword arguments, lambdas, comparisons, a dunder name) is rejected with an `InvalidArgument` naming the
offending part. Sizes are bounded so that parsing cannot hang: the text's length, a decimal exponent, and a
power of numbers whose exact value would be too large to build (`2**10**10`).
"""

from __future__ import annotations

import ast
import math
import re
from fractions import Fraction

from ._errors import InvalidArgument

MAX_LENGTH = 4000            # characters of one value
MAX_DECIMAL_EXPONENT = 4000  # |e| in 1.5e-7
MAX_BITS = 14_000            # the exact value of a power of numbers, in bits (about 4 200 digits: printable)
MAX_DEPTH = 60               # nesting of the expression tree

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")

# names that are never a symbol: Python's ways to reach code or the system, and SymPy's parser helpers
DENIED_NAMES = frozenset({
    "eval", "exec", "compile", "open", "input", "getattr", "setattr", "delattr", "hasattr", "globals", "locals",
    "vars", "dir", "breakpoint", "help", "exit", "quit", "print", "type", "object", "super", "memoryview", "bytes",
    "bytearray", "classmethod", "staticmethod", "property", "import", "importlib", "builtins", "os", "sys",
    "subprocess", "shutil", "pathlib", "socket", "pickle", "marshal", "ctypes", "lambda", "sympify", "parse_expr",
    "S", "N", "Symbol", "Function", "Lambda",
})


def _functions():
    import sympy

    return {
        "exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sqrt": sympy.sqrt, "cbrt": sympy.cbrt,
        "sin": sympy.sin, "cos": sympy.cos, "tan": sympy.tan, "asin": sympy.asin, "acos": sympy.acos,
        "atan": sympy.atan, "sinh": sympy.sinh, "cosh": sympy.cosh, "tanh": sympy.tanh, "asinh": sympy.asinh,
        "acosh": sympy.acosh, "atanh": sympy.atanh, "erf": sympy.erf, "erfc": sympy.erfc, "Abs": sympy.Abs,
        "abs": sympy.Abs, "sign": sympy.sign, "Min": sympy.Min, "Max": sympy.Max, "min": sympy.Min,
        "max": sympy.Max, "floor": sympy.floor, "ceiling": sympy.ceiling, "Heaviside": sympy.Heaviside,
        "Rational": None,                     # Rational(p, q): built here from two integers
    }


def _constants():
    import sympy

    return {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo, "inf": sympy.oo, "nan": sympy.nan, "zoo": sympy.zoo}


FUNCTIONS = ("exp", "log", "ln", "sqrt", "cbrt", "sin", "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
             "asinh", "acosh", "atanh", "erf", "erfc", "Abs", "abs", "sign", "Min", "Max", "min", "max", "floor",
             "ceiling", "Heaviside", "Rational")
CONSTANTS = ("pi", "E", "oo", "inf", "nan", "zoo")


class _Builder:
    def __init__(self, text: str, label: str, symbols: dict, free: bool):
        import sympy

        self.sympy = sympy
        self.text = text
        self.label = label
        self.symbols = symbols
        self.free = free
        self.functions = _functions()
        self.constants = _constants()

    def fail(self, node, why: str):
        part = ast.get_source_segment(self.text, node) if node is not None else None
        where = f" in {part!r}" if part and part != self.text.strip() else ""
        raise InvalidArgument(f"{self.label}={self.text!r}: {why}{where}; a value may be a number (1, -2.5, 3e-4), "
                              "a ratio p/q, a list a,b, or a formula in + - * / ** with "
                              "exp, log, sqrt, sin, cos, tanh, Abs, ... (it is never run as code)")

    # -- numbers ---------------------------------------------------------------------------------------
    def number(self, node):
        sympy = self.sympy
        value = node.value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            kind = "a complex number" if isinstance(value, complex) else f"a {type(value).__name__} constant"
            self.fail(node, f"{kind} is not allowed")
        if isinstance(value, int):
            return sympy.Integer(value)
        literal = (ast.get_source_segment(self.text, node) or "").replace("_", "")
        m = re.fullmatch(r"(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?", literal)
        if not m or not (m.group(1) or m.group(2)):
            self.fail(node, f"cannot read the number {literal!r}")
        whole, frac, expo = m.group(1) or "", m.group(2) or "", m.group(3)
        e = int(expo) if expo is not None and len(expo.lstrip("+-")) <= 6 else None
        if expo is not None and (e is None or abs(e) > MAX_DECIMAL_EXPONENT):
            self.fail(node, f"the exponent of {literal!r} is too large (at most {MAX_DECIMAL_EXPONENT} in "
                            "absolute value)")
        mantissa = int((whole + frac) or "0")
        shift = (e or 0) - len(frac)
        return sympy.Rational(mantissa * 10 ** shift) if shift >= 0 else sympy.Rational(mantissa, 10 ** -shift)

    # -- the tree --------------------------------------------------------------------------------------
    def build(self, node, depth: int = 0):
        if depth > MAX_DEPTH:
            self.fail(node, f"the formula is nested more than {MAX_DEPTH} levels deep")
        if isinstance(node, ast.Constant):
            return self.number(node)
        if isinstance(node, (ast.Tuple, ast.List)):
            return tuple(self.build(x, depth + 1) for x in node.elts)
        if isinstance(node, ast.Name):
            return self.name(node)
        if isinstance(node, ast.UnaryOp):
            if not isinstance(node.op, (ast.UAdd, ast.USub)):
                self.fail(node, f"the operator {type(node.op).__name__} is not allowed")
            x = self.expr(node.operand, depth)
            return -x if isinstance(node.op, ast.USub) else x
        if isinstance(node, ast.BinOp):
            ops = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.Pow: "**"}
            op = ops.get(type(node.op))
            if op is None:
                hint = " (write powers as **)" if isinstance(node.op, ast.BitXor) else ""
                self.fail(node, f"the operator {type(node.op).__name__} is not allowed{hint}")
            a, b = self.expr(node.left, depth), self.expr(node.right, depth)
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return a * b
            if op == "/":
                return a / b
            self.check_power(node, a, b)
            return a ** b
        if isinstance(node, ast.Call):
            return self.call(node, depth)
        self.fail(node, f"{type(node).__name__} is not allowed")

    def expr(self, node, depth):
        x = self.build(node, depth + 1)
        if isinstance(x, tuple):
            self.fail(node, "a list cannot be used inside a formula")
        return x

    def name(self, node):
        ident = node.id
        if ident in self.symbols:
            return self.symbols[ident]
        if ident in self.constants:
            return self.constants[ident]
        if ident.startswith("__") or ident in DENIED_NAMES or not _NAME.match(ident):
            self.fail(node, f"the name {ident!r} is not allowed")
        if ident in self.functions:
            if self.free:                   # a word such as `tanh` (an activation's name) stays a word
                return self.sympy.Symbol(ident)
            self.fail(node, f"the function {ident!r} needs an argument")
        if not self.free:
            allowed = ", ".join(sorted(self.symbols)) or "none"
            self.fail(node, f"the name {ident!r} is not one of the symbols this value may use ({allowed})")
        return self.sympy.Symbol(ident)

    def call(self, node, depth):
        sympy = self.sympy
        if not isinstance(node.func, ast.Name) or node.func.id not in self.functions:
            what = ast.get_source_segment(self.text, node.func) or type(node.func).__name__
            self.fail(node, f"only the functions {', '.join(FUNCTIONS)} may be called, not {what!r}")
        if node.keywords or any(isinstance(a, ast.Starred) for a in node.args):
            self.fail(node, "keyword or starred arguments are not allowed")
        args = [self.expr(a, depth) for a in node.args]
        name = node.func.id
        try:
            if name == "Rational":
                if len(args) != 2 or not all(isinstance(a, sympy.Integer) for a in args):
                    self.fail(node, "Rational takes two integers")
                return sympy.Rational(args[0], args[1])
            return self.functions[name](*args)
        except (TypeError, ValueError) as exc:
            self.fail(node, f"{name} cannot take these arguments ({exc})")

    def check_power(self, node, base, expo):
        """Refuse a power whose exact value SymPy would build and which is too large (2**10**10)."""
        if not (getattr(expo, "is_Number", False) and getattr(base, "is_number", False)):
            return                                           # stays symbolic: t**(10**10) is a small object
        if expo.is_infinite or base in (0, 1, -1):
            return
        if expo.is_Rational and max(int(expo.p).bit_length(), int(expo.q).bit_length()) > 64:
            self.fail(node, "the exponent has more than 64 bits in its numerator or denominator")
        size = abs(float(expo)) if abs(expo) < 10 ** 300 else math.inf
        if base.is_Rational:
            mag = max(math.log2(abs(int(base.p))) if base.p else 0.0, math.log2(int(base.q)))
        else:                                  # sqrt(2), pi: SymPy may expand sqrt(2)**(2k) into 2**k
            approx = base.evalf(15)
            mag = max(1.0, abs(math.log2(abs(float(approx))))) if approx.is_Number and approx != 0 else 64.0
        if size * mag > MAX_BITS:
            self.fail(node, f"the power is too large to compute exactly (about {size * mag:.3g} bits; "
                            f"at most {MAX_BITS})")


def parse_value(text, *, name: str = "value", symbols: dict | None = None, free: bool = True):
    """A value typed by a user, read as data: a SymPy number, a tuple of values, a SymPy expression or a word.

    Arguments:
        text: the value (a str; an int or Fraction is taken exactly).
        name: what the value is called in messages (the witness parameter's key).
        symbols: {name: SymPy object} to use for names, e.g. {"t": Symbol("t", nonnegative=True)} or
            {"omega": Rational(1, 10)} (a value substituted for a name).
        free: whether other names become plain `Symbol`s (words such as `logistic` included); with False, a
            name not in `symbols` (nor a constant or an allowed function) is rejected.

    Returns:
        `Integer` / `Rational` for numbers (decimals and exponent notation exactly: "0.1" is 1/10); a tuple for
        "a,b" or "(a, b)" or "[a, b]"; otherwise a SymPy expression (or a `Symbol` for a word).

    Raises:
        InvalidArgument: the text is empty, too long, not in the grammar (naming the offending part), or too
        large to build.

    Example:
        >>> from symrnn import parse_value
        >>> parse_value("1/3"), parse_value("2.5e-3"), parse_value("1,-1")
        (1/3, 1/400, (1, -1))
        >>> parse_value("t**2*exp(-t)")
        t**2*exp(-t)
        >>> parse_value("__import__('os').system('true')")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        symrnn._errors.InvalidArgument: value="__import__('os')...": only the functions exp, ... may be called, ...
    """
    import sympy

    if isinstance(text, bool):
        raise InvalidArgument(f"{name}={text!r}: a flag is not a number")
    if isinstance(text, int):
        return sympy.Integer(text)
    if isinstance(text, Fraction):
        return sympy.Rational(text.numerator, text.denominator)
    if isinstance(text, sympy.Basic) and text.is_Rational:
        return text
    if not isinstance(text, str):
        raise InvalidArgument(f"{name}={text!r}: pass the value as text (a {type(text).__name__} was given)")
    if len(text) > MAX_LENGTH:
        raise InvalidArgument(f"{name}: the value is {len(text)} characters long (at most {MAX_LENGTH})")
    stripped = text.strip()
    if not stripped:
        raise InvalidArgument(f"{name} is empty")
    try:
        tree = ast.parse(stripped, mode="eval")
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        why = exc.msg if isinstance(exc, SyntaxError) else type(exc).__name__
        raise InvalidArgument(f"{name}={text!r} cannot be read ({why}); a value may be a number, a ratio p/q, a "
                              "list a,b, or a formula such as t**2*exp(-t)") from None
    builder = _Builder(stripped, name, dict(symbols or {}), free)
    try:
        return builder.build(tree.body)
    except InvalidArgument:
        raise
    except RecursionError:
        raise InvalidArgument(f"{name}={text!r}: the formula is nested too deeply") from None
    except (ArithmeticError, ValueError, TypeError, MemoryError, AttributeError) as exc:
        raise InvalidArgument(f"{name}={text!r} cannot be built ({type(exc).__name__}: {str(exc)[:200]})") from None


def parse_number(text, *, name: str = "value"):
    """A value that must be an exact rational number ("3", "-1/2", "0.25", "1e-6", or a formula of numbers that is
    rational such as "2**-3"); InvalidArgument otherwise."""
    x = parse_value(text, name=name, free=False)
    if isinstance(x, tuple) or not getattr(x, "is_Rational", False):
        raise InvalidArgument(f"{name}={text!r} is not an exact rational number (write it as p/q or a decimal)")
    return x


def parse_expression(text, *, name: str = "value", symbols: dict | None = None, free: bool = False):
    """A formula (a kernel such as "t**2*exp(-t)") in the given `symbols` (other names rejected unless `free`);
    a list is rejected. See `parse_value`."""
    x = parse_value(text, name=name, symbols=symbols, free=free)
    if isinstance(x, tuple):
        raise InvalidArgument(f"{name}={text!r} is a list; a single formula is expected")
    return x


def parse_witness(params: dict) -> dict:
    """Every value of a witness parsed (`parse_value`, words allowed): {key: parsed}. A value that is not data
    raises InvalidArgument naming it, before anything is computed."""
    out = {}
    for k, v in params.items():
        if not isinstance(k, str) or not _NAME.match(k) or k.startswith("__"):
            raise InvalidArgument(f"witness parameter name {k!r} is not a plain name")
        x = parse_value(v, name=k)
        for part in (x if isinstance(x, tuple) else (x,)):
            if not isinstance(part, tuple) and (part.has(*_nonfinite()) or part.is_finite is False):
                raise InvalidArgument(f"witness parameter {k}={v!r} is not finite; pass exact numbers such as 1/10")
        out[k] = x
    return out


def _nonfinite():
    import sympy

    return (sympy.nan, sympy.zoo, sympy.oo, -sympy.oo)


__all__ = ["parse_value", "parse_number", "parse_expression", "parse_witness", "FUNCTIONS", "CONSTANTS",
           "DENIED_NAMES"]
