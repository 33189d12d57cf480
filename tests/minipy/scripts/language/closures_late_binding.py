# Closures see the current value of captured variables; defaults capture early.
def make():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return fs
print([f() for f in make()])
def make_early():
    fs = []
    for i in range(3):
        fs.append(lambda i=i: i)
    return fs
print([f() for f in make_early()])
def outer():
    v = "before"
    def show():
        return v
    v = "after"
    return show
print(outer()())
def adder(n):
    return lambda x: x + n
adders = [adder(k) for k in range(1, 4)]
print([a(10) for a in adders])
def counter_pair():
    state = [0]
    def inc():
        state[0] += 1
        return state[0]
    def peek():
        return state[0]
    return inc, peek
inc, peek = counter_pair()
inc()
inc()
print(peek())
