class Scaler:
    def scale(self, v):
        return v * 2


bound = Scaler().scale


@capture
def f(x):
    y = x + 1
    return bound(y)

print(f(tensor([1.0, 2.0])))
