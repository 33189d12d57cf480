# Uncaught AssertionError with message.
def check(xs):
    assert isinstance(xs, list), "expected a list"
    assert len(xs) > 0, "list must not be empty"
    return xs[0]
def head_all(lists):
    out = []
    for xs in lists:
        out.append(check(xs))
        print("head", out[-1])
    return out
print(head_all([[5], [6, 7]]))
print(head_all([[1], [], [2]]))
