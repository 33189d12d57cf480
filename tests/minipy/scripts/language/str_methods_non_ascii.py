# str methods on text with non-ASCII characters work on characters, never on bytes.
s = "\u3000\u00a0caf\u00e9 cr\u00e8me\u2028br\u00fbl\u00e9e\u2003"
print(repr(s.strip()), len(s.strip()), repr(s.split()), repr(s.split(None, 1)))
print(repr("a\u2029b\u0085c\u202fd\u205fe\u1680f\u200ag".split()))
print(repr("\u00e9t\u00e9".strip("\u00e9")), repr("\u00e4x\u00e4".strip("\u00e9")))
print(repr("\u20ac12\u20ac".strip("\u20ac\u00a3")), repr("\u00a312".strip("\u20ac")))
print(repr("na\u00efve".replace("", "-")), repr("\u00e9\u00e9\u00e9".replace("\u00e9", "e", 2)))
print(repr("\u00e9;\u20ac;\u00e9".split(";")), repr("|".join(["\u00e9", "\u20ac"])))
print("\u00e9t\u00e9".startswith("\u00e9"), "\u00e9t\u00e9".startswith("e"))
print(repr("x\u3000y".strip()), repr("\u00ff".strip("\u00fe")), len("\U0001f600 \U0001f600".split()))
print("MiXeD".upper(), "MiXeD".lower(), repr("\u00e9" * 3), "\u00e9" < "\u20ac", "z" < "\u00e9")
