# None and bool values: printing, truthiness, arithmetic with bools.
x = None
print(x)
print(repr(None), str(None))
print(x is None, x is not None)
print(True, False)
print(not True, not False, not None)
print(True + True, True * 10, False - 1)
print(int(True), int(False), str(True), repr(False))
print(bool(0), bool(1), bool(-3), bool(0.0), bool(2.5))
print(bool(""), bool("a"), bool([]), bool([0]), bool(()), bool((1,)), bool({}), bool({"k": 1}))
print(bool(None))
print(True == 1, False == 0, True != False)
print(isinstance(True, int), isinstance(True, bool), isinstance(1, bool))
t = True
f = False
print(t and f, t or f, f or t, t and t)
print([None, True, False])
print((None,))
if None:
    print("never")
else:
    print("None is falsy")
