# isinstance with builtin types, user classes, exceptions and tuples of classes.
vals = [1, 2.5, "s", True, None, [1], (1,), {"a": 1}]
for v in vals:
    print(repr(v), isinstance(v, int), isinstance(v, float), isinstance(v, str),
          isinstance(v, (list, tuple)), isinstance(v, dict), isinstance(v, bool))
class A:
    pass
class B(A):
    pass
class MyErr(ValueError):
    pass
a = A()
b = B()
print(isinstance(b, A), isinstance(a, B), isinstance(b, (B,)), isinstance(a, (int, A)))
e = MyErr("x")
print(isinstance(e, MyErr), isinstance(e, ValueError), isinstance(e, Exception), isinstance(e, TypeError))
print(isinstance(ZeroDivisionError("z"), Exception), isinstance(KeyError("k"), IndexError))
t = tensor([1, 2])
print(isinstance(t, int), isinstance(3, (str, float)))
