# Builtin functions and tensor functions used as first-class values.
f = len
print(f([1, 2, 3]), f("ab"))
conv = [int, float, str, bool]
for c in conv:
    print(repr(c(1)))
def apply_all(fns, x):
    return [fn(x) for fn in fns]
print(apply_all([abs, str, repr, bool], -3))
print(apply_all([min, max, sum, len, sorted], [3, 1, 2]))
table = {"relu": relu, "exp": exp, "tanh": tanh, "sigmoid": sigmoid}
x = tensor([0.0])
for name in ["relu", "exp", "tanh", "sigmoid"]:
    print(name, table[name](x))
mk = tensor
print(mk([1, 2]) @ mk([3, 4]))
ctor = [zeros, ones]
print([c(2).tolist() for c in ctor])
pr = print
pr("printed", "via", "alias", sep="_")
check = isinstance
print(check(3, int), check("s", (int, float)))
err_type = ValueError
try:
    raise err_type("from a variable")
except ValueError as e:
    print(repr(e))
