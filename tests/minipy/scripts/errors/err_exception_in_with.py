# Exception raised inside with: __exit__ prints first, then it propagates.
class Guard:
    def __enter__(self):
        print("guard enter")
        return self
    def __exit__(self, exc_type, exc, tb):
        print("guard exit, exception:", repr(exc))
        return False
with Guard():
    print("working")
    raise ValueError("failure inside with")
print("never")
