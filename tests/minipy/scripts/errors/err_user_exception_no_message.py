# Uncaught user exception raised as a class, without message.
class Halt(RuntimeError):
    pass
def run(steps):
    for i in range(steps):
        print("step", i)
        if i == 2:
            raise Halt
try:
    run(3)
except Halt as e:
    print("caught", repr(e))
run(5)
