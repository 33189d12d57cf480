# Closures with nonlocal: independent counters and shared state.
def make_counter(start=0):
    count = start
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c1 = make_counter()
c2 = make_counter(100)
print(c1(), c1(), c1(5))
print(c2(), c2(-50))
print(c1())
def make_account(balance):
    def deposit(x):
        nonlocal balance
        balance = balance + x
        return balance
    def withdraw(x):
        nonlocal balance
        if x > balance:
            return "insufficient"
        balance = balance - x
        return balance
    def get():
        return balance
    return deposit, withdraw, get
dep, wd, get = make_account(10)
print(dep(5), wd(3), wd(100), get())
def outer():
    x = 1
    def middle():
        def inner():
            nonlocal x
            x = x * 10
            return x
        return inner
    f = middle()
    f()
    f()
    return x
print(outer())
