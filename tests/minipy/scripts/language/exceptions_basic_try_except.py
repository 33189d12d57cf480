# try/except with specific handlers, order of handlers, bare except and fallthrough.
def risky(kind):
    if kind == 0:
        return "fine"
    if kind == 1:
        raise ValueError("bad value")
    if kind == 2:
        raise TypeError("bad type")
    if kind == 3:
        return 1 / 0
    return [][5]
for k in range(5):
    try:
        print("result", risky(k))
    except ValueError as e:
        print("ValueError:", e)
    except TypeError as e:
        print("TypeError:", e)
    except ZeroDivisionError as e:
        print("ZeroDivisionError:", e)
    except Exception as e:
        print("other:", repr(e))
try:
    raise RuntimeError("rt")
except:
    print("bare except caught it")
try:
    raise KeyError("k")
except KeyError:
    print("KeyError handler")
x = 0
try:
    x = 1
except Exception:
    x = 2
print("x", x)
