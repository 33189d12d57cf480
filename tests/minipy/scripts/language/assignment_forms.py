# Assignment forms: chained, tuple and list unpacking, swap.
a = b = c = 1
print(a, b, c)
a = 2
print(a, b, c)
x, y = 1, 2
print(x, y)
x, y = y, x
print(x, y)
[p, q, r] = [7, 8, 9]
print(p, q, r)
(m, n) = (3, 4)
print(m, n)
first, second = "hi"
print(first, second)
k, v = ("key", "value")
print(k, v)
l1 = l2 = []
l1.append(5)
print(l2, l1 is l2)
def pair():
    return 10, 20
s, t = pair()
print(s + t)
i = j = k = 0
i += 1
print(i, j, k)
[u, w] = (1, 2)
print(u, w)
items = [(1, "a"), (2, "b")]
for num, letter in items:
    print(num, letter)
