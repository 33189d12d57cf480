# Nested try blocks: inner handlers, propagation to outer ones, handler raising.
def level(n):
    try:
        try:
            if n == 1:
                raise ValueError("one")
            if n == 2:
                raise TypeError("two")
            print("no error at", n)
        except ValueError as e:
            print("inner caught", e)
        print("after inner", n)
    except TypeError as e:
        print("outer caught", e)
for n in range(3):
    level(n)
try:
    try:
        raise ValueError("original")
    except ValueError as e:
        print("handling", e)
        raise RuntimeError("from handler")
except RuntimeError as e:
    print("outer got", e)
try:
    try:
        raise KeyError("a")
    except IndexError:
        print("wrong handler")
    finally:
        print("inner finally")
except KeyError as e:
    print("propagated", repr(e))
def deep(n):
    if n == 0:
        raise IndexError("bottom")
    try:
        deep(n - 1)
    finally:
        print("unwinding", n)
try:
    deep(3)
except IndexError as e:
    print("caught", e)
