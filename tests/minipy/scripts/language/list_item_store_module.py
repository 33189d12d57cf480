# Storing into a list item with an int index at module level, each store followed by
# calls: of builtins (nested in another call, so a NULL is pushed above the store's
# slots), of user functions and of methods.
l = [1, 2, 3, 4]
l[0] = 5
print(abs(-3))
l[1] = 7
print(len(l), l)
l[-1] = 40
print(max(l), min(l))
l[-4] = 50
print(sum(l), sorted(l))


def twice(x):
    return 2 * x


l[2] = 9
print(twice(l[2]))
l[-2] = 11
print(twice(twice(l[-2])))
l[3] = 13
print(l.index(13), l.index(50))
l[0] = 17
print(", ".join([str(x) for x in l]))
l[-3] = 19
print("-".join([str(len(l)), str(l[1])]))


class Box:
    def __init__(self, items):
        self.items = items

    def total(self):
        return sum(self.items)


b = Box(l)
l[1] = 23
print(b.total(), abs(b.total() - 100))
b.items[-1] = 29
print(str(b.total()), repr(b.items))
l[0] = l[1] = 31
print(len(l), twice(l[0]), l)
l[0] += 1
print(abs(-l[0]), l)
l[-1] -= 2
print(int(l[-1]), l)
for i in range(len(l)):
    l[i] = i * i
    print(str(i), twice(l[i]))
for i in range(1, len(l) + 1):
    l[-i] = -i
    print(len(str(l[-i])), l)
