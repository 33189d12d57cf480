# return inside try with finally: the finally block runs before returning.
def f():
    try:
        return "from try"
    finally:
        print("f finally")
print(f())
def g(x):
    try:
        if x:
            return "early"
        print("no early return")
    finally:
        print("g finally", x)
    return "late"
print(g(True))
print(g(False))
def h():
    try:
        raise ValueError("v")
    except ValueError:
        return "from except"
    finally:
        print("h finally")
print(h())
def k():
    for i in range(5):
        try:
            if i == 2:
                return i
        finally:
            print("k finally", i)
print(k())
def override():
    try:
        return 1
    finally:
        print("override finally")
        return 2
print(override())
def swallow():
    try:
        raise RuntimeError("lost")
    finally:
        return "finally return swallows"
print(swallow())
def state():
    log = []
    try:
        log.append("try")
        return log
    finally:
        log.append("finally")
print(state())
