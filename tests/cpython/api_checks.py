"""The Python API of the package `lasso` and its environment variables.

Run by /usr/bin/python3.11 with the build's python/ directory on PYTHONPATH; runs small
programs in subprocesses of the same interpreter and checks what they print. Exit
status 1 on the first failed check, naming it.
"""

import os
import subprocess
import sys
import textwrap

PRELUDE = "import numpy as np\nimport lasso\n"


def run(source, **env):
    full_env = {k: v for k, v in os.environ.items() if not k.startswith("LASSO_")}
    full_env.update(env)
    p = subprocess.run([sys.executable, "-c", PRELUDE + textwrap.dedent(source)], capture_output=True, text=True,
                       env=full_env, timeout=60)
    return p.returncode, p.stdout, p.stderr


def expect(name, condition, detail=""):
    if not condition:
        print(f"FAILED: {name} {detail}")
        sys.exit(1)
    print(f"ok: {name}")


def main():
    # capture with and without arguments; explain() and explain_json() say what happened.
    rc, out, err = run("""
        @lasso.capture
        def f(x):
            return x + 1
        @lasso.capture(fullgraph=True, backend="verify")
        def g(x):
            return x * 2
        print(f(np.ones(2)), g(np.ones(2)))
        import json
        r = json.loads(lasso.explain_json())
        print(sorted(fr["function"] for fr in r["frames"]), r["totals"]["graphs"])
        print("lasso explain:" in lasso.explain())
        lasso.reset()
        print(json.loads(lasso.explain_json())["frames"])
    """)
    expect("decorator forms, explain, reset", rc == 0 and out.splitlines()[1:] == ["['f', 'g'] 2", "True", "[]"],
           out + err)
    # LASSO_DISABLE=1: the function itself comes back, nothing is captured.
    rc, out, err = run("""
        def f(x):
            return x + 1
        print(lasso.capture(f) is f, lasso.capture(fullgraph=True)(f) is f)
        f(np.ones(2))
        print(lasso.explain_json().count('"function"'))
    """, LASSO_DISABLE="1")
    expect("LASSO_DISABLE", rc == 0 and out.split() == ["True", "True", "0"], out + err)
    # LASSO_LOGS: the graph is logged to stderr; an unknown artifact is a ValueError.
    rc, out, err = run("""
        @lasso.capture
        def f(x):
            return np.tanh(x)
        f(np.ones(2))
    """, LASSO_LOGS="graph")
    expect("LASSO_LOGS=graph", rc == 0 and "numpy.tanh(l_x_)" in err, err)
    rc, out, err = run("""
        @lasso.capture
        def f(x):
            return x
    """, LASSO_LOGS="nonsense")
    expect("LASSO_LOGS=nonsense", rc == 1 and "ValueError: LASSO_LOGS: unknown log artifact 'nonsense'" in err, err)
    # Errors of the API.
    rc, out, err = run("""
        try:
            lasso.capture(backend="nope")
        except ValueError as e:
            print("ValueError")
        def gen(x):
            yield x
        try:
            lasso.capture(gen)
        except TypeError as e:
            print("TypeError")
        try:
            lasso.capture(len)
        except TypeError as e:
            print("TypeError")
        try:
            lasso.capture(dynamic="yes")
        except TypeError as e:
            print(e)
        try:
            lasso.mark_dynamic(np.ones(2), 1)
        except IndexError as e:
            print(e)
        try:
            lasso.mark_dynamic(np.float64(1.0), 0)
        except TypeError as e:
            print(e)
        @lasso.capture
        def resets(x):
            lasso.reset()
            return x
        try:
            resets(np.ones(1))
        except RuntimeError as e:
            print(e)
    """)
    expect("API errors", rc == 0 and out.splitlines() == [
        "ValueError", "TypeError", "TypeError",
        "lasso.capture: dynamic must be None, True or False, got 'yes'",
        "dimension out of range (expected to be in range of [-1, 0], but got 1)",
        "mark_dynamic(): arr must be a numpy.ndarray",
        "lasso.reset() inside a captured function"], out + err)
    # LASSO_EXPLAIN_JSON writes the report at exit.
    path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"lasso_api_checks_{os.getpid()}.json")
    rc, out, err = run("""
        @lasso.capture
        def f(x):
            return x - 1
        f(np.ones(3))
    """, LASSO_EXPLAIN_JSON=path)
    with open(path, encoding="utf-8") as report:
        text = report.read()
    os.remove(path)
    expect("LASSO_EXPLAIN_JSON", rc == 0 and '"graphs": 1' in text.replace('"graphs":1', '"graphs": 1'), text[:300])
    return 0


if __name__ == "__main__":
    sys.exit(main())
