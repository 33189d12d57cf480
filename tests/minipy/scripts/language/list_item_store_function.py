# Storing into a list item with an int index inside functions (fast locals, globals
# loaded with LOAD_GLOBAL), each store followed by calls of builtins, user functions and
# methods.


def square(x):
    return x * x


class Acc:
    def __init__(self):
        self.seen = []

    def add(self, x):
        self.seen.append(x)
        return len(self.seen)


def positive():
    l = [1, 2, 3]
    l[0] = 5
    print(abs(-3))
    l[1] = 7
    print(len(l), l)
    l[2] = 9
    print(square(l[2]), square(square(2)))
    acc = Acc()
    l[0] = 11
    print(acc.add(l[0]), acc.add(len(l)), acc.seen)
    return l


def negative():
    l = [1, 2, 3]
    l[-1] = 5
    print(abs(-4))
    l[-2] = 7
    print(len(l), l)
    l[-3] = 9
    print(square(l[-3]), str(square(3)))
    acc = Acc()
    l[-1] = 11
    print(acc.add(l[-1]), acc.add(max(l)), acc.seen)
    return l


print(positive())
print(negative())
