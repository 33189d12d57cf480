# global declarations inside functions.
total = 0
calls = 0
def add(x):
    global total, calls
    total += x
    calls = calls + 1
def reset():
    global total
    total = 0
add(5)
add(7)
print(total, calls)
reset()
print(total, calls)
def read_only():
    return total + 1
print(read_only())
def make_global():
    global created
    created = "I exist"
make_global()
print(created)
def shadow():
    total = 999
    return total
print(shadow(), total)
log = []
def record(msg):
    log.append(msg)
record("a")
record("b")
print(log)
