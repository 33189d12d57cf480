"""Run a minipy script under CPython (the oracle).

Usage: python3 run_cpython.py SCRIPT

Executes prelude.py (next to this file) into a fresh globals dict whose `__name__` is
"__main__", then compiles SCRIPT under its own file name and executes it in the same
dict. An uncaught exception (SyntaxError included) is left to propagate, so CPython
prints its normal traceback on stderr and exits with status 1.
"""

import os
import sys


def main():
    if len(sys.argv) != 2:
        sys.stderr.write("usage: run_cpython.py SCRIPT\n")
        return 2
    script = sys.argv[1]
    here = os.path.dirname(os.path.abspath(__file__))
    prelude_path = os.path.join(here, "prelude.py")
    with open(prelude_path, encoding="utf-8") as f:
        prelude_src = f.read()
    with open(script, encoding="utf-8") as f:
        script_src = f.read()
    globs = {"__name__": "__main__", "__builtins__": __builtins__}
    exec(compile(prelude_src, prelude_path, "exec"), globs)
    code = compile(script_src, script, "exec")
    exec(code, globs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
