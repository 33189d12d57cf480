# getattr (2 and 3 args), setattr and hasattr.
class Thing:
    kind = "thing"
    def __init__(self):
        self.a = 1
    def hello(self):
        return "hello from thing"
t = Thing()
print(getattr(t, "a"), getattr(t, "kind"), getattr(t, "missing", "fallback"))
setattr(t, "b", 2)
print(t.b, hasattr(t, "b"), hasattr(t, "c"), hasattr(t, "kind"), hasattr(t, "hello"))
for name in ["x", "y", "z"]:
    setattr(t, name, name.upper())
print(t.x, t.y, t.z)
print(getattr(t, "hello")())
setattr(t, "a", getattr(t, "a") + 10)
print(t.a)
print(getattr(t, "nope", None))
try:
    getattr(t, "nope")
except AttributeError as e:
    print("AttributeError:", e)
print(hasattr("abc", "upper"), hasattr(5, "upper"))
