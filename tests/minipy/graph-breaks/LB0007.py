class Scaler:
    def __call__(self, v):
        return v * 2


scale = Scaler()


@capture
def f(x):
    y = x + 1
    return scale(y)

print(f(tensor([1.0, 2.0])))
