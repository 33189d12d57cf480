# str, repr and bool of assorted values.
vals = [0, -12, 3.5, 1e-05, "s", "it's", None, True, [1, "a"], (1,), {"k": "v"}]
for v in vals:
    print(str(v), repr(v), bool(v))
print(bool(range(0)), bool(range(2)))
print(repr(""), bool(""))
print(str(1) + str(2.0) + str(None))
print(repr([1, 'b', "c'"]))
print(str(str(5)), repr(repr(5)))
print(len(str(123456)), len(repr("ab")))
print(str(-0.0), str(float("inf")), repr(float("-inf")))
