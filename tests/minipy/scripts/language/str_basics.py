# String concatenation, length, indexing and comparison.
s = "hello"
t = "world"
print(s + " " + t)
print(len(s), len(""), len(s + t))
print(s[0], s[4], s[-1], s[-5])
print(s[1:3], s[:2], s[3:], s[:], s[-3:], s[:-1], s[-4:-2])
print(s[2:100], s[10:], s[-100:2], s[3:1])
print("ell" in s, "z" in s, "" in s, "lo" not in s)
print("abc" < "abd", "abc" < "ab", "B" < "a", "same" == "same", "a" != "b")
print(max("apple", "banana"), min("apple", "banana"))
r = ""
for ch in "abc":
    r = ch + r
print(r)
print(str(3) + "3", repr("x") + repr(3))
words = ["alpha", "beta", "gamma"]
total = 0
for w in words:
    total += len(w)
print(total)
print(s[0] + t[-1], (s + t)[4:6])
