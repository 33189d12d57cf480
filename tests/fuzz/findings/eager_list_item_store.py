# Known (issue 10): after a store into a list item (`xs[0] = ...`) eager minipy calls the
# wrong object at the next call in the same frame: "TypeError: 'int' object is not
# callable" at min(). CPython prints 2. Every mode of minipy fails (the frame runs eagerly).
def f(xs):
    xs[0] = 5
    return min(len(xs), 3)
print(f([1.0, 2.0]))
