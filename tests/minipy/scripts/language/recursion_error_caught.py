# Infinite recursion raises RecursionError, which can be caught.
def forever(n):
    return forever(n + 1)
print("start")
try:
    forever(0)
except RecursionError as e:
    print("caught:", e)
    print(isinstance(e, RuntimeError), isinstance(e, Exception))
def ping(n):
    return pong(n)
def pong(n):
    return ping(n)
try:
    ping(1)
except RuntimeError as e:
    print("caught as RuntimeError")
def ok(n):
    if n == 0:
        return "done"
    return ok(n - 1)
print(ok(100))
try:
    forever(0)
except Exception:
    print("caught again")
print("end")
