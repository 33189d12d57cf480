# str methods: upper lower strip startswith replace join split.
s = "  Hello, World  "
print(repr(s.strip()), repr(s.upper()), repr(s.lower()))
t = s.strip()
print(t.startswith("Hello"), t.startswith("World"), t.startswith(""))
print(t.replace("World", "minipy"), t.replace("l", "L"), t.replace("xyz", "q"))
print("-".join(["a", "b", "c"]), "".join(["x", "y"]), ", ".join([]))
print("a,b,,c".split(","), "one two  three".split(), "nosep".split(","))
print("  spaced   out  ".split())
words = "the quick brown fox".split()
print(len(words), words[2].upper())
caps = [w.upper() for w in words]
print(" ".join(caps))
print("MiXeD".lower(), "MiXeD".upper())
print("aaa".replace("a", "bb"))
print("\t x \n".strip() + "|")
print("abc".startswith("ab"), "abc".startswith("abcd"))
line = "key=value"
parts = line.split("=")
print(parts[0], parts[1])
print('a b  '.split(None, 1), ' a  b c '.split(None, 2), ' a b '.split(None, 0), '  '.split(None, 0))
