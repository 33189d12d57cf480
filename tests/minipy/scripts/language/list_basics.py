# Lists: displays, indexing, mutation, concatenation, comparison.
a = [1, 2, 3]
print(a, len(a), a[0], a[-1])
a[0] = 10
a[-1] = 30
print(a)
b = a
b[1] = 20
print(a, b, a is b)
c = list(a)
c[0] = 99
print(a, c, a is c, a == [10, 20, 30])
print(a + [4], [] + [], [[1], [2]] + [[3]])
print([1, 2] < [1, 3], [1] < [1, 0], [2] > [1, 5])
m = [[0, 0], [0, 0]]
m[1][0] = 5
print(m)
print(list("abc"), list((1, 2)), list(range(4)), list([]))
print(3 in a, 20 in a, [1, 2] in [[1, 2], [3]])
empty = []
print(empty, len(empty), bool(empty))
mixed = [1, "two", 3.0, None, [4]]
print(mixed, mixed[4][0])
for i in range(len(a)):
    a[i] += 1
print(a)
print(list({"x": 1, "y": 2}))
