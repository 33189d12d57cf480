# list methods: append pop extend insert index.
a = []
a.append(1)
a.append(2)
a.append(3)
print(a)
print(a.pop(), a)
print(a.pop(0), a)
a.extend([7, 8, 9])
print(a)
a.extend((10,))
print(a)
a.insert(0, 100)
a.insert(2, 200)
a.insert(100, 300)
a.insert(-1, 400)
print(a)
print(a.index(200), a.index(300))
print(a.pop(-2), a)
r = a.append(5)
print(r)
stack = []
for ch in "abc":
    stack.append(ch)
out = ""
while stack:
    out += stack.pop()
print(out)
q = [1, 2, 3]
q.extend(q)
print(q)
