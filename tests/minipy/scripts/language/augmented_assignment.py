# Augmented assignment operators on names, attributes and subscripts.
x = 10
x += 5
print(x)
x -= 3
print(x)
x *= 2
print(x)
x /= 4
print(x)
x //= 2
print(x)
y = 17
y %= 5
print(y)
y **= 3
print(y)
s = "ab"
s += "cd"
print(s)
lst = [1, 2]
lst += [3]
print(lst)
alias = lst
alias += [4]
print(lst)
t = (1,)
t += (2,)
print(t)
class C:
    def __init__(self):
        self.n = 1
c = C()
c.n += 41
print(c.n)
d = {"k": 2}
d["k"] *= 10
d["k"] -= 1
print(d)
m = [[1, 2], [3, 4]]
m[1][0] += 100
print(m)
f = 1.5
f **= 2
print(f)
