# An __exit__ returning True swallows the exception.
class Suppress:
    def __init__(self):
        self.caught = None
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        if exc is not None:
            self.caught = str(exc)
            print("suppressing", repr(exc))
        return True
with Suppress() as s:
    print("before")
    raise RuntimeError("hidden")
    print("never printed")
print("after with, caught =", s.caught)
with Suppress() as s2:
    print("no exception")
print(s2.caught)
def f():
    with Suppress():
        1 / 0
    return "function continues"
print(f())
class OnlyValue:
    def __enter__(self):
        return self
    def __exit__(self, exc_type, exc, tb):
        return isinstance(exc, ValueError)
for err in [ValueError("v"), KeyError("k")]:
    try:
        with OnlyValue():
            raise err
        print("swallowed", repr(err))
    except KeyError as e:
        print("escaped", repr(e))
