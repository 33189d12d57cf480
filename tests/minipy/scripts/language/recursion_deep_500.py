# Deep but legal recursion (depth 500) must not raise.
def depth(n):
    if n == 0:
        return 0
    return 1 + depth(n - 1)
print(depth(500))
def sum_list(lst, i):
    if i == len(lst):
        return 0
    return lst[i] + sum_list(lst, i + 1)
print(sum_list(list(range(500)), 0))
def build(n):
    if n == 0:
        return []
    rest = build(n - 1)
    rest.append(n)
    return rest
r = build(450)
print(len(r), r[0], r[-1])
class Walker:
    def __init__(self):
        self.visits = 0
    def walk(self, n):
        self.visits += 1
        if n > 0:
            self.walk(n - 1)
w = Walker()
w.walk(400)
print(w.visits)
