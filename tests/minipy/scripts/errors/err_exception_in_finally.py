# An exception raised inside finally replaces the one in flight.
def f():
    try:
        print("in try")
        raise ValueError("first")
    finally:
        print("in finally")
        raise KeyError("from finally")
try:
    f()
except ValueError:
    print("not reached: ValueError was replaced")
