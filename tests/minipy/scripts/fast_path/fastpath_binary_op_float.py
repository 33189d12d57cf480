# BINARY_OP: the float fast path (+ - * / of floats, or of a float and an int) and the
# general path back to back (// and % of floats, ** , division by zero, str operands),
# each followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


f = 2.5
g = 0.5
n = 3
show("float + float then str + str", str(f + g) + "!" + "?")
show("float - int then int - float", [f - n, n - f, f - g])
show("float * float then list * int", [f * g] * (n - 1))
show("float / int then float // float", [f / n, f // g, n / 2, n / g])
show("float then float % float", [f * 2, f % g, -f % 2.0, f % -2.0])
show("float then power", [f * f, f ** 2, 2 ** 0.5, n ** -1])
show("float then int", [f + 1, n + 1, n * 1.0])
show("bool and float", [f + True, False - g, True / 2])
failing = [lambda: [f / g, f / 0.0], lambda: [n / 2, n / 0], lambda: f + g + "x"]
for compute in failing:
    try:
        show("not reached", compute())
    except (ZeroDivisionError, TypeError) as e:
        show("raised", [f - g, str(e)])
show("after the errors", abs(g - f))


def accumulate(n):
    total = 0.0
    parts = []
    for i in range(n):
        total += i * 0.5
        total -= 0.25
        parts += [total]
        total *= 1.0
        total /= 1
        total //= 0.5
    show("in-place", [total, parts])
    return abs(-total) + max(parts)


print(accumulate(5))
