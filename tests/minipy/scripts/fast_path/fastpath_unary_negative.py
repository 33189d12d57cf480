# UNARY_NEGATIVE: the int and float fast paths and the general path back to back
# (bool, a big int, a tensor, a str that raises), each followed by calls; also
# UNARY_NOT, whose truth test has fast paths for bool, int and None.


def show(tag, x):
    print(tag, len(str(x)), x)


class Box:
    def __init__(self, x):
        self.x = x


a = 5
f = 2.5
show("int then bool", [-a, -True, -False])
show("float then int", [-f, -a, -0.0])
show("int then tensor", [-a, -tensor([a, 1])])
show("big int", -4611686018427387904 - 1)
try:
    show("str", -"x")
except TypeError as e:
    show("str", str(e))
show("after the error", abs(-a) + abs(-f))
show("not", [not a, not 0, not None, not f, not "", not [1], not Box(1)])


def negate_all(xs):
    out = []
    for x in xs:
        out.append(-x)
        out.append(len(str(-x)))
        out.append(not x)
    return out


show("function", negate_all([1, 1.5, True, tensor([2.5]), -7]))
