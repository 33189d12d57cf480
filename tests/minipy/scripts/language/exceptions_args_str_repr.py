# Exception args, str and repr with zero, one and several arguments.
e0 = ValueError()
e1 = ValueError("message")
e2 = ValueError("message", 42)
en = RuntimeError(123)
for e in [e0, e1, e2, en]:
    print(e.args, "[" + str(e) + "]", repr(e))
k = KeyError("missing")
print(k.args, str(k), repr(k))
print(KeyError(3), repr(KeyError(3)))
try:
    {}["nokey"]
except KeyError as e:
    print(e, e.args, repr(e))
try:
    raise IndexError("out", "of", "range")
except IndexError as e:
    print(str(e), e.args[1], len(e.args))
print(repr(TypeError("it's")), str(AssertionError()))
print(ZeroDivisionError("z"), AttributeError("a"), NameError("n"), OverflowError("o"))
print(RecursionError("r"), Exception("plain"), repr(Exception()))
print(e1)
print([e1, e0])
