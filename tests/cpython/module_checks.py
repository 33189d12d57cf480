"""The adapter's opcode table against `dis`; what `_lasso.roundtrip` says about input
that is not what it should be; no leaked references; and the stdlib driver's counting
of files that do not compile. Run by /usr/bin/python3.11 with the module on PYTHONPATH;
exits non-zero on the first failed check."""
import dis
import gc
import opcode
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


def check_table():
    """The adapter's table against `dis`: every opcode, its number, caches, argument and
    jump, and its stack effect on both edges for a range of arguments."""
    rows = {row["name"]: row for row in _lasso.opcode_table()}
    assert set(rows) == set(dis.opmap), set(rows) ^ set(dis.opmap)
    kinds = {**{op: "constant" for op in dis.hasconst}, **{op: "name" for op in dis.hasname},
             **{op: "local" for op in dis.haslocal}, **{op: "cell" for op in dis.hasfree},
             **{op: "jump" for op in dis.hasjrel}}
    # Where lasso's effect differs from dis.stack_effect on purpose (docs/design-decisions.md):
    # PRECALL + CALL are lasso's `call` together; RETURN_GENERATOR pushes the sent value.
    deliberate = {"PRECALL", "CALL", "RETURN_GENERATOR"}
    args = [0, 1, 2, 3, 4, 5, 7, 8, 12, 255, 0x102, 0x301]
    for name, number in dis.opmap.items():
        row = rows[name]
        assert row["number"] == number, row
        assert row["caches"] == opcode._inline_cache_entries[number], row
        takes_arg = number >= dis.HAVE_ARGUMENT
        expected_kind = kinds.get(number, "immediate" if takes_arg else "none")
        assert row["arg"] == expected_kind, (row, expected_kind)
        is_backward = "BACKWARD" in name
        if number in dis.hasjrel:
            assert row["jump"] == ("backward" if is_backward else "forward"), row
        else:
            assert row["jump"] == "none", row
        assert row["flag_bits"] == (1 if name == "LOAD_GLOBAL" else 0), row
        if name in deliberate:
            continue
        for arg in args if takes_arg else [0]:
            for jump in (False, True) if number in dis.hasjrel else (False,):
                pops, pushes = _lasso.stack_effect(number, arg, jump)
                want = dis.stack_effect(number, arg if takes_arg else None, jump=jump)
                assert pushes - pops == want, (name, arg, jump, pops, pushes, want)
    for arg in args:
        pre = _lasso.stack_effect(dis.opmap["PRECALL"], arg, False)
        call = _lasso.stack_effect(dis.opmap["CALL"], arg, False)
        want = dis.stack_effect(dis.opmap["PRECALL"], arg) + dis.stack_effect(dis.opmap["CALL"], arg)
        assert pre[1] - pre[0] + call[1] - call[0] == want, (arg, pre, call, want)


def expect_raises(kind, text, fn, *args):
    try:
        fn(*args)
    except kind as e:
        assert text in str(e), f"{kind.__name__} without {text!r}: {e}"
        return e
    raise AssertionError(f"no {kind.__name__} from {fn.__name__}{args}")


def main():
    check_table()

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
