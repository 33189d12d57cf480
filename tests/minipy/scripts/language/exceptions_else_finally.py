# try/except/else/finally in all combinations.
def run(fail):
    try:
        print("  body", fail)
        if fail:
            raise ValueError("boom")
    except ValueError as e:
        print("  except", e)
    else:
        print("  else")
    finally:
        print("  finally")
    print("  after")
print("no failure:")
run(False)
print("failure:")
run(True)
try:
    print("try-finally only")
finally:
    print("finally runs")
try:
    x = 1
except Exception:
    print("never")
else:
    print("else without finally", x)
try:
    try:
        raise KeyError("inner")
    finally:
        print("inner finally before propagation")
except KeyError as e:
    print("outer caught", repr(e))
for i in range(3):
    try:
        if i == 1:
            continue
        print("loop body", i)
    finally:
        print("loop finally", i)
while True:
    try:
        break
    finally:
        print("finally on break")
