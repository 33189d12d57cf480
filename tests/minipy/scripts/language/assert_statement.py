# assert with and without message; caught AssertionError.
assert True
assert 1 + 1 == 2, "math works"
print("passed asserts")
try:
    assert 1 > 2
except AssertionError as e:
    print("no message:", repr(e), e.args)
try:
    assert 1 > 2, "one is not greater than two"
except AssertionError as e:
    print("with message:", e)
try:
    x = [1, 2]
    assert len(x) == 3, "length is " + str(len(x))
except AssertionError as e:
    print(repr(e))
def checked_sqrt(v):
    assert v >= 0, v
    return v ** 0.5
print(checked_sqrt(16))
try:
    checked_sqrt(-4)
except AssertionError as e:
    print("bad input", e.args)
calls = []
def side():
    calls.append(1)
    return "msg"
assert True, side()
print("message not evaluated when assertion holds:", len(calls))
