# LOAD_GLOBAL: the per-name cache (hit while neither globals nor builtins change shape)
# and the lookup that refills it back to back: a global rebound, added, shadowing a
# builtin, deleted again, and a missing name; each followed by calls.


def show(tag, x):
    print(tag, len(str(x)), x)


def double(x):
    return 2 * x


def use():
    return double(len(str(abs(-12))))


show("cached", [use(), use()])
double = lambda x: 3 * x
show("rebound", [use(), use()])
scale = 10
show("new global", [use(), use()])


def abs(x):
    return 0


show("shadowing builtin", [use(), use()])
del abs
show("shadow deleted", [use(), use()])
del double
try:
    show("deleted", use())
except NameError as e:
    show("deleted", str(e))


def double(x):
    return x + x


show("defined again", [use(), use()])


def loop(n):
    total = 0
    for i in range(n):
        total = total + double(i) + len(str(scale))
        if i == 1:
            globals_changed()
    return total


def globals_changed():
    global scale
    scale = "changed"


show("changed in the loop", [loop(3), scale, max(1, len(scale))])
