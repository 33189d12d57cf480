# Exceptions pass through __exit__ that returns False or None; __exit__ sees them.
class Watch:
    def __init__(self, name, result):
        self.name = name
        self.result = result
    def __enter__(self):
        print("enter", self.name)
        return None
    def __exit__(self, exc_type, exc, tb):
        if exc_type is None:
            print("exit", self.name, "clean")
        else:
            print("exit", self.name, "saw", repr(exc), isinstance(exc, ValueError))
        return self.result
try:
    with Watch("false", False):
        raise ValueError("one")
except ValueError as e:
    print("propagated", e)
try:
    with Watch("none", None):
        raise KeyError("two")
except KeyError as e:
    print("propagated", repr(e))
try:
    with Watch("outer", False):
        with Watch("inner", None):
            raise TypeError("three")
except TypeError as e:
    print("propagated through both", e)
with Watch("clean", False) as v:
    print("v is", v)
