"""Every code object of the Python 3.11 standard library through lasso and back.

Compiles each .py file under the standard library directory, walks its code objects
(nested ones through co_consts) and asks `_lasso.roundtrip` whether lasso decodes and
re-assembles each byte for byte: co_code, co_exceptiontable, co_linetable, co_stacksize.
Files that do not compile (Python 2 test data, deliberate syntax errors) are skipped
and counted. Exits non-zero listing the first mismatches.

Usage: python3.11 stdlib_roundtrip.py [--lib DIR] [--jobs N]   (PYTHONPATH has _lasso)
"""
import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import _lasso

SHOWN = 10

# Constructs whose opcodes the 3.11 standard library never uses (pattern matching,
# except*, async iteration, `del` of a global, an expression echoed by the interactive
# mode), checked the same way: (mode, source). A `try` has a body here: CPython's stack
# size also counts the handler of an empty one, which it leaves in co_code unreachable,
# and lasso's stack analysis follows reachable code only (docs/cpython.md).
EXTRA_SOURCES = [
    ("exec", """
def match_all(subject):
    match subject:
        case {"key": value, **rest}:
            return value, rest
        case [first, *others]:
            return first, others
        case Point(x=0, y=yy):
            return yy
        case str() | bytes():
            return "text"
        case _:
            return None
"""),
    ("exec", """
def groups(work):
    try:
        work()
    except* ValueError as e:
        print(e)
    except* (TypeError, KeyError):
        raise
"""),
    ("exec", """
async def iterate(source, manager):
    async with manager as m:
        async for item in source:
            await m.push(item)
    return [x async for x in source]

async def agen():
    yield 1
"""),
    ("exec", """
def forget():
    global counter
    del counter
"""),
    ("single", "1 + 2\n"),
]


def code_objects(code):
    yield code
    for const in code.co_consts:
        if isinstance(const, type(code)):
            yield from code_objects(const)


def check_files(paths):
    """(files compiled, skipped, code objects, mismatches [(where, message)])."""
    compiled = skipped = codes = 0
    mismatches = []
    for path in paths:
        try:
            with open(path, "rb") as f:
                source = f.read()
            top = compile(source, path, "exec", dont_inherit=True)
        except (SyntaxError, ValueError, UnicodeDecodeError):
            skipped += 1
            continue
        compiled += 1
        for code in code_objects(top):
            codes += 1
            try:
                diff = _lasso.roundtrip(code)
            except Exception as e:  # a lasso error is a mismatch too
                diff = f"{type(e).__name__}: {e}"
            if diff is not None:
                mismatches.append((f"{path}:{code.co_firstlineno} {code.co_qualname}", diff))
    return compiled, skipped, codes, mismatches


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lib", default=os.path.dirname(os.__file__))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    if sys.version_info[:2] != (3, 11):
        sys.exit(f"stdlib_roundtrip: needs CPython 3.11, this is {sys.version}")

    extra_codes = 0
    extra_mismatches = []
    for i, (mode, source) in enumerate(EXTRA_SOURCES):
        for code in code_objects(compile(source, f"<extra {i}>", mode, dont_inherit=True)):
            extra_codes += 1
            try:
                diff = _lasso.roundtrip(code)
            except Exception as e:
                diff = f"{type(e).__name__}: {e}"
            if diff is not None:
                extra_mismatches.append((f"<extra {i}>:{code.co_firstlineno} {code.co_qualname}", diff))

    paths = sorted(
        os.path.join(root, name)
        for root, _, names in os.walk(args.lib)
        for name in names
        if name.endswith(".py"))
    start = time.monotonic()
    chunks = [paths[i::args.jobs * 4] for i in range(args.jobs * 4)]
    compiled = skipped = codes = 0
    mismatches = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for c, s, n, m in pool.map(check_files, chunks):
            compiled += c
            skipped += s
            codes += n
            mismatches += m
    elapsed = time.monotonic() - start
    codes += extra_codes
    mismatches += extra_mismatches
    identical = codes - len(mismatches)
    print(f"stdlib_roundtrip: {args.lib}: {len(paths)} .py files, {compiled} compiled, {skipped} skipped "
          f"(do not compile); {codes} code objects ({extra_codes} of them from {len(EXTRA_SOURCES)} extra sources), {identical} identical, {len(mismatches)} different "
          f"({elapsed:.1f} s, {args.jobs} jobs)")
    for where, diff in sorted(mismatches)[:SHOWN]:
        print(f"  {where}: {diff}")
    if len(mismatches) > SHOWN:
        print(f"  ... and {len(mismatches) - SHOWN} more")
    return 1 if mismatches or codes == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
