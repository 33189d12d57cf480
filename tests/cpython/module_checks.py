"""What `_lasso.roundtrip` says about input that is not what it should be, and the
stdlib driver's counting of files that do not compile. Run by /usr/bin/python3.11 with
the module on PYTHONPATH; exits non-zero on the first failed check."""
import gc
import os
import sys
import tempfile

import _lasso

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stdlib_roundtrip  # noqa: E402


LEAK_SOURCE = """
import math
class Shape:
    scale = 2.5
    def area(self, r, *, exact=False):
        value = math.pi * r ** 2 if exact else 3.14 * r * r
        return [value * k for k in (1, -0.0, 1j, b"x", "s", None, (1, 2))]
"""


def sample(n):
    if n:
        return 1
    return 2


class Point:
    def __init__(self):
        self.x = 1


def hot(p, xs):
    total = 0
    for v in xs:
        total += p.x + v + len(xs)
    return total


def expect_raises(kind, text, fn, *args):
    try:
        fn(*args)
    except kind as e:
        assert text in str(e), f"{kind.__name__} without {text!r}: {e}"
        return e
    raise AssertionError(f"no {kind.__name__} from {fn.__name__}{args}")


def main():
    code = sample.__code__
    assert _lasso.roundtrip(code) is None

    # Not a code object: TypeError.
    expect_raises(TypeError, "expects a code object, not int", _lasso.roundtrip, 1)
    expect_raises(TypeError, "not function", _lasso.roundtrip, sample)

    # A difference is described, not raised.
    diff = _lasso.roundtrip(code.replace(co_stacksize=code.co_stacksize + 1))
    assert diff == f"co_stacksize differs: original {code.co_stacksize + 1}, lasso {code.co_stacksize}", diff

    # Bytecode lasso rejects: BytecodeError (a ValueError) with lasso's message and offset.
    # LOAD_FAST n at offset 2 becomes a NOP, so the conditional jump at 4 has nothing to pop.
    broken = bytearray(code.co_code)
    assert broken[2] == 124 and broken[4] == 114, list(broken[:6])  # LOAD_FAST, POP_JUMP_FORWARD_IF_FALSE
    broken[2] = 9  # NOP
    error = expect_raises(_lasso.BytecodeError, "bytecode error at offset 4", _lasso.roundtrip,
                          code.replace(co_code=bytes(broken)))
    assert isinstance(error, ValueError)
    assert "stack underflow" in str(error), error

    # A location table cut short.
    expect_raises(_lasso.BytecodeError, "truncated location table", _lasso.roundtrip,
                  code.replace(co_linetable=code.co_linetable[:-1]))

    # A specialised (quickened) code: CPython reports its generic opcodes and zeroed
    # caches, which lasso reads as any other code.
    for _ in range(2000):
        hot(Point(), [1, 2, 3])
    assert _lasso.roundtrip(hot.__code__) is None

    # No reference is leaked, whether the round trip succeeds, finds a difference or
    # raises: a leak would grow the allocated blocks by hundreds here.
    codes = list(stdlib_roundtrip.code_objects(compile(LEAK_SOURCE, "<leak>", "exec")))
    changed = code.replace(co_stacksize=code.co_stacksize + 1)
    truncated = code.replace(co_linetable=code.co_linetable[:-1])

    def everything():
        for c in codes:
            assert _lasso.roundtrip(c) is None
        assert _lasso.roundtrip(changed) is not None
        for bad in (1, truncated):
            try:
                _lasso.roundtrip(bad)
            except (TypeError, ValueError):
                pass

    everything()
    gc.collect()
    before = sys.getallocatedblocks()
    for _ in range(300):
        everything()
    gc.collect()
    grown = sys.getallocatedblocks() - before
    assert grown < 100, f"{grown} more blocks allocated after 300 rounds"

    # The driver counts a file that does not compile as skipped.
    with tempfile.TemporaryDirectory() as lib:
        with open(os.path.join(lib, "good.py"), "w") as f:
            f.write("def f(x):\n    return [y * 2 for y in x]\n")
        with open(os.path.join(lib, "python2.py"), "w") as f:
            f.write('print "hello"\n')
        paths = sorted(os.path.join(lib, name) for name in os.listdir(lib))
        compiled, skipped, codes, mismatches = stdlib_roundtrip.check_files(paths)
        assert (compiled, skipped, codes, mismatches) == (1, 1, 3, []), (compiled, skipped, codes, mismatches)

    print("module_checks: all passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
