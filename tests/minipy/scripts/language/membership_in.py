# in / not in for list, tuple, str, dict and range.
lst = [1, 2, 3, "x", None]
print(2 in lst, 5 in lst, "x" in lst, None in lst, 4 not in lst)
tup = (1.5, "a")
print(1.5 in tup, "b" in tup, "a" not in tup)
s = "hello world"
print("lo w" in s, "low" in s, "h" in s, "" in "", "abc" not in s)
d = {"k": 1, 2: "two"}
print("k" in d, 1 in d, 2 in d, "two" in d)
r = range(0, 10, 2)
print(4 in r, 5 in r, 10 in r)
print([1, 2] in [[1, 2]], (1,) in [(1,), 2])
vowels = "aeiou"
count = 0
for ch in "programming language":
    if ch in vowels:
        count += 1
print(count)
print(1 in [1.0], 1.0 in [1], True in [1])
