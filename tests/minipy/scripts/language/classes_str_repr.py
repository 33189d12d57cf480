# User __str__ and __repr__ are honoured by print, str, repr and containers.
class Both:
    def __init__(self, v):
        self.v = v
    def __str__(self):
        return "Both(" + str(self.v) + ")"
    def __repr__(self):
        return "<Both " + repr(self.v) + ">"
class OnlyRepr:
    def __init__(self, v):
        self.v = v
    def __repr__(self):
        return "OnlyRepr[" + repr(self.v) + "]"
class OnlyStr:
    def __str__(self):
        return "only str"
    def __repr__(self):
        return "OnlyStr()"
b = Both("x")
print(b)
print(str(b), repr(b))
print([b, b])
print({"k": b})
o = OnlyRepr(3)
print(o, str(o), repr(o))
print((o,))
s = OnlyStr()
print(s, [s])
print("value: " + str(b))
class Child(Both):
    def __str__(self):
        return "Child of " + Both.__str__(self)
print(Child(1), repr(Child(2)))
