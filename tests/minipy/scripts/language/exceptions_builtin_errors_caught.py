# Builtin errors raised by the interpreter, caught and printed.
def attempt(label, f):
    try:
        f()
        print(label, "ok")
    except Exception as e:
        print(label, repr(e))
attempt("int div", lambda: 1 // 0)
attempt("int mod", lambda: 5 % 0)
attempt("true div", lambda: 1 / 0)
attempt("float div", lambda: 1.0 / 0)
attempt("key", lambda: {"a": 1}["b"])
attempt("list index", lambda: [1, 2][2])
attempt("tuple index", lambda: (1,)[-2])
attempt("str index", lambda: "abc"[3])
attempt("str+int", lambda: "a" + 1)
attempt("int+str", lambda: 1 + "a")
attempt("list+int", lambda: [1] + 1)
attempt("attr", lambda: (5).nope)
attempt("name", lambda: undefined_thing_xyz)
attempt("pop empty", lambda: [].pop())
attempt("dict pop", lambda: {}.pop("k"))
attempt("fine", lambda: 1 + 1)
class C:
    pass
attempt("user attr", lambda: C().missing_attr)
attempt("exact div", lambda: 1 / 1)
